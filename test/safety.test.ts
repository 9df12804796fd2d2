/**
 * Injection and safety: hostile values reach the databases as data and change nothing; no
 * statement can write; every statement is cut at its time limit. On SQLite, PostgreSQL and
 * MariaDB, through the engine and through GraphQL.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { CypherQueryEngine } from '../engines/cypher/cypher-engine.js';
import { EmbeddedGraphStore } from '../engines/cypher/embedded-store.js';
import { InvalidQueryGraphError, QueryFailedError, QueryTimeoutError } from '../errors.js';
import { parseQueryGraph } from '../engines/query-graph/canonical.js';
import {
  arithmetic,
  attr,
  compare,
  compareAggregate,
  computed,
  extreme,
  follow,
  followAny,
  none,
  num,
  pattern,
  queryGraph,
  ref,
  rows,
  show,
  some,
  where,
} from '../engines/query-graph/build.js';
import { createExecutor, type SqlExecutor } from '../engines/sql/execute/executor.js';
import type { SqlProvider } from '../engines/sql/prisma-client.js';
import { quoteIdentifier } from '../engines/sql/dialect.js';
import { SqlQueryEngine } from '../engines/sql/sql-engine.js';
import type { SqlStatement } from '../engines/sql/translate/translate.js';
import { errorCode, startTestServer, type TestServer } from './helpers/graphql.js';
import { northwindDatabase, type NorthwindDatabase } from './helpers/northwind.js';
import { worldOptions } from './helpers/world.js';

const HOSTILE_VALUES = [
  "'; DROP TABLE Orders; --",
  "Robert'); DELETE FROM Customers WHERE ('1'='1",
  '" OR "1"="1',
  '%',
  '_',
  '%_%',
  '!',
  '\\',
  "''",
  '`; DROP TABLE `Orders`; --',
  '$1',
  '?',
  'Ünïcødé 北京 🚀',
  'x'.repeat(10_000),
];

const providers: SqlProvider[] = ['sqlite', 'postgresql', 'mysql'];
const databases = new Map<SqlProvider, NorthwindDatabase>();
const engines = new Map<SqlProvider, SqlQueryEngine>();

/** A digest of every row of every table: any write anywhere changes it. */
async function checksum(database: NorthwindDatabase): Promise<string> {
  const hash = createHash('sha256');
  const engine = engines.get(database.provider)!;
  for (const table of engine.schema().classes) {
    const key = table.primaryKey.length > 0 ? table.primaryKey : table.attributes.map((a) => a.id);
    const order = key.map((column) => quoteIdentifier(database.provider, column)).join(', ');
    const rows = await database.client.$queryRawUnsafe<unknown[]>(`SELECT * FROM ${quoteIdentifier(database.provider, table.id)} ORDER BY ${order}`);
    hash.update(table.id);
    hash.update(JSON.stringify(rows, (_, v) => (typeof v === 'bigint' ? v.toString() : v)));
  }
  return hash.digest('hex');
}

beforeAll(async () => {
  for (const provider of providers) {
    const database = await northwindDatabase(provider);
    databases.set(provider, database);
    engines.set(
      provider,
      await SqlQueryEngine.open({ sourceId: provider, provider, client: database.client, ...(provider === 'sqlite' ? { url: database.url } : {}) }),
    );
  }
});

afterAll(async () => {
  for (const engine of engines.values()) await engine.close();
  for (const database of databases.values()) await database.drop();
});

describe.each(providers)('hostile values on %s', (provider) => {
  it('reach the database as data in every value position and change nothing', async () => {
    const database = databases.get(provider)!;
    const engine = engines.get(provider)!;
    const before = await checksum(database);
    const positions = (value: string) => [
      queryGraph({ select: [show(attr('Customers', 'CompanyName'))], where: [where(attr('Customers', 'CompanyName'), '=', value)] }),
      queryGraph({ select: [show(attr('Customers', 'CompanyName'))], where: [where(attr('Customers', 'City'), '!=', value)] }),
      queryGraph({ select: [show(rows('Products'), 'count')], where: [where(attr('Products', 'ProductName'), 'contains', value)] }),
      queryGraph({ select: [show(rows('Products'), 'count')], where: [where(attr('Products', 'ProductName'), 'starts_with', value)] }),
      queryGraph({ select: [show(attr('Orders', 'OrderID'))], where: [where(attr('Customers', 'Country'), 'in', value, 'Germany')] }),
      queryGraph({ select: [show(rows('Orders'), 'count')], where: [where(attr('Orders', 'ShipName'), 'not_in', value)] }),
      queryGraph({ select: [show(attr('Suppliers', 'CompanyName'))], where: [where(attr('Suppliers', 'HomePage'), '=', value)] }),
    ];
    for (const value of HOSTILE_VALUES) {
      for (const graph of positions(value)) {
        const run = await engine.run(graph, { limit: 10, timeoutMs: 20_000 });
        // The value never appears in the statement text: it is bound. (Values of a few characters
        // such as '!', '?' or '$1' occur in any statement as escape and parameter markers.)
        if (value.length > 3) expect(run.query).not.toContain(value.slice(0, 40));
      }
    }
    expect(await checksum(database)).toBe(before);
  });

  it('reach the database as data inside patterns, comparisons, compared aggregates, computed values and extremes, and change nothing', async () => {
    const database = databases.get(provider)!;
    const engine = engines.get(provider)!;
    const before = await checksum(database);
    const positions = (value: string) => [
      // anti-join and EXISTS: the value inside the subquery
      queryGraph({ select: [show(attr('Customers', 'CompanyName'))], patterns: [none(pattern({ where: [where(attr('Categories', 'CategoryName'), '=', value)] }))] }),
      queryGraph({
        select: [show(attr('Customers', 'CompanyName'))],
        where: [where(attr('Customers', 'City'), '!=', value)],
        patterns: [some(pattern({ where: [where(attr('Products', 'ProductName'), 'contains', value)] }), pattern({ where: [where(attr('Suppliers', 'Country'), 'in', value, 'Japan')] }))],
      }),
      // a per-group superlative whose rivals meet a hostile condition too
      queryGraph({ select: [show(attr('Products', 'ProductName'))], where: [where(attr('Suppliers', 'Country'), '=', value)], extremes: [extreme('max', attr('Products', 'UnitPrice'), attr('Categories', 'CategoryName'))] }),
      // a comparison with an aggregate whose own rows meet a hostile condition (a scalar subquery)
      queryGraph({
        select: [show(attr('Products', 'ProductName'))],
        where: [where(attr('Products', 'QuantityPerUnit'), '!=', value)],
        aggregateCompare: [compareAggregate(attr('Products', 'UnitPrice'), '>', show(attr('Products', 'UnitPrice'), 'avg'), { where: [where(attr('Categories', 'CategoryName'), 'contains', value)] })],
      }),
      // a comparison and a computed value next to a hostile condition, with an offset
      queryGraph({
        select: [show(attr('Products', 'ProductName')), show(attr('Products', 'worth'))],
        computed: [computed(attr('Products', 'worth'), arithmetic('*', ref(attr('Products', 'UnitPrice')), num(1.5)))],
        where: [where(attr('Products', 'QuantityPerUnit'), 'starts_with', value)],
        compare: [compare(attr('Products', 'UnitsInStock'), '>', attr('Products', 'ReorderLevel'))],
        orderBy: [{ measure: show(attr('Products', 'worth')), direction: 'desc' }],
        limit: 2,
        offset: 1,
      }),
    ];
    for (const value of HOSTILE_VALUES) {
      for (const graph of positions(value)) {
        const run = await engine.run(graph, { limit: 10, timeoutMs: 20_000 });
        if (value.length > 3) expect(run.query).not.toContain(value.slice(0, 40));
      }
    }
    expect(await checksum(database)).toBe(before);
  });

  it.each([
    ['a negative offset', 'show Products.ProductName ; order asc Products.UnitPrice ; offset -1'],
    ['an offset too large to write as digits', 'show Products.ProductName ; order asc Products.UnitPrice ; offset 1e300'],
    ['a NUL inside a pattern', 'show Customers.CompanyName ; none ( where Customers.City = "a\\u0000b" )'],
    ['a computed name that is an attribute', 'compute Products.UnitPrice = ( Products.UnitPrice * 2 ) ; show Products.ProductName'],
    ['arithmetic on text', 'compute Products.x = ( Products.ProductName * 2 ) ; show Products.x'],
    ['a comparison of a number with text', 'show Products.ProductName ; compare Products.UnitPrice < Products.ProductName'],
    ['a pattern instance no follow reaches', 'show Customers.CompanyName ; none ( where Customers#3.City = "x" )'],
    ['an extreme of rows, not values', 'show Products.ProductName ; extreme max Products.*'],
  ])('refuses %s before anything runs', async (_, text) => {
    // Refused by the parser or by validation: either way before a statement exists.
    await expect((async () => engines.get(provider)!.run(parseQueryGraph(text), { limit: 1, timeoutMs: 5000 }))()).rejects.toBeInstanceOf(InvalidQueryGraphError);
  });

  it('refuses a NUL character in a value (PostgreSQL text cannot hold one) on every database', async () => {
    const graph = queryGraph({ select: [show(attr('Customers', 'CompanyName'))], where: [where(attr('Customers', 'CompanyName'), '=', 'a\u0000b')] });
    await expect(engines.get(provider)!.run(graph, { limit: 1, timeoutMs: 5000 })).rejects.toBeInstanceOf(InvalidQueryGraphError);
  });

  it('match %, _ and ! literally in text patterns', async () => {
    const engine = engines.get(provider)!;
    const count = async (operator: 'contains' | 'starts_with', value: string) => {
      const run = await engine.run(queryGraph({ select: [show(rows('Products'), 'count')], where: [where(attr('Products', 'ProductName'), operator, value)] }), {
        limit: 1,
        timeoutMs: 20_000,
      });
      return run.result.rows[0]?.[0];
    };
    expect(await count('contains', '%')).toBe(0);
    expect(await count('contains', '_')).toBe(0);
    expect(await count('starts_with', '%')).toBe(0);
    expect(await count('contains', "'")).toBeGreaterThan(0); // Sir Rodney's Marmalade, ...
  });

  it('cannot write, whatever the statement says', async () => {
    const database = databases.get(provider)!;
    const executor: SqlExecutor = createExecutor({ sourceId: provider, provider, client: database.client, ...(provider === 'sqlite' ? { url: database.url } : {}) });
    const before = await checksum(database);
    const q = (name: string) => quoteIdentifier(provider, name);
    const writes = [
      `INSERT INTO ${q('Shippers')} (${q('ShipperID')}, ${q('CompanyName')}) VALUES (99, 'Pirates')`,
      `UPDATE ${q('Products')} SET ${q('UnitPrice')} = 0`,
      `DELETE FROM ${q('Order Details')}`,
      `DROP TABLE ${q('Orders')}`,
      `CREATE TABLE ${q('nlq_probe')} (x INTEGER)`,
    ];
    try {
      for (const text of writes) {
        const statement: SqlStatement = { text, parameters: [], columns: [], limit: 1 };
        await expect(executor.run(statement, 5000)).rejects.toBeInstanceOf(QueryFailedError);
      }
    } finally {
      await executor.close();
    }
    expect(await checksum(database)).toBe(before);
  });

  it('cuts a slow statement at its time limit and keeps working', async () => {
    const database = databases.get(provider)!;
    const executor = createExecutor({ sourceId: provider, provider, client: database.client, ...(provider === 'sqlite' ? { url: database.url } : {}) });
    const q = (name: string) => quoteIdentifier(provider, name);
    // 830^3 rows: minutes of work on any of the three.
    const slow: SqlStatement = {
      text: `SELECT COUNT(*) AS n FROM ${q('Orders')} a, ${q('Orders')} b, ${q('Orders')} c WHERE a.${q('Freight')} + b.${q('Freight')} > c.${q('Freight')}`,
      parameters: [],
      columns: [],
      limit: 1,
    };
    try {
      const started = Date.now();
      await expect(executor.run(slow, 500)).rejects.toBeInstanceOf(QueryTimeoutError);
      expect(Date.now() - started).toBeLessThan(15_000);
      const quick: SqlStatement = { text: `SELECT COUNT(*) AS n FROM ${q('Shippers')}`, parameters: [], columns: [], limit: 1 };
      const [row] = await executor.run(quick, 5000);
      expect(Number(row?.n)).toBe(3);
    } finally {
      await executor.close();
    }
  });
});

describe('query graphs through GraphQL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(await worldOptions(`file:${join(mkdtempSync(join(tmpdir(), 'nlq-safety-')), 'facts.sqlite')}`));
  });
  afterAll(() => server.stop());

  const RUN = 'query ($s: ID!, $g: String!, $limit: Int) { runQueryGraph(source: $s, queryGraph: $g, options: { limit: $limit }) { kind columns { name type } rows source confidence explanation query queryGraph } }';

  it('runs a query graph end to end on the Northwind source', async () => {
    const graph = 'show Products.ProductName ; show Products.UnitPrice ; where Categories.CategoryName = "Beverages" ; order desc Products.UnitPrice ; limit 3';
    const { data, errors } = await server.run<{ runQueryGraph: Record<string, unknown> }>(RUN, { s: 'northwind', g: graph });
    expect(errors).toBeUndefined();
    expect(data!.runQueryGraph).toMatchObject({
      kind: 'ENTITIES',
      columns: [
        { name: 'ProductName', type: 'String' },
        { name: 'UnitPrice', type: 'Float' },
      ],
      rows: [
        ['Côte de Blaye', 263.5],
        ['Ipoh Coffee', 46],
        ['Chang', 19],
      ],
      source: 'northwind',
      explanation: 'the product name and unit price of products whose category name is Beverages, highest unit price first, top 3',
      queryGraph: graph,
    });
    expect(data!.runQueryGraph.query).toMatch(/^SELECT .* LIMIT 3$/);
  });

  it('caps rows at the caller limit', async () => {
    const { data } = await server.run<{ runQueryGraph: { rows: unknown[] } }>(RUN, { s: 'northwind', g: 'show Orders.OrderID', limit: 7 });
    expect(data!.runQueryGraph.rows).toHaveLength(7);
  });

  it.each([
    ['a graph that does not parse', 'northwind', 'show Products.ProductName ; where', 'INVALID_QUERY_GRAPH'],
    ['an unknown class (no identifier reaches SQL unchecked)', 'northwind', 'show `Orders; DROP TABLE Orders`.OrderID', 'INVALID_QUERY_GRAPH'],
    ['an attribute of another class', 'northwind', 'show Products.CompanyName', 'INVALID_QUERY_GRAPH'],
    ['an operator that does not fit', 'northwind', 'show Products.ProductName ; where Products.UnitPrice contains "1"', 'INVALID_QUERY_GRAPH'],
    ['an unbound placeholder', 'northwind', 'show Products.ProductName ; where Products.UnitPrice > @v1', 'INVALID_QUERY_GRAPH'],
    ['an unknown source', 'nowhere', 'show Products.ProductName', 'SOURCE_NOT_FOUND'],
    ['a source that runs no query graphs', 'kestrelford', 'show Products.ProductName', 'BAD_USER_INPUT'],
  ])('rejects %s with a clear code', async (_, source, graph, code) => {
    const result = await server.run(RUN, { s: source, g: graph });
    expect(errorCode(result)).toBe(code);
  });

  it('keeps serving after errors', async () => {
    await server.run(RUN, { s: 'northwind', g: 'nonsense' });
    const { data } = await server.run<{ runQueryGraph: { rows: unknown[][] } }>(RUN, { s: 'northwind', g: 'show count Customers.* ; where Customers.Country = "Germany"' });
    expect(data!.runQueryGraph.rows).toEqual([[11]]);
  });

  it('runs a relation chain on a graph source', async () => {
    const { data, errors } = await server.run<{ runQueryGraph: { rows: unknown[][]; query: string; kind: string } }>(RUN, {
      s: 'royals',
      g: 'show Person#3.name ; where Person.name = "Victoria of house of Hanover" ; follow Person HUSBAND Person#2 ; follow Person#2 FATHER Person#3',
    });
    expect(errors).toBeUndefined();
    expect(data!.runQueryGraph.rows).toEqual([['Ernest_I of_Saxe-Coburg- Saalfeld']]);
    expect(data!.runQueryGraph.query).toMatch(/^MATCH/);
  });

  it('runs the newer constructs end to end: an offset picks the nth row, an anti-join leaves out the rest', async () => {
    const run = async (source: string, g: string) => {
      const result = await server.run<{ runQueryGraph: { rows: unknown[][]; explanation: string } }>(RUN, { s: source, g });
      expect(result.errors, g).toBeUndefined();
      return result.data!.runQueryGraph;
    };
    const cheapest = await run('northwind', 'show Products.ProductName ; order asc Products.UnitPrice ; limit 3');
    const third = await run('northwind', 'show Products.ProductName ; order asc Products.UnitPrice ; limit 1 ; offset 2');
    expect(third.rows).toEqual([cheapest.rows[2]]);
    expect(third.explanation).toMatch(/only the 3rd$/);
    const all = await run('northwind', 'show count Customers.*');
    const some = await run('northwind', 'show count Customers.* ; some ( where Categories.CategoryName = "Seafood" )');
    const none = await run('northwind', 'show count Customers.* ; none ( where Categories.CategoryName = "Seafood" )');
    expect(Number(some.rows[0]![0]) + Number(none.rows[0]![0])).toBe(Number(all.rows[0]![0]));
    expect(Number(none.rows[0]![0])).toBeGreaterThan(0);
    const children = await run('royals', 'show count_distinct Person#2.id ; where Person.name = "Victoria of house of Hanover" ; follow Person ( SON | DAUGHTER ) Person#2');
    const sons = await run('royals', 'show count_distinct Person#2.id ; where Person.name = "Victoria of house of Hanover" ; follow Person SON Person#2');
    const daughters = await run('royals', 'show count_distinct Person#2.id ; where Person.name = "Victoria of house of Hanover" ; follow Person DAUGHTER Person#2');
    expect(Number(children.rows[0]![0])).toBe(Number(sons.rows[0]![0]) + Number(daughters.rows[0]![0]));
  });

  it('lists graph sources with their schema graph', async () => {
    const { data } = await server.run<{ schemaGraph: { classes: { id: string }[]; relations: { id: string; from: string; to: string }[] } }>(
      'query { schemaGraph(source: "northwind-graph") { classes { id } relations { id from to } } }',
    );
    expect(data!.schemaGraph.classes.map((c) => c.id)).toEqual(expect.arrayContaining(['Product', 'Order', 'CONTAINS']));
    expect(data!.schemaGraph.relations).toEqual(expect.arrayContaining([{ id: 'PART_OF', from: 'Product', to: 'Category' }]));
  });
});

describe('hostile values on the embedded graph store', () => {
  let store: EmbeddedGraphStore;
  let engine: CypherQueryEngine;
  beforeAll(async () => {
    const world = await loadConfig(inject('worldConfig'));
    store = await EmbeddedGraphStore.open(world.sources.find((s) => s.id === 'royals')!.url);
    engine = await CypherQueryEngine.open('royals', store);
  });
  afterAll(() => store?.close());

  /** Every node's name and every relationship's ends: any write changes it. */
  async function graphChecksum(): Promise<string> {
    const hash = createHash('sha256');
    hash.update(JSON.stringify(await store.run('MATCH (p:Person) RETURN p.id AS id, p.name AS name ORDER BY id')));
    for (const type of (await store.catalog()).relationshipTypes) {
      hash.update(JSON.stringify(await store.run(`MATCH (a)-[:${type}]->(b) RETURN a.id AS x, b.id AS y ORDER BY x, y`)));
    }
    return hash.digest('hex');
  }

  it('reach the store as parameters in every value position and change nothing', async () => {
    const before = await graphChecksum();
    const cypherHostile = ["'}) DETACH DELETE n //", '"}) MATCH (n) DETACH DELETE n RETURN 1 //', '$p1', '`Person` OR 1=1', ...HOSTILE_VALUES];
    for (const value of cypherHostile) {
      for (const graph of [
        queryGraph({ select: [show(attr('Person', 'name'))], where: [where(attr('Person', 'name'), '=', value)] }),
        queryGraph({ select: [show(rows('Person'), 'count')], where: [where(attr('Person', 'title'), 'contains', value)] }),
        queryGraph({ select: [show(attr('Person', 'name'))], where: [where(attr('Person', 'house'), 'in', value, 'Windsor')] }),
        queryGraph({ select: [show(attr('Person', 'name', 2))], where: [where(attr('Person', 'name'), 'starts_with', value)], follows: [follow(['Person', 1], 'FATHER', ['Person', 2])] }),
      ]) {
        const run = await engine.run(graph, { limit: 5, timeoutMs: 20_000 });
        if (value.length > 3) expect(run.query).not.toContain(value.slice(0, 40));
      }
    }
    expect(await graphChecksum()).toBe(before);
  });

  it('reach the store as parameters inside patterns, alternatives, repeated steps, extremes and compared aggregates, and change nothing', async () => {
    const before = await graphChecksum();
    for (const value of ["'}) DETACH DELETE n //", '"}) MATCH (n) DETACH DELETE n RETURN 1 //', '$p1', ...HOSTILE_VALUES]) {
      for (const graph of [
        queryGraph({ select: [show(attr('Person', 'name'))], where: [where(attr('Person', 'house'), '=', 'Windsor')], patterns: [none(pattern({ follows: [follow(['Person', 1], 'SON', ['Person', 2])], where: [where(attr('Person', 'name', 2), '=', value)] }))] }),
        queryGraph({ select: [show(attr('Person', 'name', 2))], where: [where(attr('Person', 'name'), '=', value)], follows: [followAny(['Person', 1], ['FATHER', 'MOTHER'], ['Person', 2], { min: 1, max: 3 })], distinct: true }),
        queryGraph({ select: [show(attr('Person', 'name'))], where: [where(attr('Person', 'title'), 'contains', value)], extremes: [extreme('min', attr('Person', 'birth_year'), attr('Person', 'house'))] }),
        queryGraph({ select: [show(attr('Person', 'name'))], where: [where(attr('Person', 'house'), '!=', value)], aggregateCompare: [compareAggregate(attr('Person', 'birth_year'), '<', show(attr('Person', 'birth_year'), 'avg'), { where: [where(attr('Person', 'name'), '=', value)] })] }),
      ]) {
        const run = await engine.run(graph, { limit: 5, timeoutMs: 20_000 });
        if (value.length > 3) expect(run.query).not.toContain(value.slice(0, 40));
      }
    }
    expect(await graphChecksum()).toBe(before);
  });

  it('refuses repeated steps beyond the limit and alternatives it does not know', async () => {
    for (const text of ['show Person#2.name ; follow Person FATHER *1..40 Person#2', 'show Person#2.name ; follow Person ( FATHER | `FATHER) DETACH DELETE x //` ) Person#2']) {
      await expect(engine.run(parseQueryGraph(text), { limit: 5, timeoutMs: 5000 })).rejects.toBeInstanceOf(InvalidQueryGraphError);
    }
  });

  it('cannot be written through: the store is opened read-only', async () => {
    const before = await graphChecksum();
    for (const write of ["CREATE (:Person {id: 'X1', name: 'Intruder'})", 'MATCH (p:Person) DETACH DELETE p', "MATCH (p:Person) SET p.name = 'x'", 'CREATE NODE TABLE Probe(id INT64, PRIMARY KEY(id))']) {
      await expect(store.run(write)).rejects.toThrow(/read-only/i);
    }
    expect(await graphChecksum()).toBe(before);
  });

  it('refuses relation and label names that are not in its schema graph', async () => {
    const graph = parseQueryGraph('show Person#2.name ; follow Person `FATHER]->(x) DETACH DELETE x //` Person#2');
    await expect(engine.run(graph, { limit: 5, timeoutMs: 5000 })).rejects.toBeInstanceOf(InvalidQueryGraphError);
  });
});

describe('corrections given as queries (teaching): nothing that writes is stored or run, values stay data', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(await worldOptions(`file:${join(mkdtempSync(join(tmpdir(), 'nlq-safety-teach-')), 'facts.sqlite')}`));
  });
  afterAll(() => server.stop());

  const CORRECT = 'mutation ($q: String!, $s: ID!, $query: String) { correctAnswer(question: $q, source: $s, query: $query) { id queryGraph } }';
  const COUNT = 'query ($s: ID!, $g: String!) { runQueryGraph(source: $s, queryGraph: $g) { rows } }';
  const count = async (source: string, graph: string) => (await server.run<{ runQueryGraph: { rows: unknown[][] } }>(COUNT, { s: source, g: graph })).data!.runQueryGraph.rows;

  it.each([
    ['northwind', 'DELETE FROM Customers'],
    ['northwind', '/* looks harmless */ delete from customers where 1 = 1'],
    ['northwind', 'SELECT ProductName FROM Products; DROP TABLE Orders'],
    ['northwind', 'SELECT ProductName FROM Products; -- fine\nUPDATE Products SET UnitPrice = 0'],
    ['northwind', 'WITH gone AS (DELETE FROM Orders RETURNING *) SELECT * FROM gone'],
    ['northwind', 'SELECT * INTO Backup FROM Customers'],
    ['northwind', 'INSERT INTO Shippers (CompanyName) VALUES (\'x\')'],
    ['northwind', 'PRAGMA writable_schema = 1'],
    ['northwind', "ATTACH DATABASE '/tmp/evil.sqlite' AS evil"],
    ['northwind', 'REPLACE INTO Shippers (ShipperID, CompanyName) VALUES (1, \'x\')'],
    ['northwind-graph', 'MATCH (n) DETACH DELETE n'],
    ['northwind-graph', "CREATE (p:Product {productName: 'x'})"],
    ['northwind-graph', 'MATCH (p:Product) SET p.unitPrice = 0 RETURN p.productName'],
    ['northwind-graph', "MERGE (s:Shipper {companyName: 'x'}) RETURN s.companyName"],
    ['northwind-graph', 'CALL db.labels()'],
  ])('refuses a write given to %s as a correction (QUERY_NOT_READ_ONLY): %s', async (source, query) => {
    const result = await server.run(CORRECT, { q: 'zorbly question', s: source, query });
    expect(errorCode(result)).toBe('QUERY_NOT_READ_ONLY');
    expect(result.errors?.[0]?.message).not.toContain(query);
  });

  const COUNTED: readonly [string, string][] = [
    ['northwind', 'show count Customers.*'],
    ['northwind', 'show count Orders.*'],
    ['northwind', 'show count Shippers.*'],
    ['northwind', 'show count Products.*'],
    ['northwind-graph', 'show count Product.*'],
  ];
  let before: unknown[];
  beforeAll(async () => {
    before = await Promise.all(COUNTED.map(([source, graph]) => count(source, graph)));
  });

  it('keeps every table whole after the refused writes', async () => {
    expect(await Promise.all(COUNTED.map(([source, graph]) => count(source, graph)))).toEqual(before);
  });

  it.each(HOSTILE_VALUES.filter((value) => value.length < 1000))('keeps a hostile value of a correction as data, taught and asked: %j', async (value) => {
    const literal = `'${value.replace(/'/g, "''")}'`;
    const taught = await server.run<{ correctAnswer: { queryGraph: string } }>(CORRECT, { q: 'zorbly named goods', s: 'northwind', query: `SELECT ProductName FROM Products WHERE ProductName = ${literal}` });
    expect(taught.errors).toBeUndefined();
    expect(taught.data!.correctAnswer.queryGraph).toBe(`show Products.ProductName ; where Products.ProductName = ${JSON.stringify(value)}`);
    const asked = await server.run<{ ask: { answer: { rows: unknown[][]; queryGraph: string } } }>('query { ask(question: "zorbly named goods", options: { minConfidence: 0 }) { answer { rows queryGraph } } }');
    expect(asked.data!.ask.answer.queryGraph).toBe(taught.data!.correctAnswer.queryGraph);
    expect(asked.data!.ask.answer.rows).toEqual([]);
    expect(await count('northwind', 'show count Products.*')).toEqual(before[3]);
  });

  it('reads write words inside strings and quoted names as data, not as writes', async () => {
    const result = await server.run<{ correctAnswer: { queryGraph: string } }>(CORRECT, { q: 'zorbly deletions', s: 'northwind', query: "SELECT ProductName FROM Products WHERE ProductName = 'DELETE FROM Orders; DROP TABLE x'" });
    expect(result.errors).toBeUndefined();
    expect(result.data!.correctAnswer.queryGraph).toBe('show Products.ProductName ; where Products.ProductName = "DELETE FROM Orders; DROP TABLE x"');
  });

  it.each([
    ['a parameter instead of a value', 'SELECT ProductName FROM Products WHERE UnitPrice > ?'],
    ['a function that is no aggregate', "SELECT load_extension('/tmp/evil.so')"],
    ['a table the source does not have', 'SELECT name FROM sqlite_master'],
    ['a query compared with a correlated subquery', 'SELECT p.ProductName FROM Products AS p WHERE p.UnitPrice > (SELECT AVG(q.UnitPrice) FROM Products AS q WHERE q.CategoryID = p.CategoryID)'],
    ['an unclosed string', "SELECT ProductName FROM Products WHERE ProductName = 'Chai"],
  ])('refuses %s (QUERY_NOT_UNDERSTOOD)', async (_, query) => {
    const result = await server.run(CORRECT, { q: 'zorbly question', s: 'northwind', query });
    expect(errorCode(result)).toBe('QUERY_NOT_UNDERSTOOD');
  });
});
