/**
 * The attribute that names the things of a class ("which products" shows Products.ProductName):
 * the attribute named after the class ("product name") or plainly "name"/"title", else a common
 * naming attribute ("company name", "last name", "full name"), else a one-column primary key,
 * else the first text attribute. Plain English about names, the same rule for every schema.
 */
import type { SchemaAttribute, SchemaGraph } from './types.js';

const NAMING = ['name', 'full name', 'company name', 'last name', 'title', 'description'];

export function labelAttribute(schema: SchemaGraph, classId: string): SchemaAttribute | null {
  const owner = schema.classes.find((c) => c.id === classId);
  if (!owner) return null;
  const text = owner.attributes.filter((a) => a.type === 'text');
  const own = text.find((a) => a.name.singular === `${owner.name.singular} name` || a.name.singular === 'name' || a.name.singular === `${owner.name.singular} title`);
  if (own) return own;
  for (const naming of NAMING) {
    const found = text.find((a) => a.name.singular === naming || a.name.singular === `${owner.name.singular} ${naming}`);
    if (found) return found;
  }
  if (owner.primaryKey.length === 1) return owner.attributes.find((a) => a.id === owner.primaryKey[0]) ?? null;
  return text[0] ?? owner.attributes[0] ?? null;
}
