/**
 * Missing-value cues: "with no X", "without a X", "whose X is missing" ask for rows where X is
 * null. On long questions the model sometimes puts the null test on another attribute it also
 * reads, or swaps it with a "has a Y" test (held-out Northwind errors: "that have a title and with
 * no city" read as title missing and city known). A reading without an `is_null` test on any
 * attribute the cue's words name loses `NULL_CUE_PENALTY` log-probability per cue. The words must
 * name an attribute (schema-names.ts): "customers with no orders" names a class, which is a
 * different question, left to the model.
 */
import type { SchemaNames } from './schema-names.js';

/** Log-probability a reading loses per missing-value cue it does not follow; as much as OPERATOR_CUE_PENALTY (measured there). */
export const NULL_CUE_PENALTY = 4;

/** Words before an attribute's name that say it is missing. */
const BEFORE = [['with', 'no'], ['without', 'a'], ['without', 'an'], ['without'], ['has', 'no'], ['have', 'no'], ['having', 'no']];
/** Words after "whose X is" / "where the X is" that say it is missing. */
const AFTER = new Set(['missing', 'unknown', 'empty', 'null', 'blank']);
const INTRO = [['whose'], ['where', 'the'], ['where']];
/** Every word the missing-value cues read: what a misspelt word of the question is repaired to. */
export const NULL_WORDS: ReadonlySet<string> = new Set([...BEFORE.flat(), ...AFTER, ...INTRO.flat()]);

/** Each cue: the attribute tokens one of which the reading must test for null. */
export type NullCues = readonly (readonly string[])[];

/** The missing-value cues of a question's words (folded, null inside value mentions: coverage.ts questionWords). */
export function nullCues(said: readonly (string | null)[], names: SchemaNames): NullCues {
  const words = said.map((w) => w ?? '');
  const cues: (readonly string[])[] = [];
  for (let i = 0; i < words.length; i += 1) {
    const before = BEFORE.find((run) => run.every((w, k) => words[i + k] === w));
    if (before) {
      const attributes = names.attributesAt(words, i + before.length);
      if (attributes.length > 0) cues.push(attributes);
      continue;
    }
    // "whose X is missing": the name, then "is", then the word that says it.
    const intro = INTRO.find((run) => run.every((w, k) => words[i + k] === w));
    if (!intro) continue;
    const start = i + intro.length;
    const attributes = names.attributesAt(words, start);
    if (attributes.length === 0) continue;
    const is = words.indexOf('is', start);
    if (is > start && is <= start + 4 && AFTER.has(words[is + 1] as string)) cues.push(attributes);
  }
  return cues;
}

/** How many cues `tokens` does not follow (no `where A is_null` on any attribute the cue names). */
export function nullContradictions(cues: NullCues, tokens: readonly string[]): number {
  if (cues.length === 0) return 0;
  const missing = new Set<string>();
  for (let i = 0; i + 2 < tokens.length; i += 1) {
    if (tokens[i] === 'where' && tokens[i + 2] === 'is_null') missing.add((tokens[i + 1] as string).replace(/#\d+\./, '.'));
  }
  return cues.filter((cue) => !cue.some((attribute) => missing.has(attribute))).length;
}
