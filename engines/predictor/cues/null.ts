/**
 * Missing-value cues: "with no X", "without a X", "whose X is missing" ask for rows where X is
 * null; "with a X", "that have a X", "whose X is known" for rows where it is not. On long questions
 * the model sometimes puts the null test on another attribute it also reads, swaps it with a "has
 * a Y" test, or leaves a "has a Y" test out (held-out Northwind errors: "that have a title and with
 * no city" read as title missing and city known; "customers that have a contact title and whose
 * phone is known" without the title's test). A reading without the test the cue asks for on any
 * attribute the cue's words name loses `NULL_CUE_PENALTY` log-probability per cue. The words must
 * name an attribute (schema-names.ts): "customers with no orders" names a class, which is a
 * different question, left to the model; and "with a X" must end there ("with a freight over 50"
 * compares the freight).
 *
 * The other way round: a missing-value or a known-value test no word asks for. The model sometimes
 * adds one to a plain question ("the dogs who have been abandoned" read with `date_arrived is_null`,
 * "professionals living in a city that contains 'West'" with `state not_null`). When the question has
 * no word of absence or presence at all (`asksForPresence`: "no", "not", "never", "without",
 * "missing", "known", "any", "has a", "with an" ...: what english.ts writes for is_null and not_null,
 * and the negations and "has any"/"that have a" people use for related things), each null test a
 * reading makes costs `NULL_CUE_PENALTY`.
 */
import type { SchemaNames } from '../schema-words/schema-names.js';
import type { CueKind } from './cue.js';

/** Log-probability a reading loses per missing-value cue it does not follow; as much as OPERATOR_CUE_PENALTY (measured there). */
export const NULL_CUE_PENALTY = 4;

/** Words before an attribute's name that say it is missing. */
const BEFORE = [['with', 'no'], ['without', 'a'], ['without', 'an'], ['without'], ['has', 'no'], ['have', 'no'], ['having', 'no']];
/** Words before an attribute's name that say it is there, when the name ends the phrase ("with a fax and ..."). */
const BEFORE_KNOWN = [['with', 'a'], ['with', 'an'], ['has', 'a'], ['has', 'an'], ['have', 'a'], ['have', 'an'], ['having', 'a'], ['having', 'an']];
/** What may follow "with a X" for it to say only that X is there: the end, or the next part of the question. */
const PHRASE_ENDS = new Set(['', 'and', 'or', ',', '.', '?', '!', ';', 'where', 'whose', 'that', 'which', 'who', 'with', 'having', 'sorted', 'ordered']);
/** Words after "whose X is" / "where the X is" that say it is missing, and that it is there. */
const AFTER = new Set(['missing', 'unknown', 'empty', 'null', 'blank']);
const AFTER_KNOWN = new Set(['known', 'given', 'present', 'available', 'set']);
const INTRO = [['whose'], ['where', 'the'], ['where']];
/** Every word the missing-value cues read: what a misspelt word of the question is repaired to. */
export const NULL_WORDS: ReadonlySet<string> = new Set([...BEFORE.flat(), ...BEFORE_KNOWN.flat(), ...AFTER, ...AFTER_KNOWN, ...INTRO.flat()]);

/** Words that say something is absent, or ask whether it is there, anywhere in a question ("with no orders", "never", "has any", "unknown"). */
const ABSENCE_OR_PRESENCE: ReadonlySet<string> = new Set([
  'no', 'not', 'none', 'nor', 'neither', 'never', 'nothing', 'nobody', 'without', 'lack', 'lacks', 'lacking', 'absent',
  'any', 'anything', 'anyone', 'some', 'exist', 'exists', 'existing', 'ever',
  ...AFTER, ...AFTER_KNOWN,
]);
/** "has a", "with an", "have some": a word of having, then an article; the thing had may be an attribute or a class. */
const HAVING = new Set(['with', 'has', 'have', 'having', 'had']);
const ARTICLES = new Set(['a', 'an', 'any', 'some']);

/**
 * Whether any word of the question says something is missing or there (folded words, null inside
 * value mentions): a word of absence or presence, a word of having before an article, or before an
 * attribute's name that ends its phrase ("orders with employee country": "with a" said without its article).
 */
export function asksForPresence(said: readonly (string | null)[], names: SchemaNames): boolean {
  const words = said.map((w) => w ?? '');
  return said.some((word, i) => {
    if (word === null) return false;
    if (ABSENCE_OR_PRESENCE.has(word) || word.endsWith("n't")) return true;
    if (!HAVING.has(word)) return false;
    if (ARTICLES.has(words[i + 1] as string)) return true;
    const name = names.nameAt(words, i + 1);
    return name !== null && name.attributes.length > 0 && endsPhrase(said, i + 1 + name.length, PRESENCE_ENDS);
  });
}

/** What may follow "with X" for it to say X is there: a phrase's end, or a sort ("orders with a fax by order date"). */
const PRESENCE_ENDS: ReadonlySet<string> = new Set([...PHRASE_ENDS, 'by']);

/** Whether a phrase ends before word `next`: the question ends, or its next part begins (a value reads as '' and ends nothing). */
function endsPhrase(said: readonly (string | null)[], next: number, ends: ReadonlySet<string> = PHRASE_ENDS): boolean {
  return next >= said.length || (said[next] !== null && ends.has(said[next] as string));
}

/** How many null tests (`where A is_null`, `where A not_null`) the conditions `tokens` make. */
export function nullTests(tokens: readonly string[]): number {
  let tests = 0;
  for (let i = 0; i + 2 < tokens.length; i += 1) if (tokens[i] === 'where' && (tokens[i + 2] === 'is_null' || tokens[i + 2] === 'not_null')) tests += 1;
  return tests;
}

/** Each cue: the attribute tokens one of which the reading must test, and the test. */
export interface NullCue {
  readonly attributes: readonly string[];
  readonly test: 'is_null' | 'not_null';
}

export type NullCues = readonly NullCue[];

/** The missing-value cues of a question's words (folded, null inside value mentions: cues/coverage.ts questionWords). */
export function nullCues(said: readonly (string | null)[], names: SchemaNames): NullCues {
  const words = said.map((w) => w ?? '');
  const at = (i: number, run: readonly string[]) => run.every((w, k) => words[i + k] === w);
  const cues: NullCue[] = [];
  for (let i = 0; i < words.length; i += 1) {
    const before = BEFORE.find((run) => at(i, run));
    if (before) {
      const attributes = names.attributesAt(words, i + before.length);
      if (attributes.length > 0) cues.push({ attributes, test: 'is_null' });
      continue;
    }
    const known = BEFORE_KNOWN.find((run) => at(i, run));
    if (known) {
      const name = names.nameAt(words, i + known.length);
      // A value inside the phrase reads as '' too, so the word after the name must be a word.
      if (name && name.attributes.length > 0 && endsPhrase(said, i + known.length + name.length)) cues.push({ attributes: name.attributes, test: 'not_null' });
      continue;
    }
    // "whose X is missing": the name, then "is", then the word that says it.
    const intro = INTRO.find((run) => at(i, run));
    if (!intro) continue;
    const start = i + intro.length;
    const attributes = names.attributesAt(words, start);
    if (attributes.length === 0) continue;
    const is = words.indexOf('is', start);
    if (!(is > start && is <= start + 4)) continue;
    if (AFTER.has(words[is + 1] as string)) cues.push({ attributes, test: 'is_null' });
    else if (AFTER_KNOWN.has(words[is + 1] as string)) cues.push({ attributes, test: 'not_null' });
  }
  return cues;
}

/** How many cues `tokens` does not follow (no `where A is_null`, or `not_null`, on any attribute the cue names). */
export function nullContradictions(cues: NullCues, tokens: readonly string[]): number {
  if (cues.length === 0) return 0;
  const tested = new Set<string>();
  for (let i = 0; i + 2 < tokens.length; i += 1) {
    if (tokens[i] === 'where' && (tokens[i + 2] === 'is_null' || tokens[i + 2] === 'not_null')) tested.add(`${(tokens[i + 1] as string).replace(/#\d+\./, '.')} ${tokens[i + 2]}`);
  }
  return cues.filter((cue) => !cue.attributes.some((attribute) => tested.has(`${attribute} ${cue.test}`))).length;
}

/** Missing-value cues, judged when a reading writes past its conditions. */
export const NULL_CUE: CueKind = {
  name: 'null',
  words: NULL_WORDS,
  read({ said, names }) {
    const cues = nullCues(said, names);
    const unasked = !asksForPresence(said, names);
    return { whenConditionsEnd: (conditions) => NULL_CUE_PENALTY * (nullContradictions(cues, conditions) + (unasked ? nullTests(conditions) : 0)) };
  },
};
