/**
 * Negation cue: a `none` pattern ("no row meets the pattern", an anti-join) says the question denies
 * something, and English denies with a handful of words: "no", "not", "never", "without", "none",
 * "n't", "except", "other than", ... On databases it was not trained on, the shared model wrote
 * anti-joins for questions that deny nothing (validation misses: "How many dogs went through any
 * treatments?" counted the dogs with no treatment, "How many departments offer any degree?" the
 * departments with none). A finished reading with a `none` pattern, when no word of the question
 * outside value mentions negates, loses `NEGATION_CUE_PENALTY` log-probability.
 *
 * Only that direction is judged: a question that negates may still be read without a pattern (a
 * null test, `!=`, `not_in`), which the other cues judge.
 */
import type { CueKind } from './cue.js';

/** Log-probability a reading loses for an anti-join no word asks for; as much as the other cues (NULL_CUE_PENALTY). */
export const NEGATION_CUE_PENALTY = 4;

/** Words that deny, in any register ("nobody", "w/o" is folded to "w" "o" and not read). */
const NEGATING_WORDS: ReadonlySet<string> = new Set([
  'no', 'zero', 'not', 'none', 'nor', 'neither', 'never', 'nothing', 'nobody', 'noone', 'nowhere', 'without',
  'lack', 'lacks', 'lacking', 'lacked', 'absent', 'except', 'excluding', 'exclude', 'excludes', 'besides', 'other', 'non', 'yet', 'cannot', 'fail', 'fails', 'failed',
]);

/** Whether a word of the question (folded, null inside value mentions) denies something. */
export function negates(said: readonly (string | null)[]): boolean {
  return said.some((word) => word !== null && (NEGATING_WORDS.has(word) || word.endsWith("n't") || word.startsWith('non-')));
}

/** A reading with an anti-join, when the question denies nothing. */
export const NEGATION_CUE: CueKind = {
  name: 'negation',
  words: NEGATING_WORDS,
  read({ said }) {
    if (negates(said)) return {};
    return { whenFinished: (tokens) => (tokens.includes('none') ? NEGATION_CUE_PENALTY : 0) };
  },
};
