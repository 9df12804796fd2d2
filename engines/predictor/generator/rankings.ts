/**
 * Rankings by an aggregate per group: "Which customer has placed the most orders?", "the 3
 * categories with the fewest products", "Which shipper handled the most orders in 1997?", "which
 * grade has the most students", "the most common city of customers", "which student takes the
 * most courses", "the category with the highest average price", and the same groups unranked
 * ("how many orders does each customer have", "number of students per major"). People ask these
 * often; a random walk rarely lands on one (it needs a group, an aggregate, an order by that
 * aggregate and a limit together), so the generator draws them on purpose. Any schema, four ways
 * to group (`RankingShape`): the one side of a relation by a count of its many side; a plain
 * attribute of a class by a count of the class's own rows; the two ends of a linking class (a
 * class with relations to both) by a count through it; a group of either kind by the sum,
 * average, maximum or minimum of a number of the grouped rows. Both directions, one winner, the
 * top N or the whole list in order.
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
import type { AggregateFunction, AttributeRef, Constraint, Measure, Operator, QueryGraph, QueryValue } from '../../query-graph/types.js';
import type { SchemaAttribute, SchemaGraph } from '../../schema-graph/types.js';
import { shownLabel } from './naming.js';

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
  /** Probability that a ranking is the whole list in order ("customers by number of orders, most first") instead of a limit. Default 0.12. */
  readonly unlimited?: number;
  /** Probability that a grouped graph also shows another attribute of the grouped class ("the name and city of the customer with the most orders"). Default 0.12. */
  readonly alsoShown?: number;
  /** Shares of the ways to group, each used only where the schema has it. Default related 0.35, own 0.25, linked 0.15, measure 0.25. */
  readonly shapes?: Partial<Readonly<Record<RankingShape, number>>>;
}

/**
 * How a ranking groups: `related` the one side of a relation by a count of its many side,
 * `own` a plain attribute of a class by a count of its rows ("which grade has the most
 * students"), `linked` one end of a linking class by a count of the other end through it ("which
 * student takes the most courses"), `measure` a group of the first two kinds by an aggregate of a
 * number of the grouped rows ("the category with the highest average price").
 */
export type RankingShape = 'related' | 'own' | 'linked' | 'measure';

/** One group to rank: what it groups by, what it measures, the classes it joins and which class conditions go on. */
interface RankedGroup {
  readonly key: AttributeRef;
  readonly measure: Measure;
  readonly classes: readonly string[];
  /** The class whose rows are grouped (a condition on it narrows what is counted or measured). */
  readonly rows: string;
}

const CONDITION_TYPES = new Set(['text', 'date', 'datetime', 'integer', 'decimal', 'float']);
const ORDER_TYPES = new Set(['date', 'datetime', 'integer', 'decimal', 'float']);
const NUMBER_TYPES = new Set(['integer', 'decimal', 'float']);
/** Types a plain attribute is grouped by: a category, a city, a grade or a year. */
const GROUP_TYPES = new Set(['text', 'integer']);
const MEASURES: readonly AggregateFunction[] = ['sum', 'avg', 'max', 'min'];

export class RankingGenerator {
  /** [ranked class, counted class] pairs: the one and the many side of each relation. */
  private readonly pairs: readonly (readonly [string, string])[];
  /** Classes with a naming attribute and an attribute to order them by (a number or a date, no key). */
  private readonly orderable: readonly { readonly classId: string; readonly by: readonly SchemaAttribute[] }[];
  /** Plain attributes a class's rows are grouped by: no key, no naming attribute, no number that is an amount. */
  private readonly groupable: readonly SchemaAttribute[];
  /** [end, linking class, other end]: a class with relations to two different classes ranks one end by a count of the other. */
  private readonly linked: readonly (readonly [string, string, string])[];

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
      if (r.from === r.to || !shownLabel(schema, r.to)) continue;
      if (!pairs.some(([a, b]) => a === r.to && b === r.from)) pairs.push([r.to, r.from]);
    }
    this.pairs = pairs;
    this.orderable = schema.classes.flatMap((c) => {
      const keys = new Set(schema.relations.filter((r) => r.from === c.id).flatMap((r) => r.fromColumns));
      const by = shownLabel(schema, c.id) ? c.attributes.filter((a) => ORDER_TYPES.has(a.type) && !a.primaryKey && !keys.has(a.id) && !/\bid\b/.test(a.name.singular)) : [];
      return by.length > 0 ? [{ classId: c.id, by }] : [];
    });
    this.groupable = schema.classes.flatMap((c) => {
      const keys = this.keyColumns(c.id);
      const label = shownLabel(schema, c.id);
      return c.attributes.filter((a) => GROUP_TYPES.has(a.type) && !a.primaryKey && !keys.has(a.id) && a.id !== label?.id && !/\bid\b/.test(a.name.singular) && !(a.type === 'integer' && amountLike(a)));
    });
    const linked: [string, string, string][] = [];
    for (const a of schema.relations) {
      for (const b of schema.relations) {
        if (a === b || a.from !== b.from || a.to === b.to || a.to === a.from || b.to === b.from) continue;
        if (shownLabel(schema, a.to) && shownLabel(schema, b.to)) linked.push([a.to, a.from, b.to]);
      }
    }
    this.linked = linked;
  }

  /** Columns of a class that refer to another class (its foreign keys). */
  private keyColumns(classId: string): Set<string> {
    return new Set(this.schema.relations.filter((r) => r.from === classId).flatMap((r) => r.fromColumns));
  }

  get usable(): boolean {
    return this.pairs.length > 0 || this.groupable.length > 0;
  }

  /** Whether the schema has things to rank by an attribute of their own. */
  get superlativesUsable(): boolean {
    return this.orderable.length > 0;
  }

  /** One superlative graph ("the 3 cheapest beverages"), or null when the schema has nothing to order. */
  superlative(): QueryGraph | null {
    if (this.orderable.length === 0) return null;
    const { classId, by } = this.random.pick(this.orderable);
    const label = shownLabel(this.schema, classId);
    if (!label) return null;
    const attribute = this.random.pick(by);
    const where: Constraint[] = [];
    const r = this.random.next();
    if (r < (this.options.named ?? 0.35)) {
      // "beverages", "from Exotic Liquids": the named thing a relation of this class leads to.
      const owners = this.schema.relations.filter((rel) => rel.from === classId && rel.to !== classId).map((rel) => rel.to);
      const owner = owners.length > 0 ? this.random.pick(owners) : null;
      const ownerLabel = owner ? shownLabel(this.schema, owner) : null;
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

  /**
   * One ranking graph ("which customer has the most orders"), or with `ranked` false the same
   * group unranked ("how many orders does each customer have"); null when this draw found nothing.
   */
  next(ranked = true): QueryGraph | null {
    const group = this.group();
    if (!group) return null;
    const key = group.key;
    const where: Constraint[] = [];
    if (this.random.chance(this.options.condition ?? 0.3)) {
      const owner = this.schema.classes.find((c) => c.id === group.rows);
      // Not a key: "orders with customer id over 3" is nobody's question.
      const keys = this.keyColumns(group.rows);
      const candidates = owner?.attributes.filter((a) => CONDITION_TYPES.has(a.type) && !a.primaryKey && !keys.has(a.id) && !(a.classId === key.classId && a.id === key.attributeId) && a.id !== group.measure.target.attributeId) ?? [];
      if (candidates.length > 0) {
        const attribute = this.random.pick(candidates);
        const operators = operatorsFor(attribute.type).filter((op) => ['=', 'year', '>', '<'].includes(op));
        const operator = this.random.pick(operators);
        where.push({ target: { classId: group.rows, attributeId: attribute.id }, operator, values: [this.value(attribute, operator, this.random)] });
      }
    }
    // "the name and city of the customer with the most orders": another plain attribute of the grouped class, grouped too.
    const groupBy: AttributeRef[] = [key];
    const label = shownLabel(this.schema, key.classId);
    if (label?.id === key.attributeId && this.random.chance(this.options.alsoShown ?? 0.12)) {
      const keys = this.keyColumns(key.classId);
      const others = this.schema.classes.find((c) => c.id === key.classId)?.attributes.filter((a) => a.id !== label.id && a.type !== 'boolean' && !keys.has(a.id)) ?? [];
      // One of them: "the name and city of the customer with the most orders" (the decoding grammar takes two group items, grammar.ts MAX_ITEMS; a third made a target it can never write).
      const shown = 1;
      for (let i = 0; i < shown && others.length > 0; i += 1) groupBy.push({ classId: key.classId, attributeId: others.splice(this.random.integer(0, others.length - 1), 1)[0]!.id });
    }
    const select = [...groupBy.map((target) => ({ target, aggregate: null })), group.measure];
    if (!ranked) return queryGraph({ classes: group.classes, select, where, groupBy });
    const direction = this.random.chance(this.options.fewest ?? 0.25) ? 'asc' : 'desc';
    const r = this.random.next();
    const limit = r < (this.options.unlimited ?? 0.12) ? null : r < (this.options.unlimited ?? 0.12) + (this.options.topN ?? 0.3) ? this.random.integer(2, 10) : 1;
    return queryGraph({ classes: group.classes, select, where, groupBy, orderBy: [{ measure: group.measure, direction }], limit });
  }

  /** A group of one of the shapes the schema has, drawn by the shares. */
  private group(): RankedGroup | null {
    const shares = { related: 0.35, own: 0.25, linked: 0.15, measure: 0.25, ...this.options.shapes };
    const usable = (Object.keys(shares) as RankingShape[]).filter((shape) => shares[shape] > 0 && (shape === 'related' ? this.pairs.length > 0 : shape === 'own' ? this.groupable.length > 0 : shape === 'linked' ? this.linked.length > 0 : this.pairs.length + this.groupable.length > 0));
    if (usable.length === 0) return null;
    let r = this.random.next() * usable.reduce((n, shape) => n + shares[shape], 0);
    const shape = usable.find((s) => (r -= shares[s]) < 0) ?? (usable[usable.length - 1] as RankingShape);
    switch (shape) {
      case 'related': {
        const [ranked, counted] = this.random.pick(this.pairs);
        return this.counted(ranked, counted);
      }
      case 'own': {
        const attribute = this.random.pick(this.groupable);
        return { key: { classId: attribute.classId, attributeId: attribute.id }, measure: { target: { classId: attribute.classId, attributeId: '*' }, aggregate: 'count' }, classes: [attribute.classId], rows: attribute.classId };
      }
      case 'linked': {
        const [end, link, other] = this.random.pick(this.linked);
        const label = shownLabel(this.schema, end);
        if (!label) return null;
        return { key: { classId: end, attributeId: label.id }, measure: { target: { classId: other, attributeId: '*' }, aggregate: 'count' }, classes: [end, link, other], rows: other };
      }
      case 'measure': {
        // Grouped as one of the first two kinds; measured by a number of the grouped rows.
        const byOwn = this.pairs.length === 0 || (this.groupable.length > 0 && this.random.chance(0.4));
        const group = byOwn ? (() => {
          const a = this.random.pick(this.groupable);
          return { key: { classId: a.classId, attributeId: a.id }, classes: [a.classId], rows: a.classId };
        })() : (() => {
          const [ranked, counted] = this.random.pick(this.pairs);
          return this.counted(ranked, counted);
        })();
        if (!group) return null;
        const keys = this.keyColumns(group.rows);
        const numbers = this.schema.classes.find((c) => c.id === group.rows)?.attributes.filter((a) => NUMBER_TYPES.has(a.type) && !a.primaryKey && !keys.has(a.id) && a.id !== group.key.attributeId && !/\bid\b/.test(a.name.singular)) ?? [];
        if (numbers.length === 0) return null;
        const attribute = this.random.pick(numbers);
        return { ...group, measure: { target: { classId: group.rows, attributeId: attribute.id }, aggregate: this.random.pick(MEASURES) } };
      }
    }
  }

  /** The one side of a relation grouped by its naming attribute, its many side's rows counted. */
  private counted(ranked: string, counted: string): RankedGroup | null {
    const label = shownLabel(this.schema, ranked);
    if (!label) return null;
    return { key: { classId: ranked, attributeId: label.id }, measure: { target: { classId: counted, attributeId: '*' }, aggregate: 'count' }, classes: [ranked, counted], rows: counted };
  }
}

/** A whole number that is an amount rather than a category ("population", "price", "number of seats"): summed or averaged, not grouped by. */
function amountLike(attribute: SchemaAttribute): boolean {
  return /\b(number|count|amount|total|price|cost|population|salary|budget|capacity|quantity|score|rating|area|size|weight|height|length|age|revenue|sales|points|num)\b/.test(attribute.name.singular);
}
