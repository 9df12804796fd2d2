/**
 * Ranked cue: a row skipped by an offset is the n-th of a ranking, and people say which one with an
 * ordinal ("the third cheapest", "ranked 4th by", "the second most") or "runner-up". A finished
 * reading that skips rows where no word of the question is an ordinal from "second" up (or
 * "runner-up", "penultimate") loses `RANKED_PENALTY`: "order the results by the level from high to
 * low" is every row in that order, not the third.
 */
import { fold, words } from '../../english/normalize.js';
import { ordinalValue } from '../values/name-affixes.js';
import type { CueKind } from './cue.js';

/** Log-probability a reading loses for an offset no ordinal asks for; as much as the other cues. */
export const RANKED_PENALTY = 4;

/** Words that name a place in a ranking besides ordinals ("the runner-up", "the penultimate"). */
const RANK_WORDS: ReadonlySet<string> = new Set(['runner', 'runners', 'runner-up', 'runners-up', 'penultimate']);

/** Whether some word of the question, values included ("the 3rd"), names a place after the first in a ranking. */
export function namesRank(question: string): boolean {
  return words(question).some(({ text }) => {
    const word = fold(text);
    return RANK_WORDS.has(word) || (ordinalValue(word) ?? 0) >= 2;
  });
}

/** Offsets where no word names a place in a ranking, on finished readings. */
export const RANKED_CUE: CueKind = {
  name: 'ranked',
  read({ question }) {
    if (namesRank(question)) return {};
    return { whenFinished: (tokens) => (tokens.includes('offset') ? RANKED_PENALTY : 0) };
  },
};
