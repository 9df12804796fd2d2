/**
 * Hostile inputs through GraphQL, in every value position a caller controls: questions, query-graph
 * values and identifiers, fact texts, collection ids, source ids and options; SQL and Cypher
 * injection, unicode and control characters, NUL, megabyte strings, deeply nested and huge
 * variables, wrong types. Each gets a normal answer or a clean coded error (never
 * INTERNAL_SERVER_ERROR, never a stack trace); afterwards every database is unchanged (file bytes of
 * the SQLite file and the embedded graph stores, row checksums of the fact store, PostgreSQL and
 * MariaDB) and the server still answers a normal question.
 *
 * The engine-level injection tests stay in safety.test.ts; this file is the GraphQL side.
 */
import { ApolloServer } from '@apollo/server';
import { makeExecutableSchema } from '@graphql-tools/schema';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedGraphStore } from '../engines/cypher/embedded-store.js';
import { attr, follow, queryGraph, rows, show, where } from '../engines/query-graph/build.js';
import { formatQueryGraph } from '../engines/query-graph/canonical.js';
import type { QueryGraph } from '../engines/query-graph/types.js';
import { openSqlClient, sqliteFilePath, type SqlClient, type SqlProvider } from '../engines/sql/prisma-client.js';
import { quoteIdentifier } from '../engines/sql/dialect.js';
import { ErrorCode } from '../errors.js';
import { nlQuery, type NlQuery } from '../plugins/nl-query/index.js';
import { formatError } from '../resolvers/graphql-errors.js';
import { northwindDatabase, type NorthwindDatabase } from './helpers/northwind.js';
import { worldConfig, worldOptions } from './helpers/world.js';

/** Values a hostile caller tries, in every position. */
const HOSTILE: readonly string[] = [
  // SQL
  "'; DROP TABLE Orders; --",
  "Robert'); DELETE FROM Customers WHERE ('1'='1",
  '" OR "1"="1',
  '1; UPDATE Products SET UnitPrice = 0',
  "' UNION SELECT sql FROM sqlite_master --",
  "'; ATTACH DATABASE '/tmp/x.sqlite' AS x; --",
  "'; COPY (SELECT 1) TO PROGRAM 'touch /tmp/pwned'; --",
  '%',
  '_',
  '\\',
  "''",
  '`; DROP TABLE `Orders`; --',
  '$1',
  '?',
  ':name',
  // Cypher
  "'}) DETACH DELETE n //",
  '"}) MATCH (n) DETACH DELETE n RETURN 1 //',
  '$p1',
  '`Person` OR 1=1',
  "') CALL db.clearQueryCaches() //",
  "x' MERGE (:Person {name: 'Intruder'}) //",
  // unicode and control characters
  'Ünïcødé 北京 🚀',
  'a\u0000b',
  '\u0000',
  '\u202eevil\u202c',
  'e\u0301',
  '\ud800',
  '\u0007bell\u001b[31m',
  'line1\r\nline2\ttab',
  '\ufeffBOM\u200b',
  // everything else
  'x'.repeat(10_000),
  '<script>alert(1)</script>',
  '${process.exit(1)}',
  '{{7*7}}',
  '../../../../etc/passwd',
  '__proto__',
];

const MEGABYTE = 'A'.repeat(1 << 20);

/** The codes a clean error may carry: the gateway's (not INTERNAL) and Apollo's request errors. */
const CLEAN_CODES = new Set<unknown>([
  ...Object.values(ErrorCode).filter((code) => code !== ErrorCode.INTERNAL),
  'GRAPHQL_VALIDATION_FAILED',
  'GRAPHQL_PARSE_FAILED',
  'BAD_REQUEST',
]);

interface Result {
  readonly data: Record<string, unknown> | null | undefined;
  readonly errors: readonly { message: string; extensions?: Record<string, unknown> }[] | undefined;
}

let nlq: NlQuery;
let server: ApolloServer;
const remote = new Map<SqlProvider, NorthwindDatabase>();
/** Remote SQL sources served besides the test world: id -> database. */
const REMOTE_IDS: Record<string, SqlProvider> = { 'nw-pg': 'postgresql', 'nw-maria': 'mysql' };
let files: string[] = [];
/** The world's embedded graph stores, by source id. */
let graphStores: { readonly id: string; readonly path: string }[] = [];
let worldFacts: string;
let before: Record<string, string>;

async function run(query: string, variables?: Record<string, unknown>): Promise<Result> {
  const response = await server.executeOperation({ query, ...(variables ? { variables } : {}) });
  assert.equal(response.body.kind, 'single');
  return response.body.singleResult as Result;
}

/** A normal answer, or only clean coded errors: no internal error, no stack trace, nothing echoed at length. */
function expectClean(result: Result): void {
  const text = JSON.stringify(result);
  expect(text).not.toMatch(/stacktrace|\n\s+at |node_modules/);
  expect(text.length).toBeLessThan(200_000);
  if (result.errors) {
    for (const error of result.errors) expect(CLEAN_CODES, `${error.extensions?.code}: ${error.message.slice(0, 300)}`).toContain(error.extensions?.code);
  } else {
    expect(result.data).toBeTruthy();
  }
}

function sha256(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Bytes of a file, or of every file under a directory. */
function fileChecksum(path: string): string {
  if (!statSync(path).isDirectory()) return sha256(readFileSync(path));
  return sha256(
    readdirSync(path, { recursive: true, encoding: 'utf8' })
      .sort()
      .map((name) => `${name}:${statSync(join(path, name)).isDirectory() ? 'dir' : fileChecksum(join(path, name))}`)
      .join('\n'),
  );
}

/** Every row of every table, in key order. */
async function tableChecksum(client: SqlClient, provider: SqlProvider, tables: readonly { id: string; key: readonly string[] }[]): Promise<string> {
  const hash = createHash('sha256');
  for (const table of tables) {
    const order = table.key.map((column) => quoteIdentifier(provider, column)).join(', ');
    const found = await client.$queryRawUnsafe<unknown[]>(`SELECT * FROM ${quoteIdentifier(provider, table.id)}${order ? ` ORDER BY ${order}` : ''}`);
    hash.update(table.id).update(JSON.stringify(found, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));
  }
  return hash.digest('hex');
}

/** Everything the gateway could conceivably write to, in one digest. */
/**
 * Every node and relationship of an embedded graph store, read through a read-only connection of
 * the test's own: row for row, not byte for byte, because the store's file was seen to change
 * bytes in full parallel runs with its rows the same (what rewrites it is not known yet; opening
 * it read-only and querying it does not).
 */
async function graphChecksum(path: string): Promise<string> {
  const store = await EmbeddedGraphStore.open(path);
  try {
    const hash = createHash('sha256');
    const rowsOf = async (query: string) => (await store.run(query)).map((record) => JSON.stringify(record, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))).sort();
    const tables = (await store.run('CALL show_tables() RETURN name, type')).map((t) => ({ name: String(t.name), type: String(t.type) })).sort((a, b) => a.name.localeCompare(b.name));
    for (const table of tables) {
      const query = table.type === 'NODE' ? `MATCH (n:\`${table.name}\`) RETURN n` : table.type === 'REL' ? `MATCH (a)-[r:\`${table.name}\`]->(b) RETURN a, r, b` : null;
      if (query) hash.update(table.name).update(JSON.stringify(await rowsOf(query)));
    }
    return hash.digest('hex');
  } finally {
    await store.close();
  }
}

/** A checksum per database (file, fact tables, each remote source), so a failure names the one that changed. */
async function checksums(): Promise<Record<string, string>> {
  const parts: Record<string, string> = {};
  for (const file of files) parts[file] = fileChecksum(file);
  const facts = openSqlClient(worldFacts, { readonly: true });
  try {
    parts[worldFacts] = await tableChecksum(facts, 'sqlite', [
      { id: 'nlq_fact_collections', key: ['id'] },
      { id: 'nlq_facts', key: ['id'] },
    ]);
  } finally {
    await facts.$disconnect();
  }
  for (const store of graphStores) parts[store.id] = await graphChecksum(store.path);
  for (const [id, provider] of Object.entries(REMOTE_IDS)) {
    const database = remote.get(provider)!;
    const schema = (await nlq.gateway.queryGraphEngineOf(id)).schema();
    const tables = schema.classes.map((c) => ({ id: c.id, key: c.primaryKey.length > 0 ? c.primaryKey : c.attributes.map((a) => a.id) }));
    parts[id] = await tableChecksum(database.client, provider, tables);
  }
  return parts;
}

beforeAll(async () => {
  for (const provider of ['postgresql', 'mysql'] as const) remote.set(provider, await northwindDatabase(provider));
  const world = await worldConfig();
  files = world.sources.filter((source) => source.kind === 'sql').map((source) => sqliteFilePath(source.url));
  graphStores = world.sources.filter((source) => source.kind === 'cypher').map((source) => ({ id: source.id, path: source.url }));
  worldFacts = world.sources.find((source) => source.kind === 'nldb')!.url;
  const base = await worldOptions(`file:${join(mkdtempSync(join(tmpdir(), 'nlq-hostile-')), 'facts.sqlite')}`);
  nlq = nlQuery({
    ...base,
    sources: [
      ...(base.sources ?? []),
      ...Object.entries(REMOTE_IDS).map(([id, provider]) => ({ id, kind: 'sql' as const, url: remote.get(provider)!.url, description: `Northwind on ${provider}` })),
    ],
  });
  server = new ApolloServer({
    schema: makeExecutableSchema({ typeDefs: nlq.typeDefs, resolvers: nlq.resolvers }),
    plugins: [nlq.plugin],
    formatError,
    includeStacktraceInErrorResponses: false,
  });
  await server.start();
  const created = await run('mutation { createFactCollection(id: "hostile", description: "facts written by a hostile caller") { id } }');
  expect(created.errors).toBeUndefined();
  before = await checksums();
});

afterAll(async () => {
  await server?.stop();
  for (const database of remote.values()) await database.drop();
});

const ASK = 'query ($q: String!, $o: AskOptions) { ask(question: $q, options: $o) { question answer { kind rows source query } interpretations { source status error } sources { source status message error { code message } } } }';
const RUN = 'query ($s: ID!, $g: String!, $o: RunOptions) { runQueryGraph(source: $s, queryGraph: $g, options: $o) { kind rows source query } }';
const SCHEMA = 'query ($s: ID!) { schemaGraph(source: $s) { source } }';
const CREATE = 'mutation ($id: ID!, $d: String) { createFactCollection(id: $id, description: $d) { id } }';
const ADD = 'mutation ($c: ID!, $f: [String!]!) { addFacts(collection: $c, facts: $f) { ids size } }';
const REMOVE = 'mutation ($c: ID!, $ids: [ID!]!) { removeFacts(collection: $c, ids: $ids) { ids missing } }';
const FACTS = 'query ($c: ID!, $l: Int, $a: ID) { facts(collection: $c, limit: $l, after: $a) { id text } }';

const cases = HOSTILE.map((value, index) => [`#${index} ${JSON.stringify(value.slice(0, 40))}`, value] as const);

describe('SQL and Cypher injection in questions', () => {
  it.each(cases)('a question mentioning %s', async (_, value) => {
    expectClean(await run(ASK, { q: `How many customers are in ${value}?` }));
  });

  it.each(cases.filter((_, i) => i % 3 === 0))('a question about the royals mentioning %s', async (_, value) => {
    expectClean(await run(ASK, { q: `Who was the father of ${value}?`, o: { sources: ['royals', 'northwind-graph', 'kestrelford'] } }));
  });
});

/** Hostile values in every value position of a query graph on each kind of structured source. */
function graphsFor(source: string, value: string): QueryGraph[] {
  if (source === 'royals') {
    return [
      queryGraph({ select: [show(attr('Person', 'name'))], where: [where(attr('Person', 'name'), '=', value)] }),
      queryGraph({ select: [show(rows('Person'), 'count')], where: [where(attr('Person', 'title'), 'contains', value)] }),
      queryGraph({ select: [show(attr('Person', 'name'))], where: [where(attr('Person', 'house'), 'in', value, 'Windsor')] }),
      queryGraph({ select: [show(attr('Person', 'name', 2))], where: [where(attr('Person', 'name'), 'starts_with', value)], follows: [follow(['Person', 1], 'FATHER', ['Person', 2])] }),
    ];
  }
  if (source === 'northwind-graph') {
    return [
      queryGraph({ select: [show(attr('Customer', 'companyName'))], where: [where(attr('Customer', 'country'), '=', value)] }),
      queryGraph({ select: [show(rows('Product'), 'count')], where: [where(attr('Product', 'productName'), 'contains', value)] }),
      queryGraph({ select: [show(attr('Product', 'productName'))], where: [where(attr('Product', 'productName'), 'not_in', value)], limit: 3 }),
    ];
  }
  return [
    queryGraph({ select: [show(attr('Customers', 'CompanyName'))], where: [where(attr('Customers', 'CompanyName'), '=', value)] }),
    queryGraph({ select: [show(rows('Products'), 'count')], where: [where(attr('Products', 'ProductName'), 'contains', value)] }),
    queryGraph({ select: [show(rows('Products'), 'count')], where: [where(attr('Products', 'ProductName'), 'starts_with', value)] }),
    queryGraph({ select: [show(attr('Orders', 'OrderID'))], where: [where(attr('Customers', 'Country'), 'in', value, 'Germany')], limit: 5 }),
    queryGraph({ select: [show(rows('Orders'), 'count')], where: [where(attr('Orders', 'ShipName'), '!=', value)] }),
  ];
}

describe.each(['northwind', 'nw-pg', 'nw-maria', 'northwind-graph', 'royals'])('injection in runQueryGraph values on %s', (source) => {
  it.each(cases)('value %s', async (_, value) => {
    for (const graph of graphsFor(source, value)) {
      const result = await run(RUN, { s: source, g: formatQueryGraph(graph) });
      expectClean(result);
      const query = (result.data?.runQueryGraph as { query?: string } | undefined)?.query;
      // Bound, never spliced: the value is not in the statement (short values occur as markers).
      if (query && value.length > 3) expect(query).not.toContain(value.slice(0, 40));
    }
  });
});

describe('injection in query-graph identifiers and text', () => {
  const texts = [
    'show `Orders; DROP TABLE Orders`.OrderID',
    'show Products.`ProductName FROM Products; DELETE FROM Products; --`',
    'show Products.ProductName ; order desc `UnitPrice; DROP TABLE Orders`',
    'show Person#2.name ; follow Person `FATHER]->(x) DETACH DELETE x //` Person#2',
    'show Person.`name} DETACH DELETE n //`',
    'show Products.ProductName ; limit 99999999999999999999',
    'show Products.ProductName ; limit -1',
    'show Products.ProductName ; where Products.UnitPrice > 1e309',
    'show count Products.* ; where Products.UnitPrice between "a" and "b"',
    `show Products.ProductName ; where Products.ProductName = "${'"'.repeat(50)}"`,
    'show Products.ProductName\u0000; DROP TABLE Products',
    'show ' + 'Products.ProductName ; '.repeat(150),
    MEGABYTE,
    '',
    '   ',
  ];
  it.each(texts.map((text, i) => [`#${i} ${JSON.stringify(text.slice(0, 50))}`, text]))('%s', async (_, text) => {
    for (const source of ['northwind', 'nw-pg', 'royals']) expectClean(await run(RUN, { s: source, g: text }));
  });
});

describe('fact texts', () => {
  it.each(cases)('a fact %s is stored as data, or refused cleanly', async (_, value) => {
    const result = await run(ADD, { c: 'hostile', f: [`${value} lives in Kestrelford.`] });
    expectClean(result);
    if (!result.errors) {
      const ids = (result.data!.addFacts as { ids: string[] }).ids;
      const listed = await run(FACTS, { c: 'hostile', l: 1000 });
      const texts = new Map((listed.data!.facts as { id: string; text: string }[]).map((f) => [f.id, f.text]));
      expect(texts.get(ids[0]!)).toContain('lives in Kestrelford.');
    }
  });

  it.each([
    ['a megabyte fact', [MEGABYTE]],
    ['100 000 facts in one call', Array.from({ length: 100_000 }, (_, i) => `fact ${i}`)],
    ['an empty fact', ['']],
    ['a fact of control characters only', ['\u0000\u0001\u0002']],
    ['no facts', []],
  ])('%s is refused with BAD_USER_INPUT', async (_, facts) => {
    const result = await run(ADD, { c: 'hostile', f: facts });
    expectClean(result);
    expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('a question over the hostile facts still answers', async () => {
    expectClean(await run(ASK, { q: 'Who lives in Kestrelford?', o: { sources: ['hostile'] } }));
  });
});

describe('collection ids', () => {
  it.each(cases)('createFactCollection(id: %s)', async (_, value) => {
    const result = await run(CREATE, { id: value, d: value });
    expectClean(result);
    expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it.each(cases)('facts / addFacts / removeFacts on collection %s', async (_, value) => {
    expectClean(await run(FACTS, { c: value }));
    expectClean(await run(ADD, { c: value, f: ['A harmless fact.'] }));
    expectClean(await run(REMOVE, { c: value, ids: ['1'] }));
  });

  it.each(cases)('fact ids and cursors %s', async (_, value) => {
    expectClean(await run(REMOVE, { c: 'hostile', ids: [value] }));
    expectClean(await run(FACTS, { c: 'hostile', a: value }));
  });
});

describe('source ids', () => {
  it.each(cases)('source %s in runQueryGraph, schemaGraph and options.sources', async (_, value) => {
    expectClean(await run(RUN, { s: value, g: 'show Products.ProductName' }));
    expectClean(await run(SCHEMA, { s: value }));
    const asked = await run(ASK, { q: 'How many products are there?', o: { sources: [value] } });
    expectClean(asked);
    expect(asked.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('a megabyte source id is refused without being echoed back', async () => {
    for (const result of [await run(RUN, { s: MEGABYTE, g: 'show Products.ProductName' }), await run(SCHEMA, { s: MEGABYTE }), await run(ASK, { q: 'Products?', o: { sources: [MEGABYTE] } })]) {
      expectClean(result);
      expect(JSON.stringify(result).length).toBeLessThan(2000);
    }
  });
});

describe('options, wrong types, huge and nested variables', () => {
  let deep: Record<string, unknown> = {};
  for (let i = 0; i < 10_000; i++) deep = { a: deep };
  const hugeList = Array.from({ length: 100_000 }, (_, i) => `s${i}`);

  const askVariables: [string, Record<string, unknown>][] = [
    ['topK as a string', { q: 'Products?', o: { topK: '5' } }],
    ['topK 2^53', { q: 'Products?', o: { topK: 2 ** 53 } }],
    ['topK as a float', { q: 'Products?', o: { topK: 2.5 } }],
    ['topK negative', { q: 'Products?', o: { topK: -1 } }],
    ['topK above the maximum', { q: 'Products?', o: { topK: 21 } }],
    ['limit as an object', { q: 'Products?', o: { limit: { $gt: 1 } } }],
    ['limit NaN-like string', { q: 'Products?', o: { limit: 'NaN' } }],
    ['limit above the maximum', { q: 'Products?', o: { limit: 1_000_000 } }],
    ['timeoutMs above the maximum', { q: 'Products?', o: { timeoutMs: 3_600_000 } }],
    ['timeoutMs zero', { q: 'Products?', o: { timeoutMs: 0 } }],
    ['timeoutMs as a string', { q: 'Products?', o: { timeoutMs: '100' } }],
    ['sources empty', { q: 'Products?', o: { sources: [] } }],
    ['sources of numbers', { q: 'Products?', o: { sources: [1, 2] } }],
    ['sources as an object', { q: 'Products?', o: { sources: { $ne: null } } }],
    ['sources with null', { q: 'Products?', o: { sources: [null] } }],
    ['100 000 sources', { q: 'Products?', o: { sources: hugeList } }],
    ['a 10 000-deep object as options', { q: 'Products?', o: deep }],
    ['a 10 000-deep object as sources', { q: 'Products?', o: { sources: deep } }],
    ['an unknown option', { q: 'Products?', o: { dropTables: true } }],
    ['__proto__ in options', { q: 'Products?', o: JSON.parse('{"__proto__": {"topK": 1000}}') as Record<string, unknown> }],
    ['question as a number', { q: 42 }],
    ['question as a list', { q: ['a', 'b'] }],
    ['question as an object', { q: { toString: 'x' } }],
    ['question null', { q: null }],
    ['question missing', {}],
    ['a megabyte question', { q: MEGABYTE }],
    ['a question of 4001 characters', { q: 'a'.repeat(4001) }],
    ['a question of 1001 characters', { q: 'a'.repeat(1001) }],
    ['a question of only control characters', { q: '\u0000\u0001\u0002\u0003' }],
    ['a question of only whitespace', { q: ' \t\n\r ' }],
    ['a 10 000-deep object as question', { q: deep }],
  ];
  it.each(askVariables)('ask with %s', async (_, variables) => {
    const result = await run(ASK, variables);
    expectClean(result);
    expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  const other: [string, string, Record<string, unknown>][] = [
    ['runQueryGraph limit negative', RUN, { s: 'northwind', g: 'show Products.ProductName', o: { limit: -5 } }],
    ['runQueryGraph limit huge', RUN, { s: 'northwind', g: 'show Products.ProductName', o: { limit: 1e12 } }],
    ['runQueryGraph timeoutMs above the per-source limit', RUN, { s: 'northwind', g: 'show Products.ProductName', o: { timeoutMs: 10_001 } }],
    ['runQueryGraph timeoutMs zero', RUN, { s: 'northwind', g: 'show Products.ProductName', o: { timeoutMs: 0 } }],
    ['runQueryGraph graph as a number', RUN, { s: 'northwind', g: 12 }],
    ['runQueryGraph graph as a deep object', RUN, { s: 'northwind', g: deep }],
    ['facts limit zero', FACTS, { c: 'hostile', l: 0 }],
    ['facts limit huge', FACTS, { c: 'hostile', l: 2 ** 31 }],
    ['addFacts facts as a deep object', ADD, { c: 'hostile', f: deep }],
    ['addFacts facts of numbers', ADD, { c: 'hostile', f: [1, 2, 3] }],
    ['addFacts facts with null', ADD, { c: 'hostile', f: [null] }],
    ['removeFacts 100 000 ids', REMOVE, { c: 'hostile', ids: hugeList }],
    ['removeFacts no ids', REMOVE, { c: 'hostile', ids: [] }],
    ['createFactCollection with a megabyte description', CREATE, { id: 'roomy', d: MEGABYTE }],
    ['createFactCollection with a megabyte id', CREATE, { id: MEGABYTE }],
    ['createFactCollection over an existing source', CREATE, { id: 'northwind' }],
  ];
  it.each(other)('%s', async (_, query, variables) => {
    const result = await run(query, variables);
    expectClean(result);
    expect(result.errors).toBeDefined();
  });

  it.each([
    ['a syntax error', '{ ask(question: "x" { answer { kind } } }'],
    ['an unknown field', '{ ask(question: "x") { answer { dropTables } } }'],
    ['a 5000-deep selection', `{ sources ${'{ id '.repeat(5000)}${'}'.repeat(5000)} }`],
    ['a megabyte literal', `{ ask(question: "${MEGABYTE}") { question } }`],
    ['a string with an escaped NUL', '{ ask(question: "a\\u0000b") { question } }'],
  ])('a document with %s', async (_, query) => {
    expectClean(await run(query));
  });

  it.each([
    ['11 aliased asks', `{ ${Array.from({ length: 11 }, (_, i) => `a${i}: ask(question: "How many products?") { question }`).join(' ')} }`],
    ['1000 aliased asks', `{ ${Array.from({ length: 1000 }, (_, i) => `a${i}: ask(question: "How many products?") { question }`).join(' ')} }`],
    ['12 fact reads through fragments', `query { ...F ... on Query { ...G } } fragment F on Query { ${Array.from({ length: 6 }, (_, i) => `f${i}: facts(collection: "hostile") { id }`).join(' ')} } fragment G on Query { ${Array.from({ length: 6 }, (_, i) => `g${i}: facts(collection: "hostile") { id }`).join(' ')} }`],
    ['11 aliased writes', `mutation { ${Array.from({ length: 11 }, (_, i) => `w${i}: addFacts(collection: "hostile", facts: ["Fact ${i}."]) { ids }`).join(' ')} }`],
  ])('%s in one request are refused before anything runs', async (_, query) => {
    const started = Date.now();
    const result = await run(query);
    expectClean(result);
    expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('200 aliased cheap fields in one request', async () => {
    const query = `{ ${Array.from({ length: 200 }, (_, i) => `s${i}: sources { id }`).join(' ')} }`;
    expectClean(await run(query));
  });
});

describe('afterwards', () => {
  it('every database is byte-for-byte (or row-for-row) unchanged', async () => {
    expect(await checksums()).toEqual(before);
  });

  it('the server still answers a normal question', async () => {
    const result = await run(ASK, { q: 'How many customers are there in Germany?', o: { sources: ['northwind'] } });
    expect(result.errors).toBeUndefined();
    const ask = result.data!.ask as { answer: { rows: unknown[][] } | null };
    expect(ask.answer?.rows).toEqual([[11]]);
  });
});
