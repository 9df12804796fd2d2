/**
 * Query graph -> an English question or command a person might type, for synthetic training data.
 * Much richer than Polyglotter's six fixed orders: questions and commands ("which", "how many",
 * "list", "show me", "what is the average"), singular and plural human names with and without
 * their class prefix, values written the way people write them ("in Germany", "over 50 dollars",
 * "in 1997", "before March 5, 1998", "named Chai", "Seafood products"). Every choice comes from
 * the seeded `Random`, so the same seed writes the same sentence.
 */
import type { Random } from '../../../engines/query-graph/random-walk.js';
import type { AggregateConstraint, AttributeRef, Constraint, Measure, OrderTerm, QueryGraph, QueryValue } from '../../../engines/query-graph/types.js';
import { findAttribute, findClass } from '../../../engines/schema-graph/lookup.js';
import { pluralWord, singularWord } from '../../../engines/schema-graph/names.js';
import type { SchemaAttribute, SchemaGraph } from '../../../engines/schema-graph/types.js';
import { eventOf } from './events.js';
import { labelAttribute } from './labels.js';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** Words that mark an amount of money, a place or a time in an attribute's human name (plain English, any schema). */
export const MONEY = /\b(price|cost|freight|amount|total|salary|revenue|fee|charge|value|income|budget|payment)\b/;
/** A date that makes its thing old or young. */
export const BIRTH = /\b(birth|born|birthday|date of birth)\b/;
const PLACE = /\b(city|country|region|state|province|address|location|place|town|county)\b/;

export class EnglishWriter {
  constructor(
    private readonly schema: SchemaGraph,
    private readonly random: Random,
    /** Natural forms of a stored value ("Henry VIII" for "Henry_VIII of house of Tudor"); none by default. */
    private readonly forms: (value: string) => readonly string[] = () => [],
    /** Synonyms of a name's last word and how often to use one; none by default. */
    private readonly lexicon?: { readonly synonyms: (word: string) => readonly string[]; readonly rate: number },
  ) {}

  /** One question for the graph. */
  question(graph: QueryGraph): string {
    const main = graph.select[0]?.target.classId ?? graph.classes[0] ?? '';
    const text = this.sentence(graph, main);
    return this.finish(text);
  }

  private sentence(graph: QueryGraph, main: string): string {
    const conditions = graph.where;
    const grouped = graph.groupBy.length > 0;
    const aggregated = graph.select.filter((m) => m.aggregate !== null);
    const extra = graph.classes.filter((c) => !this.referenced(graph).has(c));
    const tail = [
      ...extra.map((c) => `${this.pick(['that have', 'with', 'linked to', 'having'])} ${this.plural(c)}`),
    ];
    if (grouped) return this.groupedSentence(graph, main, tail);
    if (aggregated.length > 0) {
      const phrase = this.aggregatePhrase(aggregated[0] as Measure, conditions, tail, main);
      return phrase;
    }
    return this.plainSentence(graph, main, tail);
  }

  // -----------------------------------------------------------------------------------------
  // plain rows

  private plainSentence(graph: QueryGraph, main: string, tail: string[]): string {
    const label = labelAttribute(this.schema, main);
    const onlyLabel = graph.select.length === 1 && label !== null && graph.select[0]?.target.attributeId === label.id && graph.select[0].target.classId === main;
    const { before, after } = this.conditionPhrases(graph.where, main);
    const order = this.orderPhrase(graph.orderBy[0] ?? null, graph.limit, main);
    const distinct = graph.distinct ? `${this.pick(['different', 'distinct', 'unique'])} ` : '';
    const cond = [...after, ...tail].join(this.pick([' and ', ' and ', ', ']));
    const condText = cond ? ` ${cond}` : '';
    if (order.superlative) {
      const noun = order.count === 1 ? this.singular(main) : this.plural(main);
      const subject = `${order.count && order.count > 1 ? `${order.count} ` : ''}${before}${noun}`;
      if (onlyLabel && order.adjective && this.random.chance(0.7)) {
        const adj = order.adjective;
        const forms =
          order.count === 1
            ? [`the ${adj} ${before}${noun}`, `which ${before}${noun} is the ${adj}`, `what is the ${adj} ${before}${noun}`, `what's our ${adj} ${before}${noun}`, `${adj} ${before}${noun}`]
            : [`the ${order.count} ${adj} ${before}${noun}`, `top ${order.count} ${adj} ${before}${noun}`, `list the ${order.count} ${adj} ${before}${noun}`, `which are the ${order.count} ${adj} ${before}${noun}`];
        return `${this.pick(forms)}${condText}`;
      }
      if (onlyLabel) {
        const forms = order.count === 1
          ? [`which ${subject} has ${order.superlative}`, `the ${subject} with ${order.superlative}`, `what is the ${subject} with ${order.superlative}`]
          : [`the ${subject} with ${order.superlative}`, `which ${subject} have ${order.superlative}`, `list the ${subject} with ${order.superlative}`, ...(order.descending ? [`top ${subject} by ${order.key}`] : [])];
        return `${this.pick(forms)}${condText}`;
      }
      return `${this.lead()}the ${this.attributes(graph.select, main)} of the ${subject} with ${order.superlative}${condText}`;
    }
    const sorted = order.sorted ? ` ${order.sorted}` : '';
    if (onlyLabel) {
      const noun = `${distinct}${before}${this.plural(main)}`;
      const forms = [`which ${noun}`, `list the ${noun}`, `list all ${noun}`, `show me the ${noun}`, `what ${noun} are there`, `give me the ${noun}`, `find ${noun}`, `${noun}`, `names of ${noun}`];
      return `${this.pick(forms)}${condText}${sorted}`;
    }
    const noun = `${before}${this.plural(main)}`;
    const attrs = this.attributes(graph.select, main);
    const forms = [
      `${this.lead()}the ${distinct}${attrs} of ${noun}`,
      `${this.lead()}the ${distinct}${attrs} of all ${noun}`,
      `${this.lead()}${distinct}${attrs} of ${noun}`,
    ];
    // "suppliers and their cities" lists the suppliers too: said only when the naming attribute is shown.
    const first = graph.select[0]?.target;
    if (label && first && first.classId === main && first.attributeId === label.id && graph.select.length > 1) {
      const rest = this.attributes(graph.select.slice(1), main);
      forms.push(`${this.lead()}${noun} and their ${distinct}${rest}`, `${this.lead()}the ${noun} and their ${distinct}${rest}`, `${this.lead()}each of the ${noun} with its ${distinct}${rest}`);
    }
    return `${this.pick(forms)}${condText}${sorted}`;
  }

  private lead(): string {
    return this.pick(['', 'list ', 'show ', 'show me ', 'what are ', 'what is ', 'give me ', 'find ', 'display ', 'get ', 'tell me ']);
  }

  /** "name and unit price" or "product name, category name". */
  private attributes(measures: readonly Measure[], main: string): string {
    return this.join(measures.map((m) => this.attributeName(m.target, main)));
  }

  // -----------------------------------------------------------------------------------------
  // aggregates

  private aggregatePhrase(measure: Measure, conditions: readonly Constraint[], tail: string[], main: string): string {
    const { before, after } = this.conditionPhrases(conditions, measure.target.classId);
    const cond = [...after, ...tail].join(' and ');
    const condText = cond ? ` ${cond}` : '';
    const owner = `${before}${this.plural(measure.target.classId)}`;
    if (measure.target.attributeId === '*') {
      return this.pick([
        `how many ${owner}${condText}`,
        `how many ${owner} are there${condText}`,
        `how many ${owner} are there${condText}`,
        `count the ${owner}${condText}`,
        `count ${owner}${condText}`,
        `what is the number of ${owner}${condText}`,
        `number of ${owner}${condText}`,
        `the total number of ${owner}${condText}`,
      ]);
    }
    const attr = this.attributeName(measure.target, main);
    if (measure.aggregate === 'count_distinct' || measure.aggregate === 'count') {
      const attrs = this.pluralOf(this.attributeName(measure.target, measure.target.classId));
      return this.pick([
        `how many different ${attrs} do ${owner} have${condText}`,
        `how many distinct ${attrs} ${condText ? `do ${owner}${condText} have` : `are there among ${owner}`}`,
        `number of different ${attrs} of ${owner}${condText}`,
        `count the distinct ${attrs} of ${owner}${condText}`,
      ]);
    }
    const word = this.aggregateWord(measure);
    return this.pick([
      `what is the ${word} ${attr} of ${owner}${condText}`,
      `what's the ${word} ${attr} of ${owner}${condText}`,
      `${word} ${attr} of ${owner}${condText}`,
      `${this.lead()}the ${word} ${attr} of ${owner}${condText}`,
      `the ${word} ${attr} for ${owner}${condText}`,
      `what is the ${word} ${attr} of all ${owner}${condText}`,
    ]);
  }

  private aggregateWord(measure: Measure): string {
    const temporal = this.isTemporal(measure.target);
    switch (measure.aggregate) {
      case 'sum':
        return this.pick(['total', 'total', 'sum of the', 'combined']);
      case 'avg':
        return this.pick(['average', 'average', 'mean']);
      case 'min':
        return temporal ? this.pick(['earliest', 'first', 'oldest']) : this.pick(['lowest', 'smallest', 'minimum', 'least']);
      case 'max':
        return temporal ? this.pick(['latest', 'last', 'most recent']) : this.pick(['highest', 'largest', 'maximum', 'biggest', 'greatest']);
      default:
        return 'number of';
    }
  }

  /** "the number of orders", "the average unit price", for groups and having. */
  private measureNoun(measure: Measure, main: string): string {
    if (measure.target.attributeId === '*') return `number of ${this.plural(measure.target.classId)}`;
    if (measure.aggregate === 'count' || measure.aggregate === 'count_distinct') return `number of different ${this.pluralOf(this.attributeName(measure.target, main))}`;
    return `${this.aggregateWord(measure)} ${this.attributeName(measure.target, main)}`;
  }

  // -----------------------------------------------------------------------------------------
  // groups

  private groupedSentence(graph: QueryGraph, main: string, tail: string[]): string {
    const key = graph.groupBy[0] as AttributeRef;
    const measure = graph.select.find((m) => m.aggregate !== null) ?? (graph.select[0] as Measure);
    const keyLabel = labelAttribute(this.schema, key.classId);
    const keyIsLabel = keyLabel?.id === key.attributeId;
    // A key that is not a class's name keeps its owner ("order ship city"): the sentence names no other noun for it.
    // "countries with more than 5 customers": the count names the class, so its key needs no owner.
    const countsKeyClass = measure.target.attributeId === '*' && key.classId === measure.target.classId;
    const keyNoun = keyIsLabel ? this.singular(key.classId) : this.attributeName(key, countsKeyClass ? key.classId : '');
    const keyNouns = keyIsLabel ? this.plural(key.classId) : this.pluralOf(keyNoun);
    const { before, after } = this.conditionPhrases(graph.where, measure.target.classId);
    const cond = [...after, ...tail].join(' and ');
    const condText = cond ? ` ${cond}` : '';
    const having = graph.having.map((h) => this.havingPhrase(h, main));
    const order = graph.orderBy[0];
    const isCount = measure.target.attributeId === '*';
    const counted = `${before}${this.plural(measure.target.classId)}`;
    if (order) {
      const most = order.direction === 'desc';
      // "the highest maximum discount" says it twice: a max ordered down (a min ordered up) is already a superlative.
      const alreadySuperlative = (order.measure.aggregate === 'max' && most) || (order.measure.aggregate === 'min' && !most);
      const amount = isCount
        ? `the ${most ? 'most' : 'fewest'} ${counted}`
        : alreadySuperlative
          ? `the ${this.measureNoun(order.measure, main)}`
          : `the ${most ? 'highest' : 'lowest'} ${this.measureNoun(order.measure, main)}`;
      const limit = graph.limit;
      const havingText = having.length > 0 ? ` ${having.join(' and ')}` : '';
      if (limit === 1) {
        return this.pick([
          `which ${keyNoun} has ${amount}${condText}`,
          `the ${keyNoun} with ${amount}${condText}`,
          `what ${keyNoun} has ${amount}${condText}`,
        ]) + havingText;
      }
      if (limit !== null) {
        // "top 5 ... by" says "the most": never for an ascending order.
        return this.pick([`the ${limit} ${keyNouns} with ${amount}${condText}`, ...(most ? [`top ${limit} ${keyNouns} by ${this.measureNoun(order.measure, main)}${condText}`] : []), `which ${limit} ${keyNouns} have ${amount}${condText}`]) + havingText;
      }
      return `${this.measureNoun(measure, main)} ${this.pick(['for each', 'per', 'by'])} ${keyNoun}${condText}${havingText}, ${this.pick([most ? 'highest first' : 'lowest first', `sorted by ${this.measureNoun(order.measure, main)}${most ? ' descending' : ''}`])}`;
    }
    if (having.length > 0) {
      return this.pick([`which ${keyNouns} ${having.join(' and ')}${condText}`, `${keyNouns} ${having.join(' and ')}${condText}`, `list the ${keyNouns} ${having.join(' and ')}${condText}`]);
    }
    const each = this.pick(['for each', 'per', 'by', 'in each', 'for every']);
    if (isCount) {
      return this.pick([
        `how many ${counted} are there ${each} ${keyNoun}${condText}`,
        `how many ${counted} ${each} ${keyNoun}${condText}`,
        `number of ${counted} ${each} ${keyNoun}${condText}`,
        `count the ${counted} ${each} ${keyNoun}${condText}`,
        ...(keyIsLabel ? [`how many ${counted} does each ${keyNoun} have${condText}`] : []),
      ]);
    }
    return this.pick([`${this.lead()}the ${this.measureNoun(measure, main)} ${each} ${keyNoun}${condText}`, `${each} ${keyNoun}, the ${this.measureNoun(measure, main)}${condText}`]);
  }

  private havingPhrase(h: AggregateConstraint, main: string): string {
    const value = this.value(h.value, null, false);
    const cmp = { '>': 'more than', '>=': 'at least', '<': 'fewer than', '<=': 'at most', '=': 'exactly', '!=': 'other than' }[h.operator];
    if (h.measure.target.attributeId === '*') return `${this.pick(['with', 'that have', 'having'])} ${cmp} ${value} ${this.plural(h.measure.target.classId)}`;
    return `${this.pick(['with', 'whose', 'where the'])} ${this.measureNoun(h.measure, main)} is ${this.comparisonWord(h.operator, false)} ${value}`;
  }

  // -----------------------------------------------------------------------------------------
  // order

  private orderPhrase(term: OrderTerm | null, limit: number | null, main: string): { superlative: string | null; adjective: string | null; sorted: string | null; count: number | null; key: string; descending: boolean } {
    if (!term) return { superlative: null, adjective: null, sorted: null, count: null, key: '', descending: false };
    const name = this.attributeName(term.measure.target, main);
    const desc = term.direction === 'desc';
    if (limit !== null) {
      const temporal = this.isTemporal(term.measure.target);
      const attribute = term.measure.target.attributeId === '*' ? null : findAttribute(this.schema, term.measure.target.classId, term.measure.target.attributeId);
      // One-word superlatives of money and time: "the cheapest product", "the 3 oldest orders".
      const adjective =
        term.measure.aggregate !== null || term.measure.target.classId !== main || !attribute
          ? null
          : MONEY.test(attribute.name.singular)
            ? desc ? this.pick(['most expensive', 'priciest', 'costliest']) : this.pick(['cheapest', 'least expensive'])
            : temporal
              ? this.dateAdjective(term.measure.target.classId, attribute, desc)
              : null;
      const word = temporal ? (desc ? this.pick(['the latest', 'the most recent']) : this.pick(['the earliest', 'the oldest'])) : desc ? this.pick(['the highest', 'the largest', 'the most', 'the biggest']) : this.pick(['the lowest', 'the smallest', 'the least']);
      return { superlative: `${word} ${name}`, adjective, sorted: null, count: limit, key: name, descending: desc };
    }
    const text = this.attributeType(term.measure.target) === 'text';
    const sorted = this.pick([
      `sorted by ${name}${desc ? ' descending' : ''}`,
      `ordered by ${name}${desc ? ' in descending order' : ''}`,
      `by ${name}${desc ? (text ? ' from z to a' : ', highest first') : text ? ' alphabetically' : ', lowest first'}`,
      `sorted by ${name} ${desc ? 'from highest to lowest' : 'from lowest to highest'}`,
    ]);
    return { superlative: null, adjective: null, sorted, count: null, key: name, descending: desc };
  }

  // -----------------------------------------------------------------------------------------
  // conditions

  /** Conditions as words: adjectives before the noun ("Seafood products") and clauses after it. */
  private conditionPhrases(constraints: readonly Constraint[], main: string): { before: string; after: string[] } {
    let before = '';
    const after: string[] = [];
    for (const c of constraints) {
      const attribute = findAttribute(this.schema, c.target.classId, c.target.attributeId);
      if (!before && c.operator === '=' && attribute.type === 'text' && c.values[0]?.kind === 'string' && this.random.chance(0.25)) {
        before = `${this.value(c.values[0], attribute, false)} `;
        continue;
      }
      after.push(this.condition(c, attribute, main));
    }
    return { before, after };
  }

  private condition(c: Constraint, attribute: SchemaAttribute, main: string): string {
    const name = this.attributeName(c.target, main);
    const v = (i: number) => this.value(c.values[i] as QueryValue, attribute, c.operator === 'year');
    const label = labelAttribute(this.schema, c.target.classId);
    const isLabel = label?.id === attribute.id;
    const other = c.target.classId !== main;
    const owner = this.singular(c.target.classId);
    const whose = this.pick(['whose', 'with', 'where the', 'that have', 'having']);
    const is = whose === 'with' || whose === 'that have' || whose === 'having' ? '' : 'is ';
    const event = this.eventPhrase(c, attribute, v);
    if (event && this.random.chance(0.6)) return event;
    switch (c.operator) {
      case '=':
        if (attribute.type === 'text' && PLACE.test(attribute.name.singular) && this.random.chance(0.6)) return `${this.pick(['in', 'from', 'based in', 'located in'])} ${v(0)}`;
        if (isLabel && this.random.chance(0.6)) return other ? `${this.pick(['for', 'of', 'with', 'from'])} ${this.pick([`${owner} `, `the ${owner} `, ''])}${v(0)}` : `${this.pick(['named', 'called'])} ${v(0)}`;
        // "members of the house of Stuart", "products in the category Seafood".
        if (attribute.type === 'text' && !isLabel && this.random.chance(0.2)) return `${this.pick(['of the', 'in the', 'from the'])} ${name} ${this.pick(['of ', ''])}${v(0)}`;
        return `${whose} ${name} ${is}${v(0)}`;
      case '!=':
        return `${whose} ${name} ${is ? 'is not' : 'other than'} ${v(0)}`;
      case '<':
      case '<=':
      case '>':
      case '>=':
        // "before March 1998" alone means the class's own date (an order's order date).
        if (this.isMainDate(attribute) && this.random.chance(0.5)) return `${this.comparisonWord(c.operator, true)} ${v(0)}`;
        return `${whose} ${name} ${is}${this.comparisonWord(c.operator, this.isTemporal(c.target))} ${v(0)}`;
      case 'between':
        return `${whose} ${name} ${is}between ${v(0)} and ${v(1)}`;
      case 'contains':
        return `${this.pick(['whose', 'where the'])} ${name} ${this.pick(['contains', 'includes', 'has'])} ${v(0)}`;
      case 'starts_with':
        return `${this.pick(['whose', 'where the'])} ${name} ${this.pick(['starts with', 'begins with'])} ${v(0)}`;
      case 'in':
        return `${whose} ${name} ${is}${this.orList(c.values.map((_, i) => v(i)))}`;
      case 'not_in':
        return `${this.pick(['whose', 'where the'])} ${name} is ${this.pick(['not', 'neither'])} ${c.values.map((_, i) => v(i)).join(this.pick([' nor ', ' or ']))}`;
      case 'year':
        return this.pick([`${whose} ${name} ${is}in ${v(0)}`, `with ${name} in ${v(0)}`, ...(this.isMainDate(attribute) ? [`in ${v(0)}`, `during ${v(0)}`, `in ${v(0)}`] : [])]);
      case 'month':
        return this.pick([`${whose} ${name} ${is}in ${v(0)}`, ...(this.isMainDate(attribute) ? [`in ${v(0)}`, `in ${v(0)}`] : [])]);
      case 'is_null':
        return this.pick([`without a ${name}`, `with no ${name}`, `whose ${name} is missing`, `whose ${name} is unknown`, `where the ${name} is empty`]);
      case 'not_null':
        return this.pick([`with a ${name}`, `that have a ${name}`, `whose ${name} is known`, `where the ${name} is given`]);
    }
  }

  /** "born before 1500", "who died in 1918", "born in Germany": conditions on a life event's year, date or place. */
  private eventPhrase(c: Constraint, attribute: SchemaAttribute, v: (i: number) => string): string | null {
    const found = eventOf(attribute);
    if (!found) return null;
    const verb = `${found.event.passive || this.random.chance(0.5) ? '' : 'who '}${found.event.participle}`;
    if (found.aspect === 'place') return c.operator === '=' ? `${verb} in ${v(0)}` : null;
    const numeric = attribute.type === 'integer' || attribute.type === 'date' || attribute.type === 'datetime';
    if (!numeric) return null;
    switch (c.operator) {
      case '=':
      case 'year':
        return `${verb} in ${v(0)}`;
      case '<':
      case '<=':
      case '>':
      case '>=':
        return `${verb} ${this.comparisonWord(c.operator, true)} ${v(0)}`;
      case 'between':
        return `${verb} between ${v(0)} and ${v(1)}`;
      default:
        return null;
    }
  }

  private comparisonWord(operator: string, temporal: boolean): string {
    if (temporal) return { '<': this.pick(['before', 'earlier than']), '<=': 'on or before', '>': this.pick(['after', 'later than']), '>=': this.pick(['since', 'on or after']), '=': 'on', '!=': 'not on' }[operator] ?? operator;
    return (
      {
        '<': this.pick(['less than', 'under', 'below', 'lower than', 'smaller than']),
        '<=': this.pick(['at most', 'no more than', 'up to']),
        '>': this.pick(['more than', 'over', 'above', 'greater than', 'higher than']),
        '>=': this.pick(['at least', 'no less than']),
        '=': this.pick(['', 'equal to', 'exactly']),
        '!=': 'not',
      }[operator] ?? operator
    ).replace(/^$/, 'exactly');
  }

  // -----------------------------------------------------------------------------------------
  // values and names

  /** A value as a person writes it. */
  value(value: QueryValue, attribute: SchemaAttribute | null, asYear: boolean): string {
    switch (value.kind) {
      case 'string': {
        const month = /^(\d{4})-(\d{2})$/.exec(value.value);
        if (month) return this.pick([`${MONTHS[Number(month[2]) - 1]} ${month[1]}`, `${month[1]}-${month[2]}`]);
        const natural = this.forms(value.value);
        const text = natural.length > 0 && this.random.chance(0.8) ? this.pick(natural) : value.value.trim();
        return this.pick([text, text, text, text.toLowerCase(), `"${text}"`]);
      }
      case 'number': {
        if (asYear) return String(value.value);
        const money = attribute !== null && MONEY.test(attribute.name.singular);
        const n = String(value.value);
        return money ? this.pick([`$${n}`, `${n} dollars`, n]) : n;
      }
      case 'date': {
        const [y, m, d] = value.value.split('-');
        return this.pick([value.value, `${MONTHS[Number(m) - 1]} ${Number(d)}, ${y}`, `${Number(d)} ${MONTHS[Number(m) - 1]} ${y}`]);
      }
      case 'boolean':
        return String(value.value);
      case 'placeholder':
        return `@${value.name}`;
    }
  }

  private attributeName(ref: AttributeRef, main: string): string {
    if (ref.attributeId === '*') return this.plural(ref.classId);
    const attribute = findAttribute(this.schema, ref.classId, ref.attributeId);
    const owner = findClass(this.schema, ref.classId).name.singular;
    const name = this.sayOtherwise(attribute.name.singular, false);
    // "product name" of products is often just "name"; another class's attribute keeps its owner.
    if (ref.classId === main) return name.startsWith(`${owner} `) && this.random.chance(0.5) ? name.slice(owner.length + 1) : name;
    return name.startsWith(owner) ? name : `${owner} ${name}`;
  }

  private pluralOf(phrase: string): string {
    if (/(s|x|ch|sh)$/.test(phrase)) return `${phrase}es`;
    if (/[^aeiou]y$/.test(phrase)) return `${phrase.slice(0, -1)}ies`;
    return `${phrase}s`;
  }

  private singular(classId: string): string {
    return this.sayOtherwise(findClass(this.schema, classId).name.singular, false);
  }

  private plural(classId: string): string {
    return this.sayOtherwise(findClass(this.schema, classId).name.plural, true);
  }

  /**
   * One-word superlatives of a date: a birth date makes a thing old or young ("the oldest
   * employee" is the earliest birth date), and then no other date of its class may say "oldest";
   * other dates are early or late ("the oldest orders", "the latest shipments").
   */
  private dateAdjective(classId: string, attribute: SchemaAttribute, desc: boolean): string | null {
    if (BIRTH.test(attribute.name.singular)) return desc ? this.pick(['youngest', 'newest']) : this.pick(['oldest', 'eldest']);
    const hasBirth = findClass(this.schema, classId).attributes.some((a) => BIRTH.test(a.name.singular));
    if (hasBirth) return null;
    return desc ? this.pick(['newest', 'latest', 'most recent']) : this.pick(['oldest', 'earliest']);
  }

  /** Now and then a name's last word by a synonym ("clients" for customers), in the same number. */
  private sayOtherwise(name: string, plural: boolean): string {
    if (!this.lexicon || !this.random.chance(this.lexicon.rate)) return name;
    const words = name.split(' ');
    const last = words[words.length - 1] as string;
    const base = plural ? singularWord(last) : last;
    const synonyms = this.lexicon.synonyms(base);
    if (synonyms.length === 0) return name;
    const synonym = this.random.pick(synonyms);
    return [...words.slice(0, -1), plural ? pluralWord(synonym) : synonym].join(' ');
  }

  /**
   * The first date attribute of a class is its own date: "orders in 1997" means the order date.
   * Other dates are always named ("whose shipped date is in 1997"), so the short form stays unambiguous.
   */
  private isMainDate(attribute: SchemaAttribute): boolean {
    const first = findClass(this.schema, attribute.classId).attributes.find((a) => a.type === 'date' || a.type === 'datetime');
    return first?.id === attribute.id;
  }

  private isTemporal(ref: AttributeRef): boolean {
    const type = this.attributeType(ref);
    return type === 'date' || type === 'datetime';
  }

  private attributeType(ref: AttributeRef): string {
    return ref.attributeId === '*' ? 'integer' : findAttribute(this.schema, ref.classId, ref.attributeId).type;
  }

  private referenced(graph: QueryGraph): Set<string> {
    const set = new Set<string>();
    graph.select.forEach((m) => set.add(m.target.classId));
    graph.where.forEach((c) => set.add(c.target.classId));
    graph.groupBy.forEach((r) => set.add(r.classId));
    graph.having.forEach((h) => set.add(h.measure.target.classId));
    graph.orderBy.forEach((o) => set.add(o.measure.target.classId));
    return set;
  }

  private join(items: readonly string[]): string {
    if (items.length <= 1) return items[0] ?? '';
    return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
  }

  private orList(items: readonly string[]): string {
    if (items.length <= 1) return items[0] ?? '';
    return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
  }

  private pick<T>(items: readonly T[]): T {
    return this.random.pick(items);
  }

  /** Capitals, question marks and a little noise, as people type. */
  private finish(text: string): string {
    let out = text.replace(/\s+/g, ' ').trim();
    const question = /^(which|what|how|who|where|when)\b/.test(out);
    if (this.random.chance(0.6)) out = out.charAt(0).toUpperCase() + out.slice(1);
    if (question && this.random.chance(0.7)) out += '?';
    else if (!question && this.random.chance(0.2)) out += '.';
    return out;
  }
}
