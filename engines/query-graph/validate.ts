/**
 * Checks a query graph against the schema graph it is meant for, before any engine translates it:
 * the classes and attributes exist, every operator fits its attribute's type and has the right
 * number of values, aggregates fit their attributes, and no placeholder is left unbound. What the
 * predictor proposes is only ever run after passing here.
 */
import { InvalidQueryGraphError } from '../../errors.js';
import { findAttribute, findClass } from '../schema-graph/lookup.js';
import type { AttributeType, SchemaGraph, SchemaRelation } from '../schema-graph/types.js';
import { formatQueryGraph } from './canonical.js';
import type { AttributeRef, Constraint, Follow, Measure, QueryGraph, QueryValue } from './types.js';

const NUMERIC: readonly AttributeType[] = ['integer', 'decimal', 'float'];
const TEMPORAL: readonly AttributeType[] = ['date', 'datetime'];
const ORDERED: readonly AttributeType[] = [...NUMERIC, ...TEMPORAL, 'text'];

/** The type of the attribute a ref names; `*` (the rows themselves) has no type. */
export function attributeType(schema: SchemaGraph, ref: AttributeRef): AttributeType | null {
  if (ref.attributeId === '*') {
    findClass(schema, ref.classId);
    return null;
  }
  return findAttribute(schema, ref.classId, ref.attributeId).type;
}

export function validateQueryGraph(graph: QueryGraph, schema: SchemaGraph): void {
  const fail = (message: string): never => {
    throw new InvalidQueryGraphError(message, formatQueryGraph(graph));
  };
  if (graph.select.length === 0) fail('a query graph shows at least one thing');
  for (const classId of graph.classes) findClass(schema, classId);
  if (graph.limit !== null && (!Number.isInteger(graph.limit) || graph.limit < 1)) fail('limit must be a positive integer');

  const checkMeasure = (measure: Measure) => {
    const type = attributeType(schema, measure.target);
    if (measure.aggregate === null) {
      if (type === null) fail(`'${measure.target.classId}.*' can only be counted`);
      return;
    }
    if (type === null && measure.aggregate !== 'count') fail(`${measure.aggregate} needs an attribute, not '*'`);
    if ((measure.aggregate === 'sum' || measure.aggregate === 'avg') && type !== null && !NUMERIC.includes(type)) {
      fail(`${measure.aggregate} of ${measure.target.classId}.${measure.target.attributeId} (${type}) is not a number`);
    }
    if ((measure.aggregate === 'min' || measure.aggregate === 'max') && type !== null && !ORDERED.includes(type)) {
      fail(`${measure.aggregate} of a ${type} attribute`);
    }
  };
  graph.select.forEach(checkMeasure);
  graph.orderBy.forEach((term) => checkMeasure(term.measure));
  graph.having.forEach((h) => {
    checkMeasure(h.measure);
    if (h.measure.aggregate === null) fail('having needs an aggregate');
    checkValue(h.value, aggregateResultType(h.measure, schema) ?? 'number', fail);
  });
  graph.groupBy.forEach((ref) => {
    if (attributeType(schema, ref) === null) fail('cannot group by *');
  });
  graph.where.forEach((constraint) => checkConstraint(constraint, schema, fail));
  graph.follows.forEach((step) => {
    if (!Number.isInteger(step.from.instance) || step.from.instance < 1 || !Number.isInteger(step.to.instance) || step.to.instance < 1) {
      fail('instances are numbered from 1');
    }
    if (step.from.classId === step.to.classId && step.from.instance === step.to.instance) fail(`follow ${step.relation} from an instance to itself`);
    relationOf(schema, step, fail);
  });
  checkInstancesConnected(graph, fail);
  if (graph.distinct) {
    const shown = new Set(graph.select.map(measureKey));
    for (const term of graph.orderBy) {
      if (!shown.has(measureKey(term.measure))) fail('with distinct, every ordering must be among the things shown');
    }
  }
}

function checkConstraint(constraint: Constraint, schema: SchemaGraph, fail: (message: string) => never): void {
  const type = attributeType(schema, constraint.target);
  const name = `${constraint.target.classId}.${constraint.target.attributeId}`;
  if (type === null) fail(`cannot constrain '${name}'`);
  const count = constraint.values.length;
  const expectCount = (ok: boolean, what: string) => {
    if (!ok) fail(`${constraint.operator} on ${name} takes ${what}, got ${count}`);
  };
  switch (constraint.operator) {
    case 'is_null':
    case 'not_null':
      expectCount(count === 0, 'no value');
      return;
    case 'in':
    case 'not_in':
      expectCount(count >= 1, 'one or more values');
      break;
    case 'between':
      expectCount(count === 2, 'two values');
      if (!ORDERED.includes(type as AttributeType)) fail(`between on ${name} (${type})`);
      break;
    case 'contains':
    case 'starts_with':
      expectCount(count === 1, 'one value');
      if (type !== 'text') fail(`${constraint.operator} needs a text attribute; ${name} is ${type}`);
      break;
    case 'year':
    case 'month':
      expectCount(count === 1, 'one value');
      if (!TEMPORAL.includes(type as AttributeType)) fail(`${constraint.operator} needs a date attribute; ${name} is ${type}`);
      break;
    case '<':
    case '<=':
    case '>':
    case '>=':
      expectCount(count === 1, 'one value');
      if (!ORDERED.includes(type as AttributeType)) fail(`${constraint.operator} on ${name} (${type})`);
      break;
    default:
      expectCount(count === 1, 'one value');
  }
  for (const value of constraint.values) {
    if (constraint.operator === 'year') checkYear(value, fail);
    else if (constraint.operator === 'month') checkMonth(value, fail);
    else checkValue(value, type as AttributeType, fail);
  }
}

/** Whether a value can be compared with an attribute of `type`. Placeholders must be bound by now. */
function checkValue(value: QueryValue, type: AttributeType | 'number', fail: (message: string) => never): void {
  if (value.kind === 'placeholder') fail(`placeholder @${value.name} is not bound to a value`);
  // PostgreSQL text cannot hold NUL; refusing it everywhere keeps the engines in agreement.
  if (value.kind === 'string' && value.value.includes('\u0000')) fail('text values cannot contain the NUL character');
  if (value.kind === 'number' && !Number.isFinite(value.value)) fail('numbers must be finite');
  const numeric = type === 'number' || NUMERIC.includes(type as AttributeType);
  if (numeric && value.kind !== 'number' && !(value.kind === 'string' && isNumeric(value.value))) {
    fail(`expected a number, got ${value.kind} '${String((value as { value: unknown }).value)}'`);
  }
  if (TEMPORAL.includes(type as AttributeType) && value.kind !== 'date' && !(value.kind === 'string' && isIsoDate(value.value))) {
    fail(`expected a date (YYYY-MM-DD), got ${value.kind}`);
  }
  if (value.kind === 'date' && !isIsoDate(value.value)) fail(`'${value.value}' is not a date (YYYY-MM-DD)`);
  if (value.kind === 'date' && !TEMPORAL.includes(type as AttributeType)) fail(`a date cannot be compared with a ${type} attribute`);
  if (type === 'boolean' && value.kind !== 'boolean') fail(`expected true or false, got ${value.kind}`);
}

function checkYear(value: QueryValue, fail: (message: string) => never): void {
  if (value.kind !== 'number' || !Number.isInteger(value.value) || value.value < 1 || value.value > 9999) fail('year takes a year such as 1997');
}

function checkMonth(value: QueryValue, fail: (message: string) => never): void {
  if (value.kind !== 'string' || !/^\d{4}-(0[1-9]|1[0-2])$/.test(value.value)) fail('month takes a month such as "1997-03"');
}

/**
 * The type of an aggregate's values: counts, sums and averages are numbers; min and max have
 * their attribute's type (the earliest date is a date). Null for plain attributes.
 */
export function aggregateResultType(measure: Measure, schema: SchemaGraph): AttributeType | 'number' | null {
  switch (measure.aggregate) {
    case null:
      return null;
    case 'min':
    case 'max':
      return attributeType(schema, measure.target) ?? 'number';
    default:
      return 'number';
  }
}

/**
 * The schema relation a follow names, and whether it is read forwards (its `from` is the
 * follow's `from`) or backwards. A relation between two different classes may be followed either
 * way; a relation of a class with itself (FATHER) is read as written.
 */
export function relationOf(
  schema: SchemaGraph,
  step: Follow,
  fail: (message: string) => never = (message) => {
    throw new InvalidQueryGraphError(message, step.relation);
  },
): { relation: SchemaRelation; forward: boolean } {
  const candidates = schema.relations.filter((r) => r.id === step.relation);
  if (candidates.length === 0) fail(`unknown relation '${step.relation}'`);
  const forward = candidates.find((r) => r.from === step.from.classId && r.to === step.to.classId);
  if (forward) return { relation: forward, forward: true };
  const backward = candidates.find((r) => r.from === step.to.classId && r.to === step.from.classId);
  if (backward) return { relation: backward, forward: false };
  return fail(`relation '${step.relation}' does not connect ${step.from.classId} and ${step.to.classId}`);
}

/** Every instance beyond the first of its class must be reached by a follow. */
function checkInstancesConnected(graph: QueryGraph, fail: (message: string) => never): void {
  const followed = new Set(graph.follows.flatMap((f) => [`${f.from.classId}#${f.from.instance}`, `${f.to.classId}#${f.to.instance}`]));
  for (const ref of attributeRefs(graph)) {
    const instance = ref.instance ?? 1;
    if (!Number.isInteger(instance) || instance < 1) fail('instances are numbered from 1');
    if (instance > 1 && !followed.has(`${ref.classId}#${instance}`)) fail(`${ref.classId}#${instance} is not reached by any follow`);
  }
}

export function isNumeric(text: string): boolean {
  return /^-?\d+(\.\d+)?$/.test(text.trim());
}

export function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const parsed = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(text);
}

export function measureKey(measure: Measure): string {
  return `${measure.aggregate ?? ''}|${measure.target.classId}#${measure.target.instance ?? 1}|${measure.target.attributeId}`;
}

/** Every attribute reference of a graph, in item order (follows name instances, not attributes). */
export function attributeRefs(graph: QueryGraph): AttributeRef[] {
  return [
    ...graph.select.map((m) => m.target),
    ...graph.where.map((c) => c.target),
    ...graph.groupBy,
    ...graph.having.map((h) => h.measure.target),
    ...graph.orderBy.map((o) => o.measure.target),
  ];
}
