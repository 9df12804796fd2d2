/**
 * The words that name what a query graph reads: the human names of its classes, attributes and
 * relations (selected, compared, grouped, ordered, followed, inside patterns). A question in
 * other words that names a part of the schema neither its taught question nor the taught graph
 * names asks for something the taught reading does not give (near-questions.ts, example-index.ts):
 * "the names and grades of each student" read as the taught "the grade of each student" would
 * drop the names.
 */
import type { HumanName, SchemaGraph } from '../../../engines/schema-graph/types.js';
import { patternAttributeRefs } from '../../../engines/query-graph/parts.js';
import { attributeRefs } from '../../../engines/query-graph/validate.js';
import type { AttributeRef, Follow, QueryGraph } from '../../../engines/query-graph/types.js';

/** The human names of every class, attribute and relation the graph reads, each once. */
export function graphNames(graph: QueryGraph, schema: SchemaGraph): HumanName[] {
  const patterns = (graph.patterns ?? []).flatMap((condition) => condition.branches);
  const follows: Follow[] = [...graph.follows, ...patterns.flatMap((p) => p.follows)];
  const refs: AttributeRef[] = [...attributeRefs(graph), ...patterns.flatMap(patternAttributeRefs)];
  const classIds = new Set<string>([...graph.classes, ...patterns.flatMap((p) => p.classes), ...refs.map((r) => r.classId), ...follows.flatMap((f) => [f.from.classId, f.to.classId])]);
  const relationIds = new Set<string>(follows.flatMap((f) => [f.relation, ...(f.alternatives ?? [])]));
  const names: HumanName[] = [];
  for (const c of schema.classes) {
    if (classIds.has(c.id)) names.push(c.name);
    for (const a of c.attributes) if (refs.some((r) => r.classId === c.id && r.attributeId === a.id)) names.push(a.name);
  }
  for (const r of schema.relations) if (relationIds.has(r.id)) names.push(r.name);
  return names;
}
