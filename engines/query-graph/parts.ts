/**
 * Reading the newer, optional parts of a query graph (offset, computed attributes, comparisons,
 * patterns, extremes) the same way everywhere: what attributes they refer to, and how a graph
 * carries them (only when present, so graphs without them keep their old shape and canonical form).
 */
import type { AggregateComparison, AttributeComparison, AttributeRef, ComputedAttribute, Expression, Extreme, Pattern, PatternCondition, QueryGraph, SubAggregate } from './types.js';

/** The refs an expression reads, left to right. */
export function expressionRefs(expression: Expression): AttributeRef[] {
  switch (expression.kind) {
    case 'attribute':
      return [expression.ref];
    case 'number':
      return [];
    case 'arithmetic':
      return [...expressionRefs(expression.left), ...expressionRefs(expression.right)];
  }
}

/**
 * Refs of the computed attributes (each target, then its operands), comparisons, the graph's side
 * of comparisons with an aggregate (the aggregate's own refs are its own) and extremes, in that order.
 */
export function graphAttributeRefs(parts: {
  readonly computed?: readonly ComputedAttribute[] | undefined;
  readonly compare?: readonly AttributeComparison[] | undefined;
  readonly aggregateCompare?: readonly AggregateComparison[] | undefined;
  readonly extremes?: readonly Extreme[] | undefined;
}): AttributeRef[] {
  return [
    ...(parts.computed ?? []).flatMap((c) => [c.target, ...expressionRefs(c.expression)]),
    ...(parts.compare ?? []).flatMap((c) => [c.left, c.right]),
    ...(parts.aggregateCompare ?? []).map((c) => c.left),
    ...(parts.extremes ?? []).flatMap((e) => [e.measure, ...e.per]),
  ];
}

/** Every ref a pattern's conditions and comparisons read. */
export function patternAttributeRefs(pattern: Pattern): AttributeRef[] {
  return [...pattern.where.map((c) => c.target), ...pattern.compare.flatMap((c) => [c.left, c.right])];
}

/**
 * A compared aggregate as the query graph of its own it is (its measure shown, its follows and
 * conditions, its classes in first-mention order): validated, joined and translated as any graph.
 */
export function subAggregateGraph(sub: SubAggregate): QueryGraph {
  const classes: string[] = [];
  const add = (classId: string) => {
    if (!classes.includes(classId)) classes.push(classId);
  };
  add(sub.measure.target.classId);
  sub.where.forEach((c) => add(c.target.classId));
  sub.follows.forEach((f) => {
    add(f.from.classId);
    add(f.to.classId);
  });
  sub.classes.forEach(add);
  return { classes, select: [sub.measure], where: sub.where, follows: sub.follows, groupBy: [], having: [], orderBy: [], limit: null, distinct: false };
}

export interface OptionalParts {
  readonly offset?: number | undefined;
  readonly computed?: readonly ComputedAttribute[] | undefined;
  readonly compare?: readonly AttributeComparison[] | undefined;
  readonly aggregateCompare?: readonly AggregateComparison[] | undefined;
  readonly patterns?: readonly PatternCondition[] | undefined;
  readonly extremes?: readonly Extreme[] | undefined;
}

/** The optional parts that are present: an offset above 0 and the non-empty lists. */
export function optionalParts(parts: OptionalParts): Partial<Pick<QueryGraph, 'offset' | 'computed' | 'compare' | 'aggregateCompare' | 'patterns' | 'extremes'>> {
  return {
    ...(parts.offset !== undefined && parts.offset !== 0 ? { offset: parts.offset } : {}),
    ...(parts.computed && parts.computed.length > 0 ? { computed: parts.computed } : {}),
    ...(parts.compare && parts.compare.length > 0 ? { compare: parts.compare } : {}),
    ...(parts.aggregateCompare && parts.aggregateCompare.length > 0 ? { aggregateCompare: parts.aggregateCompare } : {}),
    ...(parts.patterns && parts.patterns.length > 0 ? { patterns: parts.patterns } : {}),
    ...(parts.extremes && parts.extremes.length > 0 ? { extremes: parts.extremes } : {}),
  };
}

/**
 * A `some` / `none` condition from each branch's EXISTS text: `some` holds when one branch exists
 * (OR), `none` when none does (NOT of the OR). SQL and Cypher write it alike.
 */
export function quantified(condition: PatternCondition, exists: (branch: Pattern) => string): string {
  const any = condition.branches.map(exists);
  const either = any.length === 1 ? any[0]! : `(${any.join(' OR ')})`;
  return condition.quantifier === 'none' ? `NOT ${either}` : either;
}
