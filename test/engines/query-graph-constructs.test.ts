/**
 * The constructs added for what people ask (anti-joins and unions of patterns, offset, attribute
 * comparisons, arithmetic, year ranges, per-group superlatives, relationship properties, relation
 * alternatives and repeated steps) run on SQLite, PostgreSQL, MariaDB and the embedded graph store
 * (and Neo4j when NEO4J_URI is set), each agreeing with SQLite written by hand. Northwind's graph
 * copy and the royals graph are the stores' own test-world copies; the SQL databases are loaded
 * from the same seeds.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../config/config.js';
import { CypherQueryEngine } from '../../engines/cypher/cypher-engine.js';
import { EmbeddedGraphStore } from '../../engines/cypher/embedded-store.js';
import type { GraphStore } from '../../engines/cypher/graph-store.js';
import { attr, queryGraph, show, where } from '../../engines/query-graph/build.js';
import { formatQueryGraph, parseQueryGraph } from '../../engines/query-graph/canonical.js';
import { kinFollows, kinshipTable } from '../../engines/query-graph/kinship.js';
import type { QueryGraphEngine } from '../../engines/query-graph/engine.js';
import { sqliteFilePath, type SqlProvider } from '../../engines/sql/prisma-client.js';
import { SqlQueryEngine } from '../../engines/sql/sql-engine.js';
import { NEO4J_SKIPPED, NEO4J_URI, neo4jWorld } from '../helpers/neo4j.js';
import { northwindDatabase, type NorthwindDatabase } from '../helpers/northwind.js';
import { royalsDatabase, type RoyalsDatabase } from '../helpers/royals.js';
import { expectSameRows, normaliseRows } from '../helpers/rows.js';
import { NORTHWIND_CONSTRUCTS, ROYALS_CONSTRUCTS, type ConstructCase } from './construct-cases.js';

const providers: SqlProvider[] = ['sqlite', 'postgresql', 'mysql'];
const SQL_NAMES: Record<SqlProvider, string> = { sqlite: 'SQLite', postgresql: 'PostgreSQL', mysql: 'MariaDB' };
const northwind = new Map<string, QueryGraphEngine>();
const royals = new Map<string, QueryGraphEngine>();
const databases: (NorthwindDatabase | RoyalsDatabase)[] = [];
const sqlEngines: SqlQueryEngine[] = [];
const stores: GraphStore[] = [];
let northwindReference: Database.Database;
let royalsReference: Database.Database;

beforeAll(async () => {
  for (const provider of providers) {
    const nw = await northwindDatabase(provider);
    const ro = await royalsDatabase(provider);
    databases.push(nw, ro);
    // SQLite by URL, so its statements run in the worker thread as in production.
    const nwEngine = await SqlQueryEngine.open({ sourceId: `northwind-${provider}`, provider, client: nw.client, ...(provider === 'sqlite' ? { url: nw.url } : {}) });
    const roEngine = await SqlQueryEngine.open({ sourceId: `royals-${provider}`, provider, client: ro.client, ...(provider === 'sqlite' ? { url: ro.url } : {}) });
    sqlEngines.push(nwEngine, roEngine);
    northwind.set(SQL_NAMES[provider], nwEngine);
    royals.set(SQL_NAMES[provider], roEngine);
    if (provider === 'sqlite') {
      northwindReference = new Database(sqliteFilePath(nw.url), { readonly: true });
      royalsReference = new Database(sqliteFilePath(ro.url), { readonly: true });
    }
  }
  const world = await loadConfig(inject('worldConfig'));
  const nwGraph = await EmbeddedGraphStore.open(world.sources.find((s) => s.id === 'northwind-graph')!.url);
  const royalsGraph = await EmbeddedGraphStore.open(world.sources.find((s) => s.id === 'royals')!.url);
  stores.push(nwGraph, royalsGraph);
  northwind.set('the embedded graph store', await CypherQueryEngine.open('northwind-graph', nwGraph));
  royals.set('the embedded graph store', await CypherQueryEngine.open('royals', royalsGraph));
  if (NEO4J_URI) {
    const server = await neo4jWorld();
    stores.push(server);
    northwind.set('Neo4j', await CypherQueryEngine.open('northwind-neo4j', server));
    royals.set('Neo4j', await CypherQueryEngine.open('royals-neo4j', server));
  }
}, 240_000);

afterAll(async () => {
  northwindReference?.close();
  royalsReference?.close();
  for (const engine of sqlEngines) await engine.close();
  for (const store of stores) await store.close();
  for (const database of databases) await database.drop();
});

if (!NEO4J_URI) console.log(NEO4J_SKIPPED);

const BACKENDS = ['SQLite', 'PostgreSQL', 'MariaDB', 'the embedded graph store', ...(NEO4J_URI ? ['Neo4j'] : [])];
const isGraph = (backend: string) => backend === 'the embedded graph store' || backend === 'Neo4j';

describe('the construct cases', () => {
  it('cover every construct, with answers that are not empty', () => {
    const all = [...NORTHWIND_CONSTRUCTS, ...ROYALS_CONSTRUCTS];
    expect(new Set(all.map((c) => c.construct))).toEqual(new Set(['negation', 'nth', 'compare', 'arithmetic', 'dates', 'extreme', 'edge properties', 'composition', 'aggregate comparison']));
    for (const c of NORTHWIND_CONSTRUCTS) expect(northwindReference.prepare(c.expected).raw().all().length, c.name).toBeGreaterThan(0);
    for (const c of ROYALS_CONSTRUCTS) expect(royalsReference.prepare(c.expected).raw().all().length, c.name).toBeGreaterThan(0);
  });

  it.each([...NORTHWIND_CONSTRUCTS, ...ROYALS_CONSTRUCTS].flatMap((c) => [c.sql, c.graph]))('round-trip their canonical form: %s', (text) => {
    expect(formatQueryGraph(parseQueryGraph(text))).toBe(text);
    expect(parseQueryGraph(formatQueryGraph(parseQueryGraph(text)))).toEqual(parseQueryGraph(text));
  });
});

async function agrees(engines: Map<string, QueryGraphEngine>, reference: Database.Database, backend: string, c: ConstructCase): Promise<void> {
  const graph = parseQueryGraph(isGraph(backend) ? c.graph : c.sql);
  const expected = reference.prepare(c.expected).raw().all() as unknown[][];
  const run = await engines.get(backend)!.run(graph, { limit: 1000, timeoutMs: 30_000 });
  expectSameRows(normaliseRows(run.result.rows, c.ordered), normaliseRows(expected, c.ordered), run.query);
  expect(run.explanation.length).toBeGreaterThan(0);
}

describe.each(BACKENDS)('Northwind constructs on %s', (backend) => {
  it.each(NORTHWIND_CONSTRUCTS.map((c) => [c.name, c] as const))('%s', (_, c) => agrees(northwind, northwindReference, backend, c));
});

describe.each(BACKENDS)('royals constructs on %s', (backend) => {
  it.each(ROYALS_CONSTRUCTS.map((c) => [c.name, c] as const))('%s', (_, c) => agrees(royals, royalsReference, backend, c));
});

/**
 * Kinship words composed by engines/query-graph/kinship.ts from each engine's own schema graph
 * (SQL: the relation table's values; graph: the relationship types), run from an anchor person and
 * compared with SQLite written by hand.
 */
const ROYAL = (name: string) => `'${name}'`;
const CHILD = "('son', 'daughter')";
const KIN_CASES: readonly { word: string; anchor: string; expected: string }[] = [
  {
    word: 'grandchild',
    anchor: 'Victoria of house of Hanover',
    expected: `SELECT DISTINCT p.name FROM people a JOIN relations r1 ON r1.head_id = a.id AND r1.relation IN ${CHILD} JOIN relations r2 ON r2.head_id = r1.tail_id AND r2.relation IN ${CHILD}
      JOIN people p ON p.id = r2.tail_id WHERE a.name = ${ROYAL('Victoria of house of Hanover')}`,
  },
  {
    word: 'great-grandchild',
    anchor: 'George_III of house of Hanover',
    expected: `SELECT DISTINCT p.name FROM people a JOIN relations r1 ON r1.head_id = a.id AND r1.relation IN ${CHILD} JOIN relations r2 ON r2.head_id = r1.tail_id AND r2.relation IN ${CHILD}
      JOIN relations r3 ON r3.head_id = r2.tail_id AND r3.relation IN ${CHILD} JOIN people p ON p.id = r3.tail_id WHERE a.name = ${ROYAL('George_III of house of Hanover')}`,
  },
  {
    word: 'cousin',
    anchor: 'Elizabeth_II Alexandra Mary of house of Windsor',
    expected: `SELECT DISTINCT p.name FROM people a JOIN relations r1 ON r1.head_id = a.id AND r1.relation IN ('father', 'mother') JOIN relations r2 ON r2.head_id = r1.tail_id AND r2.relation IN ('brother', 'sister')
      JOIN relations r3 ON r3.head_id = r2.tail_id AND r3.relation IN ${CHILD} JOIN people p ON p.id = r3.tail_id WHERE a.name = ${ROYAL('Elizabeth_II Alexandra Mary of house of Windsor')}`,
  },
  {
    word: 'sister-in-law',
    anchor: 'Edward_VII of house of Wettin',
    expected: `SELECT p.name FROM people a JOIN relations r1 ON r1.head_id = a.id AND r1.relation IN ('husband', 'wife') JOIN relations r2 ON r2.head_id = r1.tail_id AND r2.relation = 'sister'
      JOIN people p ON p.id = r2.tail_id WHERE a.name = ${ROYAL('Edward_VII of house of Wettin')}
      UNION SELECT p.name FROM people a JOIN relations r1 ON r1.head_id = a.id AND r1.relation = 'brother' JOIN relations r2 ON r2.head_id = r1.tail_id AND r2.relation = 'wife'
      JOIN people p ON p.id = r2.tail_id WHERE a.name = ${ROYAL('Edward_VII of house of Wettin')}`,
  },
  {
    word: 'son-in-law',
    anchor: 'Victoria of house of Hanover',
    expected: `SELECT DISTINCT p.name FROM people a JOIN relations r1 ON r1.head_id = a.id AND r1.relation IN ${CHILD} JOIN relations r2 ON r2.head_id = r1.tail_id AND r2.relation = 'husband'
      JOIN people p ON p.id = r2.tail_id WHERE a.name = ${ROYAL('Victoria of house of Hanover')}`,
  },
  {
    word: 'ancestor',
    anchor: 'Charles Philip Arthur of house of Windsor',
    expected: `WITH RECURSIVE up(id, depth) AS (SELECT r.tail_id, 1 FROM people a JOIN relations r ON r.head_id = a.id AND r.relation IN ('father', 'mother') WHERE a.name = ${ROYAL('Charles Philip Arthur of house of Windsor')}
      UNION SELECT r.tail_id, up.depth + 1 FROM up JOIN relations r ON r.head_id = up.id AND r.relation IN ('father', 'mother') WHERE up.depth < 4)
      SELECT DISTINCT p.name FROM up JOIN people p ON p.id = up.id`,
  },
  {
    word: 'uncle',
    anchor: 'Elizabeth_II Alexandra Mary of house of Windsor',
    expected: `SELECT DISTINCT p.name FROM people a JOIN relations r ON r.head_id = a.id AND r.relation = 'uncle' JOIN people p ON p.id = r.tail_id WHERE a.name = ${ROYAL('Elizabeth_II Alexandra Mary of house of Windsor')}`,
  },
];

describe.each(BACKENDS)('kinship words from the royals relations on %s', (backend) => {
  it.each(KIN_CASES.map((c) => [`${c.word} of ${c.anchor}`, c] as const))('%s', async (_, c) => {
    const engine = royals.get(backend)!;
    const person = isGraph(backend) ? 'Person' : 'people';
    const composition = kinshipTable(engine.schema(), person).get(c.word);
    expect(composition, `${c.word} in ${[...kinshipTable(engine.schema(), person).keys()].join(', ')}`).toBeDefined();
    const parts = kinFollows(composition!, { classId: person, instance: 2 }, { classId: person, instance: 1 }, 3);
    const graph = queryGraph({ select: [show(attr(person, 'name'))], where: [where(attr(person, 'name', 2), '=', c.anchor)], ...parts, distinct: true });
    const expected = royalsReference.prepare(c.expected).raw().all() as unknown[][];
    expect(expected.length).toBeGreaterThan(0);
    const run = await engine.run(graph, { limit: 1000, timeoutMs: 30_000 });
    expectSameRows(normaliseRows(run.result.rows, false), normaliseRows(expected, false), run.query);
  });
});
