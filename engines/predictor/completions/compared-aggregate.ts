/**
 * A value compared with an aggregate of rows of their own, as the words say it (cues/compared-aggregate.ts:
 * "dogs with an age below the average", "countries that have greater surface area than any country
 * in Europe"). The model was never shown such a question, and writes something else: the average
 * shown and grouped by ("the number of dogs for each age"), a null test on the attribute, the
 * aggregate's own values as the answer's conditions or as a pattern ("some country in Europe"), a
 * ranking for "the minimum". A reading is rewritten to compare the attribute the words name with
 * the aggregate of that attribute over rows of their own (`compare A:Dogs.age < avg A:Dogs.age end`):
 *
 * - the values said after the aggregate word move into the aggregate, as the reading (anywhere)
 *   conditions them, else as their words say (a text value's column, a number's attribute named before it);
 * - what the reading made of the comparison's own words goes: conditions and patterns on those
 *   values, conditions on the compared attribute and comparisons of it with another column,
 *   conditions on aggregates (`having`), the compared attribute's aggregates shown, a ranking by the
 *   compared attribute or by an aggregate, a superlative of the compared attribute;
 * - a grouping no word asks for ("for each", "per") goes, and with it the plain attributes shown
 *   beside a count ("how many dogs ..."); the compared attribute's aggregate shown where the words
 *   ask for a count of a class the reading has ("the number of cities in each district whose
 *   population is greater than the average") is that count.
 *
 * A reading whose class has none of the compared attributes, or whose aggregate's values cannot be
 * placed, is left as it is (the cue then moves it back).
 */
import { referencedClasses } from '../../query-graph/canonical.js';
import { queryGraph } from '../../query-graph/build.js';
import type { AggregateComparison, AttributeRef, Constraint, Measure, QueryGraph, QueryValue } from '../../query-graph/types.js';
import type { SchemaGraph } from '../../schema-graph/types.js';
import type { ComparedAggregateCue } from '../cues/compared-aggregate.js';
import type { CountCues } from '../cues/count.js';
import { graphToTokens, tokensToGraph } from '../model/target.js';

const placeholderOf = (value: QueryValue) => (value.kind === 'placeholder' ? Number(value.name) : null);
const refOf = (token: string): AttributeRef => {
  const dot = token.lastIndexOf('.');
  return { classId: token.slice(2, dot), attributeId: token.slice(dot + 1) };
};
const sameAttribute = (a: AttributeRef, b: AttributeRef) => a.classId === b.classId && a.attributeId === b.attributeId;
/** A ref as the aggregate's own rows have it (instance 1 of its own scope). */
const own = (ref: AttributeRef): AttributeRef => ({ classId: ref.classId, attributeId: ref.attributeId });

const ORDERED = ['integer', 'decimal', 'float', 'date', 'datetime'];

/**
 * When the words name no attribute, the one the reading made of the comparison: a number or date
 * it aggregates by avg, min, max or sum (shown, in a condition on groups, or ranked by), else one
 * it compares with a value or tests for null.
 */
function readingCompared(graph: QueryGraph, schema: SchemaGraph): AttributeRef | undefined {
  const ordered = (ref: AttributeRef) => {
    const type = schema.classes.find((c) => c.id === ref.classId)?.attributes.find((a) => a.id === ref.attributeId)?.type;
    return type !== undefined && ORDERED.includes(type);
  };
  const aggregated = [...graph.select, ...graph.having.map((h) => h.measure), ...graph.orderBy.map((o) => o.measure)].find((m) => ['avg', 'min', 'max', 'sum'].includes(m.aggregate ?? '') && ordered(m.target));
  if (aggregated) return own(aggregated.target);
  const compared = graph.where.find((c) => ['<', '<=', '>', '>=', 'is_null', 'not_null'].includes(c.operator) && ordered(c.target));
  return compared ? own(compared.target) : undefined;
}

/** `tokens` comparing the attribute the cue names with its aggregate; `tokens` itself when it cannot. */
export function withComparedAggregate(tokens: readonly string[], cue: ComparedAggregateCue | null, schema: SchemaGraph, grouped: boolean, counts: CountCues = []): readonly string[] {
  if (!cue) return tokens;
  let graph: QueryGraph;
  let limitPlaceholder: number | null;
  try {
    ({ graph, limitPlaceholder } = tokensToGraph(tokens, schema));
  } catch {
    return tokens;
  }
  if ((graph.aggregateCompare ?? []).length > 0 || (graph.computed ?? []).length > 0) return tokens;
  const compared = cue.attributes.map(refOf).find((ref) => graph.classes.includes(ref.classId)) ?? (cue.attributes.length === 0 ? readingCompared(graph, schema) : undefined);
  if (!compared) return tokens;
  const placed = new Set([...cue.own, ...cue.junk]);
  const mentionsPlaced = (c: Constraint) => c.values.some((v) => placed.has(placeholderOf(v) ?? -1));

  // The aggregate's own conditions: as the reading has them, else as the words say.
  const everyCondition = [...graph.where, ...(graph.patterns ?? []).flatMap((p) => p.branches.flatMap((b) => b.where))];
  const conditions: Constraint[] = [];
  for (const k of cue.own) {
    const held = everyCondition.find((c) => c.values.some((v) => placeholderOf(v) === k));
    if (held) {
      if (!conditions.includes(held)) conditions.push(held);
      continue;
    }
    const fallback = cue.fallbacks.get(k);
    if (!fallback) return tokens;
    conditions.push({ target: refOf(fallback.attribute), operator: fallback.operator, values: [{ kind: 'placeholder', name: String(k) }] });
  }
  const comparison: AggregateComparison = {
    left: compared,
    operator: cue.operator,
    right: { measure: { aggregate: cue.aggregate, target: compared }, classes: [], follows: [], where: conditions.map((c) => ({ ...c, target: own(c.target) })) },
  };

  // What the reading made of the comparison's words goes.
  const ofCompared = (m: Measure) => sameAttribute(m.target, compared);
  // The compared attribute set against another column is the model's reading of the comparison ("higher than the average" as LifeExpectancy > SurfaceArea).
  const compare = (graph.compare ?? []).filter((c) => !sameAttribute(c.left, compared) && !sameAttribute(c.right, compared));
  const where = graph.where.filter((c) => !mentionsPlaced(c) && !sameAttribute(c.target, compared));
  const patterns = (graph.patterns ?? []).filter((p) => !p.branches.some((b) => b.where.some(mentionsPlaced)));
  const having = graph.having.filter((h) => !placed.has(placeholderOf(h.value) ?? -1) && !ofCompared(h.measure));
  let select = graph.select.filter((m) => m.aggregate === null || m.aggregate === 'count' || m.aggregate === 'count_distinct' || !ofCompared(m));
  // The aggregate shown in place of a count the words ask for ("the number of cities in each district whose
  // population is greater than the average": `show avg city.Population`) is that count.
  const counted = counts.length === 1 && counts[0]!.direction === null ? counts[0]!.classes.find((c) => graph.classes.includes(c.classId)) : undefined;
  if (counted && select.length < graph.select.length && !select.some((m) => m.aggregate === 'count' || m.aggregate === 'count_distinct')) {
    const at = graph.select.findIndex((m) => !select.includes(m));
    select = [...select.slice(0, at), { aggregate: 'count', target: { classId: counted.classId, attributeId: '*' } }, ...select.slice(at)];
  }
  const groupBy = grouped ? graph.groupBy : [];
  if (groupBy.length === 0 && select.some((m) => m.aggregate !== null) && select.some((m) => m.aggregate === null)) select = select.filter((m) => m.aggregate !== null);
  if (select.length === 0) return tokens;
  const ranks = graph.orderBy.some((o) => o.measure.aggregate !== null || ofCompared(o.measure));
  const orderBy = ranks ? [] : graph.orderBy;
  const keepsLimit = !ranks || graph.orderBy.length === 0;
  const extras = graph.classes.filter((c) => !referencedClasses(graph).includes(c));
  const completed = queryGraph({
    classes: extras,
    select,
    where,
    follows: graph.follows,
    groupBy,
    having,
    orderBy,
    limit: keepsLimit ? graph.limit : null,
    distinct: graph.distinct,
    ...(keepsLimit && graph.offset !== undefined ? { offset: graph.offset } : {}),
    compare,
    aggregateCompare: [comparison],
    patterns,
    extremes: (graph.extremes ?? []).filter((e) => !sameAttribute(e.measure, compared)),
  });
  try {
    return graphToTokens(completed, keepsLimit ? limitPlaceholder : null);
  } catch {
    return tokens;
  }
}
