/**
 * "How much" asks for an amount of money: "How much does the most expensive charge type cost?".
 * On databases it never saw, the shared model may rank the right rows and show what they are (the
 * charge type) instead of what they cost. A question that opens with "how much" and a reading
 * that shows one plain attribute that is no amount of money, of a class with exactly one (a number
 * named as a price, cost, amount, fee ..., generator/english.ts MONEY, that is no key), shows that
 * amount instead.
 */
import type { SchemaAttribute, SchemaClass, SchemaGraph } from '../../schema-graph/types.js';
import { MONEY } from '../generator/english.js';
import { attributeToken } from '../model/target.js';
import { onlyShownAttribute, showingInstead } from './reading-items.js';
import { ownerOf } from '../cues/reading-classes.js';
import { keyTokens } from '../cues/aggregate.js';

/** A number named as money that is no key ("charge id" names no amount; `keys`: keyTokens). */
function isMoney(attribute: SchemaAttribute, owner: SchemaClass, keys: ReadonlySet<string>): boolean {
  return attribute.type !== 'text' && !keys.has(attributeToken({ classId: owner.id, attributeId: attribute.id })) && MONEY.test(attribute.name.singular);
}

/** Whether the words (questionWords, mentions as null) open by asking how much. */
export function asksHowMuch(said: readonly (string | null)[]): boolean {
  return said[0] === 'how' && said[1] === 'much';
}

/** `tokens` showing the one amount of money of the shown attribute's class instead of it, when the question asks how much; `tokens` itself otherwise. */
export function withAmountShown(tokens: readonly string[], howMuch: boolean, schema: SchemaGraph): readonly string[] {
  if (!howMuch) return tokens;
  const shown = onlyShownAttribute(tokens);
  const owner = shown ? schema.classes.find((c) => c.id === ownerOf(shown)) : undefined;
  const attribute = owner?.attributes.find((a) => attributeToken({ classId: owner.id, attributeId: a.id }) === shown);
  const keys = keyTokens(schema);
  if (!owner || !attribute || isMoney(attribute, owner, keys)) return tokens;
  const amounts = owner.attributes.filter((a) => isMoney(a, owner, keys));
  return amounts.length === 1 ? showingInstead(tokens, attributeToken({ classId: owner.id, attributeId: amounts[0]!.id })) : tokens;
}
