/**
 * A number that counts a related class's rows: "documents that have 2 or more paragraphs",
 * "professionals who have performed two or more treatments". The compared-count cue
 * (cues/compared-count.ts) reads such a number and judges the readings; yet on databases it never
 * saw, the shared model's beam may hold no reading that counts: it puts the number on an attribute
 * it reads near it (`where Documents.Document_ID >= @1`, `where Treatments.cost >= @1`). A reading
 * that compares one attribute with the number, and counts nothing, counts instead: what it shows is
 * grouped (each thing: the engines group a label by its class's key too) and the comparison moves
 * to the count of the cue's class, compared the way the words say: `having count A:Paragraphs.* >= @1`.
 *
 * Left as written: a question with more than one such cue, a cue of several classes or of the class
 * the reading shows, a reading that groups, counts or aggregates already, and ranges ("between one
 * and two paragraphs": two numbers).
 */
import type { ComparedCountCue } from '../cues/compared-count.js';
import { attributeToken, EOS } from '../model/target.js';
import { firstInstanceClassOf, itemsOf } from './reading-items.js';

/** Operators a count may be compared with. */
const COMPARISONS: ReadonlySet<string> = new Set(['=', '<', '<=', '>', '>=']);

/** `tokens` comparing the count the one compared-count cue names (see the file's comment); `tokens` itself otherwise. */
export function withComparedCount(tokens: readonly string[], cues: readonly ComparedCountCue[]): readonly string[] {
  if (cues.length !== 1 || cues[0]!.classes.length !== 1 || cues[0]!.operator === null) return tokens;
  const operator = cues[0]!.operator;
  const counted = cues[0]!.classes[0]!.classId;
  const items = itemsOf(tokens);
  if (items.some((item) => ['group', 'having', 'follow', 'none', 'some', 'compute', 'extreme'].includes(item[0] as string))) return tokens;
  if (tokens.some((t) => ['count', 'count_distinct', 'sum', 'avg', 'min', 'max'].includes(t))) return tokens;
  const compared = items.filter((item) => item[0] === 'where' && item.length === 4 && COMPARISONS.has(item[2] as string) && (item[3] as string).startsWith('@'));
  if (compared.length !== 1) return tokens;
  const condition = compared[0]!;
  const shows = items.filter((item) => item[0] === 'show');
  if (shows.length === 0 || !shows.every((item) => item.length === 2 && firstInstanceClassOf(item[1]) !== null && firstInstanceClassOf(item[1]) !== counted)) return tokens;
  const grouped = shows.flatMap((item) => ['group', item[1] as string]);
  const having = ['having', 'count', attributeToken({ classId: counted, attributeId: '*' }), operator, condition[3] as string];
  const kept = items.filter((item) => item !== condition);
  // Groups and conditions on groups stand before the sort, the limit and the rest (model/target.ts ITEMS).
  const at = kept.findIndex((item) => ['order', 'limit', 'offset', 'distinct', 'class'].includes(item[0] as string));
  const place = at >= 0 ? at : kept.length;
  const end = tokens.indexOf(EOS);
  return [...kept.slice(0, place).flat(), ...grouped, ...having, ...kept.slice(place).flat(), ...(end >= 0 ? tokens.slice(end) : [])];
}
