/**
 * Two values of one attribute: "the total surface area of the continents Asia and Europe", "the
 * countries that speak both English and Dutch". The shared model writes both as conditions on the
 * one attribute (`where A:country.Continent = @1 where A:country.Continent = @2`), which no row can
 * meet: an attribute holds one value per row. What the words mean follows from the schema, not
 * from them:
 *
 * - when each row the reading is about has at most one row of the attribute's class (the class
 *   itself, or one reached along keys it holds: an order's customer), the two values are a choice,
 *   `where A:x in @1 @2` (orders from Germany and France);
 * - when each such row has many (a country's languages: the key is held on the other side), both
 *   must be met, each by a row of its own: `some where A:x = @1 end some where A:x = @2 end`
 *   (a country with an English row and a Dutch row), the class's other conditions in each.
 *
 * Left as written: values of another kind than text, a class reached from the reading's subject
 * by two relations (flights' source and destination airports: the two values may be the two
 * roles), a class the reading also shows, sorts, groups or joins other classes through, and
 * readings with patterns, follows or instances of their own already.
 */
import { joinPlan } from '../../schema-graph/join-paths.js';
import type { SchemaGraph } from '../../schema-graph/types.js';
import { EOS } from '../model/target.js';
import { firstInstanceClassOf, itemsOf } from './reading-items.js';

/** Whether each row of `subject` may have many rows of `other`: some join on the way holds its key on the far side. */
function fansOut(schema: SchemaGraph, subject: string, other: string): boolean | null {
  try {
    const plan = joinPlan(schema, [subject, other]);
    return plan.steps.some((step) => step.relation.from === step.to && step.relation.to === step.from);
  } catch {
    return null;
  }
}

/** Whether `subject` and `other` are related directly by more than one relation (two roles). */
function twoRoles(schema: SchemaGraph, subject: string, other: string): boolean {
  return schema.relations.filter((r) => (r.from === subject && r.to === other) || (r.from === other && r.to === subject)).length > 1;
}

/** `tokens` with two text values of one attribute read as a choice or as both (see the file's comment); `tokens` itself otherwise. */
export function withTwoValuesRead(tokens: readonly string[], schema: SchemaGraph, textPlaceholders: ReadonlySet<string>): readonly string[] {
  const items = itemsOf(tokens);
  if (items.some((item) => ['follow', 'none', 'some', 'compute'].includes(item[0] as string))) return tokens;
  // where A:x = @k, whole: the item is exactly those four tokens.
  const equal = items.filter((item) => item[0] === 'where' && item.length === 4 && item[2] === '=' && textPlaceholders.has(item[3] as string));
  const byAttribute = new Map<string, (readonly string[])[]>();
  for (const item of equal) byAttribute.set(item[1] as string, [...(byAttribute.get(item[1] as string) ?? []), item]);
  const pairs = [...byAttribute.entries()].filter(([, conditions]) => conditions.length > 1);
  if (pairs.length !== 1 || pairs[0]![1].length !== 2) return tokens;
  const [attribute, [first, second]] = pairs[0] as [string, [readonly string[], readonly string[]]];
  const owner = firstInstanceClassOf(attribute);
  const subject = firstInstanceClassOf(items.find((item) => item[0] === 'show')?.at(-1));
  if (!owner || !subject || tokens.some((t) => t.startsWith('A:') && t.includes('#'))) return tokens;
  const end = tokens.indexOf(EOS) >= 0 ? tokens.slice(tokens.indexOf(EOS)) : [];
  // A choice: the two conditions become one, `in` both values, where the first stood.
  const asChoice = () => [...items.flatMap((item) => (item === first ? ['where', attribute, 'in', first[3]!, second[3]!] : item === second ? [] : item)), ...end];
  if (owner === subject) return asChoice();
  if (twoRoles(schema, subject, owner)) return tokens;
  const fans = fansOut(schema, subject, owner);
  if (fans === null) return tokens;
  if (!fans) return asChoice();
  // Both: the owner's conditions move into two patterns; the owner must be used by nothing else.
  const ownerToken = (t: string) => firstInstanceClassOf(t) === owner || t === `C:${owner}`;
  const ownConditions = items.filter((item) => item[0] === 'where' && firstInstanceClassOf(item[1]) === owner);
  const rest = items.filter((item) => !ownConditions.includes(item));
  if (rest.some((item) => item.some(ownerToken))) return tokens;
  const others = new Set(rest.flatMap((item) => item.map(firstInstanceClassOf).filter((c): c is string => c !== null && c !== subject)));
  for (const other of others) {
    try {
      if (joinPlan(schema, [subject, other]).classes.includes(owner)) return tokens;
    } catch {
      return tokens;
    }
  }
  const shared = ownConditions.filter((item) => item !== first && item !== second);
  const pattern = (condition: readonly string[]) => ['some', ...condition, ...shared.flat(), 'end'];
  // Patterns stand before what is shown (target.ts's order of items).
  const at = rest.findIndex((item) => item[0] === 'show');
  return [...rest.slice(0, at).flat(), ...pattern(first), ...pattern(second), ...rest.slice(at).flat(), ...end];
}
