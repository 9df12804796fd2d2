/**
 * Random query graphs of the constructs a plain walk never draws (random-walk.ts draws classes,
 * attributes, conditions, aggregates and orders): the n-th ranked thing (offset), things with none
 * of a related thing (a `none` pattern: customers with no orders), two columns compared
 * (units in stock below the reorder level; hired before their manager), arithmetic on one row
 * (price times quantity), per-group superlatives (the most expensive product in each category) and
 * kin words composed from a family graph's relations (grandchildren, cousins, ancestors). Every
 * shape is drawn from the schema alone, for any schema that has what it needs; each graph passes
 * validateQueryGraph. The predictor's generator writes them in English (its constructs.ts).
 */
import type { AttributeType, SchemaAttribute, SchemaClass, SchemaGraph } from '../schema-graph/types.js';
import { queryGraph } from './build.js';
import { kinFollows, kinshipTable } from './kinship.js';
import { operatorsFor, type Random } from './random-walk.js';
import type { ArithmeticOperator, AttributeRef, ComparisonOperator, Constraint, Expression, Operator, QueryGraph, QueryValue } from './types.js';

/** The constructs, by name. */
export const CONSTRUCTS = ['nth', 'none', 'compare', 'compute', 'extreme', 'kin'] as const;
export type ConstructKind = (typeof CONSTRUCTS)[number];

/** A drawn graph and what it says beyond a plain walk (the English writer needs the parts by role). */
export interface ConstructGraph {
  readonly kind: ConstructKind;
  readonly graph: QueryGraph;
  /** The kin word a `kin` graph says ("grandchild"). */
  readonly word?: string;
}

/** Draws a value for a condition (the generator draws from the data). */
export type ConstructValue = (attribute: SchemaAttribute, operator: Operator, random: Random) => QueryValue;

/** Names a computed value from its expression (the target language's rule, so graphs and tokens agree). */
export type ComputedNamer = (expression: Expression) => string;

export interface ConstructOptions {
  /** Shares of each construct among those the schema can say (need not sum to 1). Default: equal. */
  readonly shares?: Partial<Readonly<Record<ConstructKind, number>>>;
  /** Probability of one condition on the main things (or, for `none`, on the related ones). Default 0.3. */
  readonly condition?: number;
  /** Most instances of one class a kin word may need (its chain's length + 1). Default 4. */
  readonly maxInstances?: number;
}

const NUMERIC: readonly AttributeType[] = ['integer', 'decimal', 'float'];
const TEMPORAL: readonly AttributeType[] = ['date', 'datetime'];
const CONDITION_TYPES: readonly AttributeType[] = ['text', 'date', 'datetime', 'integer', 'decimal', 'float'];
/** Kin words a relation says directly are the chain questions' (predictor chains.ts); these are composed. */
const COMPOSED_KIN = /^(grand|great-|uncle|aunt|nephew|niece|cousin|.*-in-law|ancestor|descendant|parent|child|sibling|spouse)/;

export class ConstructDrawer {
  /** Attributes worth ranking, comparing or computing with: numbers and dates that are no keys. */
  private readonly measures: ReadonlyMap<string, readonly SchemaAttribute[]>;
  /** [one side, many side] of each relation between two classes, the one side with a naming attribute. */
  private readonly pairs: readonly (readonly [string, string])[];
  private readonly available: readonly ConstructKind[];

  constructor(
    private readonly schema: SchemaGraph,
    private readonly random: Random,
    private readonly value: ConstructValue,
    private readonly label: (classId: string) => SchemaAttribute | null,
    private readonly nameOf: ComputedNamer,
    private readonly options: ConstructOptions = {},
  ) {
    const keys = new Set(schema.relations.flatMap((r) => r.fromColumns.map((c) => `${r.from}.${c}`)));
    this.measures = new Map(
      schema.classes.map((c) => [c.id, c.attributes.filter((a) => (NUMERIC.includes(a.type) || TEMPORAL.includes(a.type)) && !a.primaryKey && !keys.has(`${c.id}.${a.id}`) && !/\bid\b/.test(a.name.singular))]),
    );
    const pairs: [string, string][] = [];
    for (const r of schema.relations) if (r.from !== r.to && this.label(r.to) && !pairs.some(([a, b]) => a === r.to && b === r.from)) pairs.push([r.to, r.from]);
    this.pairs = pairs;
    this.available = CONSTRUCTS.filter((kind) => this.can(kind));
  }

  /** The constructs this schema can say. */
  get kinds(): readonly ConstructKind[] {
    return this.available;
  }

  /** One graph of a construct chosen by the shares, or null when the draw found nothing to say. */
  next(): ConstructGraph | null {
    if (this.available.length === 0) return null;
    const shares = this.available.map((kind) => this.options.shares?.[kind] ?? 1);
    let r = this.random.next() * shares.reduce((a, b) => a + b, 0);
    let kind = this.available[this.available.length - 1] as ConstructKind;
    for (const [i, k] of this.available.entries()) {
      r -= shares[i] as number;
      if (r < 0) {
        kind = k;
        break;
      }
    }
    return this.draw(kind);
  }

  /** One graph of the given construct, or null. */
  draw(kind: ConstructKind): ConstructGraph | null {
    if (kind === 'kin') return this.kin();
    const graph = this.drawGraph(kind);
    return graph ? { kind, graph } : null;
  }

  private drawGraph(kind: Exclude<ConstructKind, 'kin'>): QueryGraph | null {
    switch (kind) {
      case 'nth':
        return this.nth();
      case 'none':
        return this.none();
      case 'compare':
        return this.compare();
      case 'compute':
        return this.compute();
      case 'extreme':
        return this.extreme();
    }
  }

  private can(kind: ConstructKind): boolean {
    switch (kind) {
      case 'nth':
      case 'extreme':
        return this.ranked().length > 0 && (kind === 'nth' || this.ranked().some((c) => this.groupings(c.id).length > 0));
      case 'none':
        return this.pairs.length > 0;
      case 'compare':
        return this.comparable().length > 0 || this.selfCompared().length > 0;
      case 'compute':
        return this.computable().length > 0;
      case 'kin':
        return this.kinWords().length > 0;
    }
  }

  /** Classes with a naming attribute and something to rank them by. */
  private ranked(): SchemaClass[] {
    return this.schema.classes.filter((c) => this.label(c.id) && (this.measures.get(c.id)?.length ?? 0) > 0);
  }

  /** What a class's things can be grouped by for a per-group superlative: a related class's name, or a text attribute of their own. */
  private groupings(classId: string): AttributeRef[] {
    const label = this.label(classId);
    const related = this.schema.relations.filter((r) => r.from === classId && r.to !== classId).flatMap((r) => {
      const name = this.label(r.to);
      return name && name.type === 'text' ? [{ classId: r.to, attributeId: name.id }] : [];
    });
    const own = (this.schema.classes.find((c) => c.id === classId)?.attributes ?? []).filter((a) => a.type === 'text' && a.id !== label?.id && !a.primaryKey && /\b(country|city|type|category|kind|class|status|genre|state|region|department|nationality|position|role|gender|sex)\b/.test(a.name.singular));
    return [...related, ...own.map((a) => ({ classId, attributeId: a.id }))];
  }

  /** Pairs of attributes of one class of the same kind (numbers or dates) to compare. */
  private comparable(): [SchemaAttribute, SchemaAttribute][] {
    return this.schema.classes.flatMap((c) => {
      const m = this.measures.get(c.id) ?? [];
      const out: [SchemaAttribute, SchemaAttribute][] = [];
      for (const a of m) for (const b of m) if (a.id < b.id && NUMERIC.includes(a.type) === NUMERIC.includes(b.type) && this.label(c.id)) out.push([a, b]);
      return out;
    });
  }

  /** [relation, attribute] of a class related to itself: its things compared with their related one (hired before their manager). */
  private selfCompared(): [string, SchemaAttribute][] {
    return this.schema.relations.filter((r) => r.from === r.to && this.label(r.from)).flatMap((r) => (this.measures.get(r.from) ?? []).map((a) => [r.id, a] as [string, SchemaAttribute]));
  }

  /** Classes with two number attributes (no keys) to compute with. */
  private computable(): SchemaClass[] {
    return this.schema.classes.filter((c) => (this.measures.get(c.id) ?? []).filter((a) => NUMERIC.includes(a.type)).length >= 2);
  }

  /** [class, word] of composed kin words whose chain fits the instance cap. */
  private kinWords(): [string, string][] {
    const max = this.options.maxInstances ?? 4;
    const classes = [...new Set(this.schema.relations.filter((r) => r.from === r.to).map((r) => r.from))].filter((c) => this.label(c)?.type === 'text');
    return classes.flatMap((classId) =>
      [...kinshipTable(this.schema, classId)].filter(([word, c]) => COMPOSED_KIN.test(word) && c.chains.every((chain) => chain.length + 1 <= max)).map(([word]) => [classId, word] as [string, string]),
    );
  }

  private show(classId: string): { target: AttributeRef; aggregate: null } {
    return { target: { classId, attributeId: (this.label(classId) as SchemaAttribute).id }, aggregate: null };
  }

  /** Maybe one condition on a class's own attributes (no keys, not the ones the construct uses). */
  private condition(classId: string, except: readonly string[]): Constraint[] {
    if (!this.random.chance(this.options.condition ?? 0.3)) return [];
    const keys = new Set(this.schema.relations.filter((r) => r.from === classId).flatMap((r) => r.fromColumns));
    const candidates = (this.schema.classes.find((c) => c.id === classId)?.attributes ?? []).filter((a) => CONDITION_TYPES.includes(a.type) && !a.primaryKey && !keys.has(a.id) && !except.includes(a.id));
    if (candidates.length === 0) return [];
    const attribute = this.random.pick(candidates);
    const operator = this.random.pick(operatorsFor(attribute.type).filter((op) => ['=', 'year', '>', '<'].includes(op)));
    return [{ target: { classId, attributeId: attribute.id }, operator, values: [this.value(attribute, operator, this.random)] }];
  }

  /** The second to fifth cheapest product; the customer with the second most orders. */
  private nth(): QueryGraph | null {
    const offset = this.random.integer(1, 4);
    if (this.pairs.length > 0 && this.random.chance(0.3)) {
      const [ranked, counted] = this.random.pick(this.pairs);
      const key = this.show(ranked).target;
      const count = { target: { classId: counted, attributeId: '*' }, aggregate: 'count' as const };
      return queryGraph({ select: [{ target: key, aggregate: null }, count], groupBy: [key], orderBy: [{ measure: count, direction: this.random.chance(0.8) ? 'desc' : 'asc' }], limit: 1, offset });
    }
    const c = this.random.pick(this.ranked());
    const by = this.random.pick(this.measures.get(c.id) ?? []);
    return queryGraph({ select: [this.show(c.id)], where: this.condition(c.id, [by.id]), orderBy: [{ measure: { target: { classId: c.id, attributeId: by.id }, aggregate: null }, direction: this.random.chance(0.5) ? 'asc' : 'desc' }], limit: 1, offset });
  }

  /** Things with none of a related thing, sometimes of a kind: customers with no orders (in 1997). */
  private none(): QueryGraph | null {
    const [one, many] = this.random.pick(this.pairs);
    const inner = this.condition(many, []);
    const where = this.condition(one, []);
    return queryGraph({ select: [this.show(one)], where, patterns: [{ quantifier: 'none', branches: [{ classes: inner.length > 0 ? [] : [many], follows: [], where: inner, compare: [] }] }] });
  }

  /** Two attributes of a thing compared, or one attribute of a thing and of its related one (a self relation). */
  private compare(): QueryGraph | null {
    const pairs = this.comparable();
    const selves = this.selfCompared();
    const operator: ComparisonOperator = this.random.pick(['<', '>', '<', '>', '=', '!=']);
    if (selves.length > 0 && (pairs.length === 0 || this.random.chance(0.4))) {
      const [relation, a] = this.random.pick(selves);
      const classId = a.classId;
      return queryGraph({
        select: [this.show(classId)],
        follows: [{ from: { classId, instance: 1 }, relation, to: { classId, instance: 2 } }],
        compare: [{ left: { classId, attributeId: a.id }, operator, right: { classId, attributeId: a.id, instance: 2 } }],
      });
    }
    if (pairs.length === 0) return null;
    const [a, b] = this.random.chance(0.5) ? this.random.pick(pairs) : ([...this.random.pick(pairs)].reverse() as [SchemaAttribute, SchemaAttribute]);
    return queryGraph({ select: [this.show(a.classId)], where: this.condition(a.classId, [a.id, b.id]), compare: [{ left: { classId: a.classId, attributeId: a.id }, operator, right: { classId: b.classId, attributeId: b.id } }] });
  }

  /** One arithmetic operation on two number attributes of a row, shown, totalled, ranked or compared with a number. */
  private compute(): QueryGraph | null {
    const c = this.random.pick(this.computable());
    const numbers = (this.measures.get(c.id) ?? []).filter((a) => NUMERIC.includes(a.type));
    const a = this.random.pick(numbers);
    const b = this.random.pick(numbers.filter((x) => x.id !== a.id));
    const operator: ArithmeticOperator = this.random.pick(['*', '*', '*', '-', '+', '/']);
    const expression: Expression = { kind: 'arithmetic', operator, left: { kind: 'attribute', ref: { classId: c.id, attributeId: a.id } }, right: { kind: 'attribute', ref: { classId: c.id, attributeId: b.id } } };
    const target = { classId: c.id, attributeId: this.nameOf(expression) };
    if (c.attributes.some((x) => x.id === target.attributeId)) return null;
    const computed = [{ target, expression }];
    const label = this.label(c.id);
    const r = this.random.next();
    if (r < 0.3) return queryGraph({ computed, select: [{ target, aggregate: this.random.pick(['sum', 'sum', 'avg', 'max', 'min'] as const) }], where: this.condition(c.id, [a.id, b.id]) });
    if (r < 0.5 && label) return queryGraph({ computed, select: [this.show(c.id), { target, aggregate: null }], orderBy: [{ measure: { target, aggregate: null }, direction: this.random.chance(0.7) ? 'desc' : 'asc' }], limit: this.random.chance(0.6) ? 1 : this.random.integer(2, 10) });
    if (r < 0.7 && label) {
      const operatorOf: Operator = this.random.pick(['>', '<']);
      return queryGraph({ computed, select: [this.show(c.id)], where: [{ target, operator: operatorOf, values: [this.computedValue(a, b, operator)] }] });
    }
    return queryGraph({ computed, select: [...(label ? [this.show(c.id)] : []), { target, aggregate: null }], where: this.condition(c.id, [a.id, b.id]) });
  }

  /** A round number near what the operation gives on typical values (the two attributes' drawn values). */
  private computedValue(a: SchemaAttribute, b: SchemaAttribute, operator: ArithmeticOperator): QueryValue {
    const x = this.value(a, '>', this.random);
    const y = this.value(b, '>', this.random);
    const nx = x.kind === 'number' ? x.value : 1;
    const ny = y.kind === 'number' ? y.value : 1;
    const raw = operator === '*' ? nx * ny : operator === '-' ? nx - ny : operator === '+' ? nx + ny : ny === 0 ? nx : nx / ny;
    const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(1, Math.abs(raw)))) - 1);
    return { kind: 'number', value: Math.max(1, Math.round(Math.abs(raw) / magnitude) * magnitude) };
  }

  /** The most expensive product in each category; the oldest employee per country. */
  private extreme(): QueryGraph | null {
    const classes = this.ranked().filter((c) => this.groupings(c.id).length > 0);
    if (classes.length === 0) return null;
    const c = this.random.pick(classes);
    const by = this.random.pick(this.measures.get(c.id) ?? []);
    const per = this.random.pick(this.groupings(c.id));
    const select = [this.show(c.id), ...(per.classId !== c.id || this.random.chance(0.5) ? [{ target: per, aggregate: null }] : [])];
    return queryGraph({ select: this.random.chance(0.5) ? select : select.slice(0, 1), extremes: [{ measure: { classId: c.id, attributeId: by.id }, direction: this.random.chance(0.5) ? 'max' : 'min', per: [per] }] });
  }

  /** A composed kin word of a named person: her grandchildren, his sisters-in-law, their ancestors. */
  private kin(): ConstructGraph | null {
    const [classId, word] = this.random.pick(this.kinWords());
    const composition = kinshipTable(this.schema, classId).get(word);
    const label = this.label(classId);
    if (!composition || !label) return null;
    const length = Math.max(...composition.chains.map((chain) => chain.length));
    const to = { classId, instance: length + 1 };
    const { follows, patterns } = kinFollows(composition, { classId, instance: 1 }, to, 2);
    const name = { target: { classId, attributeId: label.id }, operator: '=' as const, values: [this.value(label, '=', this.random)] };
    const counted = this.random.chance(0.2);
    const graph = queryGraph({ select: [counted ? { target: { ...to, attributeId: '*' }, aggregate: 'count' as const } : { target: { ...to, attributeId: label.id }, aggregate: null }], where: [name], follows, patterns });
    return { kind: 'kin', graph, word };
  }
}
