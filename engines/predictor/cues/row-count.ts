/**
 * Row-count cue: a number after "top" or "bottom" ("the top 3 countries", "bottom 4 territories"),
 * or before a superlative ("the 5 largest countries", "the 3 most populated", "3 most highly rated
 * episodes"), says how many rows to keep, not a value to compare with. On databases it never saw
 * the shared model sometimes compares it instead ("the top 3 highest Rating" read as Rating < 3)
 * or keeps one row. A finished reading that does not keep that many rows (`limit @k` with the
 * number's placeholder) loses ROW_COUNT_PENALTY per such number.
 */
import { fold, words } from '../../english/normalize.js';
import type { Mention } from '../values/mentions.js';
import { ITEMS } from '../model/target.js';
import type { CueKind } from './cue.js';

/** Log-probability a reading loses per row count it does not keep; as much as the other cues. */
export const ROW_COUNT_PENALTY = 4;

/** Words before a number that make it a count of rows. */
const BEFORE: ReadonlySet<string> = new Set(['top', 'bottom']);
/** Superlatives that do not end in -est. */
const SUPERLATIVE_WORDS: ReadonlySet<string> = new Set(['most', 'least', 'fewest', 'best', 'worst']);

const isSuperlative = (word: string | undefined) => word !== undefined && (SUPERLATIVE_WORDS.has(word) || /^[a-z]{3,}est$/.test(word));

/** The placeholders (1-based, as in readings) of the numbers the question gives as row counts. */
export function rowCounts(question: string, mentions: readonly Mention[]): readonly string[] {
  const spans = words(question);
  const out: string[] = [];
  mentions.forEach((mention, index) => {
    if (mention.kind !== 'number' || mention.number === null || !Number.isInteger(mention.number) || mention.number < 2) return;
    const before = spans.filter((s) => s.end <= mention.start).at(-1);
    const after = spans.find((s) => s.start >= mention.end);
    if ((before && BEFORE.has(fold(before.text))) || isSuperlative(after ? fold(after.text) : undefined)) out.push(`@${index + 1}`);
  });
  return out;
}

/** How many row counts a finished reading does not keep as its limit. */
export function rowCountsNotKept(counts: readonly string[], tokens: readonly string[]): number {
  if (counts.length === 0) return 0;
  let item = '';
  const limits = new Set<string>();
  for (const token of tokens) {
    if ((ITEMS as readonly string[]).includes(token)) item = token;
    else if (item === 'limit') limits.add(token);
  }
  return counts.filter((k) => !limits.has(k)).length;
}

export const ROW_COUNT_CUE: CueKind = {
  name: 'row count',
  read({ question, mentions }) {
    const counts = rowCounts(question, mentions);
    return { whenFinished: (tokens) => ROW_COUNT_PENALTY * rowCountsNotKept(counts, tokens) };
  },
};
