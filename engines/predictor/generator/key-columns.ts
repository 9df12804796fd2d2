/**
 * One graph per meaning for key columns (a cause of held-out misses on Northwind): a foreign key
 * and the key it references hold the same value on every joined row, and people call both by one
 * name ("category id"), so `Products.CategoryID` and `Categories.CategoryID` in one graph are two
 * targets for one sentence. The generator writes the referenced key as the referencing column
 * whenever the referencing class is in the graph; the referenced class then stays only if
 * something else of it is used (or it is kept on purpose as a join).
 */
import { queryGraph } from '../../query-graph/build.js';
import type { AttributeRef, Measure, QueryGraph } from '../../query-graph/types.js';
import type { SchemaGraph } from '../../schema-graph/types.js';

export function preferReferencingColumns(graph: QueryGraph, schema: SchemaGraph): QueryGraph {
  if (graph.follows.length > 0) return graph;
  const swap = new Map<string, AttributeRef>();
  for (const r of schema.relations) {
    if (r.through || r.from === r.to || r.fromColumns.length !== 1 || r.toColumns.length !== 1) continue;
    if (!graph.classes.includes(r.from) || !graph.classes.includes(r.to)) continue;
    const referenced = `${r.to}.${r.toColumns[0]}`;
    if (!swap.has(referenced)) swap.set(referenced, { classId: r.from, attributeId: r.fromColumns[0] as string });
  }
  if (swap.size === 0) return graph;
  const ref = (a: AttributeRef): AttributeRef => ((a.instance ?? 1) === 1 ? (swap.get(`${a.classId}.${a.attributeId}`) ?? a) : a);
  const measure = (m: Measure): Measure => ({ ...m, target: ref(m.target) });
  const parts = {
    select: graph.select.map(measure),
    where: graph.where.map((c) => ({ ...c, target: ref(c.target) })),
    groupBy: graph.groupBy.map(ref),
    having: graph.having.map((h) => ({ ...h, measure: measure(h.measure) })),
    orderBy: graph.orderBy.map((o) => ({ ...o, measure: measure(o.measure) })),
  };
  // Showing a key twice (once each side) is one column.
  const seen = new Set<string>();
  const select = parts.select.filter((m) => {
    const id = `${m.aggregate ?? ''}|${m.target.classId}.${m.target.attributeId}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
  return queryGraph({ ...graph, ...parts, select, classes: graph.classes });
}
