/**
 * Rankings by a count of related things: "Which customer has placed the most orders?", "the 3
 * categories with the fewest products", "Which shipper handled the most orders in 1997?". People
 * ask these often; a random walk rarely lands on one (it needs a group by the naming attribute,
 * a count of another class, an order by that count and a limit together), so the generator draws
 * them on purpose. Any schema: every relation between two different classes ranks its one side
 * by a count of its many side.
 *
 * Also superlatives of one attribute: "the cheapest beverage", "top five priciest products",
 * "the 3 most recent orders from France", "which employee is the oldest": a class's things by
 * the naming attribute, ordered by a number or a date of their own, at most ten of them,
 * sometimes in a named thing of a related class ("beverages": the product's category) or under
 * one condition of their own. A walk draws these rarely too (an order, a limit and the naming
 * attribute together).
 */
import { queryGraph } from '../../query-graph/build.js';
import { operatorsFor, type Random } from '../../query-graph/random-walk.js';
import type { Constraint, Operator, QueryGraph, QueryValue } from '../../query-graph/types.js';
import type { SchemaAttribute, SchemaGraph } from '../../schema-graph/types.js';
import { labelAttribute } from '../schema-words/labels.js';

/** Draws a value for a condition from the data (the generator's value memory). */
export type ValueSource = (attribute: SchemaAttribute, operator: Operator, random: Random) => QueryValue;

export interface RankingOptions {
  /** Probability of one condition on the counted class ("in 1997", "shipped to France"). Default 0.3. */
  readonly condition?: number;
  /** Probability of "the N ... with the most" instead of one winner. Default 0.3. */
  readonly topN?: number;
  /** Probability of "the fewest" instead of "the most". Default 0.25. */
  readonly fewest?: number;
  /** Probability that a superlative is among the things of a named related thing ("the cheapest beverage"). Default 0.35. */
  readonly named?: number;
}

const CONDITION_TYPES = new Set(['text', 'date', 'datetime', 'integer', 'decimal', 'float']);
const ORDER_TYPES = new Set(['date', 'datetime', 'integer', 'decimal', 'float']);

export class RankingGenerator {
  /** [ranked class, counted class] pairs: the one and the many side of each relation. */
  private readonly pairs: readonly (readonly [string, string])[];
  /** Classes with a naming attribute and an attribute to order them by (a number or a date, no key). */
  private readonly orderable: readonly { readonly classId: string; readonly by: readonly SchemaAttribute[] }[];

  constructor(
    private readonly schema: SchemaGraph,
    private readonly random: Random,
    private readonly value: ValueSource,
    private readonly options: RankingOptions = {},
  ) {
    // A relation points from the many side (the order naming its customer) to the one side: a
    // customer has many orders, an order one customer, so only the one side is ranked.
    const pairs: [string, string][] = [];
    for (const r of schema.relations) {
      if (r.from === r.to || !labelAttribute(schema, r.to)) continue;
      if (!pairs.some(([a, b]) => a === r.to && b === r.from)) pairs.push([r.to, r.from]);
    }
    this.pairs = pairs;
    this.orderable = schema.classes.flatMap((c) => {
      const keys = new Set(schema.relations.filter((r) => r.from === c.id).flatMap((r) => r.fromColumns));
      const by = labelAttribute(schema, c.id) ? c.attributes.filter((a) => ORDER_TYPES.has(a.type) && !a.primaryKey && !keys.has(a.id) && !/\bid\b/.test(a.name.singular)) : [];
      return by.length > 0 ? [{ classId: c.id, by }] : [];
    });
  }

  get usable(): boolean {
    return this.pairs.length > 0;
  }

  /** Whether the schema has things to rank by an attribute of their own. */
  get superlativesUsable(): boolean {
    return this.orderable.length > 0;
  }

  /** One superlative graph ("the 3 cheapest beverages"), or null when the schema has nothing to order. */
  superlative(): QueryGraph | null {
    if (this.orderable.length === 0) return null;
    const { classId, by } = this.random.pick(this.orderable);
    const label = labelAttribute(this.schema, classId);
    if (!label) return null;
    const attribute = this.random.pick(by);
    const where: Constraint[] = [];
    const r = this.random.next();
    if (r < (this.options.named ?? 0.35)) {
      // "beverages", "from Exotic Liquids": the named thing a relation of this class leads to.
      const owners = this.schema.relations.filter((rel) => rel.from === classId && rel.to !== classId).map((rel) => rel.to);
      const owner = owners.length > 0 ? this.random.pick(owners) : null;
      const ownerLabel = owner ? labelAttribute(this.schema, owner) : null;
      if (owner && ownerLabel && ownerLabel.type === 'text') where.push({ target: { classId: owner, attributeId: ownerLabel.id }, operator: '=', values: [this.value(ownerLabel, '=', this.random)] });
    } else if (r < (this.options.named ?? 0.35) + (this.options.condition ?? 0.3)) {
      const own = this.schema.classes.find((c) => c.id === classId)?.attributes.filter((a) => CONDITION_TYPES.has(a.type) && !a.primaryKey && a.id !== attribute.id && a.id !== label.id) ?? [];
      if (own.length > 0) {
        const other = this.random.pick(own);
        const operator = this.random.pick(operatorsFor(other.type).filter((op) => ['=', 'year', '>', '<'].includes(op)));
        where.push({ target: { classId, attributeId: other.id }, operator, values: [this.value(other, operator, this.random)] });
      }
    }
    const limit = this.random.chance(this.options.topN ?? 0.4) ? this.random.integer(2, 10) : 1;
    const direction = this.random.chance(0.5) ? 'asc' : 'desc';
    return queryGraph({ select: [{ target: { classId, attributeId: label.id }, aggregate: null }], where, orderBy: [{ measure: { target: { classId, attributeId: attribute.id }, aggregate: null }, direction }], limit });
  }

  /** One ranking graph, or null when the schema has no relation to rank by. */
  next(): QueryGraph | null {
    if (this.pairs.length === 0) return null;
    const [ranked, counted] = this.random.pick(this.pairs);
    const label = labelAttribute(this.schema, ranked);
    if (!label) return null;
    const key = { classId: ranked, attributeId: label.id };
    const count = { target: { classId: counted, attributeId: '*' }, aggregate: 'count' as const };
    const where: Constraint[] = [];
    if (this.random.chance(this.options.condition ?? 0.3)) {
      const owner = this.schema.classes.find((c) => c.id === counted);
      // Not a key: "orders with customer id over 3" is nobody's question.
      const keys = new Set(this.schema.relations.filter((r) => r.from === counted).flatMap((r) => r.fromColumns));
      const candidates = owner?.attributes.filter((a) => CONDITION_TYPES.has(a.type) && !a.primaryKey && !keys.has(a.id)) ?? [];
      if (candidates.length > 0) {
        const attribute = this.random.pick(candidates);
        const operators = operatorsFor(attribute.type).filter((op) => ['=', 'year', '>', '<'].includes(op));
        const operator = this.random.pick(operators);
        where.push({ target: { classId: counted, attributeId: attribute.id }, operator, values: [this.value(attribute, operator, this.random)] });
      }
    }
    const limit = this.random.chance(this.options.topN ?? 0.3) ? this.random.integer(2, 10) : 1;
    const direction = this.random.chance(this.options.fewest ?? 0.25) ? 'asc' : 'desc';
    return queryGraph({ select: [{ target: key, aggregate: null }, count], where, groupBy: [key], orderBy: [{ measure: count, direction }], limit });
  }
}
