/**
 * What a query graph groups by, the same for every engine: its explicit groups, plus every plain
 * attribute it shows or sorts by whenever anything is aggregated ("countries and their number of
 * customers" groups by country without saying so). A group by the attribute that names a class's
 * things (its label: schema-graph/labels.ts) is a group per thing, so the class's key joins it:
 * "the high schoolers with at least 3 friends" are each high schooler, and two called Jordan are
 * two rows, not one with both their friends.
 */
import { labelAttribute } from '../schema-graph/labels.js';
import type { SchemaGraph } from '../schema-graph/types.js';
import type { AttributeRef, Measure, QueryGraph } from './types.js';
import { measureKey } from './validate.js';

export function hasAggregates(graph: QueryGraph): boolean {
  return graph.having.length > 0 || graph.select.some((m) => m.aggregate !== null) || graph.orderBy.some((t) => t.measure.aggregate !== null);
}

export function effectiveGroupBy(graph: QueryGraph, schema: SchemaGraph): AttributeRef[] {
  const groups = [...graph.groupBy];
  if (!hasAggregates(graph) && groups.length === 0) return [];
  const seen = new Set(groups.map((ref) => measureKey({ target: ref, aggregate: null })));
  const measures: Measure[] = [...graph.select, ...graph.orderBy.map((term) => term.measure)];
  for (const measure of measures) {
    const key = measureKey({ target: measure.target, aggregate: null });
    if (measure.aggregate === null && !seen.has(key)) {
      seen.add(key);
      groups.push(measure.target);
    }
  }
  return [...groups, ...thingKeys(groups, schema, seen)];
}

/** The key attributes of each class instance grouped by its label and not by its key already (see the file's comment). */
function thingKeys(groups: readonly AttributeRef[], schema: SchemaGraph, seen: Set<string>): AttributeRef[] {
  const keys: AttributeRef[] = [];
  for (const ref of groups) {
    const owner = schema.classes.find((c) => c.id === ref.classId);
    if (!owner || owner.primaryKey.length === 0 || owner.primaryKey.includes(ref.attributeId) || labelAttribute(schema, owner.id)?.id !== ref.attributeId) continue;
    for (const attributeId of owner.primaryKey) {
      const key: AttributeRef = { classId: ref.classId, attributeId, ...(ref.instance !== undefined ? { instance: ref.instance } : {}) };
      const id = measureKey({ target: key, aggregate: null });
      if (seen.has(id)) continue;
      seen.add(id);
      keys.push(key);
    }
  }
  return keys;
}
