/**
 * GraphQL names for the classes and attributes of a schema graph: a class's type is its human
 * singular in PascalCase ("order details" -> `OrderDetail`), an attribute's field is its name in
 * camelCase ("UnitPrice" -> `unitPrice`, "CustomerID" -> `customerId`, "birth_date" -> `birthDate`).
 * The same functions name the generated SDL and the entity objects, so the two always agree.
 */
import { humanWords } from '../engines/schema-graph/names.js';
import { entityAttributes } from '../engines/query-graph/entity-query.js';
import type { SchemaClass } from '../engines/schema-graph/types.js';

/** Fields every entity has (the `AskEntity` interface); an attribute with one of these names is renamed. */
export const ENTITY_INTERFACE_FIELDS: ReadonlySet<string> = new Set(['id', 'source', 'class']);

/** Words as a GraphQL name: letters and digits only, starting with a letter (`_` when nothing is left). */
function joinWords(words: readonly string[], first: (word: string) => string): string {
  const parts = words.map((word) => word.normalize('NFKD').replace(/[^A-Za-z0-9]/g, '')).filter((word) => word !== '');
  const name = parts.map((word, i) => (i === 0 ? first(word) : capitalize(word))).join('');
  if (name === '') return '_';
  return /^[0-9]/.test(name) ? `_${name}` : name;
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/** "order detail" -> `OrderDetail`; "northwind-graph" -> `NorthwindGraph`. */
export function pascalCase(text: string): string {
  return joinWords(humanWords(text).split(' '), capitalize);
}

/** "UnitPrice" -> `unitPrice`, "CustomerID" -> `customerId`. */
export function camelCase(text: string): string {
  return joinWords(humanWords(text).split(' '), (word) => word.toLowerCase());
}

/**
 * The field name of each entity attribute of a class, by attribute id. An attribute named like an
 * interface field (`id`, `source`, `class`) gets the suffix `Attribute` (`idAttribute`): the
 * interface's `id` is the gateway's stable entity id. Two attributes with the same camelCase
 * name are told apart by a number (`unitPrice`, `unitPrice2`), in schema order.
 */
export function entityFieldNames(schemaClass: SchemaClass): ReadonlyMap<string, string> {
  const names = new Map<string, string>();
  const taken = new Set<string>(ENTITY_INTERFACE_FIELDS);
  for (const attribute of entityAttributes(schemaClass)) {
    let base = camelCase(attribute.id);
    if (ENTITY_INTERFACE_FIELDS.has(base) || base.startsWith('__')) base = `${base.replace(/^_+/, '')}Attribute`;
    let name = base;
    for (let n = 2; taken.has(name); n += 1) name = `${base}${n}`;
    taken.add(name);
    names.set(attribute.id, name);
  }
  return names;
}
