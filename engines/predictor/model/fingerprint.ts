/**
 * The schema fingerprint a model is trained for: a hash of the classes, their usable attributes
 * with types, and the relations. Row counts and human names are left out (data changes; the
 * schema does not). Serving refuses a model whose fingerprint differs from the live schema's,
 * because its output tokens would name columns that no longer exist or mean something else.
 */
import { createHash } from 'node:crypto';
import { storedType } from '../../schema-graph/lookup.js';
import type { SchemaGraph } from '../../schema-graph/types.js';

export function schemaFingerprint(schema: SchemaGraph): string {
  const shape = {
    classes: [...schema.classes]
      // Numbers kept as text count as the text the database keeps: a model trained before they were read as numbers still names the same columns.
      .map((c) => ({ id: c.id, attributes: c.attributes.map((a) => [a.id, storedType(a)]).sort() }))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
    relations: schema.relations.map((r) => [r.id, r.from, r.to]).sort(),
  };
  return createHash('sha256').update(JSON.stringify(shape)).digest('hex').slice(0, 16);
}
