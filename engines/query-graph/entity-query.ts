/**
 * Whole entities behind an ENTITIES answer. The answer's rows show only what was asked (a product's
 * name) and carry no key, so the same graph is run again showing every attribute of the class
 * instance the answer is about: same conditions, follows, order and limit, hence the same things,
 * now with their keys and all their values. One statement, no second round trip per entity.
 */
import { createHash } from 'node:crypto';
import type { Entity, JsonValue } from '../../types.js';
import type { SchemaAttribute, SchemaClass, SchemaGraph } from '../schema-graph/types.js';
import { attr, deepFreeze, instanceOf } from './build.js';
import type { AttributeRef, QueryGraph } from './types.js';

/**
 * Attributes an entity carries: all but binary ones (pictures, documents), which can be megabytes
 * each and would be loaded for every entity whether the client selects them or not.
 */
export function entityAttributes(schemaClass: SchemaClass): readonly SchemaAttribute[] {
  return schemaClass.attributes.filter((attribute) => attribute.type !== 'binary');
}

export interface EntityQuery {
  /** The answer's graph, showing every entity attribute of the instance instead. */
  readonly graph: QueryGraph;
  readonly schemaClass: SchemaClass;
  /** The attributes shown, in column order. */
  readonly attributes: readonly SchemaAttribute[];
}

/**
 * The graph that loads the entities an answer's graph stands for, or null when its rows are not
 * things: something aggregated, or grouped by anything but the shown instance. The instance is the
 * one the first shown attribute belongs to (`show Person#2.name` is about Person#2).
 */
export function entityQuery(graph: QueryGraph, schema: SchemaGraph): EntityQuery | null {
  const first = graph.select[0]?.target;
  if (!first || graph.select.some((measure) => measure.aggregate !== null)) return null;
  const instance = instanceOf(first);
  const sameInstance = (ref: AttributeRef) => ref.classId === first.classId && instanceOf(ref) === instance;
  if (!graph.groupBy.every(sameInstance)) return null;
  const schemaClass = schema.classes.find((candidate) => candidate.id === first.classId);
  if (!schemaClass) return null;
  const grouped = graph.groupBy.length > 0;
  // The engines sort by the order terms, then by the shown (or grouped) columns, then by the key:
  // showing those first, in the same order, keeps the rows in the answer's order, so a limit
  // picks the same things.
  const leading = grouped ? graph.groupBy : graph.select.map((measure) => measure.target);
  const attributes = inOrder(entityAttributes(schemaClass), [...leading.map((ref) => ref.attributeId), ...schemaClass.primaryKey]);
  if (attributes.length === 0) return null;
  const refs = attributes.map((attribute) => attr(schemaClass.id, attribute.id, instance));
  return {
    // `classes` is kept as it was: the joins, and so the rows, stay those of the answer.
    graph: deepFreeze({
      ...graph,
      select: refs.map((target) => ({ target, aggregate: null })),
      // Grouped by the instance: by all of it, so two things sharing a name stay two entities.
      groupBy: grouped ? refs : [],
    }),
    schemaClass,
    attributes,
  };
}

/** `attributes` with those named in `first` at the front, in that order; the rest as they were. */
function inOrder(attributes: readonly SchemaAttribute[], first: readonly string[]): SchemaAttribute[] {
  const rank = new Map<string, number>();
  first.forEach((id) => {
    if (!rank.has(id)) rank.set(id, rank.size);
  });
  const front = attributes.filter((a) => rank.has(a.id)).sort((a, b) => (rank.get(a.id) as number) - (rank.get(b.id) as number));
  return [...front, ...attributes.filter((a) => !rank.has(a.id))];
}

/**
 * Entities from the rows of an entity query, in row order, each once (a join can repeat a thing).
 * The id is `<source>:<class>:<key>` (key values joined by `,`); a class without a key (a graph's
 * relationship with properties) is identified by a hash of its values instead.
 */
export function entitiesFromRows(sourceId: string, query: EntityQuery, rows: readonly (readonly JsonValue[])[]): Entity[] {
  const seen = new Set<string>();
  const out: Entity[] = [];
  for (const row of rows) {
    const fields: Record<string, JsonValue> = {};
    query.attributes.forEach((attribute, i) => {
      fields[attribute.id] = row[i] ?? null;
    });
    const id = `${sourceId}:${query.schemaClass.id}:${keyOf(query.schemaClass, fields)}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ id, source: sourceId, class: query.schemaClass.id, fields });
  }
  return out;
}

function keyOf(schemaClass: SchemaClass, fields: Readonly<Record<string, JsonValue>>): string {
  if (schemaClass.primaryKey.length > 0) return schemaClass.primaryKey.map((id) => String(fields[id] ?? '')).join(',');
  return `#${createHash('sha256').update(JSON.stringify(fields)).digest('hex').slice(0, 16)}`;
}
