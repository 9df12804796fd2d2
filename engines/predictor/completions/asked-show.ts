/**
 * The one attribute a question's opening asks for: "What are the names of countries with the top 3
 * largest population?", "Give the emails of the professionals ...". On databases it never saw the
 * shared model's beam may show another attribute of the same class in every reading (the code 2
 * of countries): it read the rest of the question, not which of the class's attributes it asks
 * for. The words say it plainly: an opening ("what are the", "list", "give", ...), one attribute's
 * name, "of", and the name of its class. A reading that shows exactly one plain attribute, of that
 * class and not the one asked for, shows the asked one instead; with no aggregate, group or
 * computation (there the shown value is what was computed).
 */
import type { SchemaNames } from '../schema-words/schema-names.js';
import { onlyShownAttribute, showingInstead } from './reading-items.js';
import { ownerOf } from '../cues/reading-classes.js';
import { OPENINGS, LEAD } from './listed-shows.js';

/** Words between "of" and the class's name. */
const BEFORE_CLASS: ReadonlySet<string> = new Set(['the', 'all', 'each', 'every', 'those', 'these']);

/** The attribute token the opening asks for, of the class named after it; null when the words do not say so. */
export function askedShow(said: readonly (string | null)[], names: SchemaNames): string | null {
  const words = said.map((w) => w ?? '');
  const opening = OPENINGS.find((o) => o.every((w, k) => words[k] === w));
  if (!opening) return null;
  let i = opening.length;
  while (LEAD.has(words[i] as string)) i += 1;
  const name = words[i] ? names.nameAt(words, i) : null;
  if (!name || name.attributes.length === 0) return null;
  i += name.length;
  if (words[i] !== 'of') return null;
  i += 1;
  while (BEFORE_CLASS.has(words[i] as string)) i += 1;
  const owner = words[i] ? names.classAt(words, i) : null;
  if (!owner) return null;
  const asked = name.attributes.filter((a) => ownerOf(a) === owner.id);
  return asked.length === 1 ? asked[0]! : null;
}

/** `tokens` showing the asked attribute instead of the one other attribute of its class it shows; `tokens` itself otherwise. */
export function withAskedShow(tokens: readonly string[], asked: string | null): readonly string[] {
  if (!asked) return tokens;
  const shown = onlyShownAttribute(tokens);
  // The asked attribute used elsewhere in the reading (a condition on it) is no reason not to show it.
  return shown && shown !== asked && ownerOf(shown) === ownerOf(asked) ? showingInstead(tokens, asked) : tokens;
}
