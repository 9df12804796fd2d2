/**
 * What a query graph groups by, the same for every engine: its explicit groups, plus every plain
 * attribute it shows or sorts by whenever anything is aggregated ("countries and their number of
 * customers" groups by country without saying so).
 */
import type { AttributeRef, Measure, QueryGraph } from './types.js';
import { measureKey } from './validate.js';

export function hasAggregates(graph: QueryGraph): boolean {
  return graph.having.length > 0 || graph.select.some((m) => m.aggregate !== null) || graph.orderBy.some((t) => t.measure.aggregate !== null);
}

export function effectiveGroupBy(graph: QueryGraph): AttributeRef[] {
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
  return groups;
}
