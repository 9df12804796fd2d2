/**
 * The one attribute a question's opening asks for: "What are the names of countries with the top 3
 * largest population?", "Give the emails of the professionals ...". On databases it never saw the
 * shared model's beam may show another attribute of the same class in every reading (the code 2
 * of countries): it read the rest of the question, not which of the class's attributes it asks
 * for. The words say it plainly: an opening ("what are the", "list", "give", ...), one attribute's
 * name, "of", and the name of its class (after a superlative too: "the charge amount of the most
 * expensive charge type"); or the class's name with "'s" and one attribute's name
 * ("List the TV Channel's series name"). A reading that shows exactly one plain attribute, of that
 * class and not the one asked for, shows the asked one instead; with no aggregate, group or
 * computation (there the shown value is what was computed).
 */
import type { SchemaGraph } from '../../schema-graph/types.js';
import type { SchemaNames } from '../schema-words/schema-names.js';
import { labelAttribute } from '../../schema-graph/labels.js';
import { attributeToken } from '../model/target.js';
import { onlyShownAttribute, showingInstead } from './reading-items.js';
import { ownerOf } from '../cues/reading-classes.js';
import { openings } from './listed-shows.js';

/** Words between "of" and the class's name. */
const BEFORE_CLASS: ReadonlySet<string> = new Set(['the', 'all', 'each', 'every', 'those', 'these']);

/** Words that ask for what names a thing, whatever the schema calls it ("the names of all cartoons": their titles). */
const NAMING_WORDS: ReadonlySet<string> = new Set(['name', 'names', 'title', 'titles']);


/** A class's label as a token, when it is a name or a title by its own name ("title" of cartoons, "series name"): not a key or a city. */
function namingLabel(schema: SchemaGraph, classId: string): string | null {
  const label = labelAttribute(schema, classId);
  return label && label.type === 'text' && /\b(name|title)$/.test(label.name.singular) ? attributeToken({ classId, attributeId: label.id }) : null;
}

/**
 * The attribute token the opening asks for, of the class named after it; null when the words do
 * not say so. "The names of X" asks for X's label (labels.ts) when X has no attribute so called
 * and the label is a name or title ("the names of all cartoons": their titles).
 */
export function askedShow(said: readonly (string | null)[], names: SchemaNames, schema: SchemaGraph): string | null {
  const words = said.map((w) => w ?? '');
  for (const { at } of openings(words)) {
    const asked = askedShowAt(words, at, names, schema) ?? askedPossessive(words, at, names);
    if (asked) return asked;
  }
  return null;
}

/** "List the TV Channel's series name": the class's name with "'s", then the name of one of its attributes; null otherwise. */
function askedPossessive(words: readonly string[], start: number, names: SchemaNames): string | null {
  // The words with a possessive "'s" as a word of its own.
  const split = words.flatMap((w) => (/^[a-z]+'s$/.test(w) ? [w.slice(0, -2), "'s"] : [w]));
  const at = start + words.slice(0, start).filter((w) => /^[a-z]+'s$/.test(w)).length;
  for (let end = at + 1; end <= Math.min(split.length, at + 4); end += 1) {
    if (split[end] !== "'s") continue;
    const owner = names.classAt(split, at);
    const name = owner ? names.nameAt(split, end + 1) : null;
    const asked = (name?.attributes ?? []).filter((a) => ownerOf(a) === owner?.id);
    return asked.length === 1 ? asked[0]! : null;
  }
  return null;
}

function askedShowAt(words: readonly string[], start: number, names: SchemaNames, schema: SchemaGraph): string | null {
  let i = start;
  const name = words[i] ? names.nameAt(words, i) : null;
  const naming = NAMING_WORDS.has(words[i] as string);
  if ((!name || name.attributes.length === 0) && !naming) return null;
  i += name && name.attributes.length > 0 ? name.length : 1;
  if (words[i] !== 'of') return null;
  i += 1;
  while (BEFORE_CLASS.has(words[i] as string)) i += 1;
  const owner = words[i] ? (names.classAt(words, i) ?? classAfterSuperlative(words, i, names)) : null;
  if (!owner) return null;
  const asked = (name?.attributes ?? []).filter((a) => ownerOf(a) === owner.id);
  if (asked.length === 1) return asked[0]!;
  return asked.length === 0 && naming ? namingLabel(schema, owner.id) : null;
}

/**
 * The class named after a superlative at `i`: "the charge amount of the most expensive charge
 * type", "the age of the oldest dog". A superlative is "most" or "least" and a word, or one word
 * ending in "est" (tried only where no class's name stands, so "guests" stays a class).
 */
function classAfterSuperlative(words: readonly string[], i: number, names: SchemaNames): ReturnType<SchemaNames['classAt']> {
  const length = words[i] === 'most' || words[i] === 'least' ? 2 : /^[a-z]{2,}est$/.test(words[i] ?? '') ? 1 : 0;
  return length > 0 && words[i + length] ? names.classAt(words, i + length) : null;
}

/** `tokens` showing the asked attribute instead of the one other attribute of its class it shows; `tokens` itself otherwise. */
export function withAskedShow(tokens: readonly string[], asked: string | null): readonly string[] {
  if (!asked) return tokens;
  const shown = onlyShownAttribute(tokens);
  // The asked attribute used elsewhere in the reading (a condition on it) is no reason not to show it.
  return shown && shown !== asked && ownerOf(shown) === ownerOf(asked) ? showingInstead(tokens, asked) : tokens;
}

/**
 * The label of the class an opening lists ("List all cartoons directed by Ben Jones": their titles),
 * when the label is a name or a title; null when the words after the opening name no class, or
 * name an attribute of it ("the cartoon titles") or what it is of ("the cartoons of ...").
 */
export function listedThings(said: readonly (string | null)[], names: SchemaNames, schema: SchemaGraph): string | null {
  const words = said.map((w) => w ?? '');
  // The question's own opening: "List all cartoons ...", not a later sentence's.
  const i = openings(words).find((opening) => opening.sentence === 0)?.at ?? null;
  const owner = i !== null && words[i] ? names.classAt(words, i) : null;
  const name = owner && i !== null ? names.nameAt(words, i) : null;
  if (!owner || !name || i === null || words[i + name.length] === 'of') return null;
  // "the cartoon titles" names what to show; "cartoons directed by Ben Jones" a condition: a value follows.
  let next = i + name.length;
  while (next < said.length && said[next] !== null && /^[^\p{L}\p{N}]+$/u.test(said[next]!)) next += 1;
  if (name.attributes.length > 0 && !(next < said.length && said[next] === null)) return null;
  return namingLabel(schema, owner.id);
}

/**
 * `tokens` showing the listed class's label instead of an attribute of that class whose value the
 * question gave ("cartoons directed by Ben Jones" showing who directed them), or, with `unnamed`,
 * the label of the class of such an attribute no word of the question names; `tokens` itself otherwise.
 */
export function withLabelForEcho(tokens: readonly string[], listed: string | null, unnamed?: { readonly schema: SchemaGraph; readonly named: ReadonlySet<string> }): readonly string[] {
  const shown = onlyShownAttribute(tokens);
  // An attribute no word names, shown only to repeat the value the question gave it ("What are
  // operational nuclear power plants in Japan called?" showing their status), asks for the things:
  // their label, whatever the opening.
  const label = listed ?? (shown && unnamed && !unnamed.named.has(shown) ? namingLabel(unnamed.schema, ownerOf(shown)) : null);
  if (!label || !shown || shown === label || ownerOf(shown) !== ownerOf(label)) return tokens;
  const echoed = tokens.some((token, i) => token === shown && tokens[i - 1] === 'where' && tokens[i + 1] === '=' && tokens[i + 2]?.startsWith('@'));
  return echoed ? showingInstead(tokens, label) : tokens;
}
