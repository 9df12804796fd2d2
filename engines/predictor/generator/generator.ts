/**
 * Synthetic training data for one schema graph (Polyglotter, section 2.2, extended): random walks
 * over the schema graph (engines/query-graph/random-walk.ts) with constraint values drawn from the
 * real data (the value memory), nudged toward what people ask (the naming attribute of a class for
 * "which products", groups keyed by names), written in English (english.ts), then read back
 * exactly as a question is at serving time: mentions found by the value memory and replaced by
 * placeholders. A graph value the mention finder cannot find again is not a training example
 * (the model must only learn what serving can reproduce). Deterministic for a seed.
 */
import { queryGraph } from '../../query-graph/build.js';
import { Random, randomQueryGraph, type RandomWalkOptions } from '../../query-graph/random-walk.js';
import type { AttributeRef, Constraint, Measure, Operator, Pattern, QueryGraph, QueryValue } from '../../query-graph/types.js';
import type { SchemaAttribute, SchemaGraph } from '../../schema-graph/types.js';
import { day, upperBound } from '../values/bind.js';
import { ChainGenerator, type ChainOptions } from './chains.js';
import { ConstructGenerator } from './constructs.js';
import type { ConstructOptions } from '../../query-graph/random-constructs.js';
import { dateEdge, EnglishWriter, type EnglishOptions } from './english.js';
import { inputTokens } from '../model/input.js';
import { preferReferencingColumns } from './key-columns.js';
import { isKeyColumn, ranksBySize, shownLabel } from './naming.js';
import { GoldShapeGenerator } from './gold-shapes.js';
import { LookupGenerator } from './lookups.js';
import { RankingGenerator } from './rankings.js';
import { findMentions, type Mention } from '../values/mentions.js';
import { key } from '../../english/normalize.js';
import { Registers, type RegisterOptions } from './registers.js';
import { valueFitOf, type ValueFit } from '../values/value-fit.js';
import { attributeToken, graphToTokens, MAX_PLACEHOLDERS } from '../model/target.js';
import type { ValueMemory } from '../values/value-memory.js';
import type { WordNet } from '../../english/wordnet.js';

export interface GeneratorOptions {
  /** Seed: the same seed, schema and data give the same examples. Default 1. */
  readonly seed?: number;
  /** Options of the random walk (traversal, class cap, attribute/constraint/aggregate probabilities). */
  readonly walk?: Omit<RandomWalkOptions, 'seed' | 'value'>;
  /** Probability that a graph showing plain attributes shows just the naming attribute of its main class. Default 0.5. */
  readonly label?: number;
  /** Probability that a grouped graph groups by the naming attribute of a class. Default 0.6. */
  readonly groupByLabel?: number;
  /** Probability that classes a graph only joins through (no attribute used) are kept. Default 0.15. */
  readonly keepJoinOnly?: number;
  /** Most plain attributes shown and most conditions: people rarely ask for more. Default 3 and 3. */
  readonly maxShown?: number;
  readonly maxConditions?: number;
  /** Probability of one small typo (two letters swapped, one dropped or one doubled) in a word that is not a value. Default 0.05. */
  readonly typo?: number;
  /**
   * How the finished question is typed, each a probability per question: lower case, no final
   * mark, "what's"/"whats", "pls"/"can you", function words left out (registers.ts). `typo` above
   * is the typo probability.
   */
  readonly registers?: Omit<RegisterOptions, 'typo'>;
  /**
   * The English writer's registers, each a probability: numbers in words ("top five"), money
   * comparisons without the money attribute's name ("under 20 bucks"), a value standing for the
   * noun ("the cheapest beverage"), dates at a month's or year's edge written as that month or year.
   */
  readonly english?: EnglishOptions;
  /**
   * Probability that a date compared with (before, after, since, between) is drawn at the edge of
   * a month or a year, so it can be written "before March 1998" or "after 1997". Default 0.4.
   */
  readonly coarseDates?: number;
  /** Broader WordNet nouns said for a class's name ("workers" for employees). Default 0.02; 0 without a `lexicon`. */
  readonly hypernyms?: number;
  /**
   * Share of questions about relation chains (chains.ts) when the schema has role relations (a
   * class related to itself by one-word relations: FATHER, HUSBAND); 0 for other schemas. Default 0.6.
   */
  readonly chains?: number;
  /** Shares of the chain shapes. */
  readonly chainShapes?: ChainOptions;
  /**
   * Share of rankings by an aggregate per group ("which customer has the most orders", "which grade
   * has the most students", "the category with the highest average price", rankings.ts). Default 0.09.
   */
  readonly rankings?: number;
  /** Share of those drawn unranked: the aggregate per group alone ("how many orders does each customer have"). Default 0.25. */
  readonly unrankedGroups?: number;
  /**
   * Share of drawn graphs that sort a text with a limit kept (said "the first 3 suppliers by name
   * alphabetically", never "the highest name"): people seldom ask for them. Default 0.25.
   */
  readonly alphabeticalLimits?: number;
  /** Share of superlatives of one attribute ("the cheapest beverage", "top five priciest products", rankings.ts). Default 0.06. */
  readonly superlatives?: number;
  /**
   * Share of questions about the query graph's newer constructs (constructs.ts: "the third
   * cheapest", "customers with no orders", "hired before their manager", "price times quantity",
   * "the most expensive product in each category", kin words), among those the schema can say. Default 0.15.
   */
  readonly constructs?: number;
  /** Shares of the constructs and how often they carry a condition. */
  readonly constructShapes?: ConstructOptions;
  /** Share of look-ups of one named thing ("what is the price of Chai", lookups.ts). Default 0.05. */
  readonly lookups?: number;
  /**
   * Probability that a class or attribute name's last word is said by a WordNet synonym instead
   * ("clients" for customers). Default 0.08; 0 without a `lexicon`.
   */
  readonly synonyms?: number;
  /** Where synonyms come from (WordNet: `WordNet.shared()`); none by default. */
  readonly lexicon?: WordNet;
  /** Probability that "X and their Y" also shows X's naming attribute (people expect to see which X). Default 0.35. */
  readonly withLabel?: number;
  /**
   * Query shapes people asked of this schema (gold-shapes.ts: gold SQL read into query graphs,
   * `readGoldShapes`), asked again with values drawn from the data. None by default.
   */
  readonly goldShapes?: readonly QueryGraph[];
  /** Share of questions drawn from `goldShapes` when there are any, before every other kind. Default 0.3. */
  readonly goldShapeShare?: number;
  /** Whether values are found whole across commas, slashes and full stops (mentions.ts `acrossMarks`), as the model to be trained or measured reads them. Default false. */
  readonly valuesAcrossMarks?: boolean;
}

/** One training example. */
export interface Example {
  /** The English question as generated. */
  readonly question: string;
  /** The model's input tokens (inputTokens). */
  readonly input: readonly string[];
  /** The model's target tokens (graphToTokens of the graph with placeholders). */
  readonly target: readonly string[];
  /** The graph with real values (what a correct interpreter runs). */
  readonly graph: QueryGraph;
  /** Number of classes the graph touches (for balancing and per-size figures). */
  readonly classes: number;
}

const NUMERIC = new Set(['integer', 'decimal', 'float']);
/** Operators that compare a number's size: said of amounts, never of keys. */
const RANGE: ReadonlySet<Operator> = new Set(['<', '<=', '>', '>=', 'between']);

export class QuestionGenerator {
  private readonly random: Random;
  private readonly writer: EnglishWriter;
  private readonly chains: ChainGenerator;
  private readonly rankings: RankingGenerator;
  private readonly registers: Registers;
  private readonly lookups: LookupGenerator;
  private readonly constructs: ConstructGenerator;
  private readonly gold: GoldShapeGenerator;
  private readonly fit: ValueFit;

  constructor(
    private readonly schema: SchemaGraph,
    private readonly memory: ValueMemory,
    private readonly options: GeneratorOptions = {},
  ) {
    this.random = new Random(options.seed ?? 1);
    const lexicon = options.lexicon;
    // WordNet answers once per word: the writer asks about the same schema words over and over.
    const words = lexicon
      ? {
          synonyms: remembered((word: string) => lexicon.synonyms(word, 'noun', 1)),
          rate: options.synonyms ?? 0.08,
          hypernyms: remembered((word: string) => lexicon.hypernyms(word, 'noun')),
          hypernymRate: options.hypernyms ?? 0.02,
          isCommonNoun: remembered((word: string) => lexicon.isCommonNoun(word)),
          isPerson: remembered((word: string) => word === 'people' || word === 'person' || lexicon.isKindOf(word, 'person')),
        }
      : undefined;
    this.writer = new EnglishWriter(schema, this.random, (value) => memory.naturalForms(value), words, options.english);
    const isWord = lexicon ? remembered((word: string) => (['noun', 'verb', 'adj'] as const).some((pos) => lexicon.synsets(word, pos).length > 0)) : undefined;
    this.registers = new Registers(this.random, { ...options.registers, typo: options.typo ?? 0.05 }, isWord);
    this.fit = valueFitOf(memory);
    this.lookups = new LookupGenerator(schema, memory, this.random);
    this.chains = new ChainGenerator(schema, memory, this.random, options.chainShapes);
    this.rankings = new RankingGenerator(schema, this.random, (a, op, r) => this.value(a, op, r));
    this.constructs = new ConstructGenerator(schema, this.random, this.writer, (a, op, r) => this.value(a, op, r), options.constructShapes);
    this.gold = new GoldShapeGenerator(schema, this.random, (a, op, r) => this.value(a, op, r), options.goldShapes ?? []);
  }

  /** `count` examples; gives up after 20 tries per example (a schema with nothing to ask). */
  generate(count: number): Example[] {
    const out: Example[] = [];
    let tries = 0;
    while (out.length < count && tries < count * 20) {
      tries += 1;
      const example = this.next();
      if (example) out.push(example);
    }
    return out;
  }

  /** One example, or null when this walk could not be written and read back. */
  next(): Example | null {
    let graph: QueryGraph;
    let question: string;
    if (this.gold.usable && this.random.chance(this.options.goldShapeShare ?? 0.3)) {
      const shape = this.gold.next();
      if (!shape) return null;
      graph = this.coarsen(shape);
      question = this.writer.question(graph);
    } else if (this.chains.usable && this.random.chance(this.options.chains ?? 0.6)) {
      const asked = this.chains.next();
      if (!asked) return null;
      ({ graph, question } = asked);
    } else if (this.rankings.usable && this.random.chance(this.options.rankings ?? 0.09)) {
      const ranking = this.rankings.next(!this.random.chance(this.options.unrankedGroups ?? 0.25));
      const asked = ranking ? this.conventions(ranking) : null;
      if (!asked) return null;
      graph = this.coarsen(asked);
      question = this.writer.question(graph);
    } else if (this.lookups.usable && this.random.chance(this.options.lookups ?? 0.05)) {
      const lookup = this.lookups.next();
      if (!lookup) return null;
      graph = lookup;
      question = this.writer.question(graph);
    } else if (this.rankings.superlativesUsable && this.random.chance(this.options.superlatives ?? 0.06)) {
      const superlative = this.rankings.superlative();
      const asked = superlative ? this.conventions(superlative) : null;
      if (!asked) return null;
      graph = this.coarsen(asked);
      question = this.writer.question(graph);
    } else if (this.constructs.usable && this.random.chance(this.options.constructs ?? 0.15)) {
      const asked = this.constructs.next();
      if (!asked) return null;
      ({ graph, question } = asked);
    } else {
      const walk = { attribute: 0.1, constraint: 0.07, ...this.options.walk };
      const walked = randomQueryGraph(this.schema, this.random, { ...walk, value: (a, op, r) => this.value(a, op, r) });
      const asked = walked ? this.conventions(this.nudge(walked)) : null;
      if (!asked) return null;
      graph = this.coarsen(asked);
      question = this.writer.question(graph);
    }
    const written = question;
    const acrossMarks = this.options.valuesAcrossMarks ?? false;
    question = this.registers.apply(written, () => findMentions(written, this.memory, { acrossMarks }).map((m) => [m.start, m.end] as const));
    const mentions = findMentions(question, this.memory, { acrossMarks });
    const target = this.placeholders(graph, mentions);
    if (!target) return null;
    return { question, input: inputTokens(question, mentions), target, graph, classes: graph.classes.length };
  }

  /** Values drawn from the data, so questions name real things and the mention finder sees them. */
  private value(attribute: SchemaAttribute, operator: Operator, random: Random): QueryValue {
    const column = this.memory.column(attribute.classId, attribute.id);
    if (attribute.type === 'text') {
      const values = column?.values ?? [];
      if (values.length === 0) return { kind: 'string', value: 'unknown' };
      const stored = random.pick(values);
      if (operator === 'contains' || operator === 'starts_with') {
        const parts = stored.trim().split(/\s+/).filter((w) => w.length >= 4);
        return { kind: 'string', value: parts.length > 0 ? (operator === 'starts_with' ? (parts[0] as string) : random.pick(parts)) : stored };
      }
      return { kind: 'string', value: stored };
    }
    if (attribute.type === 'date' || attribute.type === 'datetime') {
      const min = typeof column?.min === 'string' ? column.min : '1990-01-01';
      const max = typeof column?.max === 'string' ? column.max : '2020-12-31';
      // Stored "dates" that are no dates (free text in a DATE column) fall back to a plain range.
      const t0 = Number.isFinite(Date.parse(min)) ? Date.parse(min) : Date.parse('1990-01-01');
      const t1 = Number.isFinite(Date.parse(max)) ? Date.parse(max) : Date.parse('2020-12-31');
      const day = new Date(t0 + random.next() * Math.max(0, t1 - t0)).toISOString().slice(0, 10);
      if (operator === 'year') return { kind: 'number', value: Number(day.slice(0, 4)) };
      if (operator === 'month') return { kind: 'string', value: day.slice(0, 7) };
      return { kind: 'date', value: day };
    }
    if (NUMERIC.has(attribute.type)) {
      const min = typeof column?.min === 'number' ? column.min : 0;
      const max = typeof column?.max === 'number' ? column.max : 100;
      const raw = min + random.next() * (max - min);
      const span = max - min;
      // People write round numbers: 50, 120, 2.5.
      const step = span >= 1000 ? 100 : span >= 100 ? 10 : span >= 10 ? 1 : attribute.type === 'integer' ? 1 : 0.1;
      const n = Math.round(Math.round(raw / step) * step * 100) / 100;
      return { kind: 'number', value: attribute.type === 'integer' ? Math.round(n) : n };
    }
    return { kind: 'boolean', value: random.chance(0.5) };
  }

  /**
   * Dates compared with (before, after, between) moved now and then to the edge of their month or
   * year, the way people ask ("before March 1998", "after 1997"): a lower bound to the first day,
   * an upper bound to the last (options.coarseDates). A between's two days are put in order, and
   * sometimes made a decade, a half or a quarter year ("in the 1920s", "in the second half of
   * 1997"); a between of years in a year attribute sometimes a decade ("born in the 1850s").
   */
  private coarsen(graph: QueryGraph): QueryGraph {
    const rate = this.options.coarseDates ?? 0.4;
    if (rate <= 0 || graph.where.every((c) => c.operator === 'year' || c.operator === 'month' || c.values.length === 0)) return graph;
    const pad = (n: number) => String(n).padStart(2, '0');
    const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
    const where = graph.where.map((c): Constraint => {
      const first = c.values[0];
      if (c.operator === 'between' && first?.kind === 'number' && c.values.every((v) => v.kind === 'number') && Number.isInteger(first.value) && this.yearAttribute(c) && this.random.chance(rate)) {
        const decade = Math.floor(first.value / 10) * 10;
        return { ...c, values: [{ kind: 'number', value: decade }, { kind: 'number', value: decade + 9 }] };
      }
      if (!c.values.every((v) => v.kind === 'date') || dateEdge(c.operator, 0) === null || !this.random.chance(rate)) return c;
      const days = c.values.map((v) => (v.kind === 'date' ? v.value : '')).sort();
      const [y, m] = (days[0] as string).split('-').map(Number) as [number, number];
      const r = this.random.next();
      if (c.operator === 'between' && r < 0.45) {
        // A decade, a half or a quarter of the first day's year.
        const [from, to] = r < 0.15 ? [[Math.floor(y / 10) * 10, 1], [Math.floor(y / 10) * 10 + 9, 12]] : r < 0.3 ? (m <= 6 ? [[y, 1], [y, 6]] : [[y, 7], [y, 12]]) : [[y, Math.floor((m - 1) / 3) * 3 + 1], [y, Math.floor((m - 1) / 3) * 3 + 3]];
        const [fy, fm] = from as [number, number];
        const [ty, tm] = to as [number, number];
        return { ...c, values: [{ kind: 'date', value: `${fy}-${pad(fm)}-01` }, { kind: 'date', value: `${ty}-${pad(tm)}-${pad(lastDay(ty, tm))}` }] };
      }
      const byYear = r > 0.7;
      const values = days.map((d, i): QueryValue => {
        const [dy, dm] = d.split('-').map(Number) as [number, number];
        const upper = dateEdge(c.operator, i) === 'upper';
        const month = byYear ? (upper ? 12 : 1) : dm;
        return { kind: 'date', value: `${dy}-${pad(month)}-${pad(upper ? lastDay(dy, month) : 1)}` };
      });
      return { ...c, values };
    });
    // Patterns (gold shapes' NOT IN, EXCEPT, INTERSECT) stay as they are; only the graph's own dates coarsen.
    return queryGraph({ classes: graph.classes, select: graph.select, where, follows: graph.follows, groupBy: graph.groupBy, having: graph.having, orderBy: graph.orderBy, limit: graph.limit, distinct: graph.distinct, ...(graph.patterns ? { patterns: graph.patterns } : {}) });
  }

  /** Whether a condition is on a whole-number attribute that holds years (royals' birth year). */
  private yearAttribute(c: Constraint): boolean {
    const attribute = this.schema.classes.find((k) => k.id === c.target.classId)?.attributes.find((a) => a.id === c.target.attributeId);
    return attribute !== undefined && attribute.type === 'integer' && /\byear\b/.test(attribute.name.singular);
  }

  /** Moves a walked graph toward what people ask (see the options). */
  private nudge(walked: QueryGraph): QueryGraph {
    const graph = preferReferencingColumns(walked, this.schema);
    let { select, groupBy, orderBy } = graph;
    const maxShown = this.options.maxShown ?? 3;
    if (select.length > maxShown && select.every((m) => m.aggregate === null)) select = select.slice(0, maxShown);
    // A list names each value once ("Spain, USA or Spain" is noise), and one value "in" a list
    // reads exactly like "=": keep one way to write it. Nobody asks whether a key or a required
    // column is missing, so those null tests are dropped.
    const where = graph.where
      .filter((c) => !((c.operator === 'is_null' || c.operator === 'not_null') && this.neverNull(c.target.classId, c.target.attributeId)))
      .slice(0, this.options.maxConditions ?? 3)
      .map((c) => (c.operator === 'in' || c.operator === 'not_in' ? { ...c, values: c.values.filter((v, i) => c.values.findIndex((w) => JSON.stringify(w) === JSON.stringify(v)) === i) } : c))
      .map((c) => (c.values.length === 1 && (c.operator === 'in' || c.operator === 'not_in') ? { ...c, operator: c.operator === 'in' ? ('=' as const) : ('!=' as const) } : c));
    const plain = select.every((m) => m.aggregate === null) && graph.groupBy.length === 0;
    const main = select[0]?.target.classId ?? graph.classes[0] ?? '';
    const label = shownLabel(this.schema, main);
    if (plain && label && this.random.chance(this.options.label ?? 0.5)) {
      select = [{ target: { classId: main, attributeId: label.id }, aggregate: null }];
      if (graph.distinct) orderBy = orderBy.filter((o) => o.measure.target.attributeId === label.id);
    } else if (plain && label && !graph.distinct && select.length < maxShown && !select.some((m) => m.target.classId === main && m.target.attributeId === label.id) && this.random.chance(this.options.withLabel ?? 0.35)) {
      // "suppliers and their cities": which supplier each city belongs to is part of the answer.
      select = [{ target: { classId: main, attributeId: label.id }, aggregate: null }, ...select];
    }
    if (groupBy.length > 0 && this.random.chance(this.options.groupByLabel ?? 0.6)) {
      const owner = this.random.pick(graph.classes);
      const key = shownLabel(this.schema, owner);
      if (key) {
        const ref = { classId: owner, attributeId: key.id };
        groupBy = [ref];
        select = [{ target: ref, aggregate: null }, ...select.filter((m) => m.aggregate !== null)];
      }
    }
    const keep = this.random.chance(this.options.keepJoinOnly ?? 0.15);
    const classes = keep ? graph.classes : [];
    // What the English cannot say is not in the target: a limit whose order was dropped, and
    // "distinct" on a superlative ("the 3 cheapest products" never says it).
    // Distinct rows can only be ordered by what they show (a shown attribute cut above is no key any more).
    if (graph.distinct) orderBy = orderBy.filter((o) => select.some((m) => m.aggregate === o.measure.aggregate && m.target.classId === o.measure.target.classId && m.target.attributeId === o.measure.target.attributeId));
    const limit = orderBy.length > 0 ? graph.limit : null;
    const distinct = graph.distinct && limit === null;
    return queryGraph({ classes, select, where, groupBy, having: graph.having, orderBy, limit, distinct });
  }

  /**
   * What people's SQL writes where a drawn graph would not (a class rule, any schema): no number
   * compared with a key ("at least 2 courses" is no transcript id >= 2: the comparison is dropped),
   * no largest or smallest of a text ("the greatest region") and no total, average, largest or
   * smallest of a key ("the greatest region id"; such graphs are not asked), and a count
   * of different things counts their names, not their keys (outside groups, a count of distinct
   * primary keys becomes one of the class's naming attribute, naming.ts, when it has a text one;
   * the English names that attribute: "how many different degree names"). A text sorted with a
   * limit keeps its limit at options.alphabeticalLimits only, else it is the whole list sorted (a
   * superlative ranks numbers and dates, naming.ts ranksBySize; english.ts says a text's first rows
   * alphabetically). Null when the graph is not asked.
   */
  conventions(graph: QueryGraph): QueryGraph | null {
    const attribute = (ref: AttributeRef) => (ref.attributeId === '*' ? undefined : this.schema.classes.find((c) => c.id === ref.classId)?.attributes.find((a) => a.id === ref.attributeId));
    const measures = [...graph.select, ...graph.having.map((h) => h.measure), ...graph.orderBy.map((o) => o.measure)];
    if (measures.some((m) => (m.aggregate === 'max' || m.aggregate === 'min') && attribute(m.target)?.type === 'text')) return null;
    // Nor a total, an average or an extreme of keys ("the greatest region id", "the average ship via").
    if (measures.some((m) => m.aggregate !== null && m.aggregate !== 'count' && m.aggregate !== 'count_distinct' && NUMERIC.has(attribute(m.target)?.type ?? '') && isKeyColumn(this.schema, m.target.classId, m.target.attributeId))) return null;
    const where = graph.where.filter((c) => !(RANGE.has(c.operator) && NUMERIC.has(attribute(c.target)?.type ?? '') && isKeyColumn(this.schema, c.target.classId, c.target.attributeId)));
    const counted = (m: Measure): Measure => {
      // Per group, a count of distinct names of the grouped class itself says nothing people ask.
      if (m.aggregate !== 'count_distinct' || graph.groupBy.length > 0 || !attribute(m.target)?.primaryKey) return m;
      const label = shownLabel(this.schema, m.target.classId);
      return label && label.type === 'text' && !label.primaryKey ? { ...m, target: { ...m.target, attributeId: label.id } } : m;
    };
    const select = graph.select.map(counted);
    const having = graph.having.map((h) => (counted(h.measure) === h.measure ? h : { ...h, measure: counted(h.measure) }));
    const orderBy = graph.orderBy.map((o) => (counted(o.measure) === o.measure ? o : { ...o, measure: counted(o.measure) }));
    // A text sorted with a limit is no superlative (english.ts says it alphabetically): seldom asked,
    // so mostly the whole list is sorted ("suppliers by company name alphabetically").
    const limit = graph.limit !== null && orderBy.some((o) => !ranksBySize(this.schema, o.measure)) && !this.random.chance(this.options.alphabeticalLimits ?? 0.25) ? null : graph.limit;
    const same = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i]);
    if (limit === graph.limit && same(where, graph.where) && same(select, graph.select) && same(having, graph.having) && same(orderBy, graph.orderBy)) return graph;
    return queryGraph({ ...graph, select, where, having, orderBy, limit });
  }

  /** Whether an attribute can never be null (a key or a required column): null tests on it are noise. */
  private neverNull(classId: string, attributeId: string): boolean {
    const attribute = this.schema.classes.find((c) => c.id === classId)?.attributes.find((a) => a.id === attributeId);
    return attribute !== undefined && (attribute.primaryKey || !attribute.nullable);
  }

  /** The target tokens with every value replaced by the placeholder of its mention; null if one is missing. */
  private placeholders(graph: QueryGraph, mentions: readonly Mention[]): string[] | null {
    const used = new Set<number>();
    const find = (value: QueryValue, classId: string | null, attributeId: string | null, operator: string, position = 0): QueryValue | null => {
      const fitting = mentions.flatMap((m, i) => (!used.has(i) && matches(m, value, classId, attributeId, operator, position) ? [i] : []));
      // The same words twice, both fitting ("the 6 products ... category id below 6"): which one the
      // sentence meant is unknown here, and a guess would teach the model the wrong one.
      const index = fitting[0] ?? -1;
      if (index >= 0 && fitting.some((i) => i !== index && key((mentions[i] as Mention).text) === key((mentions[index] as Mention).text))) return null;
      if (index < 0 || index >= MAX_PLACEHOLDERS) return null;
      // Decoding lets a mention fill only an attribute it fits (grammar.ts): a value drawn for a
      // referenced key and moved to the referencing one (key-columns.ts) may be no value of it.
      if (classId !== null && attributeId !== null && !this.fit.fits(classId, attributeId, operator, mentions[index] as Mention)) return null;
      used.add(index);
      return { kind: 'placeholder', name: String(index + 1) };
    };
    // Each condition's values as placeholders, or null when one has no mention.
    const conditions = (constraints: readonly Constraint[]): Constraint[] | null => {
      const out: Constraint[] = [];
      for (const c of constraints) {
        const values: QueryValue[] = [];
        for (const [i, v] of c.values.entries()) {
          const p = v.kind === 'boolean' ? v : find(v, c.target.classId, c.target.attributeId, c.operator, i);
          if (!p) return null;
          values.push(p);
        }
        out.push({ ...c, values });
      }
      return out;
    };
    const where = conditions(graph.where);
    if (!where) return null;
    // A pattern's conditions keep the order of its own (grammar.ts holds decoding to it).
    const patterns = [];
    for (const p of graph.patterns ?? []) {
      const branches: Pattern[] = [];
      for (const b of p.branches) {
        const inner = conditions(b.where);
        if (!inner) return null;
        branches.push({ ...b, where: inner });
      }
      patterns.push({ ...p, branches });
    }
    const having = [];
    for (const h of graph.having) {
      // Serving binds a having value to a number mention only (bind.ts): "latest order date before 1997-09-03" has none.
      if (h.value.kind !== 'number') return null;
      const p = find(h.value, null, null, h.operator);
      if (!p) return null;
      having.push({ ...h, value: p });
    }
    let limitPlaceholder: number | null = null;
    if (graph.limit !== null && graph.limit !== 1) {
      const p = find({ kind: 'number', value: graph.limit }, null, null, 'limit');
      if (!p || p.kind !== 'placeholder') return null;
      limitPlaceholder = Number(p.name);
    }
    // Conditions in the order the question mentions their values, then those without values by
    // attribute, so the target order follows the sentence rather than the walk (grammar.ts holds
    // decoding to the same order).
    const first = (c: Constraint) => Number(c.values.find((v) => v.kind === 'placeholder')?.name ?? 99);
    const attribute = (c: Constraint) => attributeToken(c.target);
    where.sort((a, b) => first(a) - first(b) || (attribute(a) < attribute(b) ? -1 : attribute(a) > attribute(b) ? 1 : 0));
    const withPlaceholders = queryGraph({ ...graph, where, having, patterns });
    return graphToTokens(withPlaceholders, limitPlaceholder);
  }

}

/** A function of a word that computes each answer once. */
function remembered<T>(f: (word: string) => T): (word: string) => T {
  const known = new Map<string, T>();
  return (word) => {
    if (!known.has(word)) known.set(word, f(word));
    return known.get(word) as T;
  };
}

/** Whether a mention found in the question is the graph value (so its placeholder stands for it). */
function matches(mention: Mention, value: QueryValue, classId: string | null, attributeId: string | null, operator: string, index: number): boolean {
  switch (value.kind) {
    case 'string': {
      if (/^\d{4}-\d{2}$/.test(value.value) && operator === 'month') return mention.kind === 'month' && mention.date === value.value;
      if (mention.kind !== 'text' && mention.kind !== 'number') return false;
      // The mention must list the attribute: serving only lets a text mention fill attributes it matched.
      if (mention.kind === 'text' && !mention.candidates.some((c) => c.classId === classId && c.attributeId === attributeId)) return false;
      if (operator === 'contains' || operator === 'starts_with') return key(mention.text) === key(value.value);
      // A name written naturally ("Victoria") may stand for several stored values: the mention is
      // still the value's, whichever of them the finder ranks first.
      return mention.candidates.some((c) => c.classId === classId && c.attributeId === attributeId && (c.value === value.value || c.match === 'exact')) || key(mention.text) === key(value.value);
    }
    case 'number':
      return (mention.kind === 'number' || mention.kind === 'year') && mention.number === value.value;
    case 'date':
      if (mention.kind === 'date') return mention.date === value.value;
      // "before March 1998", "after 1997": a month or a year the binder reads as this very day.
      if ((mention.kind === 'month' || mention.kind === 'year') && dateEdge(operator, index) !== null) return day(mention, upperBound(operator as Operator, index)) === value.value;
      return false;
    default:
      return false;
  }
}
