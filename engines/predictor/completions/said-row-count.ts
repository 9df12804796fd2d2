/**
 * How many rows the words keep: "the 3 lowest populations", "the top 5 countries". The row-count
 * cue (cues/row-count.ts) reads such a number and judges the readings; yet on databases it never
 * saw the shared model's beam may hold the ranking with one row only (`limit #1`) or with no
 * limit. A reading that sorts and keeps one row, or sorts and keeps every row, keeps the number
 * of rows the words give (`limit @k`), when the question gives exactly one such number and the
 * reading uses it nowhere else.
 */
import { EOS } from '../model/target.js';
import { itemsOf } from './reading-items.js';

/** Items that come after the limit in a reading (model/target.ts ITEMS). */
const AFTER_LIMIT: ReadonlySet<string> = new Set(['offset', 'distinct', 'class']);

/** `tokens` keeping the rows the words count (`counts`: placeholders from rowCounts); `tokens` itself otherwise. */
export function withSaidRowCount(tokens: readonly string[], counts: readonly string[]): readonly string[] {
  if (counts.length !== 1) return tokens;
  const count = counts[0]!;
  const items = itemsOf(tokens);
  if (!items.some((item) => item[0] === 'order') || items.some((item) => item[0] === 'offset') || items.some((item) => item.includes(count))) return tokens;
  const end = tokens.indexOf(EOS);
  const rest = end >= 0 ? tokens.slice(end) : [];
  const limit = items.find((item) => item[0] === 'limit');
  if (limit) return limit[1] === '#1' ? [...items.flatMap((item) => (item === limit ? ['limit', count] : item)), ...rest] : tokens;
  const at = items.findIndex((item) => AFTER_LIMIT.has(item[0] as string));
  const place = at >= 0 ? at : items.length;
  return [...items.slice(0, place).flat(), 'limit', count, ...items.slice(place).flat(), ...rest];
}
