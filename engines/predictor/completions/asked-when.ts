/**
 * "When" asks for a date: "When did the episode 'A Love of a Lifetime' air?", "When was the last
 * transcript released?". On databases it never saw, the shared model may read which thing the
 * question is about and show its name or id instead of its date. A question that opens with
 * "when" (or "what date", "what time", "what day") and a reading that shows one plain attribute
 * that is no date, of a class with exactly one date (typed as one, or named so: "air date",
 * "CrimeTS" typed TIMESTAMP), shows that date instead.
 */
import type { SchemaAttribute, SchemaGraph } from '../../schema-graph/types.js';
import { attributeToken } from '../model/target.js';
import { onlyShownAttribute, showingInstead } from './reading-items.js';
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
  const shown = onlyShownAttribute(tokens);
  const owner = shown ? schema.classes.find((c) => c.id === ownerOf(shown)) : undefined;
  const attribute = owner?.attributes.find((a) => attributeToken({ classId: owner.id, attributeId: a.id }) === shown);
  if (!owner || !attribute || isDate(attribute)) return tokens;
  const dates = owner.attributes.filter(isDate);
  return dates.length === 1 ? showingInstead(tokens, attributeToken({ classId: owner.id, attributeId: dates[0]!.id })) : tokens;
}
