/**
 * Small constructors for query graphs, so tests and generators write `attr('Products', 'UnitPrice')`
 * instead of object literals. `queryGraph()` fills defaults, derives the class list and freezes
 * the result deeply: a query graph never changes after it is made.
 */
import { referencedClasses } from './canonical.js';
import { optionalParts } from './parts.js';
import type {
  AggregateComparison,
  AggregateConstraint,
  AggregateFunction,
  AttributeComparison,
  AttributeRef,
  ComparisonOperator,
  ComputedAttribute,
  Constraint,
  Expression,
  Extreme,
  Follow,
  Measure,
  Operator,
  OrderTerm,
  Pattern,
  PatternCondition,
  QueryGraph,
  QueryValue,
} from './types.js';

export function attr(classId: string, attributeId: string, instance = 1): AttributeRef {
  return instance === 1 ? { classId, attributeId } : { classId, attributeId, instance };
}

/** All rows of a class (count(*)). */
export function rows(classId: string, instance = 1): AttributeRef {
  return attr(classId, '*', instance);
}

/** `to` is the `relation` of `from`: follow(['Person', 1], 'FATHER', ['Person', 2]). */
export function follow(from: readonly [string, number], relation: string, to: readonly [string, number]): Follow {
  return { from: { classId: from[0], instance: from[1] }, relation, to: { classId: to[0], instance: to[1] } };
}

/**
 * A step along any one of several relations, optionally repeated: `followAny(['Person', 1],
 * ['SON', 'DAUGHTER'], ['Person', 2])` (a child), `followAny(['Person', 1], ['FATHER', 'MOTHER'],
 * ['Person', 2], { min: 1, max: 4 })` (an ancestor up to four generations back).
 */
export function followAny(
  from: readonly [string, number],
  relations: readonly [string, ...string[]],
  to: readonly [string, number],
  hops?: { readonly min: number; readonly max: number },
): Follow {
  const [relation, ...alternatives] = relations;
  return { ...follow(from, relation, to), ...(alternatives.length > 0 ? { alternatives } : {}), ...(hops ? { hops } : {}) };
}

export function compare(left: AttributeRef, operator: ComparisonOperator, right: AttributeRef): AttributeComparison {
  return { left, operator, right };
}

/** Expression helpers: `times(ref(a), ref(b))`, numbers as `num(2)`. */
export function ref(target: AttributeRef): Expression {
  return { kind: 'attribute', ref: target };
}

export function num(value: number): Expression {
  return { kind: 'number', value };
}

export function arithmetic(operator: '+' | '-' | '*' | '/', left: Expression, right: Expression): Expression {
  return { kind: 'arithmetic', operator, left, right };
}

export function computed(target: AttributeRef, expression: Expression): ComputedAttribute {
  return { target, expression };
}

export function pattern(parts: { classes?: readonly string[]; follows?: readonly Follow[]; where?: readonly Constraint[]; compare?: readonly AttributeComparison[] }): Pattern {
  return { classes: parts.classes ?? [], follows: parts.follows ?? [], where: parts.where ?? [], compare: parts.compare ?? [] };
}

/**
 * An attribute against an aggregate of rows of their own: `compareAggregate(attr('Dogs', 'age'),
 * '<', show(attr('Dogs', 'age'), 'avg'))`, with the aggregate's own conditions, follows and classes.
 */
export function compareAggregate(
  left: AttributeRef,
  operator: ComparisonOperator,
  measure: Measure,
  parts: { where?: readonly Constraint[]; follows?: readonly Follow[]; classes?: readonly string[] } = {},
): AggregateComparison {
  return { left, operator, right: { measure, classes: parts.classes ?? [], follows: parts.follows ?? [], where: parts.where ?? [] } };
}

/** Nothing matches any of the patterns (NOT EXISTS). */
export function none(...branches: Pattern[]): PatternCondition {
  return { quantifier: 'none', branches };
}

/** Something matches at least one of the patterns (EXISTS; several are a union). */
export function some(...branches: Pattern[]): PatternCondition {
  return { quantifier: 'some', branches };
}

export function extreme(direction: 'max' | 'min', measure: AttributeRef, ...per: AttributeRef[]): Extreme {
  return { measure, direction, per };
}

/** The instance a ref names (1 when unstated). */
export function instanceOf(ref: AttributeRef): number {
  return ref.instance ?? 1;
}

export function show(target: AttributeRef, aggregate: AggregateFunction | null = null): Measure {
  return { target, aggregate };
}

/** Turns plain JS values into query values: strings, numbers, booleans; `@name` is a placeholder. */
export function value(raw: string | number | boolean): QueryValue {
  if (typeof raw === 'number') return { kind: 'number', value: raw };
  if (typeof raw === 'boolean') return { kind: 'boolean', value: raw };
  return { kind: 'string', value: raw };
}

export function date(isoDate: string): QueryValue {
  return { kind: 'date', value: isoDate };
}

export function placeholder(name: string): QueryValue {
  return { kind: 'placeholder', name };
}

export function where(target: AttributeRef, operator: Operator, ...values: (QueryValue | string | number | boolean)[]): Constraint {
  return { target, operator, values: values.map((v) => (typeof v === 'object' ? v : value(v))) };
}

export function having(measure: Measure, operator: AggregateConstraint['operator'], raw: QueryValue | number): AggregateConstraint {
  return { measure, operator, value: typeof raw === 'number' ? value(raw) : raw };
}

export function order(measure: Measure, direction: 'asc' | 'desc'): OrderTerm {
  return { measure, direction };
}

export interface QueryGraphParts {
  /** Extra classes to include (e.g. only joined through); the rest are derived from the parts. */
  readonly classes?: readonly string[];
  readonly select: readonly Measure[];
  readonly where?: readonly Constraint[];
  readonly follows?: readonly Follow[];
  readonly groupBy?: readonly AttributeRef[];
  readonly having?: readonly AggregateConstraint[];
  readonly orderBy?: readonly OrderTerm[];
  readonly limit?: number | null;
  readonly distinct?: boolean;
  /** Rows skipped after ordering (0 or absent: none). */
  readonly offset?: number | undefined;
  readonly computed?: readonly ComputedAttribute[] | undefined;
  readonly compare?: readonly AttributeComparison[] | undefined;
  readonly aggregateCompare?: readonly AggregateComparison[] | undefined;
  readonly patterns?: readonly PatternCondition[] | undefined;
  readonly extremes?: readonly Extreme[] | undefined;
}

export function queryGraph(parts: QueryGraphParts): QueryGraph {
  const graph = {
    classes: classesOf(parts),
    select: parts.select,
    where: parts.where ?? [],
    follows: parts.follows ?? [],
    groupBy: parts.groupBy ?? [],
    having: parts.having ?? [],
    orderBy: parts.orderBy ?? [],
    limit: parts.limit ?? null,
    distinct: parts.distinct ?? false,
    ...optionalParts(parts),
  };
  return deepFreeze(graph);
}

/**
 * Classes in first-mention order over the graph's items (canonical.ts referencedClasses), then the
 * explicit extra classes no part mentions. The same order the canonical form's parser produces.
 */
function classesOf(parts: QueryGraphParts): string[] {
  const seen = new Set<string>(referencedClasses({ ...parts, where: parts.where ?? [], follows: parts.follows ?? [], groupBy: parts.groupBy ?? [], having: parts.having ?? [], orderBy: parts.orderBy ?? [] }));
  for (const classId of parts.classes ?? []) seen.add(classId);
  return [...seen];
}

export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value as Record<string, unknown>)) deepFreeze(inner);
  }
  return value;
}
