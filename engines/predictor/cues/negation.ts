/**
 * Negation cue: a `none` pattern ("no row meets the pattern", an anti-join) says the question denies
 * something, and English denies with a handful of words: "no", "not", "never", "without", "none",
 * "n't", "except", "other than", ... On databases it was not trained on, the shared model wrote
 * anti-joins for questions that deny nothing (validation misses: "How many dogs went through any
 * treatments?" counted the dogs with no treatment, "How many departments offer any degree?" the
 * departments with none). A finished reading with a `none` pattern, when no word of the question
 * negates, loses `NEGATION_CUE_PENALTY` log-probability.
 *
 * Only that direction is judged: a question that negates may still be read without a pattern (a
 * null test, `!=`, `not_in`), which the other cues judge.
 */
import { words } from '../../english/normalize.js';
import type { CueKind } from './cue.js';

/** Log-probability a reading loses for an anti-join no word asks for; as much as the other cues (NULL_CUE_PENALTY). */
export const NEGATION_CUE_PENALTY = 4;

/** Words that deny, in any register ("nobody", "w/o" is folded to "w" "o" and not read). */
const NEGATING_WORDS: ReadonlySet<string> = new Set([
  'no', 'zero', 'not', 'none', 'nor', 'neither', 'never', 'nothing', 'nobody', 'noone', 'nowhere', 'without',
  'lack', 'lacks', 'lacking', 'lacked', 'absent', 'except', 'excluding', 'exclude', 'excludes', 'besides', 'other', 'non', 'yet', 'cannot', 'fail', 'fails', 'failed',
]);

/**
 * Whether a word of the question denies something. Words inside value mentions count too: "zero"
 * is a number mention ("with zero orders"), and a value that happens to hold a negating word only
 * spares a reading, never holds one back.
 */
export function negates(question: string): boolean {
  return words(question).some(({ text }) => NEGATING_WORDS.has(text) || text.endsWith("n't") || text.startsWith('non-'));
}

/** A reading with an anti-join, when the question denies nothing. */
export const NEGATION_CUE: CueKind = {
  name: 'negation',
  words: NEGATING_WORDS,
  read({ question }) {
    if (negates(question)) return {};
    return { whenFinished: (tokens) => (tokens.includes('none') ? NEGATION_CUE_PENALTY : 0) };
  },
};
