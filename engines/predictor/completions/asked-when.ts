/**
 * "When" asks for a date: "When did the episode 'A Love of a Lifetime' air?", "When was the last
 * transcript released?". On databases it never saw, the shared model may read which thing the
 * question is about and show its name or id instead of its date. A question that opens with
 * "when" (or "what date", "what time", "what day") and a reading that shows one plain attribute
 * that is no date, of a class with exactly one date (typed as one, or named so: "air date",
 * "CrimeTS" typed TIMESTAMP), shows that date instead.
 */
import type { SchemaAttribute, SchemaGraph } from '../../schema-graph/types.js';
import { attributeToken, EOS } from '../model/target.js';
import { itemsOf } from './reading-items.js';
import { ownerOf } from '../cues/reading-classes.js';

/** A name that says a date whatever the column's type (SQLite keeps dates as text). */
const DATE_NAME = /\b(date|day|time|timestamp)\b/;

function isDate(attribute: SchemaAttribute): boolean {
  return attribute.type === 'date' || attribute.type === 'datetime' || DATE_NAME.test(attribute.name.singular);
}

/** Whether the words (questionWords, mentions as null) open by asking when. */
export function asksWhen(said: readonly (string | null)[]): boolean {
  const [first, second] = said;
  return first === 'when' || (first === 'what' && (second === 'date' || second === 'time' || second === 'day'));
}

/** `tokens` showing the one date of the shown attribute's class instead of it, when the question asks when; `tokens` itself otherwise. */
export function withDateShown(tokens: readonly string[], when: boolean, schema: SchemaGraph): readonly string[] {
  if (!when) return tokens;
  const items = itemsOf(tokens);
  if (items.some((item) => ['group', 'having', 'compute', 'extreme'].includes(item[0] as string))) return tokens;
  const shows = items.filter((item) => item[0] === 'show');
  if (shows.length !== 1 || shows[0]!.length !== 2) return tokens;
  const shown = shows[0]![1]!;
  if (!shown.startsWith('A:') || shown.includes('#') || shown.endsWith('.*')) return tokens;
  const owner = schema.classes.find((c) => c.id === ownerOf(shown));
  const attribute = owner?.attributes.find((a) => attributeToken({ classId: owner.id, attributeId: a.id }) === shown);
  if (!owner || !attribute || isDate(attribute)) return tokens;
  const dates = owner.attributes.filter(isDate);
  if (dates.length !== 1) return tokens;
  const end = tokens.indexOf(EOS);
  return [...items.flatMap((item) => (item === shows[0] ? ['show', attributeToken({ classId: owner.id, attributeId: dates[0]!.id })] : item)), ...(end >= 0 ? tokens.slice(end) : [])];
}
