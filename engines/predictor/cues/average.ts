/**
 * Average cue: a question that asks for an average ("the average age of the dogs", "avg product
 * price", "mean unit price per category", "on average, how much ...") is answered by a reading that
 * averages something. The aggregate cue (aggregate.ts) rules out aggregates no word asks for; this
 * is its converse for the one aggregate no other reading can stand in for (a total may be a count,
 * a maximum may be a sort): on questions-others the model answered 9 of 35 such questions with no
 * average at all ("What is the average age of all the dogs?" read as the distinct ages). A finished
 * reading with no `avg` anywhere loses `AGGREGATE_CUE_PENALTY`.
 *
 * Words inside the schema's names ("average scale score") ask for nothing; nor does an average
 * something is compared with ("below the average", "above-average"): that is a comparison with an
 * aggregate of rows of their own (compared-aggregate.ts), not an average asked for.
 */
import type { SchemaNames } from '../schema-words/schema-names.js';
import { AGGREGATE_CUE_PENALTY, wordsOutsideNames } from './aggregate.js';
import type { CueKind } from './cue.js';

/** Words that ask for an average. */
const AVERAGE_WORDS: ReadonlySet<string> = new Set(['average', 'averages', 'avg', 'mean']);

/** Words before "(the) average" that make it a value compared with, not one asked for. */
const COMPARED_WITH: ReadonlySet<string> = new Set(['than', 'above', 'below', 'over', 'under', 'exceeds', 'exceed', 'exceeding']);

/** Whether the question's words (folded, null inside mentions) ask for an average. */
export function asksForAverage(said: readonly (string | null)[], names: SchemaNames): boolean {
  return wordsOutsideNames(said, names).some(({ word, index }) => {
    if (!AVERAGE_WORDS.has(word)) return false;
    const before = said[index - 1] === 'the' ? said[index - 2] : said[index - 1];
    return !(typeof before === 'string' && COMPARED_WITH.has(before));
  });
}

/** A reading that averages nothing, when the question asks for an average. */
export const AVERAGE_CUE: CueKind = {
  name: 'average',
  words: AVERAGE_WORDS,
  read({ said, names }) {
    if (!asksForAverage(said, names)) return {};
    return { whenFinished: (tokens) => (tokens.includes('avg') ? 0 : AGGREGATE_CUE_PENALTY) };
  },
};
