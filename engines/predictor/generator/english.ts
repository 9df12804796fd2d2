/**
 * Query graph -> an English question or command a person might type, for synthetic training data.
 * Much richer than Polyglotter's six fixed orders: questions and commands ("which", "how many",
 * "list", "show me", "what is the average"), singular and plural human names with and without
 * their class prefix, values written the way people write them ("in Germany", "over 50 dollars",
 * "in 1997", "before March 5, 1998", "named Chai", "Seafood products"). Every choice comes from
 * the seeded `Random`, so the same seed writes the same sentence.
 */
import type { Random } from '../../query-graph/random-walk.js';
import type { AggregateConstraint, AttributeRef, Constraint, Measure, OrderTerm, Pattern, QueryGraph, QueryValue } from '../../query-graph/types.js';
import { findAttribute, findClass } from '../../schema-graph/lookup.js';
import { pluralWord, singularWord } from '../../schema-graph/names.js';
import type { SchemaAttribute, SchemaGraph } from '../../schema-graph/types.js';
import { eventOf } from '../schema-words/events.js';
import { ranksBySize, shownLabel } from './naming.js';
import { numberWords } from '../../english/number-words.js';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** Words that mark an amount of money, a place or a time in an attribute's human name (plain English, any schema). */
export const MONEY = /\b(price|cost|freight|amount|total|salary|revenue|fee|charge|value|income|budget|payment)\b/;
/** Whether a condition's value at `index` is a lower or an upper bound of its dates (bind.ts reads a month or year so). */
export function dateEdge(operator: string, index: number): 'lower' | 'upper' | null {
  if (operator === '<' || operator === '>=' || (operator === 'between' && index === 0)) return 'lower';
  if (operator === '>' || operator === '<=' || (operator === 'between' && index === 1)) return 'upper';
  return null;
}

/**
 * Whether a day may be written as its year or month when it is a lower or upper bound: the first
 * day of a year or month is the lower bound the binder reads "1997" or "March 1997" as, the last
 * day the upper one.
 */
export function coarseDate(day: string, edge: 'lower' | 'upper'): 'year' | 'month' | null {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (edge === 'lower' && d === 1) return m === 1 ? 'year' : 'month';
  if (edge === 'upper' && d === last) return m === 12 ? 'year' : 'month';
  return null;
}

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

/** A date that makes its thing old or young. */
export const BIRTH = /\b(birth|born|birthday|date of birth)\b/;
const PLACE = /\b(city|country|region|state|province|address|location|place|town|county)\b/;
/** Money that is a price: its things are "cheaper" or "pricier" than an amount. */
const PRICE = /\b(price|cost|fee|charge|fare)\b/;

/** Probabilities of the English writer's registers (see GeneratorOptions.english). */
export interface EnglishOptions {
  /** A whole number from 2 to 99 (or 100, 1000) written in words: "top five", "more than ten orders", "under twenty bucks". Default 0.2. */
  readonly numberWords?: number;
  /**
   * A comparison of the asked-for things' only money attribute said without its name: "products
   * under $20", "cheaper than 20 bucks", "priced over 50". Default 0.4.
   */
  readonly impliedMoney?: number;
  /**
   * A one-word value of another class's name said instead of the asked-for noun ("the cheapest
   * beverage" for the cheapest product in Beverages) when WordNet knows it as a common noun. Default 0.3; 0 without a lexicon.
   */
  readonly valueAsNoun?: number;
  /**
   * A date compared at a month's or a year's edge written as that month or year ("before March
   * 1998", "after 1997", "since January 1997"), as the serving binder reads it back. Used only on
   * dates the generator drew at such an edge (GeneratorOptions.coarseDates). Default 0.8.
   */
  readonly coarseDates?: number;
}

/** Lexical resources of the writer: WordNet synonyms and hypernyms of schema words, and how often to use them. */
export interface EnglishLexicon {
  /** Synonyms of a noun ("client" for customer). */
  readonly synonyms: (word: string) => readonly string[];
  /** Probability that a class or attribute name's last word is said by a synonym. */
  readonly rate: number;
  /** Broader nouns for a noun ("worker" for employee, "merchandise" for product); none by default. */
  readonly hypernyms?: (word: string) => readonly string[];
  /** Probability that a class name's last word is said by a broader noun. Default 0. */
  readonly hypernymRate?: number;
  /** Whether a word is a common noun (not a name): values that may stand for a noun ("beverages"). */
  readonly isCommonNoun?: (word: string) => boolean;
  /** Whether a noun names people ("employee", "customer"): their rows may be asked with "who". */
  readonly isPerson?: (word: string) => boolean;
}

export class EnglishWriter {
  constructor(
    private readonly schema: SchemaGraph,
    private readonly random: Random,
    /** Natural forms of a stored value ("Henry VIII" for "Henry_VIII of house of Tudor"); none by default. */
    private readonly forms: (value: string) => readonly string[] = () => [],
    /** Synonyms and broader nouns of a name's last word and how often to use them; none by default. */
    private readonly lexicon?: EnglishLexicon,
    private readonly options: EnglishOptions = {},
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
    const extra = graph.classes.filter((c) => !this.referenced(graph).has(c) && !this.linksGroup(graph, c));
    const tail = [
      ...extra.map((c) => `${this.pick(['that have', 'with', 'linked to', 'having'])} ${this.plural(c)}`),
      ...this.patternPhrases(graph, main),
    ];
    if (grouped) return this.groupedSentence(graph, main, tail);
    if (aggregated.length > 0) {
      const phrase = this.aggregatePhrase(aggregated[0] as Measure, conditions, tail, main);
      return phrase;
    }
    return this.plainSentence(graph, main, tail);
  }

  // -----------------------------------------------------------------------------------------
  // patterns: none of (anti-joins, EXCEPT, NOT IN), some of (IN, INTERSECT), either of (UNION)

  /**
   * The graph's none / some patterns as phrases after the noun: "with no orders shipped to
   * France", "who never had any Seafood products", "that have both A and B orders", "except those
   * in Spain", "whose country is Spain or whose city is Paris". A branch names another class (the
   * one its conditions are on, else the one it joins through), or only conditions on the rows
   * themselves (EXCEPT or UNION of one table).
   */
  private patternPhrases(graph: QueryGraph, main: string): string[] {
    const patterns = graph.patterns ?? [];
    if (patterns.length === 0) return [];
    const outer = new Set(graph.classes);
    for (const m of graph.select) outer.add(m.target.classId);
    const people = this.isPeople(main);
    const who = people ? 'who' : 'that';
    const other = (b: Pattern) => b.where.find((c) => !outer.has(c.target.classId))?.target.classId ?? b.classes[0] ?? null;
    const selfConditions = (b: Pattern) => this.join(b.where.map((c) => this.condition(c, findAttribute(this.schema, c.target.classId, c.target.attributeId), main)));
    const branchThings = (b: Pattern, classId: string) => this.things(classId, b.where).plural;
    // Two or more `some` of one branch each about the same other class: an intersection, "both A and B".
    const boths = patterns.every((p) => p.quantifier === 'some' && p.branches.length === 1) ? patterns.map((p) => other(p.branches[0] as Pattern)) : [];
    if (boths.length >= 2 && boths.every((c) => c !== null && c === boths[0]) && this.random.chance(0.6)) {
      const things = patterns.map((p) => branchThings(p.branches[0] as Pattern, boths[0] as string));
      const both = patterns.length === 2 ? `both ${things[0]} and ${things[1]}` : this.join(things);
      return [this.pick([`with ${both}`, `${who} have ${both}`, `having ${both}`, `${who} had ${both}`])];
    }
    return patterns.map((p) => {
      const described = p.branches.map((b) => {
        const classId = other(b);
        return classId ? { self: false, text: branchThings(b, classId) } : { self: true, text: selfConditions(b) };
      });
      const anyOther = described.some((d) => !d.self);
      if (p.quantifier === 'none') {
        const text = this.orList(described.map((d) => d.text));
        if (!anyOther) return this.pick([`except those ${text}`, `but not those ${text}`, `other than those ${text}`, `excluding those ${text}`]);
        return this.pick([`with no ${text}`, `without any ${text}`, `${who} have no ${text}`, `${who} don't have any ${text}`, `${who} never had any ${text}`, `${who} do not have ${text}`, `not having any ${text}`, `with no ${text} at all`]);
      }
      if (!anyOther) return this.orList(described.map((d) => d.text));
      return this.orList(described.map((d) => (d.self ? d.text : this.pick([`${who} have ${d.text}`, `with ${d.text}`, `having ${d.text}`, `${who} had some ${d.text}`]))));
    });
  }

  // -----------------------------------------------------------------------------------------
  // plain rows

  private plainSentence(graph: QueryGraph, main: string, tail: string[]): string {
    const label = shownLabel(this.schema, main);
    const onlyLabel = graph.select.length === 1 && label !== null && graph.select[0]?.target.attributeId === label.id && graph.select[0].target.classId === main;
    const phrases = this.conditionPhrases(graph.where, main);
    const order = this.orderPhrase(graph.orderBy[0] ?? null, graph.limit, main);
    const distinct = graph.distinct ? `${this.pick(['different', 'distinct', 'unique'])} ` : '';
    const cond = [...phrases.after, ...tail].join(this.pick([' and ', ' and ', ', ']));
    const condText = cond ? ` ${cond}` : '';
    if (order.alphabetical) {
      // A text sorted with a limit: "the first 3 customers by company name alphabetically", never "the highest company name".
      const noun = order.count === 1 ? phrases.singular() : phrases.plural();
      const subject = order.count === 1 || order.count === null ? `the ${noun}` : `the first ${this.count(order.count)} ${noun}`;
      if (onlyLabel) return `${this.lead()}${subject}${condText} ${order.alphabetical}`;
      return `${this.lead()}the ${this.attributes(graph.select, main)} of ${subject}${condText} ${order.alphabetical}`;
    }
    if (order.superlative) {
      const noun = order.count === 1 ? phrases.singular() : phrases.plural();
      const k = order.count !== null ? this.count(order.count) : '';
      const subject = `${order.count && order.count > 1 ? `${k} ` : ''}${noun}`;
      if (onlyLabel && order.adjective && this.random.chance(0.7)) {
        const adj = order.adjective;
        const forms =
          order.count === 1
            ? [`the ${adj} ${noun}`, `which ${noun} is the ${adj}`, `what is the ${adj} ${noun}`, `what's our ${adj} ${noun}`, `${adj} ${noun}`, `${adj} ${noun}`, `whats the ${adj} ${noun}`, ...(this.isPeople(main) ? [`who is the ${adj} ${noun}`, `who is our ${adj} ${noun}`] : [])]
            : [`the ${k} ${adj} ${noun}`, `top ${k} ${adj} ${noun}`, `list the ${k} ${adj} ${noun}`, `which are the ${k} ${adj} ${noun}`, `${k} ${adj} ${noun}`, `give me the ${k} ${adj} ${noun}`];
        return `${this.pick(forms)}${condText}`;
      }
      // The conditions go with the noun, before the superlative names its attribute: "the products
      // from Exotic Liquids with the highest unit price" (after "unit price", a value would read as a price).
      if (onlyLabel) {
        const forms = order.count === 1
          ? [`which ${subject}${condText} has ${order.superlative}`, `the ${subject}${condText} with ${order.superlative}`, `what is the ${subject}${condText} with ${order.superlative}`, `${subject}${condText} with ${order.superlative}`, ...(this.isPeople(main) ? [`who is the ${subject}${condText} with ${order.superlative}`, ...(condText ? [] : [`who has ${order.superlative}`])] : [])]
          : [`the ${subject}${condText} with ${order.superlative}`, `which ${subject}${condText} have ${order.superlative}`, `list the ${subject}${condText} with ${order.superlative}`, ...(order.descending ? [`top ${subject}${condText} by ${order.key}`, `top ${k} ${noun}${condText} by ${order.key}`] : [])];
        return this.pick(forms);
      }
      return `${this.lead()}the ${this.attributes(graph.select, main)} of the ${subject}${condText} with ${order.superlative}`;
    }
    const sorted = order.sorted ? ` ${order.sorted}` : '';
    if (onlyLabel) {
      const noun = `${distinct}${phrases.plural()}`;
      const forms = [`which ${noun}`, `list the ${noun}`, `list all ${noun}`, `show me the ${noun}`, `what ${noun} are there`, `give me the ${noun}`, `find ${noun}`, `${noun}`, `${noun}`, `names of ${noun}`, `all ${noun}`, `any ${noun}`, `i need the ${noun}`, `get me all ${noun}`, `what are the ${noun}`, ...(this.isPeople(main) ? [`who are the ${noun}`, `who are our ${noun}`] : [])];
      return `${this.pick(forms)}${condText}${sorted}`;
    }
    const named = this.ofNamedThing(graph, main);
    if (named) return named;
    const noun = phrases.plural();
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

  /**
   * "what is the price of Chai", "Chai's supplier", "how much is Chai": attributes of one thing
   * named by its naming attribute, with nothing else asked (no order, no other condition).
   */
  private ofNamedThing(graph: QueryGraph, main: string): string | null {
    const c = graph.where[0];
    const label = shownLabel(this.schema, main);
    if (graph.where.length !== 1 || !c || !label || c.operator !== '=' || c.target.classId !== main || c.target.attributeId !== label.id || c.values[0]?.kind !== 'string') return null;
    if (graph.orderBy.length > 0 || graph.distinct || graph.classes.some((k) => k !== main) || graph.select.some((m) => m.aggregate !== null || m.target.classId !== main || m.target.attributeId === label.id) || !this.random.chance(0.7)) return null;
    const name = this.value(c.values[0], label, false);
    const attrs = this.attributes(graph.select, main);
    const only = graph.select.length === 1 ? findAttribute(this.schema, main, (graph.select[0] as Measure).target.attributeId) : null;
    const money = only !== null && PRICE.test(only.name.singular) && only.type !== 'text';
    return this.pick([
      `what is the ${attrs} of ${name}`,
      `what's the ${attrs} of ${name}`,
      `${attrs} of ${name}`,
      `${name}'s ${attrs}`,
      `what is ${name}'s ${attrs}`,
      `give me the ${attrs} of ${name}`,
      `tell me the ${attrs} of ${name}`,
      ...(money ? [`how much is ${name}`, `how much does ${name} cost`, `what does ${name} cost`] : []),
    ]);
  }

  /**
   * The things of a class under conditions, as people name them ("Seafood products", "orders
   * shipped to France"): plural and singular, each with the condition clauses after the noun.
   */
  things(classId: string, constraints: readonly Constraint[]): { plural: string; singular: string } {
    const phrases = this.conditionPhrases(constraints, classId);
    const after = phrases.after.length > 0 ? ` ${phrases.after.join(this.pick([' and ', ', ']))}` : '';
    return { plural: `${phrases.plural()}${after}`, singular: `${phrases.singular()}${after}` };
  }

  /** An attribute's name as said about the things of `main` ("price"; another class's "category name"). */
  attributeWords(ref: AttributeRef, main: string): string {
    return this.attributeName(ref, main);
  }

  /** A class's name, plural or singular, as the writer says it (now and then by a synonym). */
  classWords(classId: string, plural: boolean): string {
    return plural ? this.plural(classId) : this.singular(classId);
  }

  /** Whether a class's things are people (WordNet), so "who" asks for them ("who is the oldest employee"). */
  isPeople(classId: string): boolean {
    const isPerson = this.lexicon?.isPerson;
    if (!isPerson) return false;
    const words = findClass(this.schema, classId).name.singular.split(' ');
    return isPerson(words[words.length - 1] as string);
  }

  lead(): string {
    return this.pick(['', '', 'list ', 'show ', 'show me ', 'what are ', 'what is ', 'give me ', 'find ', 'display ', 'get ', 'tell me ', 'i need ', 'i want ', 'get me ', 'pull up ', 'can you list ', 'look up ']);
  }

  /** A count as people write it: digits, or words now and then ("top five"). */
  count(n: number): string {
    const words = numberWords(n);
    return words && this.random.chance(this.options.numberWords ?? 0.2) ? words : String(n);
  }

  /** "name and unit price" or "product name, category name". */
  private attributes(measures: readonly Measure[], main: string): string {
    return this.join(measures.map((m) => this.attributeName(m.target, main)));
  }

  // -----------------------------------------------------------------------------------------
  // aggregates

  private aggregatePhrase(measure: Measure, conditions: readonly Constraint[], tail: string[], main: string): string {
    const phrases = this.conditionPhrases(conditions, measure.target.classId);
    const cond = [...phrases.after, ...tail].join(' and ');
    const condText = cond ? ` ${cond}` : '';
    const owner = phrases.plural();
    if (measure.target.attributeId === '*') {
      return this.pick([
        `how many ${owner}${condText}`,
        `how many ${owner} are there${condText}`,
        `how many ${owner} are there${condText}`,
        `how many ${owner} do we have${condText}`,
        `count the ${owner}${condText}`,
        `count ${owner}${condText}`,
        `what is the number of ${owner}${condText}`,
        `number of ${owner}${condText}`,
        `the total number of ${owner}${condText}`,
        `# of ${owner}${condText}`,
        `count of ${owner}${condText}`,
        `total ${owner}${condText}`,
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
    const howMuch = this.howMuch(measure, attr, owner, () => phrases.singular(), condText);
    if (howMuch) return howMuch;
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

  /**
   * "how much freight in total for orders to France", "how much does a beverage cost on average",
   * "how much is the priciest product": an amount of money asked with "how much" (a third of the time).
   */
  private howMuch(measure: Measure, attr: string, owner: string, singular: () => string, condText: string): string | null {
    const attribute = findAttribute(this.schema, measure.target.classId, measure.target.attributeId);
    if (!MONEY.test(attribute.name.singular) || attribute.type === 'text' || !this.random.chance(0.35)) return null;
    const price = PRICE.test(attribute.name.singular);
    switch (measure.aggregate) {
      case 'sum':
        return `how much ${attr} ${this.pick(['in total', 'altogether', 'overall'])} ${this.pick(['for', 'of'])} ${owner}${condText}`;
      case 'avg':
        return price ? this.pick([`how much does a ${singular()}${condText} cost on average`, `how much is a ${singular()}${condText} on average`, `on average how much does a ${singular()}${condText} cost`]) : `how much ${attr} on average ${this.pick(['for', 'of'])} ${owner}${condText}`;
      case 'max':
        return price ? `how much is the ${this.pick(['most expensive', 'priciest', 'dearest'])} ${singular()}${condText}` : null;
      case 'min':
        return price ? `how much is the ${this.pick(['cheapest', 'least expensive'])} ${singular()}${condText}` : null;
      default:
        return null;
    }
  }

  private aggregateWord(measure: Measure): string {
    const temporal = this.isTemporal(measure.target);
    switch (measure.aggregate) {
      case 'sum':
        return this.pick(['total', 'total', 'sum of the', 'combined']);
      case 'avg':
        return this.pick(['average', 'average', 'mean', 'avg', 'typical']);
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
    if (measure.target.attributeId === '*') return `${this.pick(['number of', 'number of', 'count of', '# of'])} ${this.plural(measure.target.classId)}`;
    if (measure.aggregate === 'count' || measure.aggregate === 'count_distinct') return `number of different ${this.pluralOf(this.attributeName(measure.target, main))}`;
    return `${this.aggregateWord(measure)} ${this.attributeName(measure.target, main)}`;
  }

  // -----------------------------------------------------------------------------------------
  // groups

  private groupedSentence(graph: QueryGraph, main: string, tail: string[]): string {
    const key = graph.groupBy[0] as AttributeRef;
    const measure = graph.select.find((m) => m.aggregate !== null) ?? (graph.select[0] as Measure);
    const keyLabel = shownLabel(this.schema, key.classId);
    const keyIsLabel = keyLabel?.id === key.attributeId;
    // A key that is not a class's name keeps its owner ("order ship city"): the sentence names no other noun for it.
    // "countries with more than 5 customers": the count names the class, so its key needs no owner.
    const countsKeyClass = measure.target.attributeId === '*' && key.classId === measure.target.classId;
    const keyNoun = keyIsLabel ? this.singular(key.classId) : this.attributeName(key, countsKeyClass ? key.classId : '');
    const keyNouns = keyIsLabel ? this.plural(key.classId) : this.pluralOf(keyNoun);
    const phrases = this.conditionPhrases(graph.where, measure.target.classId);
    const cond = [...phrases.after, ...tail].join(' and ');
    const condText = cond ? ` ${cond}` : '';
    const having = graph.having.map((h) => this.havingPhrase(h, main));
    const order = graph.orderBy[0];
    const isCount = measure.target.attributeId === '*';
    const counted = phrases.plural();
    // "the name and city of the customer with ...": other attributes grouped beside the key are said too.
    const alsoShown = graph.groupBy.slice(1).map((r) => this.attributeName(r, key.classId));
    const people = keyIsLabel && this.isPeople(key.classId);
    if (order) {
      const most = order.direction === 'desc';
      // "the highest maximum discount" says it twice: a max ordered down (a min ordered up) is already a superlative.
      const alreadySuperlative = (order.measure.aggregate === 'max' && most) || (order.measure.aggregate === 'min' && !most);
      const amount = isCount
        ? most
          ? this.pick([`the most ${counted}`, `the most ${counted}`, `the largest number of ${counted}`, `the greatest number of ${counted}`, `the highest number of ${counted}`, `the most number of ${counted}`, `the biggest number of ${counted}`])
          : this.pick([`the fewest ${counted}`, `the fewest ${counted}`, `the least ${counted}`, `the smallest number of ${counted}`, `the lowest number of ${counted}`, `the least number of ${counted}`])
        : alreadySuperlative
          ? `the ${this.measureNoun(order.measure, main)}`
          : `the ${most ? this.pick(['highest', 'largest', 'biggest', 'greatest']) : this.pick(['lowest', 'smallest'])} ${this.measureNoun(order.measure, main)}`;
      const limit = graph.limit;
      const havingText = having.length > 0 ? ` ${having.join(' and ')}` : '';
      // "the most common city of customers": a plain attribute of the counted things, ranked by how often it occurs.
      const common = isCount && countsKeyClass && !keyIsLabel;
      const commonWord = most ? this.pick(['most common', 'most common', 'most frequent', 'most popular']) : this.pick(['least common', 'least frequent', 'rarest']);
      if (limit === 1) {
        const shownText = alsoShown.length > 0 ? this.join([this.attributeName(key, key.classId), ...alsoShown]) : null;
        if (shownText) {
          return this.pick([
            `${this.lead()}the ${shownText} of the ${keyNoun} with ${amount}${condText}`,
            `what is the ${shownText} of the ${keyNoun} that has ${amount}${condText}`,
            `which ${keyNoun} has ${amount}${condText} and what is its ${this.join(alsoShown)}`,
          ]) + havingText;
        }
        return this.pick([
          `which ${keyNoun} has ${amount}${condText}`,
          `which ${keyNoun} has ${amount}${condText}`,
          `the ${keyNoun} with ${amount}${condText}`,
          `what ${keyNoun} has ${amount}${condText}`,
          `${keyNoun} with ${amount}${condText}`,
          `find the ${keyNoun} that has ${amount}${condText}`,
          `which ${keyNoun} has got ${amount}${condText}`,
          `what is the ${keyNoun} with ${amount}${condText}`,
          ...(keyIsLabel ? [`what is the ${this.attributeName(key, key.classId)} of the ${keyNoun} that has ${amount}${condText}`, `give me the ${this.attributeName(key, key.classId)} of the ${keyNoun} with ${amount}${condText}`] : []),
          ...(people ? [`who has ${amount}${condText}`, `who is the ${keyNoun} with ${amount}${condText}`] : []),
          ...(common ? [`what is the ${commonWord} ${keyNoun} of ${counted}${condText}`, `the ${commonWord} ${keyNoun} among ${counted}${condText}`, `which ${keyNoun} is ${commonWord} among ${counted}${condText}`, `${commonWord} ${keyNoun} of ${counted}${condText}`] : []),
          // The counted things as the subject: "which grade do the most students have", "the category the most products belong to".
          ...(isCount && most && !condText
            ? common
              ? [`which ${keyNoun} do the most ${counted} have`, `the ${keyNoun} that most ${counted} have`]
              : [`which ${keyNoun} do the most ${counted} belong to`, `the ${keyNoun} that the most ${counted} belong to`, `the ${keyNoun} ${this.pick(['used by', 'linked to', 'shared by'])} the most ${counted}`]
            : []),
        ]) + havingText;
      }
      if (limit !== null) {
        const k = this.count(limit);
        // "top 5 ... by" says "the most": never for an ascending order.
        return this.pick([
          `the ${k} ${keyNouns} with ${amount}${condText}`,
          `which ${k} ${keyNouns} have ${amount}${condText}`,
          `${k} ${keyNouns} with ${amount}${condText}`,
          `list the ${k} ${keyNouns} that have ${amount}${condText}`,
          ...(most ? [`top ${k} ${keyNouns} by ${this.measureNoun(order.measure, main)}${condText}`, `top ${k} ${keyNouns}${condText} by ${this.measureNoun(order.measure, main)}`, `the top ${k} ${keyNouns} with ${amount}${condText}`] : [`bottom ${k} ${keyNouns} by ${this.measureNoun(order.measure, main)}${condText}`]),
          ...(common ? [`the ${k} ${commonWord} ${keyNouns} of ${counted}${condText}`, `what are the ${k} ${commonWord} ${keyNouns} among ${counted}${condText}`] : []),
        ]) + havingText;
      }
      const by = this.measureNoun(order.measure, main);
      return this.pick([
        `${this.measureNoun(measure, main)} ${this.pick(['for each', 'per', 'by'])} ${keyNoun}${condText}${havingText}, ${this.pick([most ? 'highest first' : 'lowest first', `sorted by ${by}${most ? ' descending' : ''}`])}`,
        `${keyNouns} ${this.pick(['sorted by', 'ordered by', 'ranked by'])} ${by}${condText}${havingText}${most ? this.pick([', most first', ' descending', ' from most to least', '']) : this.pick([', fewest first', ' ascending', ' from least to most'])}`,
        `list the ${keyNouns} by ${by}${condText}${havingText}${most ? ', highest first' : ', lowest first'}`,
        ...(isCount && keyIsLabel ? [`${keyNouns} ${this.pick(['sorted', 'ordered'])} by how many ${counted} they have${condText}${havingText}${most ? ', most first' : ', fewest first'}`] : []),
      ]);
    }
    if (having.length > 0) {
      return this.pick([`which ${keyNouns} ${having.join(' and ')}${condText}`, `${keyNouns} ${having.join(' and ')}${condText}`, `list the ${keyNouns} ${having.join(' and ')}${condText}`]);
    }
    const each = this.pick(['for each', 'per', 'by', 'in each', 'for every']);
    const shown = alsoShown.length > 0 ? ` and their ${this.join(alsoShown)}` : '';
    if (isCount) {
      return this.pick([
        `how many ${counted} are there ${each} ${keyNoun}${condText}`,
        `how many ${counted} ${each} ${keyNoun}${condText}`,
        `number of ${counted} ${each} ${keyNoun}${condText}`,
        `count the ${counted} ${each} ${keyNoun}${condText}`,
        `${this.pick(['# of', 'count of'])} ${counted} ${each} ${keyNoun}${condText}`,
        `for each ${keyNoun}, how many ${counted}${condText}`,
        `${this.lead()}each ${keyNoun} and the number of ${counted}${condText}`,
        // Group words left out: the key's plural and "their number of ...".
        `${this.lead()}${keyNouns}${shown} and ${this.pick(['their number of', 'the number of', 'the count of', 'how many'])} ${counted}${condText}`,
        `${this.lead()}the different ${keyNouns} and the number of ${counted} ${this.pick(['of each', 'for each', 'in each', 'with each'])}${condText}`,
        ...(keyIsLabel ? [`how many ${counted} does each ${keyNoun} have${condText}`, `${this.lead()}the ${keyNouns}${shown} and how many ${counted} ${this.pick(['they have', 'each has', 'each one has'])}${condText}`, `${counted} count ${this.pick(['per', 'by', 'for each'])} ${keyNoun}${condText}`] : [`how many ${counted} ${this.pick(['have', 'are in'])} each ${keyNoun}${condText}`]),
      ]);
    }
    const noun = this.measureNoun(measure, main);
    return this.pick([
      `${this.lead()}the ${noun} ${each} ${keyNoun}${condText}`,
      `${each} ${keyNoun}, the ${noun}${condText}`,
      `for each ${keyNoun}, what is the ${noun}${condText}`,
      `what is the ${noun} of each ${keyNoun}${condText}`,
      `${this.lead()}${keyNouns}${shown} and their ${noun}${condText}`,
      `${noun} by ${keyNoun}${condText}`,
    ]);
  }

  private havingPhrase(h: AggregateConstraint, main: string): string {
    const value = this.value(h.value, null, false);
    const cmp = { '>': 'more than', '>=': 'at least', '<': 'fewer than', '<=': 'at most', '=': 'exactly', '!=': 'other than' }[h.operator];
    if (h.measure.target.attributeId === '*') return `${this.pick(['with', 'that have', 'having'])} ${cmp} ${value} ${this.plural(h.measure.target.classId)}`;
    return `${this.pick(['with', 'whose', 'where the'])} ${this.measureNoun(h.measure, main)} is ${this.comparisonWord(h.operator, false)} ${value}`;
  }

  // -----------------------------------------------------------------------------------------
  // order

  /**
   * How a sort is said. With a limit, a measure ranked by size (naming.ts ranksBySize: a number, a
   * date, a count) is a superlative ("the highest", "the latest", "the cheapest"); a text is not
   * ("the highest continent" is nobody's question): its first or last rows are said in words of
   * alphabetical order ("whose name comes first alphabetically", "the first 3 ... by name from z to
   * a"), as the order cues read them (cues/order.ts: "by X alphabetically", "by X from z to a", "in
   * (reverse) alphabetical order"). Without a limit a text is sorted alphabetically, a number from
   * highest to lowest.
   */
  private orderPhrase(term: OrderTerm | null, limit: number | null, main: string): { superlative: string | null; adjective: string | null; sorted: string | null; alphabetical: string | null; count: number | null; key: string; descending: boolean } {
    if (!term) return { superlative: null, adjective: null, sorted: null, alphabetical: null, count: null, key: '', descending: false };
    const name = this.attributeName(term.measure.target, main);
    const desc = term.direction === 'desc';
    if (limit !== null && !ranksBySize(this.schema, term.measure)) {
      const alphabetical =
        limit === 1
          ? desc
            ? this.pick([`whose ${name} comes last alphabetically`, `first by ${name} from z to a`, `first in reverse alphabetical order of ${name}`])
            : this.pick([`whose ${name} comes first alphabetically`, `first by ${name} alphabetically`, `first in alphabetical order of ${name}`, `first by ${name} from a to z`])
          : desc
            ? this.pick([`by ${name} from z to a`, `in reverse alphabetical order of ${name}`])
            : this.pick([`by ${name} alphabetically`, `in alphabetical order of ${name}`, `sorted by ${name} from a to z`]);
      return { superlative: null, adjective: null, sorted: null, alphabetical, count: limit, key: name, descending: desc };
    }
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
      return { superlative: `${word} ${name}`, adjective, sorted: null, alphabetical: null, count: limit, key: name, descending: desc };
    }
    const text = !ranksBySize(this.schema, term.measure);
    const sorted = this.pick([
      `sorted by ${name}${desc ? ' descending' : ''}`,
      `ordered by ${name}${desc ? ' in descending order' : ''}`,
      `by ${name}${desc ? (text ? ' from z to a' : ', highest first') : text ? ' alphabetically' : ', lowest first'}`,
      text ? `sorted by ${name} ${desc ? 'from z to a' : 'from a to z'}` : `sorted by ${name} ${desc ? 'from highest to lowest' : 'from lowest to highest'}`,
    ]);
    return { superlative: null, adjective: null, sorted, alphabetical: null, count: null, key: name, descending: desc };
  }

  // -----------------------------------------------------------------------------------------
  // conditions

  /**
   * Conditions as words: adjectives before the noun ("Seafood products") and clauses after it,
   * with the noun phrase of `main` they make ("Seafood products"; "seafood" alone when the value
   * stands for the noun).
   */
  private conditionPhrases(constraints: readonly Constraint[], main: string): { after: string[]; plural: () => string; singular: () => string } {
    let before = '';
    let noun: { plural: string; singular: string } | null = null;
    const after: string[] = [];
    for (const c of constraints) {
      const attribute = findAttribute(this.schema, c.target.classId, c.target.attributeId);
      if (!before && !noun && c.operator === '=' && attribute.type === 'text' && c.values[0]?.kind === 'string') {
        noun = this.valueNoun(c, attribute, main);
        if (noun) continue;
        if (this.random.chance(0.25)) {
          before = `${this.value(c.values[0], attribute, false)} `;
          continue;
        }
      }
      after.push(this.condition(c, attribute, main));
    }
    return { after, plural: () => noun?.plural ?? `${before}${this.plural(main)}`, singular: () => noun?.singular ?? `${before}${this.singular(main)}` };
  }

  /**
   * "beverages" for the products in the category Beverages: a one-word name of another class that
   * WordNet knows as a common noun may stand for the asked-for things (options.valueAsNoun).
   */
  private valueNoun(c: Constraint, attribute: SchemaAttribute, main: string): { plural: string; singular: string } | null {
    const value = c.values[0];
    const isCommonNoun = this.lexicon?.isCommonNoun;
    if (!isCommonNoun || value?.kind !== 'string' || c.target.classId === main || PLACE.test(attribute.name.singular)) return null;
    if (shownLabel(this.schema, c.target.classId)?.id !== attribute.id) return null;
    const word = value.value.trim();
    if (!/^[A-Za-z]{3,}$/.test(word) || !isCommonNoun(singularWord(word.toLowerCase()))) return null;
    if (!this.random.chance(this.options.valueAsNoun ?? 0.3)) return null;
    const lower = this.random.chance(0.5) ? word.toLowerCase() : word;
    const singular = singularWord(lower);
    return { plural: lower, singular };
  }

  private condition(c: Constraint, attribute: SchemaAttribute, main: string): string {
    const name = this.attributeName(c.target, main);
    const v = (i: number) => this.value(c.values[i] as QueryValue, attribute, c.operator === 'year', dateEdge(c.operator, i));
    const label = shownLabel(this.schema, c.target.classId);
    const isLabel = label?.id === attribute.id;
    const other = c.target.classId !== main;
    const owner = this.singular(c.target.classId);
    const whose = this.pick(['whose', 'with', 'where the', 'that have', 'having']);
    const is = whose === 'with' || whose === 'that have' || whose === 'having' ? '' : 'is ';
    const event = this.eventPhrase(c, attribute, v);
    if (event && this.random.chance(0.6)) return event;
    const implied = this.impliedMoney(c, attribute, main, v);
    if (implied) return implied;
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
      case 'between': {
        const period = this.period(c);
        if (period && this.isMainDate(attribute) && this.random.chance(0.5)) return `${this.pick(['in', 'during', 'from'])} ${period}`;
        if (period) return `${whose} ${name} ${is}in ${period}`;
        return `${whose} ${name} ${is}between ${v(0)} and ${v(1)}`;
      }
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
      default:
        // An operator this writer has no words for yet: its values, plainly.
        return `${whose} ${name} ${is}${c.values.map((_, i) => v(i)).join(' to ')}`;
    }
  }

  /**
   * "under $20", "cheaper than 20 bucks", "priced over 50": a comparison of the asked-for things'
   * only money attribute needs no name (options.impliedMoney); "cheaper" and "pricier" only for prices.
   */
  private impliedMoney(c: Constraint, attribute: SchemaAttribute, main: string, v: (i: number) => string): string | null {
    if (!['<', '<=', '>', '>=', 'between'].includes(c.operator) || c.target.classId !== main || !MONEY.test(attribute.name.singular)) return null;
    if (findClass(this.schema, main).attributes.filter((a) => MONEY.test(a.name.singular) && a.type !== 'text').length !== 1) return null;
    if (!this.random.chance(this.options.impliedMoney ?? 0.4)) return null;
    const price = PRICE.test(attribute.name.singular);
    switch (c.operator) {
      case '<':
        return `${this.pick(['under', 'below', 'less than', 'for less than', ...(price ? ['cheaper than', 'costing less than', 'priced under', 'priced below'] : [])])} ${v(0)}`;
      case '>':
        return `${this.pick(['over', 'above', 'more than', ...(price ? ['pricier than', 'more expensive than', 'costing more than', 'priced over', 'priced above'] : [])])} ${v(0)}`;
      case '<=':
        // "for $20 or less": a word before the amount, so no attribute name ends right before it.
        return this.pick([`${this.pick(['at most', 'up to', 'no more than'])} ${v(0)}`, `${this.pick(['for', 'at'])} ${v(0)} or less`, ...(price ? [`priced at ${v(0)} or less`] : [])]);
      case '>=':
        return this.pick([`${this.pick(['at least', 'no less than'])} ${v(0)}`, `${this.pick(['for', 'at'])} ${v(0)} or more`, `from ${v(0)} up`]);
      default:
        return `${this.pick(['between', ...(price ? ['priced between', 'costing between'] : [])])} ${v(0)} and ${v(1)}`;
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
      case 'between': {
        const period = this.period(c);
        return period ? `${verb} in ${period}` : `${verb} between ${v(0)} and ${v(1)}`;
      }
      default:
        return null;
    }
  }

  /**
   * "the 1920s", "the second half of 1997", "Q3 1997": a between whose two values are a decade's,
   * a half year's or a quarter's first and last day (or year), as the mention finder reads those
   * words back (two mentions each). Null otherwise, and now and then (options.coarseDates) anyway.
   */
  private period(c: Constraint): string | null {
    const [a, b] = c.values;
    if (!a || !b || !this.random.chance(this.options.coarseDates ?? 0.8)) return null;
    if (a.kind === 'number' && b.kind === 'number') return a.value % 10 === 0 && b.value === a.value + 9 && a.value >= 1500 && a.value < 2100 ? `the ${a.value}s` : null;
    if (a.kind !== 'date' || b.kind !== 'date') return null;
    const [y0, m0, d0] = a.value.split('-').map(Number) as [number, number, number];
    const [y1, m1] = b.value.split('-').map(Number) as [number, number, number];
    if (d0 !== 1 || m0 === undefined || coarseDate(b.value, 'upper') === null) return null;
    if (m0 === 1 && m1 === 12 && y0 % 10 === 0 && y1 === y0 + 9) return `the ${y0}s`;
    if (y0 !== y1) return null;
    if ((m0 === 1 && m1 === 6) || (m0 === 7 && m1 === 12)) return `the ${this.pick(m0 === 1 ? ['first', '1st'] : ['second', '2nd'])} half of ${y0}`;
    if (m1 === m0 + 2 && m0 % 3 === 1) {
      const q = (m0 + 2) / 3;
      return this.pick([`the ${['first', 'second', 'third', 'fourth'][q - 1]} quarter of ${y0}`, `Q${q} ${y0}`]);
    }
    return null;
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

  /**
   * A value as a person writes it. `edge` says whether a date stands as a lower or an upper
   * bound (see dateEdge): a month's or a year's first or last day may then be written as that month or year.
   */
  value(value: QueryValue, attribute: SchemaAttribute | null, asYear: boolean, edge: 'lower' | 'upper' | null = null): string {
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
        const words = numberWords(value.value);
        const n = words && this.random.chance(this.options.numberWords ?? 0.2) ? words : String(value.value);
        if (!money) return n;
        const digits = /^\d/.test(n);
        return this.pick([...(digits ? [`$${n}`, `$${n}`] : []), `${n} dollars`, `${n} bucks`, n]);
      }
      case 'date': {
        const [y, m, d] = value.value.split('-') as [string, string, string];
        const month = MONTHS[Number(m) - 1] as string;
        const coarse = edge !== null && this.random.chance(this.options.coarseDates ?? 0.8) ? coarseDate(value.value, edge) : null;
        if (coarse === 'year') return y;
        if (coarse === 'month') return this.pick([`${month} ${y}`, `${month} ${y}`, `${month.slice(0, 3)} ${y}`, `${month} of ${y}`]);
        return this.pick([value.value, `${month} ${Number(d)}, ${y}`, `${Number(d)} ${month} ${y}`, `${month} ${ordinal(Number(d))}, ${y}`, `the ${ordinal(Number(d))} of ${month} ${y}`]);
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
    return this.sayOtherwise(findClass(this.schema, classId).name.singular, false, true);
  }

  private plural(classId: string): string {
    return this.sayOtherwise(findClass(this.schema, classId).name.plural, true, true);
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

  /**
   * Now and then a name's last word by a synonym ("clients" for customers), or a class's by a
   * broader noun ("workers" for employees), in the same number.
   */
  private sayOtherwise(name: string, plural: boolean, isClass = false): string {
    if (!this.lexicon) return name;
    // Only a one-word class is said more broadly: "order facts" is no kind of order details.
    const broader = isClass && !name.includes(' ') && this.lexicon.hypernyms && this.random.chance(this.lexicon.hypernymRate ?? 0);
    if (!broader && !this.random.chance(this.lexicon.rate)) return name;
    const words = name.split(' ');
    const last = words[words.length - 1] as string;
    const base = plural ? singularWord(last) : last;
    // A word that is another class's name says that class ("territory" said as "region" where Regions is a class): not a synonym here.
    const taken = this.classWordSet();
    const synonyms = (broader && this.lexicon.hypernyms ? this.lexicon.hypernyms(base) : this.lexicon.synonyms(base)).filter((w) => !taken.has(w.toLowerCase()) || w.toLowerCase() === base.toLowerCase());
    if (synonyms.length === 0) return name;
    const synonym = this.random.pick(synonyms);
    return [...words.slice(0, -1), plural ? pluralWord(synonym) : synonym].join(' ');
  }

  private classNameWords?: ReadonlySet<string>;

  /** The last words of the schema's class names, singular and plural, lower case. */
  private classWordSet(): ReadonlySet<string> {
    this.classNameWords ??= new Set(this.schema.classes.flatMap((c) => [c.name.singular, c.name.plural].map((n) => (n.split(' ').pop() ?? '').toLowerCase())));
    return this.classNameWords;
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

  /**
   * Whether a class only links a grouped graph's key to what it counts ("which student takes the
   * most courses" joins the enrolments): people do not name it, the words of the two ends say it.
   */
  private linksGroup(graph: QueryGraph, classId: string): boolean {
    const key = graph.groupBy[0];
    const measure = graph.select.find((m) => m.aggregate !== null);
    if (!key || !measure) return false;
    const refersTo = (to: string) => this.schema.relations.some((r) => r.from === classId && r.to === to);
    return key.classId !== measure.target.classId && refersTo(key.classId) && refersTo(measure.target.classId);
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
  finish(text: string): string {
    let out = text.replace(/\s+/g, ' ').trim();
    const question = /^(which|what|how|who|where|when)\b/.test(out);
    if (this.random.chance(0.6)) out = out.charAt(0).toUpperCase() + out.slice(1);
    if (question && this.random.chance(0.7)) out += '?';
    else if (!question && this.random.chance(0.2)) out += '.';
    return out;
  }
}
