/**
 * Checks a query graph against the schema graph it is meant for, before any engine translates it:
 * the classes and attributes exist, every operator fits its attribute's type and has the right
 * number of values, aggregates fit their attributes, and no placeholder is left unbound. What the
 * predictor proposes is only ever run after passing here.
 */
import { InvalidQueryGraphError } from '../../errors.js';
import { findAttribute, findClass } from '../schema-graph/lookup.js';
import { attributeHumanName } from '../schema-graph/names.js';
import type { AttributeType, SchemaAttribute, SchemaGraph, SchemaRelation } from '../schema-graph/types.js';
import { formatQueryGraph } from './canonical.js';
import { graphAttributeRefs, subAggregateGraph } from './parts.js';
import type { AggregateComparison, AttributeComparison, AttributeRef, Constraint, Expression, Follow, Measure, Pattern, QueryGraph, QueryValue } from './types.js';

/** Most steps a repeated follow may take (`*1..6`): each step is one more join. */
export const MAX_HOPS = 6;
/** Most branches of one `some` / `none`, and most patterns in a graph. */
export const MAX_BRANCHES = 8;
/** Most rows an offset may skip: written into the statement as digits, never as 1e+21. */
export const MAX_OFFSET = 2_147_483_647;
/** Most operations in one computed attribute. */
export const MAX_OPERATIONS = 16;

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

/**
 * The schema graph with the graph's computed attributes added to their classes, so that everything
 * that looks attributes up (types, names, output columns) finds them. Call after validation.
 */
export function withComputedAttributes(schema: SchemaGraph, graph: QueryGraph): SchemaGraph {
  const computed = graph.computed ?? [];
  if (computed.length === 0) return schema;
  return {
    ...schema,
    classes: schema.classes.map((schemaClass) => {
      const added: SchemaAttribute[] = computed
        .filter((c) => c.target.classId === schemaClass.id)
        .map((c) => ({
          id: c.target.attributeId,
          classId: schemaClass.id,
          type: expressionType(c.expression, schema),
          nativeType: 'computed',
          nullable: true,
          primaryKey: false,
          name: attributeHumanName(c.target.attributeId),
        }));
      return added.length === 0 ? schemaClass : { ...schemaClass, attributes: [...schemaClass.attributes, ...added] };
    }),
  };
}

/** Integer arithmetic stays integer; a division or any decimal or float operand makes a float. */
function expressionType(expression: Expression, schema: SchemaGraph): AttributeType {
  switch (expression.kind) {
    case 'attribute':
      return findAttribute(schema, expression.ref.classId, expression.ref.attributeId).type === 'integer' ? 'integer' : 'float';
    case 'number':
      return Number.isInteger(expression.value) ? 'integer' : 'float';
    case 'arithmetic': {
      if (expression.operator === '/') return 'float';
      const sides = [expressionType(expression.left, schema), expressionType(expression.right, schema)];
      return sides.every((t) => t === 'integer') ? 'integer' : 'float';
    }
  }
}

export function validateQueryGraph(graph: QueryGraph, baseSchema: SchemaGraph): void {
  const fail = (message: string): never => {
    throw new InvalidQueryGraphError(message, formatQueryGraph(graph));
  };
  if (graph.select.length === 0) fail('a query graph shows at least one thing');
  for (const classId of graph.classes) findClass(baseSchema, classId);
  if (graph.limit !== null && (!Number.isInteger(graph.limit) || graph.limit < 1)) fail('limit must be a positive integer');
  if (graph.offset !== undefined && (!Number.isInteger(graph.offset) || graph.offset < 0 || graph.offset > MAX_OFFSET)) fail(`offset must be a whole number of rows up to ${MAX_OFFSET}`);
  checkComputed(graph, baseSchema, fail);
  const schema = withComputedAttributes(baseSchema, graph);

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
  graph.follows.forEach((step) => checkFollow(step, schema, fail));
  (graph.compare ?? []).forEach((comparison) => checkComparison(comparison, schema, fail));
  const compared = graph.aggregateCompare ?? [];
  if (compared.length > MAX_BRANCHES) fail(`at most ${MAX_BRANCHES} comparisons with an aggregate`);
  compared.forEach((comparison) => checkAggregateComparison(comparison, schema, baseSchema, fail));
  // A per-group superlative's rivals must meet the graph's conditions (extremes.ts), and their pattern holds no such comparison.
  if (compared.length > 0 && (graph.extremes ?? []).length > 0) fail('a per-group superlative among rows compared with an aggregate is not supported');
  for (const extreme of graph.extremes ?? []) {
    const type = attributeType(schema, extreme.measure);
    if (type === null || !ORDERED.includes(type)) fail(`extreme ${extreme.direction} needs a number, date or text attribute`);
    if (extreme.direction !== 'max' && extreme.direction !== 'min') fail('extreme is max or min');
    extreme.per.forEach((ref) => {
      if (attributeType(schema, ref) === null) fail('extreme per needs an attribute, not *');
    });
  }
  const patterns = graph.patterns ?? [];
  if (patterns.length > MAX_BRANCHES) fail(`at most ${MAX_BRANCHES} patterns`);
  for (const condition of patterns) {
    if (condition.quantifier !== 'none' && condition.quantifier !== 'some') fail('a pattern condition is none or some');
    if (condition.branches.length === 0 || condition.branches.length > MAX_BRANCHES) fail(`a pattern condition has 1 to ${MAX_BRANCHES} branches`);
    condition.branches.forEach((branch) => checkPattern(branch, graph, schema, fail));
  }
  checkInstancesConnected(graph, fail);
  checkComputedInstances(graph, fail);
  if (graph.distinct) {
    const shown = new Set(graph.select.map(measureKey));
    for (const term of graph.orderBy) {
      if (!shown.has(measureKey(term.measure))) fail('with distinct, every ordering must be among the things shown');
    }
  }
}

/** A follow: instances numbered from 1, a known relation (each alternative connecting the same ends the same way), hops in range. */
function checkFollow(step: Follow, schema: SchemaGraph, fail: (message: string) => never): void {
  if (!Number.isInteger(step.from.instance) || step.from.instance < 1 || !Number.isInteger(step.to.instance) || step.to.instance < 1) {
    fail('instances are numbered from 1');
  }
  if (step.from.classId === step.to.classId && step.from.instance === step.to.instance) fail(`follow ${step.relation} from an instance to itself`);
  followRelations(schema, step, fail);
  if (step.hops) {
    const { min, max } = step.hops;
    if (!Number.isInteger(min) || !Number.isInteger(max) || min < 1 || max < min || max > MAX_HOPS) fail(`hops go from 1 to ${MAX_HOPS}, the least first`);
    if (step.from.classId !== step.to.classId) fail(`a repeated follow (${step.relation} *${min}..${max}) needs a relation of a class with itself`);
  }
}

/**
 * The schema relations a follow names (its relation, then its alternatives), all read the same way
 * between the same classes.
 */
export function followRelations(
  schema: SchemaGraph,
  step: Follow,
  fail: (message: string) => never = (message) => {
    throw new InvalidQueryGraphError(message, step.relation);
  },
): { relations: SchemaRelation[]; forward: boolean } {
  const names = [step.relation, ...(step.alternatives ?? [])];
  if (new Set(names).size !== names.length) fail(`follow names ${step.relation} twice`);
  if (names.length > MAX_BRANCHES) fail(`a follow has at most ${MAX_BRANCHES} alternatives`);
  const resolved = names.map((relation) => relationOf(schema, { ...step, relation }, fail));
  const forward = resolved[0]!.forward;
  if (resolved.some((r) => r.forward !== forward)) fail(`the alternatives of follow ${step.relation} must all be read the same way`);
  return { relations: resolved.map((r) => r.relation), forward };
}

/** Both sides typed attributes of comparable kinds (numbers with numbers, dates with dates, ...). */
function checkComparison(comparison: AttributeComparison, schema: SchemaGraph, fail: (message: string) => never): void {
  const kind = (ref: AttributeRef) => {
    const type = attributeType(schema, ref);
    if (type === null) return fail(`cannot compare '${ref.classId}.*'`);
    if (NUMERIC.includes(type)) return 'number';
    if (TEMPORAL.includes(type)) return 'date';
    return type;
  };
  const left = kind(comparison.left);
  const right = kind(comparison.right);
  if (left !== right) fail(`cannot compare ${comparison.left.classId}.${comparison.left.attributeId} (${left}) with ${comparison.right.classId}.${comparison.right.attributeId} (${right})`);
  if (!['=', '!=', '<', '<=', '>', '>='].includes(comparison.operator)) fail(`unknown comparison '${comparison.operator}'`);
  if (!['=', '!='].includes(comparison.operator) && !['number', 'date', 'text'].includes(left)) fail(`${comparison.operator} between ${left} attributes`);
}

/**
 * An attribute against an aggregate of rows of their own: the aggregate is a valid graph of its own
 * (on the schema without the graph's computed attributes, which are the graph's rows' values), and
 * its values are of the attribute's kind (numbers with numbers, dates with dates, text with text).
 */
function checkAggregateComparison(comparison: AggregateComparison, schema: SchemaGraph, baseSchema: SchemaGraph, fail: (message: string) => never): void {
  const { left, operator, right } = comparison;
  if (!(['=', '!=', '<', '<=', '>', '>='] as const).includes(operator)) fail(`unknown comparison '${operator}'`);
  if (right.measure.aggregate === null) fail('a compared aggregate needs an aggregate function');
  try {
    validateQueryGraph(subAggregateGraph(right), baseSchema);
  } catch (error) {
    fail(`the compared aggregate: ${error instanceof Error ? error.message : String(error)}`);
  }
  const kind = (type: AttributeType | 'number' | null) => (type === null ? null : type === 'number' || NUMERIC.includes(type) ? 'number' : TEMPORAL.includes(type) ? 'date' : type);
  const leftKind = kind(attributeType(schema, left));
  if (leftKind === null) fail(`cannot compare '${left.classId}.*'`);
  const rightKind = kind(aggregateResultType(right.measure, baseSchema));
  if (leftKind !== rightKind) fail(`cannot compare ${left.classId}.${left.attributeId} (${leftKind}) with ${right.measure.aggregate} of ${right.measure.target.classId}.${right.measure.target.attributeId} (${rightKind})`);
  if (!['=', '!='].includes(operator) && !['number', 'date', 'text'].includes(leftKind!)) fail(`${operator} between ${leftKind} values`);
}

/** A pattern: its own classes, follows, conditions and comparisons are valid; its own instances beyond the first are reached by its follows. */
function checkPattern(pattern: Pattern, graph: QueryGraph, schema: SchemaGraph, fail: (message: string) => never): void {
  if (pattern.follows.length + pattern.where.length + pattern.compare.length + pattern.classes.length === 0) fail('a pattern needs at least one item');
  pattern.classes.forEach((classId) => findClass(schema, classId));
  pattern.follows.forEach((step) => checkFollow(step, schema, fail));
  pattern.where.forEach((constraint) => checkConstraint(constraint, schema, fail));
  pattern.compare.forEach((comparison) => checkComparison(comparison, schema, fail));
  const outer = new Set(outerInstanceKeys(graph));
  const followed = new Set(pattern.follows.flatMap((f) => [`${f.from.classId}#${f.from.instance}`, `${f.to.classId}#${f.to.instance}`]));
  for (const ref of [...pattern.where.map((c) => c.target), ...pattern.compare.flatMap((c) => [c.left, c.right])]) {
    const key = `${ref.classId}#${ref.instance ?? 1}`;
    if ((ref.instance ?? 1) > 1 && !outer.has(key) && !followed.has(key)) fail(`${key} is not reached by any follow of its pattern`);
  }
}

/** The instances a graph's own items use (patterns excluded): those patterns share with it. */
export function outerInstanceKeys(graph: QueryGraph): string[] {
  return [
    ...attributeRefs(graph).map((ref) => `${ref.classId}#${ref.instance ?? 1}`),
    ...graph.follows.flatMap((f) => [`${f.from.classId}#${f.from.instance}`, `${f.to.classId}#${f.to.instance}`]),
    ...graph.classes.map((classId) => `${classId}#1`),
  ];
}

/** Computed attributes: new names, numeric operands that exist, finite numbers, bounded size. */
function checkComputed(graph: QueryGraph, schema: SchemaGraph, fail: (message: string) => never): void {
  const names = new Set<string>();
  for (const { target, expression } of graph.computed ?? []) {
    const owner = findClass(schema, target.classId);
    if (target.attributeId === '*' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(target.attributeId)) fail(`'${target.attributeId}' cannot name a computed attribute`);
    if (owner.attributes.some((a) => a.id === target.attributeId)) fail(`${target.classId} already has an attribute '${target.attributeId}'`);
    if (names.has(`${target.classId}.${target.attributeId}`)) fail(`${target.classId}.${target.attributeId} is computed twice`);
    names.add(`${target.classId}.${target.attributeId}`);
    let operations = 0;
    const walk = (e: Expression): void => {
      if (e.kind === 'number') {
        if (!Number.isFinite(e.value)) fail('numbers must be finite');
      } else if (e.kind === 'attribute') {
        const type = attributeType(schema, e.ref);
        if (type === null || !NUMERIC.includes(type)) fail(`arithmetic needs number attributes; ${e.ref.classId}.${e.ref.attributeId} is ${type ?? '*'}`);
      } else {
        operations += 1;
        if (!['+', '-', '*', '/'].includes(e.operator)) fail(`unknown arithmetic '${e.operator}'`);
        walk(e.left);
        walk(e.right);
      }
    };
    walk(expression);
    if (operations === 0) fail(`computed ${target.attributeId} needs an operation`);
    if (operations > MAX_OPERATIONS) fail(`at most ${MAX_OPERATIONS} operations in a computed attribute`);
  }
}

/** A computed attribute belongs to the instance it was computed on. */
function checkComputedInstances(graph: QueryGraph, fail: (message: string) => never): void {
  const computed = graph.computed ?? [];
  if (computed.length === 0) return;
  const refs = [...attributeRefs(graph), ...(graph.patterns ?? []).flatMap((c) => c.branches.flatMap((b) => [...b.where.map((w) => w.target), ...b.compare.flatMap((x) => [x.left, x.right])]))];
  for (const ref of refs) {
    const definition = computed.find((c) => c.target.classId === ref.classId && c.target.attributeId === ref.attributeId);
    if (definition && (definition.target.instance ?? 1) !== (ref.instance ?? 1)) fail(`${ref.classId}.${ref.attributeId} is computed on ${ref.classId}#${definition.target.instance ?? 1} only`);
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
      // Two years on a date column: whole years, both included (the 1920s are 1920 to 1929).
      if (TEMPORAL.includes(type as AttributeType) && constraint.values.every((v) => v.kind === 'number')) {
        constraint.values.forEach((v) => checkYear(v, fail));
        return;
      }
      break;
    case 'contains':
    case 'starts_with':
      expectCount(count === 1, 'one value');
      if (type !== 'text') fail(`${constraint.operator} needs a text attribute; ${name} is ${type}`);
      break;
    case 'year':
      expectCount(count === 1, 'one value');
      // An integer column may hold years (birth_year): `year 1819` is then `= 1819`.
      if (!TEMPORAL.includes(type as AttributeType) && type !== 'integer') fail(`year needs a date attribute or one holding years; ${name} is ${type}`);
      break;
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

/**
 * Every instance beyond the first of its class must be reached by a follow: the graph's own, or a
 * pattern's (then the pattern is what relates it to the rest: "the sisters-in-law of George V").
 */
function checkInstancesConnected(graph: QueryGraph, fail: (message: string) => never): void {
  const steps = [...graph.follows, ...(graph.patterns ?? []).flatMap((c) => c.branches.flatMap((b) => b.follows))];
  const followed = new Set(steps.flatMap((f) => [`${f.from.classId}#${f.from.instance}`, `${f.to.classId}#${f.to.instance}`]));
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

/**
 * Every attribute reference of a graph's own items, in item order (follows name instances, not
 * attributes), then those of its computed attributes, comparisons and extremes. Patterns' refs are
 * not included: their own instances are joined only inside them.
 */
export function attributeRefs(graph: QueryGraph): AttributeRef[] {
  return [
    ...graph.select.map((m) => m.target),
    ...graph.where.map((c) => c.target),
    ...graph.groupBy,
    ...graph.having.map((h) => h.measure.target),
    ...graph.orderBy.map((o) => o.measure.target),
    ...graphAttributeRefs(graph),
  ];
}
