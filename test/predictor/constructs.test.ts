/**
 * The query graph's newer constructs in the predictor's language: the target tokens of each
 * (offset, none/some patterns, column comparisons, computed values, per-group superlatives,
 * relation alternatives and repeated steps) read back to the same graph and back to the same
 * tokens; the decoding grammar allows each target token by token; and the generator writes each
 * construct on Northwind (SQL) and on the royals graph (Cypher) in several wordings, every graph
 * running on its engine.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arithmetic, attr, compare, computed, extreme, follow, followAny, none, num, order, pattern, placeholder, queryGraph, ref, show, some, where } from '../../engines/query-graph/build.js';
import { formatQueryGraph } from '../../engines/query-graph/canonical.js';
import type { QueryGraphEngine } from '../../engines/query-graph/engine.js';
import type { QueryGraph } from '../../engines/query-graph/types.js';
import { validateQueryGraph } from '../../engines/query-graph/validate.js';
import type { SchemaGraph } from '../../engines/schema-graph/types.js';
import { SqlQueryEngine } from '../../engines/sql/sql-engine.js';
import { QuestionGenerator, type Example, type GeneratorOptions } from '../../engines/predictor/generator/generator.js';
import { mentionSlots, TargetGrammar } from '../../engines/predictor/model/grammar.js';
import { findMentions } from '../../engines/predictor/values/mentions.js';
import { computedName, EOS, graphToTokens, targetVocabulary, tokensToGraph } from '../../engines/predictor/model/target.js';
import { valueFitOf } from '../../engines/predictor/values/value-fit.js';
import { ValueMemory } from '../../engines/predictor/values/value-memory.js';
import { WordNet } from '../../engines/english/wordnet.js';
import { nlQuery } from '../../plugins/nl-query/index.js';
import { northwindDatabase, type NorthwindDatabase } from '../helpers/northwind.js';
import { worldOptions } from '../helpers/world.js';

let database: NorthwindDatabase;
let northwind: SqlQueryEngine;
let northwindMemory: ValueMemory;
let gateway: ReturnType<typeof nlQuery>['gateway'];
let royals: QueryGraphEngine;
let royalsMemory: ValueMemory;

beforeAll(async () => {
  database = await northwindDatabase('sqlite');
  northwind = await SqlQueryEngine.open({ sourceId: 'northwind', provider: 'sqlite', client: database.client, url: database.url });
  northwindMemory = await ValueMemory.read(northwind);
  const options = await worldOptions(`file:${join(mkdtempSync(join(tmpdir(), 'nlq-constructs-')), 'facts.sqlite')}`);
  gateway = nlQuery({ ...options, sources: (options.sources ?? []).filter((s) => s.id === 'royals') }).gateway;
  royals = await gateway.queryGraphEngineOf('royals');
  royalsMemory = await ValueMemory.read(royals);
}, 120_000);

afterAll(async () => {
  await northwind?.close();
  await database?.drop();
  await gateway?.stop();
});

/** Tokens -> graph -> tokens, graph -> tokens -> graph, and the grammar allows every token. */
function roundTrip(schema: SchemaGraph, graph: QueryGraph, mentions: Parameters<typeof mentionSlots>[0] = []): string[] {
  // Graphs with placeholders are checked once bound (the generated examples below run on their engines).
  if (!formatQueryGraph(graph).includes('@')) validateQueryGraph(graph, schema);
  const tokens = graphToTokens(graph);
  const back = tokensToGraph(tokens, schema).graph;
  expect(formatQueryGraph(back)).toBe(formatQueryGraph(graph));
  expect(graphToTokens(back)).toEqual(tokens);
  const grammar = new TargetGrammar(schema, mentionSlots(mentions));
  [...tokens, EOS].forEach((token, i) => expect(grammar.allowed(tokens.slice(0, i)), `${tokens.join(' ')} at ${i}`).toContain(token));
  for (const token of tokens) expect(targetVocabulary(schema), token).toContain(token);
  return tokens;
}

describe('target tokens of every construct', () => {
  it('offset: the third cheapest product', () => {
    const graph = queryGraph({ select: [show(attr('Products', 'ProductName'))], orderBy: [order(show(attr('Products', 'UnitPrice')), 'asc')], limit: 1, offset: 2 });
    expect(roundTrip(northwind.schema(), graph).slice(-4)).toEqual(['limit', '#1', 'offset', '#2']);
  });

  it('none: customers with no orders, and with none shipped to a country', () => {
    const schema = northwind.schema();
    expect(roundTrip(schema, queryGraph({ select: [show(attr('Customers', 'CompanyName'))], patterns: [none(pattern({ classes: ['Orders'] }))] }))).toEqual(['none', 'class', 'C:Orders', 'end', 'show', 'A:Customers.CompanyName']);
    const mentions = findMentions('customers with no orders shipped to France', northwindMemory);
    const graph = queryGraph({ select: [show(attr('Customers', 'CompanyName'))], patterns: [none(pattern({ where: [where(attr('Orders', 'ShipCountry'), '=', placeholder('1'))] }))] });
    expect(roundTrip(schema, graph, mentions)).toContain('A:Orders.ShipCountry');
  });

  it('compare: two columns of a row, and a column of a row and of its related row', () => {
    const schema = northwind.schema();
    roundTrip(schema, queryGraph({ select: [show(attr('Products', 'ProductName'))], compare: [compare(attr('Products', 'UnitsInStock'), '<', attr('Products', 'ReorderLevel'))] }));
    const self = schema.relations.find((r) => r.from === 'Employees' && r.to === 'Employees');
    expect(self).toBeDefined();
    const graph = queryGraph({
      select: [show(attr('Employees', 'LastName'))],
      follows: [follow(['Employees', 1], self?.id ?? '', ['Employees', 2])],
      compare: [compare(attr('Employees', 'HireDate'), '<', attr('Employees', 'HireDate', 2))],
    });
    expect(roundTrip(schema, graph)).toContain('A:Employees#2.HireDate');
  });

  it('compute: price times quantity, totalled, and ranked with a nested operation', () => {
    const schema = northwind.schema();
    const line = arithmetic('*', ref(attr('Order Details', 'UnitPrice')), ref(attr('Order Details', 'Quantity')));
    const revenue = attr('Order Details', computedName(line));
    const total = queryGraph({ computed: [computed(revenue, line)], select: [show(revenue, 'sum')] });
    expect(roundTrip(schema, total)).toEqual(['compute', '*', 'A:Order Details.UnitPrice', 'A:Order Details.Quantity', 'show', 'sum', 'c1']);
    const discounted = arithmetic('*', ref(attr('Order Details', 'UnitPrice')), arithmetic('-', num(1), ref(attr('Order Details', 'Discount'))));
    const net = attr('Order Details', computedName(discounted));
    roundTrip(schema, queryGraph({ computed: [computed(net, discounted)], select: [show(attr('Order Details', 'OrderID')), show(net)], orderBy: [order(show(net), 'desc')], limit: 3 }));
  });

  it('extreme: the most expensive product in each category', () => {
    const graph = queryGraph({ select: [show(attr('Products', 'ProductName')), show(attr('Categories', 'CategoryName'))], extremes: [extreme('max', attr('Products', 'UnitPrice'), attr('Categories', 'CategoryName'))] });
    expect(roundTrip(northwind.schema(), graph)).toContain('extreme');
  });

  it('relation alternatives, repeated steps and a some-union of chains', () => {
    const schema = royals.schema();
    const ids = new Set(schema.relations.map((r) => r.id));
    for (const id of ['SON', 'DAUGHTER', 'FATHER', 'MOTHER', 'HUSBAND', 'WIFE', 'SISTER', 'BROTHER']) expect(ids, id).toContain(id);
    const name = where(attr('Person', 'name'), '=', placeholder('1'));
    const mentions = findMentions("Queen Victoria's grandchildren", royalsMemory);
    const grandchildren = queryGraph({ select: [show(attr('Person', 'name', 3))], where: [name], follows: [followAny(['Person', 1], ['SON', 'DAUGHTER'], ['Person', 2]), followAny(['Person', 2], ['SON', 'DAUGHTER'], ['Person', 3])] });
    expect(roundTrip(schema, grandchildren, mentions).slice(0, 5)).toEqual(['follow', 'R:SON', 'R:DAUGHTER', 'i1', 'i2']);
    const ancestors = queryGraph({ select: [show(attr('Person', 'name', 2))], where: [name], follows: [followAny(['Person', 1], ['FATHER', 'MOTHER'], ['Person', 2], { min: 1, max: 4 })] });
    expect(roundTrip(schema, ancestors, mentions).slice(0, 8)).toEqual(['follow', 'R:FATHER', 'R:MOTHER', 'hops', '#1', '#4', 'i1', 'i2']);
    const inLaw = queryGraph({
      select: [show(attr('Person', 'name', 3))],
      where: [name],
      patterns: [some(pattern({ follows: [follow(['Person', 1], 'HUSBAND', ['Person', 2]), follow(['Person', 2], 'SISTER', ['Person', 3])] }), pattern({ follows: [follow(['Person', 1], 'BROTHER', ['Person', 2]), follow(['Person', 2], 'WIFE', ['Person', 3])] }))],
    });
    const tokens = roundTrip(schema, inLaw, mentions);
    expect(tokens.filter((t) => t === 'or')).toHaveLength(1);
    // A none pattern's own instances are not the graph's: nothing after it may name them.
    const grammar = new TargetGrammar(schema, []);
    expect(grammar.allowed(['none', 'follow', 'R:SON', 'i1', 'i2', 'end', 'show'])).not.toContain('A:Person#2.name');
    expect(grammar.allowed(['some', 'follow', 'R:SON', 'i1', 'i2', 'end', 'show'])).toContain('A:Person#2.name');
  });

  it('the grammar offers computed values only once computed, an offset only after a limit, a pattern end only after an item', () => {
    const grammar = new TargetGrammar(northwind.schema(), []);
    expect(grammar.allowed(['show'])).not.toContain('c1');
    expect(grammar.allowed(['compute', '*', 'A:Products.UnitPrice', 'A:Products.UnitsInStock', 'show'])).toContain('c1');
    expect(grammar.allowed(['compute', '*', 'A:Products.UnitPrice', 'A:Products.UnitsInStock', 'show'])).not.toContain('c2');
    expect(grammar.allowed(['show', 'A:Products.ProductName', 'order', 'asc', 'A:Products.UnitPrice'])).not.toContain('offset');
    expect(grammar.allowed(['show', 'A:Products.ProductName', 'order', 'asc', 'A:Products.UnitPrice', 'limit', '#1'])).toContain('offset');
    expect(grammar.allowed(['none'])).not.toContain('end');
    expect(grammar.allowed(['none', 'class', 'C:Orders'])).toContain('end');
    expect(grammar.allowed(['none', 'class', 'C:Orders'])).not.toContain('or');
    // Text columns are compared only for (in)equality; a computation needs an attribute.
    expect(grammar.allowed(['compare', 'A:Customers.City'])).toEqual(['=', '!=']);
    expect(grammar.allowed(['compute', '*', '#2'])).not.toContain('#3');
  });

  it('old sequences (no construct) read exactly as before', () => {
    const tokens = ['show', 'A:Products.ProductName', 'where', 'A:Categories.CategoryName', '=', '@1', 'order', 'desc', 'A:Products.UnitPrice', 'limit', '#1'];
    expect(graphToTokens(tokensToGraph(tokens, northwind.schema()).graph)).toEqual(tokens);
    // The first ids of the target vocabulary are those models trained before the constructs have.
    expect(targetVocabulary({ source: '', classes: [], relations: [] }).slice(0, 12)).toEqual(['<pad>', '<bos>', '<eos>', 'follow', 'show', 'where', 'group', 'having', 'order', 'limit', 'distinct', 'class']);
  });
});

/** Examples of the construct generator only (constructs: 1), by kind. */
function constructExamples(engine: QueryGraphEngine, memory: ValueMemory, seed: number, count: number, shapes: GeneratorOptions['constructShapes'] = {}): Example[] {
  return new QuestionGenerator(engine.schema(), memory, { seed, typo: 0, constructs: 1, constructShapes: shapes, chains: 0, rankings: 0, lookups: 0, superlatives: 0, lexicon: WordNet.shared(), valuesAcrossMarks: true }).generate(count);
}

async function checkExamples(engine: QueryGraphEngine, memory: ValueMemory, examples: readonly Example[]): Promise<void> {
  const schema = engine.schema();
  for (const example of examples) {
    const grammar = new TargetGrammar(schema, mentionSlots(findMentions(example.question, memory, { acrossMarks: true })), valueFitOf(memory));
    [...example.target, EOS].forEach((token, i) => expect(grammar.allowed(example.target.slice(0, i)), `${example.question}: ${example.target.join(' ')} at ${i}`).toContain(token));
    const read = tokensToGraph(example.target, schema);
    expect(graphToTokens(read.graph, read.limitPlaceholder), example.question).toEqual(example.target);
    await expect(engine.run(example.graph, { limit: 5, timeoutMs: 10_000 }), `${example.question}: ${formatQueryGraph(example.graph)}`).resolves.toBeDefined();
  }
}

describe('the generator writes every construct', () => {
  it('on Northwind: nth-ranked, none, comparisons, computed values, per-group superlatives; each in several wordings; every target decodes and runs', async () => {
    const examples = constructExamples(northwind, northwindMemory, 5, 240);
    expect(examples.length).toBe(240);
    const has = (f: (g: QueryGraph) => boolean) => examples.filter((e) => f(e.graph));
    const kinds = {
      offset: has((g) => g.offset !== undefined),
      none: has((g) => (g.patterns ?? []).some((p) => p.quantifier === 'none')),
      compare: has((g) => (g.compare ?? []).length > 0),
      selfCompare: has((g) => (g.compare ?? []).length > 0 && g.follows.length > 0),
      compute: has((g) => (g.computed ?? []).length > 0),
      extreme: has((g) => (g.extremes ?? []).length > 0),
    };
    for (const [kind, found] of Object.entries(kinds)) {
      expect(found.length, kind).toBeGreaterThan(kind === 'selfCompare' ? 2 : 15);
      // Several wordings: the questions' first two words vary.
      const openings = new Set(found.map((e) => e.question.toLowerCase().split(/\s+/).slice(0, 2).join(' ')));
      expect(openings.size, `${kind}: ${found.slice(0, 5).map((e) => e.question).join(' | ')}`).toBeGreaterThan(kind === 'selfCompare' ? 1 : 4);
    }
    expect(kinds.offset.some((e) => /\b(second|third|fourth|fifth|2nd|3rd|4th|5th)\b/i.test(e.question))).toBe(true);
    expect(kinds.none.some((e) => /\b(no|without|never|zero|lacking)\b/i.test(e.question))).toBe(true);
    expect(kinds.compute.some((e) => /\b(times|multiplied|minus|plus|divided|per|difference|ratio)\b|[*x+/-]/i.test(e.question))).toBe(true);
    expect(kinds.extreme.some((e) => /\b(each|every|per)\b/i.test(e.question))).toBe(true);
    await checkExamples(northwind, northwindMemory, examples);
  }, 120_000);

  it('on the royals graph: kin words composed from its relations (alternatives, repeated steps, unions)', async () => {
    const examples = constructExamples(royals, royalsMemory, 9, 160, { shares: { kin: 6 } });
    const kin = examples.filter((e) => e.graph.follows.some((f) => (f.alternatives ?? []).length > 0 || f.hops) || (e.graph.patterns ?? []).some((p) => p.quantifier === 'some'));
    expect(kin.length).toBeGreaterThan(10);
    expect(kin.some((e) => e.graph.follows.some((f) => f.hops))).toBe(true);
    expect(kin.some((e) => (e.graph.patterns ?? []).some((p) => p.quantifier === 'some' && p.branches.length > 1))).toBe(true);
    expect(kin.some((e) => /\b(grand\w*|cousins?|ancestors?|\w+-in-law)\b/i.test(e.question))).toBe(true);
    await checkExamples(royals, royalsMemory, examples);
  }, 120_000);
});
