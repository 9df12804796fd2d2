/**
 * Query graph -> plain English, so a person can check what will be run before trusting the answer
 * ("the product name and unit price of products whose category name is Beverages, highest unit
 * price first, top 5"). Uses the schema graph's human names; never the SQL.
 */
import { findAttribute, findClass } from '../schema-graph/lookup.js';
import type { AttributeType, SchemaGraph } from '../schema-graph/types.js';
import { withComputedAttributes } from './validate.js';
import type { AggregateComparison, AggregateConstraint, AttributeComparison, AttributeRef, ClassInstance, Constraint, Expression, Follow, Measure, Pattern, QueryGraph, QueryValue } from './types.js';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export function explainQueryGraph(graph: QueryGraph, baseSchema: SchemaGraph): string {
  const schema = withComputedAttributes(baseSchema, graph);
  const main = graph.classes[0] ?? '';
  const words = new Words(schema, main);
  const parts: string[] = [graph.follows.length > 0 ? explainChain(graph, schema, words) : words.shown(graph.select)];
  if (graph.where.length > 0 && graph.follows.length === 0) parts[0] += ` ${words.conditions(graph.where)}`;
  for (const c of graph.computed ?? []) parts.push(`where ${words.attribute(c.target)} is ${words.expression(c.expression)}`);
  if ((graph.compare ?? []).length > 0) parts.push(`only where ${list((graph.compare ?? []).map((c) => words.comparison(c)))}`);
  if ((graph.aggregateCompare ?? []).length > 0) parts.push(`only where ${list((graph.aggregateCompare ?? []).map((c) => words.aggregateComparison(c, baseSchema)))}`);
  for (const condition of graph.patterns ?? []) {
    const branches = condition.branches.map((branch) => words.pattern(branch));
    parts.push(condition.quantifier === 'none' ? `such that there is no ${branches.join(' and no ')}` : `such that there is ${branches.join(' or ')}`);
  }
  for (const extreme of graph.extremes ?? []) {
    const best = words.attribute(extreme.measure);
    const per = extreme.per.length > 0 ? ` for each ${list(extreme.per.map((ref) => words.attribute(ref)))}` : '';
    parts.push(`only the ${extreme.direction === 'max' ? 'highest' : 'lowest'} ${best}${per}`);
  }
  if (graph.groupBy.length > 0) parts.push(`for each ${list(graph.groupBy.map((ref) => words.attribute(ref)))}`);
  if (graph.having.length > 0) parts.push(`only where ${list(graph.having.map((h) => words.aggregateCondition(h)))}`);
  for (const term of graph.orderBy) parts.push(words.ordering(term.measure, term.direction));
  const offset = graph.offset ?? 0;
  if (graph.limit !== null) {
    const ranked = graph.orderBy.length > 0;
    if (ranked && graph.limit === 1) parts.push(offset > 0 ? `only the ${ordinal(offset + 1)}` : 'only the first');
    else parts.push(`${ranked ? 'top' : 'at most'} ${graph.limit}${offset > 0 ? ` after the first ${offset}` : ''}`);
  } else if (offset > 0) {
    parts.push(`after the first ${offset}`);
  }
  if (graph.distinct) parts.push('without repeats');
  return parts.join(', ');
}

/** 1st, 2nd, 3rd, 4th, 11th, 21st. */
function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** "father", "son or daughter", "father or mother, 1 to 4 steps". */
function relationWords(step: Follow, schema: SchemaGraph): string {
  const names = [step.relation, ...(step.alternatives ?? [])].map((id) => schema.relations.find((r) => r.id === id)?.name.singular ?? id);
  const hops = step.hops ? ` (${step.hops.min === step.hops.max ? step.hops.min : `${step.hops.min} to ${step.hops.max}`} steps)` : '';
  return `${orList(names)}${hops}`;
}

/**
 * Graphs with relation chains are explained instance by instance, from the anchors outwards:
 * "the name of the father of the husband of the person whose name is Victoria of house of Hanover".
 */
function explainChain(graph: QueryGraph, schema: SchemaGraph, words: Words): string {
  const key = (node: ClassInstance) => `${node.classId}#${node.instance}`;
  const describe = (node: ClassInstance, seen: Set<string>): string => {
    const here = new Set(seen).add(key(node));
    const own = graph.where.filter((c) => c.target.classId === node.classId && (c.target.instance ?? 1) === node.instance);
    const noun = findClass(schema, node.classId).name.singular;
    const phrases: string[] = [];
    for (const step of graph.follows) {
      const relation = relationWords(step, schema);
      if (key(step.to) === key(node) && !here.has(key(step.from))) phrases.push(`the ${relation} of ${describe(step.from, here)}`);
      else if (key(step.from) === key(node) && !here.has(key(step.to))) phrases.push(`the ${noun} whose ${relation} is ${describe(step.to, here)}`);
    }
    if (own.length > 0) phrases.push(`the ${noun} ${words.conditions(own)}`);
    return phrases.length > 0 ? phrases.join(' who is also ') : `any ${noun}`;
  };
  return list(
    graph.select.map((measure) => {
      const node = { classId: measure.target.classId, instance: measure.target.instance ?? 1 };
      const who = describe(node, new Set());
      if (measure.target.attributeId === '*') return `the number of ${findClass(schema, node.classId).name.plural} that are ${who}`;
      return `${words.aggregateHead(measure)} of ${who}`;
    }),
  );
}

class Words {
  constructor(
    private readonly schema: SchemaGraph,
    private readonly main: string,
  ) {}

  /** "the product name and unit price of products and the number of orders". */
  shown(measures: readonly Measure[]): string {
    const phrases: string[] = [];
    // Plain attributes of one class read best together: "the name and price of products".
    const plainByClass = new Map<string, string[]>();
    for (const measure of measures) {
      if (measure.aggregate === null) {
        const names = plainByClass.get(measure.target.classId) ?? [];
        if (!plainByClass.has(measure.target.classId)) {
          plainByClass.set(measure.target.classId, names);
          phrases.push(`\u0000${measure.target.classId}`);
        }
        names.push(this.attributeName(measure.target));
      } else {
        phrases.push(this.aggregate(measure));
      }
    }
    return list(
      phrases.map((phrase) => {
        if (!phrase.startsWith('\u0000')) return phrase;
        const classId = phrase.slice(1);
        return `the ${list(plainByClass.get(classId) ?? [])} of ${this.classPlural(classId)}`;
      }),
    );
  }

  aggregate(measure: Measure): string {
    const { target, aggregate } = measure;
    const owner = this.classPlural(target.classId);
    if (target.attributeId === '*') return `the number of ${owner}`;
    if (aggregate === 'count') return `the number of ${owner} with a known ${this.attributeName(target)}`;
    return `${this.aggregateHead(measure)} of ${owner}`;
  }

  /** What a measure is, without whose: "the average unit price", "the number of different cities". */
  aggregateHead(measure: Measure): string {
    const { target, aggregate } = measure;
    if (target.attributeId === '*') return 'the number';
    const name = this.attributeName(target);
    switch (aggregate) {
      case 'count':
        return `the number of known ${this.attributePlural(target)}`;
      case 'count_distinct':
        return `the number of different ${this.attributePlural(target)}`;
      case 'sum':
        return `the total ${name}`;
      case 'avg':
        return `the average ${name}`;
      case 'min':
        return `the ${this.isTemporal(target) ? 'earliest' : 'lowest'} ${name}`;
      case 'max':
        return `the ${this.isTemporal(target) ? 'latest' : 'highest'} ${name}`;
      default:
        return `the ${name}`;
    }
  }

  /** "whose category name is Beverages and unit price is more than 20". */
  conditions(constraints: readonly Constraint[]): string {
    return `whose ${list(constraints.map((c) => `${this.attribute(c.target)} ${this.condition(c)}`))}`;
  }

  /** "unit price times quantity". */
  expression(expression: Expression): string {
    switch (expression.kind) {
      case 'attribute':
        return this.attribute(expression.ref);
      case 'number':
        return String(expression.value);
      case 'arithmetic': {
        const word = { '+': 'plus', '-': 'minus', '*': 'times', '/': 'divided by' }[expression.operator];
        const side = (e: Expression) => (e.kind === 'arithmetic' ? `(${this.expression(e)})` : this.expression(e));
        return `${side(expression.left)} ${word} ${side(expression.right)}`;
      }
    }
  }

  /** "hire date is before employee 2's hire date". */
  comparison(c: AttributeComparison): string {
    const temporal = this.isTemporal(c.left);
    return `${this.instanceAttribute(c.left)} ${comparison(c.operator, temporal)} ${this.instanceAttribute(c.right)}`;
  }

  /** "surface area is more than the highest surface area of countries whose continent is Europe". */
  aggregateComparison(c: AggregateComparison, baseSchema: SchemaGraph): string {
    const sub = c.right;
    const words = new Words(baseSchema, sub.measure.target.classId);
    const through = [...new Set([...sub.classes, ...sub.follows.flatMap((f) => [f.from.classId, f.to.classId])])].filter((classId) => classId !== sub.measure.target.classId);
    const conditions = sub.where.length > 0 ? ` ${words.conditions(sub.where)}` : '';
    const joined = through.length > 0 ? ` (through ${list(through.map((classId) => findClass(baseSchema, classId).name.plural))})` : '';
    return `${this.instanceAttribute(c.left)} ${comparison(c.operator, this.isTemporal(c.left))} ${words.aggregate(sub.measure)}${conditions}${joined}`;
  }

  /** An attribute, naming the instance when it is not the first: "employee 2's hire date". */
  private instanceAttribute(ref: AttributeRef): string {
    if ((ref.instance ?? 1) === 1) return this.attribute(ref);
    return `${findClass(this.schema, ref.classId).name.singular} ${ref.instance}'s ${this.attributeName(ref)}`;
  }

  /** A pattern: "category whose category name is Seafood", "person 3 that is the son of person 2". */
  pattern(p: Pattern): string {
    const node = (n: ClassInstance) => `${findClass(this.schema, n.classId).name.singular}${n.instance === 1 ? '' : ` ${n.instance}`}`;
    const phrases = [
      ...p.follows.map((step) => `${node(step.to)} that is the ${relationWords(step, this.schema)} of ${node(step.from)}`),
      ...p.where.map((c) => `${node({ classId: c.target.classId, instance: c.target.instance ?? 1 })} whose ${this.attributeName(c.target)} ${this.condition(c)}`),
      ...p.compare.map((c) => this.comparison(c)),
      ...p.classes.map((classId) => findClass(this.schema, classId).name.singular),
    ];
    return list(phrases);
  }

  aggregateCondition(h: AggregateConstraint): string {
    return `${this.aggregate(h.measure)} ${comparison(h.operator, false)} ${value(h.value)}`;
  }

  ordering(measure: Measure, direction: 'asc' | 'desc'): string {
    if (measure.aggregate === null && this.typeOf(measure.target) === 'text') {
      return `sorted by ${this.attribute(measure.target)}${direction === 'desc' ? ' from Z to A' : ''}`;
    }
    const temporal = this.isTemporal(measure.target) && (measure.aggregate === null || measure.aggregate === 'min' || measure.aggregate === 'max');
    const what = measure.aggregate === null ? this.attribute(measure.target) : this.aggregate(measure).replace(/^the /, '');
    if (measure.target.attributeId === '*') return `${direction === 'desc' ? 'most' : 'fewest'} ${this.classPlural(measure.target.classId)} first`;
    if (temporal) return `${direction === 'desc' ? 'latest' : 'earliest'} ${what} first`;
    return `${direction === 'desc' ? 'highest' : 'lowest'} ${what} first`;
  }

  /** An attribute named from the point of view of the main class: "unit price", "customer country". */
  attribute(ref: AttributeRef): string {
    const name = this.attributeName(ref);
    if (ref.classId === this.main) return name;
    const owner = findClass(this.schema, ref.classId).name.singular;
    return name.startsWith(owner) ? name : `${owner} ${name}`;
  }

  condition(constraint: Constraint): string {
    const temporal = this.isTemporal(constraint.target);
    const values = constraint.values.map(value);
    switch (constraint.operator) {
      case 'is_null':
        return 'is unknown';
      case 'not_null':
        return 'is known';
      case 'contains':
        return `contains "${values[0]}"`;
      case 'starts_with':
        return `starts with "${values[0]}"`;
      case 'in':
        return `is ${orList(values)}`;
      case 'not_in':
        return `is neither ${values.join(' nor ')}`;
      case 'between':
        return `is between ${values[0]} and ${values[1]}`;
      case 'year':
        return `is in ${values[0]}`;
      case 'month': {
        const [year, month] = String(constraint.values[0] && 'value' in constraint.values[0] ? constraint.values[0].value : '').split('-');
        return `is in ${MONTHS[Number(month) - 1] ?? month} ${year}`;
      }
      default:
        return `${comparison(constraint.operator, temporal)} ${values[0]}`;
    }
  }

  private attributeName(ref: AttributeRef): string {
    return findAttribute(this.schema, ref.classId, ref.attributeId).name.singular;
  }

  private attributePlural(ref: AttributeRef): string {
    return findAttribute(this.schema, ref.classId, ref.attributeId).name.plural;
  }

  private classPlural(classId: string): string {
    return findClass(this.schema, classId).name.plural;
  }

  private typeOf(ref: AttributeRef): AttributeType | null {
    return ref.attributeId === '*' ? null : findAttribute(this.schema, ref.classId, ref.attributeId).type;
  }

  private isTemporal(ref: AttributeRef): boolean {
    const type = this.typeOf(ref);
    return type === 'date' || type === 'datetime';
  }
}

function comparison(operator: string, temporal: boolean): string {
  switch (operator) {
    case '=':
      return temporal ? 'is on' : 'is';
    case '!=':
      return temporal ? 'is not on' : 'is not';
    case '<':
      return temporal ? 'is before' : 'is less than';
    case '<=':
      return temporal ? 'is on or before' : 'is at most';
    case '>':
      return temporal ? 'is after' : 'is more than';
    case '>=':
      return temporal ? 'is on or after' : 'is at least';
    default:
      return operator;
  }
}

function value(v: QueryValue): string {
  switch (v.kind) {
    case 'placeholder':
      return `(value @${v.name})`;
    case 'date': {
      const [year, month, day] = v.value.split('-');
      return `${Number(day)} ${MONTHS[Number(month) - 1] ?? month} ${year}`;
    }
    default:
      return String(v.value);
  }
}

function list(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function orList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}
