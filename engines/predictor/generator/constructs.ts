/**
 * Questions for the query graph's newer constructs (engines/query-graph/random-constructs.ts draws
 * the graphs), each written several ways people ask them: "the third cheapest product" / "2nd most
 * expensive", "customers with no orders" / "which customers have never had any orders", "products
 * whose units in stock are below their reorder level", "employees hired before their manager",
 * "total unit price times quantity", "the most expensive product in each category", "Queen
 * Victoria's grandchildren". Names come from the schema (english.ts), values from the data; the
 * generator then types them in its registers (registers.ts) like every other question. No form was
 * written from a dev or validation question: each is a class of phrasing, for every schema.
 */
import { ConstructDrawer, type ConstructKind, type ConstructOptions } from '../../query-graph/random-constructs.js';
import type { Random } from '../../query-graph/random-walk.js';
import type { ArithmeticOperator, AttributeRef, ComparisonOperator, Expression, QueryGraph, QueryValue } from '../../query-graph/types.js';
import { findAttribute, findClass } from '../../schema-graph/lookup.js';
import type { SchemaAttribute, SchemaGraph } from '../../schema-graph/types.js';
import { BIRTH, MONEY, type EnglishWriter } from './english.js';
import { eventParticiple } from '../schema-words/events.js';
import { shownLabel } from './naming.js';
import type { ValueSource } from './rankings.js';
import { computedName } from '../model/target.js';

/** A generated question with its graph (real values). */
export interface ConstructQuestion {
  readonly kind: ConstructKind;
  readonly graph: QueryGraph;
  readonly question: string;
}

const ORDINALS: Readonly<Record<number, readonly string[]>> = {
  2: ['second', '2nd'],
  3: ['third', '3rd'],
  4: ['fourth', '4th'],
  5: ['fifth', '5th'],
};

export class ConstructGenerator {
  private readonly drawer: ConstructDrawer;

  constructor(
    private readonly schema: SchemaGraph,
    private readonly random: Random,
    private readonly writer: EnglishWriter,
    value: ValueSource,
    options: ConstructOptions = {},
  ) {
    this.drawer = new ConstructDrawer(schema, random, value, (classId) => shownLabel(schema, classId), computedName, options);
  }

  /** Whether the schema can say any of the constructs. */
  get usable(): boolean {
    return this.drawer.kinds.length > 0;
  }

  /** The constructs this schema can say. */
  get kinds(): readonly ConstructKind[] {
    return this.drawer.kinds;
  }

  /** One question of a construct (chosen by the shares, or the given one), or null when the draw found nothing. */
  next(kind?: ConstructKind): ConstructQuestion | null {
    const construct = kind ? this.drawer.draw(kind) : this.drawer.next();
    if (!construct) return null;
    const text = construct.kind === 'kin' ? this.kin(construct.graph, construct.word ?? '') : this.write(construct.kind, construct.graph);
    return text ? { kind: construct.kind, graph: construct.graph, question: this.writer.finish(text) } : null;
  }

  private write(kind: Exclude<ConstructKind, 'kin'>, graph: QueryGraph): string | null {
    switch (kind) {
      case 'nth':
        return this.nth(graph);
      case 'none':
        return this.none(graph);
      case 'compare':
        return this.compare(graph);
      case 'compute':
        return this.compute(graph);
      case 'extreme':
        return this.extreme(graph);
    }
  }

  private pick<T>(items: readonly T[]): T {
    return this.random.pick(items);
  }

  private attribute(ref: AttributeRef): SchemaAttribute {
    return findAttribute(this.schema, ref.classId, ref.attributeId);
  }

  /** One-word superlatives of money and time ("cheapest", "oldest"), or null: then "the highest <attribute>". */
  private adjective(ref: AttributeRef, highest: boolean): string | null {
    const attribute = this.attribute(ref);
    if (MONEY.test(attribute.name.singular) && attribute.type !== 'text') return highest ? this.pick(['most expensive', 'priciest', 'costliest']) : this.pick(['cheapest', 'least expensive']);
    if (attribute.type !== 'date' && attribute.type !== 'datetime') return null;
    if (BIRTH.test(attribute.name.singular)) return highest ? this.pick(['youngest']) : this.pick(['oldest', 'eldest']);
    if (findClass(this.schema, ref.classId).attributes.some((a) => BIRTH.test(a.name.singular))) return null;
    return highest ? this.pick(['latest', 'most recent', 'newest']) : this.pick(['earliest', 'oldest']);
  }

  private highest(ref: AttributeRef, highest: boolean): string {
    const temporal = ['date', 'datetime'].includes(this.attribute(ref).type);
    if (temporal) return highest ? this.pick(['latest', 'most recent']) : this.pick(['earliest', 'oldest']);
    return highest ? this.pick(['highest', 'largest', 'biggest', 'greatest']) : this.pick(['lowest', 'smallest', 'least']);
  }

  /** "the third cheapest product", "which customer has the 2nd most orders". */
  private nth(graph: QueryGraph): string | null {
    const ordinal = this.pick(ORDINALS[(graph.offset ?? 0) + 1] ?? []);
    const order = graph.orderBy[0];
    const main = graph.select[0]?.target.classId;
    if (!ordinal || !order || !main) return null;
    const desc = order.direction === 'desc';
    if (order.measure.aggregate === 'count') {
      const one = this.writer.classWords(main, false);
      const many = this.writer.classWords(order.measure.target.classId, true);
      const most = desc ? 'most' : this.pick(['fewest', 'least']);
      return this.pick([`which ${one} has the ${ordinal} ${most} ${many}`, `the ${one} with the ${ordinal} ${most} ${many}`, `${one} with ${ordinal} ${most} ${many}`, `who has the ${ordinal} ${most} ${many}`.replace(/^who/, `which ${one}`)]);
    }
    const things = this.writer.things(main, graph.where);
    const adjective = this.adjective(order.measure.target, desc);
    const name = this.writer.attributeWords(order.measure.target, main);
    const people = this.writer.isPeople(main);
    if (adjective && this.random.chance(0.75)) {
      return this.pick([
        `the ${ordinal} ${adjective} ${things.singular}`,
        `${ordinal} ${adjective} ${things.singular}`,
        `what is the ${ordinal} ${adjective} ${things.singular}`,
        `which ${things.singular} is the ${ordinal} ${adjective}`,
        `find the ${ordinal} ${adjective} ${things.singular}`,
        ...(people ? [`who is the ${ordinal} ${adjective} ${things.singular}`] : []),
      ]);
    }
    const high = this.highest(order.measure.target, desc);
    return this.pick([
      `the ${things.singular} with the ${ordinal} ${high} ${name}`,
      `which ${things.singular} has the ${ordinal} ${high} ${name}`,
      `${things.singular} with ${ordinal} ${high} ${name}`,
      `${this.writer.lead()}the ${things.singular} ranked ${ordinal} by ${name}${desc ? '' : ' from the bottom'}`,
      ...(people ? [`who has the ${ordinal} ${high} ${name}`] : []),
    ]);
  }

  /** "customers with no orders", "which suppliers have never had any Seafood products". */
  private none(graph: QueryGraph): string | null {
    const main = graph.select[0]?.target.classId;
    const branch = graph.patterns?.[0]?.branches[0];
    if (!main || !branch) return null;
    const otherClass = branch.classes[0] ?? branch.where[0]?.target.classId;
    if (!otherClass) return null;
    const things = this.writer.things(main, graph.where).plural;
    const other = this.writer.things(otherClass, branch.where).plural;
    const who = this.writer.isPeople(main) ? 'who' : 'that';
    return this.pick([
      `${things} with no ${other}`,
      `${things} without ${other}`,
      `${things} without any ${other}`,
      `${things} ${who} have no ${other}`,
      `which ${things} have no ${other}`,
      `${this.writer.lead()}${things} ${who} don't have any ${other}`,
      `${things} with zero ${other}`,
      `${things} ${who} never had any ${other}`,
      `which ${things} have never had ${other}`,
      `${things} with no ${other} at all`,
      `${this.writer.lead()}${things} lacking ${other}`,
      `${things} not having any ${other}`,
    ]);
  }

  private comparison(operator: ComparisonOperator, temporal: boolean): string {
    if (temporal) return this.pick({ '<': ['before', 'earlier than'], '<=': ['no later than'], '>': ['after', 'later than'], '>=': ['no earlier than'], '=': ['the same as', 'on the same day as'], '!=': ['different from', 'not the same as'] }[operator]);
    return this.pick({ '<': ['less than', 'lower than', 'below', 'under', 'smaller than'], '<=': ['at most', 'no more than'], '>': ['more than', 'greater than', 'above', 'over', 'higher than', 'larger than'], '>=': ['at least', 'no less than'], '=': ['equal to', 'the same as'], '!=': ['different from', 'not equal to'] }[operator]);
  }

  /** "products whose units in stock are below their reorder level", "employees hired before their manager". */
  private compare(graph: QueryGraph): string | null {
    const c = graph.compare?.[0];
    const main = graph.select[0]?.target.classId;
    if (!c || !main) return null;
    const temporal = ['date', 'datetime'].includes(this.attribute(c.left).type);
    const cmp = this.comparison(c.operator, temporal);
    const things = this.writer.things(main, graph.where).plural;
    const a = this.writer.attributeWords(c.left, main);
    const who = this.writer.isPeople(main) ? 'who' : 'that';
    const follow = graph.follows[0];
    if (follow) {
      const relation = this.schema.relations.find((r) => r.id === follow.relation);
      const noun = relation && /^[a-z]+$/.test(relation.name.singular) ? relation.name.singular : null;
      const theirs = noun ? `their ${noun}` : `the ${this.writer.classWords(main, false)} they ${relation?.name.singular ?? 'relate to'}`;
      const participle = temporal ? eventParticiple(this.attribute(c.left)) : null;
      return this.pick([
        `${things} whose ${a} is ${cmp} that of ${theirs}`,
        `${things} with a ${a} ${cmp} ${theirs}'s`,
        `which ${things} have a ${a} ${cmp} ${theirs}`,
        ...(participle && (c.operator === '<' || c.operator === '>') ? [`${things} ${who} ${participle === 'born' ? 'were born' : `were ${participle}`} ${cmp} ${theirs}`, `${things} ${participle} ${cmp} ${theirs}`] : []),
      ]);
    }
    const b = this.writer.attributeWords(c.right, main);
    return this.pick([
      `${things} whose ${a} is ${cmp} their ${b}`,
      `${things} with ${a} ${cmp} ${b}`,
      `${things} where ${a} is ${cmp} ${b}`,
      `which ${things} have a ${a} ${cmp} their ${b}`,
      `${this.writer.lead()}${things} ${who} have ${a} ${cmp} ${b}`,
      `${things} where the ${a} ${c.operator === '=' ? 'equals' : `is ${cmp}`} the ${b}`,
      ...(c.operator === '>' && !temporal ? [`${things} whose ${a} exceeds their ${b}`] : []),
    ]);
  }

  /** "unit price times quantity" and the like. */
  private expression(e: Expression, main: string): string {
    if (e.kind !== 'arithmetic') return e.kind === 'attribute' ? this.writer.attributeWords(e.ref, main) : String(e.value);
    const a = this.expression(e.left, main);
    const b = this.expression(e.right, main);
    const forms: Readonly<Record<ArithmeticOperator, readonly string[]>> = {
      '*': [`${a} times ${b}`, `${a} multiplied by ${b}`, `${a} * ${b}`, `${a} x ${b}`, `${a} times the ${b}`],
      '-': [`${a} minus ${b}`, `${a} - ${b}`, `${a} less ${b}`, `the difference between ${a} and ${b}`],
      '+': [`${a} plus ${b}`, `${a} + ${b}`, `${a} and ${b} added together`],
      '/': [`${a} divided by ${b}`, `${a} / ${b}`, `${a} per ${b}`, `the ratio of ${a} to ${b}`],
    };
    return this.pick(forms[e.operator]);
  }

  /** "total unit price times quantity", "products where price times units in stock is over 1000". */
  private compute(graph: QueryGraph): string | null {
    const computed = graph.computed?.[0];
    if (!computed) return null;
    const main = computed.target.classId;
    const e = this.expression(computed.expression, main);
    const isComputed = (ref: AttributeRef | undefined) => ref?.classId === computed.target.classId && ref.attributeId === computed.target.attributeId;
    const aggregate = graph.select.find((m) => isComputed(m.target) && m.aggregate !== null)?.aggregate;
    const things = this.writer.things(main, graph.where.filter((c) => !isComputed(c.target)));
    if (aggregate) {
      const word = { sum: ['total', 'the total', 'sum of', 'the sum of all'], avg: ['average', 'the average', 'mean', 'avg'], max: ['the highest', 'maximum', 'max', 'the largest'], min: ['the lowest', 'minimum', 'min', 'the smallest'], count: ['number of'], count_distinct: ['number of'] }[aggregate];
      const over = this.pick([` for ${things.plural}`, ` of all ${things.plural}`, ` over ${things.plural}`, ` across ${things.plural}`, ` of the ${things.plural}`]);
      return this.pick([`${this.pick(word)} ${e}${over}`, `what is the ${this.pick(word).replace(/^the /, '')} ${e}${over}`]);
    }
    const limit = graph.limit;
    const order = graph.orderBy[0];
    if (order && limit !== null) {
      const high = order.direction === 'desc' ? this.pick(['highest', 'largest', 'biggest']) : this.pick(['lowest', 'smallest']);
      if (limit === 1) return this.pick([`the ${things.singular} with the ${high} ${e}`, `which ${things.singular} has the ${high} ${e}`, `${things.singular} with ${high} ${e}`]);
      const k = this.writer.count(limit);
      return this.pick([`top ${k} ${things.plural} by ${e}`, `the ${k} ${things.plural} with the ${high} ${e}`, `which ${k} ${things.plural} have the ${high} ${e}`]);
    }
    const condition = graph.where.find((c) => isComputed(c.target));
    if (condition) {
      const value = condition.values[0] as QueryValue;
      const n = this.writer.value(value, null, false);
      const cmp = condition.operator === '>' ? this.pick(['over', 'more than', 'above', 'greater than']) : this.pick(['under', 'less than', 'below']);
      return this.pick([`${things.plural} where ${e} is ${cmp} ${n}`, `${things.plural} whose ${e} is ${cmp} ${n}`, `${things.plural} with ${e} ${cmp} ${n}`, `which ${things.plural} have ${e} ${cmp} ${n}`, `${things.plural} with ${e} ${condition.operator} ${n}`]);
    }
    const labelled = graph.select.length > 1;
    return this.pick(
      labelled
        ? [`${e} for each ${things.singular}`, `${e} of each ${things.singular}`, `${this.writer.lead()}${things.plural} with their ${e}`, `${things.plural} and their ${e}`, `${e} per ${things.singular}`]
        : [`${this.writer.lead()}${e} of ${things.plural}`, `${e} for all ${things.plural}`, `what is the ${e} of each ${things.singular}`],
    );
  }

  /** "the most expensive product in each category", "for every country, the oldest employee". */
  private extreme(graph: QueryGraph): string | null {
    const x = graph.extremes?.[0];
    const main = graph.select[0]?.target.classId;
    const per = x?.per[0];
    if (!x || !main || !per) return null;
    const group = per.classId === main ? this.writer.attributeWords(per, main) : this.writer.classWords(per.classId, false);
    const desc = x.direction === 'max';
    const adjective = this.adjective(x.measure, desc);
    const thing = this.writer.classWords(main, false);
    const things = this.writer.classWords(main, true);
    const each = this.pick(['each', 'every', 'each', 'per']);
    const where = each === 'per' ? `per ${group}` : `in ${each} ${group}`;
    if (adjective && this.random.chance(0.75)) {
      return this.pick([
        `the ${adjective} ${thing} ${where}`,
        `${adjective} ${thing} ${where}`,
        `for each ${group}, the ${adjective} ${thing}`,
        `the ${adjective} ${thing} of every ${group}`,
        `which ${thing} is the ${adjective} ${where}`,
        `each ${group}'s ${adjective} ${thing}`,
        `${adjective} ${things} by ${group}`,
      ]);
    }
    const high = this.highest(x.measure, desc);
    const name = this.writer.attributeWords(x.measure, main);
    return this.pick([`the ${thing} with the ${high} ${name} ${where}`, `for every ${group}, the ${thing} with the ${high} ${name}`, `${things} with the ${high} ${name} ${where}`, `which ${thing} has the ${high} ${name} ${where}`, `${high} ${name} ${thing} for each ${group}`]);
  }

  /** "Queen Victoria's grandchildren", "how many cousins did X have". */
  private kin(graph: QueryGraph, word: string): string | null {
    const name = graph.where[0];
    const shown = graph.select[0];
    if (!name || !shown) return null;
    const label = this.attribute(name.target);
    const who = this.writer.value(name.values[0] as QueryValue, label, false);
    if (!word) return null;
    const law = word.endsWith('-in-law') ? '-in-law' : '';
    const head = word.slice(0, word.length - law.length);
    const words = `${head.endsWith('child') ? `${head}ren` : `${head}s`}${law}`;
    if (shown.aggregate === 'count') return this.pick([`how many ${words} did ${who} have`, `how many ${words} does ${who} have`, `number of ${who}'s ${words}`, `count ${who}'s ${words}`]);
    return this.pick([`${who}'s ${words}`, `the ${words} of ${who}`, `who are ${who}'s ${words}`, `who were the ${words} of ${who}`, `list ${who}'s ${words}`, `name the ${words} of ${who}`, `${words} of ${who}`, `show me ${who}'s ${words}`]);
  }
}
