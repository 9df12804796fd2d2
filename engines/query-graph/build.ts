/**
 * Small constructors for query graphs, so tests and generators write `attr('Products', 'UnitPrice')`
 * instead of object literals. `queryGraph()` fills defaults, derives the class list and freezes
 * the result deeply: a query graph never changes after it is made.
 */
import type {
  AggregateConstraint,
  AggregateFunction,
  AttributeRef,
  Constraint,
  Follow,
  Measure,
  Operator,
  OrderTerm,
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
  };
  return deepFreeze(graph);
}

/**
 * Classes in first-mention order over select, where, group, having, order; then the explicit
 * extra classes no part mentions. The same order the canonical form's parser produces.
 */
function classesOf(parts: QueryGraphParts): string[] {
  const seen = new Set<string>();
  const add = (ref: AttributeRef) => seen.add(ref.classId);
  parts.select.forEach((m) => add(m.target));
  parts.where?.forEach((c) => add(c.target));
  parts.follows?.forEach((f) => {
    seen.add(f.from.classId);
    seen.add(f.to.classId);
  });
  parts.groupBy?.forEach(add);
  parts.having?.forEach((h) => add(h.measure.target));
  parts.orderBy?.forEach((o) => add(o.measure.target));
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
