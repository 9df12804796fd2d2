/**
 * Random query graphs from a schema graph, by random walks (Polyglotter, section 2.2): start at a
 * class chosen uniformly, step to a related class with the traversal probability while under the
 * class cap, then pick attributes to show and constrain, and — beyond the paper — aggregates,
 * grouping, ordering with limits and distinct. Every graph it makes passes validateQueryGraph.
 * Deterministic for a seed. The predictor's synthetic training data is built on this walk.
 */
import type { AttributeType, SchemaAttribute, SchemaGraph } from '../schema-graph/types.js';
import { queryGraph } from './build.js';
import type { AggregateFunction, Constraint, Measure, Operator, OrderTerm, QueryGraph, QueryValue } from './types.js';

export interface RandomWalkOptions {
  /** Seed of the pseudo-random generator: the same seed gives the same graphs. Default 1. */
  readonly seed?: number;
  /** Probability of stepping to one more related class (the paper's traversal, 0.5). */
  readonly traversal?: number;
  /** Most classes in one graph (the paper used caps of 3 to 5). Default 4. */
  readonly maxClasses?: number;
  /** Probability that each attribute of a visited class is shown (the paper's 0.1). Default 0.15. */
  readonly attribute?: number;
  /** Probability that each attribute of a visited class is constrained (the paper's 0.1). Default 0.1. */
  readonly constraint?: number;
  /** Probability that the graph aggregates (count, sum, avg, min, max, count distinct). Default 0.35. */
  readonly aggregate?: number;
  /** Probability that an aggregating graph groups by a shown attribute. Default 0.5. */
  readonly group?: number;
  /** Probability of a condition on the aggregate of a grouped graph (HAVING). Default 0.2. */
  readonly having?: number;
  /** Probability of ordering the rows (superlatives with a limit half the time). Default 0.3. */
  readonly order?: number;
  /** Probability of distinct rows in a graph that does not aggregate. Default 0.1. */
  readonly distinct?: number;
  /**
   * Makes the value of a constraint: the default writes type-fitting synthetic values; the
   * predictor's generator passes one that draws real values from the data value memory.
   */
  readonly value?: (attribute: SchemaAttribute, operator: Operator, random: Random) => QueryValue;
}

/** A seeded pseudo-random source (mulberry32): small, fast, and the same on every machine. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  integer(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }
}

const NUMERIC: readonly AttributeType[] = ['integer', 'decimal', 'float'];
const TEMPORAL: readonly AttributeType[] = ['date', 'datetime'];
const USABLE: readonly AttributeType[] = [...NUMERIC, ...TEMPORAL, 'text', 'boolean'];

/** Generates `count` graphs. */
export function randomQueryGraphs(schema: SchemaGraph, count: number, options: RandomWalkOptions = {}): QueryGraph[] {
  const random = new Random(options.seed ?? 1);
  const graphs: QueryGraph[] = [];
  while (graphs.length < count) {
    const graph = randomQueryGraph(schema, random, options);
    if (graph) graphs.push(graph);
  }
  return graphs;
}

/** One walk; null when the walk found nothing to show (the caller walks again). */
export function randomQueryGraph(schema: SchemaGraph, random: Random, options: RandomWalkOptions = {}): QueryGraph | null {
  const o = {
    traversal: options.traversal ?? 0.5,
    maxClasses: options.maxClasses ?? 4,
    attribute: options.attribute ?? 0.15,
    constraint: options.constraint ?? 0.1,
    aggregate: options.aggregate ?? 0.35,
    group: options.group ?? 0.5,
    having: options.having ?? 0.2,
    order: options.order ?? 0.3,
    distinct: options.distinct ?? 0.1,
    value: options.value ?? syntheticValue,
  };
  const classes = walk(schema, random, o.traversal, o.maxClasses);
  const attributes = classes.flatMap((classId) => usableAttributes(schema, classId));
  if (attributes.length === 0) return null;

  let shown = attributes.filter(() => random.chance(o.attribute));
  if (shown.length === 0) shown = [random.pick(attributes)];
  const where: Constraint[] = attributes.filter(() => random.chance(o.constraint)).map((a) => randomConstraint(a, random, o.value));

  let select: Measure[] = shown.map((a) => ({ target: { classId: a.classId, attributeId: a.id }, aggregate: null }));
  let groupBy: Measure['target'][] = [];
  const having = [];
  let orderBy: OrderTerm[] = [];
  let limit: number | null = null;
  let distinct = false;

  if (random.chance(o.aggregate)) {
    const measure = randomAggregate(schema, classes, attributes, random);
    if (random.chance(o.group) && shown.length > 0) {
      const key = random.pick(shown);
      groupBy = [{ classId: key.classId, attributeId: key.id }];
      select = [{ target: groupBy[0]!, aggregate: null }, measure];
      if (random.chance(o.having)) having.push({ measure, operator: random.pick(['>', '>=', '<'] as const), value: havingValue(schema, measure, random, o.value) });
      if (random.chance(o.order)) {
        orderBy = [{ measure, direction: random.pick(['asc', 'desc'] as const) }];
        if (random.chance(0.5)) limit = random.integer(1, 10);
      }
    } else {
      select = [measure];
    }
  } else {
    distinct = random.chance(o.distinct);
    if (random.chance(o.order)) {
      const candidates = distinct ? shown : shown.concat(attributes.filter((a) => a.type !== 'boolean'));
      const key = random.pick(candidates.length > 0 ? candidates : shown);
      orderBy = [{ measure: { target: { classId: key.classId, attributeId: key.id }, aggregate: null }, direction: random.pick(['asc', 'desc'] as const) }];
      if (random.chance(0.5)) limit = random.integer(1, 10);
    }
  }
  return queryGraph({ classes, select, where, groupBy, having, orderBy, limit, distinct });
}

/** The walk over classes: uniform start, then related classes while the coin says so. */
function walk(schema: SchemaGraph, random: Random, traversal: number, maxClasses: number): string[] {
  const start = random.pick(schema.classes).id;
  const visited = [start];
  while (visited.length < maxClasses && random.chance(traversal)) {
    const frontier = schema.relations
      .filter((r) => r.from !== r.to && (visited.includes(r.from) !== visited.includes(r.to)))
      .map((r) => (visited.includes(r.from) ? r.to : r.from));
    if (frontier.length === 0) break;
    visited.push(random.pick(frontier));
  }
  return visited;
}

function usableAttributes(schema: SchemaGraph, classId: string): SchemaAttribute[] {
  return (schema.classes.find((c) => c.id === classId)?.attributes ?? []).filter((a) => USABLE.includes(a.type));
}

function randomAggregate(schema: SchemaGraph, classes: readonly string[], attributes: readonly SchemaAttribute[], random: Random): Measure {
  const numeric = attributes.filter((a) => NUMERIC.includes(a.type));
  const ordered = attributes.filter((a) => a.type !== 'boolean');
  const choices: AggregateFunction[] = ['count', 'count_distinct', ...(numeric.length > 0 ? (['sum', 'avg'] as const) : []), ...(ordered.length > 0 ? (['min', 'max'] as const) : [])];
  const aggregate = random.pick(choices);
  switch (aggregate) {
    case 'count':
      return { target: { classId: random.pick(classes), attributeId: '*' }, aggregate };
    case 'sum':
    case 'avg': {
      const a = random.pick(numeric);
      return { target: { classId: a.classId, attributeId: a.id }, aggregate };
    }
    case 'min':
    case 'max': {
      const a = random.pick(ordered);
      return { target: { classId: a.classId, attributeId: a.id }, aggregate };
    }
    default: {
      const a = random.pick(attributes);
      return { target: { classId: a.classId, attributeId: a.id }, aggregate };
    }
  }
}

/** A value to compare an aggregate with: a small count or number, or for min/max one of the attribute's type. */
function havingValue(schema: SchemaGraph, measure: Measure, random: Random, value: NonNullable<RandomWalkOptions['value']>): QueryValue {
  if ((measure.aggregate === 'min' || measure.aggregate === 'max') && measure.target.attributeId !== '*') {
    const attribute = schema.classes.find((c) => c.id === measure.target.classId)?.attributes.find((a) => a.id === measure.target.attributeId);
    if (attribute) return value(attribute, '>', random);
  }
  return { kind: 'number', value: random.integer(1, 20) };
}

/** The operators that fit an attribute's type. */
export function operatorsFor(type: AttributeType): readonly Operator[] {
  if (type === 'text') return ['=', '!=', 'contains', 'starts_with', 'in', 'not_in', 'is_null', 'not_null'];
  if (TEMPORAL.includes(type)) return ['=', '<', '<=', '>', '>=', 'between', 'year', 'month', 'is_null', 'not_null'];
  if (type === 'boolean') return ['=', '!=', 'is_null'];
  return ['=', '!=', '<', '<=', '>', '>=', 'between', 'in', 'not_in', 'is_null', 'not_null'];
}

function randomConstraint(attribute: SchemaAttribute, random: Random, value: NonNullable<RandomWalkOptions['value']>): Constraint {
  const operator = random.pick(operatorsFor(attribute.type));
  const target = { classId: attribute.classId, attributeId: attribute.id };
  const count = operator === 'is_null' || operator === 'not_null' ? 0 : operator === 'between' ? 2 : operator === 'in' || operator === 'not_in' ? random.integer(1, 3) : 1;
  return { target, operator, values: Array.from({ length: count }, () => value(attribute, operator, random)) };
}

const WORDS = ['Germany', 'London', 'chai', "O'Brien", '100%', 'snake_case', 'Ünïcødé', 'x"y', 'Sweden ', ''];

/** Type-fitting values with no knowledge of the data (good enough for translation and safety tests). */
export function syntheticValue(attribute: SchemaAttribute, operator: Operator, random: Random): QueryValue {
  if (operator === 'year') return { kind: 'number', value: random.integer(1990, 2000) };
  if (operator === 'month') return { kind: 'string', value: `${random.integer(1994, 1999)}-${String(random.integer(1, 12)).padStart(2, '0')}` };
  switch (attribute.type) {
    case 'integer':
      return { kind: 'number', value: random.integer(-5, 200) };
    case 'decimal':
    case 'float':
      return { kind: 'number', value: Math.round(random.next() * 30000) / 100 };
    case 'date':
    case 'datetime':
      return { kind: 'date', value: `${random.integer(1990, 2000)}-${String(random.integer(1, 12)).padStart(2, '0')}-${String(random.integer(1, 28)).padStart(2, '0')}` };
    case 'boolean':
      return { kind: 'boolean', value: random.chance(0.5) };
    default:
      return { kind: 'string', value: random.pick(WORDS) };
  }
}
