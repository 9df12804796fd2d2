/**
 * Relations a database does not declare are inferred from column names and the data
 * (engines/sql/inferred-relations.ts): a column whose values all lie in a same-named unique column
 * of another table, or in the key of the table it is named after, refers to it. Declared keys stand
 * as they are, and beside them only a column named after a table is inferred (unless `always`); a name shared by coincidence, a generic name, or a column with two equally good
 * targets is not a relation. A question joining two tables of a database with no keys at all is
 * answered through GraphQL.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlClient } from '../../engines/sql/prisma-client.js';
import { SqlQueryEngine } from '../../engines/sql/sql-engine.js';
import { createExecutor } from '../../engines/sql/execute/executor.js';
import { introspectSqlSchema } from '../../engines/sql/introspect.js';
import { withInferredRelations } from '../../engines/sql/inferred-relations.js';
import type { RelationInference } from '../../types.js';
import { parseConfig } from '../../config/config.js';
import { startTestServer, type TestServer } from '../helpers/graphql.js';

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'nlq-inferred-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A SQLite file made by `sql`. */
function database(name: string, sql: string, fill: (db: Database.Database) => void = () => {}): string {
  const file = join(dir, `${name}.sqlite`);
  const db = new Database(file);
  db.exec(sql);
  fill(db);
  db.close();
  return file;
}

/** The schema's relations as `id` (inferred ones marked) when opened with `mode`. */
async function relationsOf(file: string, mode?: RelationInference): Promise<string[]> {
  const url = `file:${file}`;
  const client = openSqlClient(url, { readonly: true });
  const engine = await SqlQueryEngine.open({ sourceId: 'db', provider: 'sqlite', client, url }, mode ? { inferRelations: mode } : {});
  try {
    return engine.schema().relations.map((r) => (r.inferred ? `inferred ${r.id}` : r.id));
  } finally {
    await engine.close();
    await client.$disconnect();
  }
}

const STATES = ['Alabama', 'Alaska', 'Arizona', 'Arkansas', 'California', 'Colorado'];

/** District revenue keyed by a state code, and the states' names by code: no key declared anywhere. */
let revenue: string | undefined;
function revenueDatabase(): string {
  return (revenue ??= database(
    'revenue',
    `CREATE TABLE district_revenue (state_code INTEGER, district TEXT, federal_revenue INTEGER);
     CREATE TABLE state_names (State_Code INTEGER, State TEXT, records TEXT);`,
    (db) => {
      STATES.forEach((state, i) => db.prepare('INSERT INTO state_names VALUES (?, ?, ?)').run(i + 1, state, String(10 + i)));
      const district = db.prepare('INSERT INTO district_revenue VALUES (?, ?, ?)');
      for (let i = 0; i < 30; i += 1) district.run((i % STATES.length) + 1, `District ${i}`, 1000 * (i + 1));
    },
  ));
}

describe('relations inferred from names and data', () => {
  it('joins a column to the same-named unique column of another table that holds all its values, marked inferred', async () => {
    expect(await relationsOf(revenueDatabase())).toEqual(['inferred district_revenue(state_code)->state_names(State_Code)']);
  });

  it('follows a column named after a table to that table\'s key (airline -> airlines.uid)', async () => {
    const file = database(
      'flights',
      `CREATE TABLE airlines (uid INTEGER PRIMARY KEY, Airline TEXT, Country TEXT);
       CREATE TABLE flights (Airline INTEGER, FlightNo INTEGER, SourceAirport TEXT);`,
      (db) => {
        ['United', 'Delta', 'JetBlue'].forEach((name, i) => db.prepare('INSERT INTO airlines VALUES (?, ?, ?)').run(i + 1, name, 'USA'));
        for (let i = 0; i < 12; i += 1) db.prepare('INSERT INTO flights VALUES (?, ?, ?)').run((i % 3) + 1, 100 + i, 'APG');
      },
    );
    expect(await relationsOf(file)).toEqual(['inferred flights(Airline)->airlines(uid)']);
  });

  it('beside declared keys fills only the plainest gaps, columns named after a table (auto), and never repeats or reverses a declared key', async () => {
    const file = database(
      'declared',
      `CREATE TABLE region (region_code TEXT PRIMARY KEY, name TEXT);
       CREATE TABLE area (postcode TEXT PRIMARY KEY, district TEXT);
       CREATE TABLE shop (shop_id INTEGER PRIMARY KEY, region_code TEXT REFERENCES region(region_code), city TEXT);
       CREATE TABLE visit (visit_id INTEGER PRIMARY KEY, region_code TEXT, shop_id INTEGER, postcode TEXT);`,
      (db) => {
        ['N', 'S', 'E'].forEach((code) => db.prepare('INSERT INTO region VALUES (?, ?)').run(code, `Region ${code}`));
        ['AB1', 'AB2', 'AB3', 'AB4'].forEach((code, i) => db.prepare('INSERT INTO area VALUES (?, ?)').run(code, `District ${i}`));
        for (let i = 1; i <= 6; i += 1) db.prepare('INSERT INTO shop VALUES (?, ?, ?)').run(i, ['N', 'S', 'E'][i % 3], `City ${i}`);
        for (let i = 1; i <= 9; i += 1) db.prepare('INSERT INTO visit VALUES (?, ?, ?, ?)').run(i, ['N', 'S', 'E'][i % 3], (i % 6) + 1, `AB${(i % 4) + 1}`);
      },
    );
    const declared = await relationsOf(file, 'never');
    expect(declared).toEqual(['shop(region_code)->region(region_code)']);
    // visit's region_code and shop_id are named after a table and hold its key's values; postcode only shares a name.
    const named = ['inferred visit(region_code)->region(region_code)', 'inferred visit(shop_id)->shop(shop_id)'];
    expect(await relationsOf(file)).toEqual([...declared, ...named]);
    expect(await relationsOf(file, 'always')).toEqual([...declared, 'inferred visit(postcode)->area(postcode)', ...named]);
  });

  it('does not infer a relation from a shared name whose values the other table does not hold', async () => {
    const file = database(
      'coincidence',
      `CREATE TABLE orders (order_ref INTEGER, batch_code INTEGER, quantity INTEGER);
       CREATE TABLE batches (batch_code INTEGER, made TEXT);`,
      (db) => {
        for (let i = 1; i <= 5; i += 1) db.prepare('INSERT INTO batches VALUES (?, ?)').run(i, '2020-01-0' + i);
        // Orders name batches 4..8: three of their five codes are no batch's.
        for (let i = 1; i <= 10; i += 1) db.prepare('INSERT INTO orders VALUES (?, ?, ?)').run(i, (i % 5) + 4, 2);
      },
    );
    expect(await relationsOf(file)).toEqual([]);
  });

  it('does not relate tables by a generic name (two tables numbered 1..n by `id`)', async () => {
    const file = database(
      'generic',
      `CREATE TABLE cars (id INTEGER, model TEXT);
       CREATE TABLE drivers (id INTEGER, name TEXT);`,
      (db) => {
        for (let i = 1; i <= 8; i += 1) db.prepare('INSERT INTO cars VALUES (?, ?)').run(i, `Model ${i}`);
        for (let i = 1; i <= 8; i += 1) db.prepare('INSERT INTO drivers VALUES (?, ?)').run(i, `Driver ${i}`);
      },
    );
    expect(await relationsOf(file)).toEqual([]);
  });

  it('does not choose between two tables that both fit, nor relate two copies of one table', async () => {
    const file = database(
      'ambiguous',
      `CREATE TABLE readings (station_ref TEXT, level REAL);
       CREATE TABLE stations_2019 (station_ref TEXT, place TEXT);
       CREATE TABLE stations_2020 (station_ref TEXT, place TEXT);`,
      (db) => {
        for (const table of ['stations_2019', 'stations_2020']) for (let i = 1; i <= 4; i += 1) db.prepare(`INSERT INTO ${table} VALUES (?, ?)`).run(`S${i}`, `Place ${i}`);
        for (let i = 1; i <= 12; i += 1) db.prepare('INSERT INTO readings VALUES (?, ?)').run(`S${(i % 4) + 1}`, i / 2);
      },
    );
    expect(await relationsOf(file)).toEqual([]);
  });

  it('infers nothing, and says so, when its probes cannot finish within the time budget (never half the relations)', async () => {
    const url = `file:${revenueDatabase()}`;
    const client = openSqlClient(url, { readonly: true });
    const executor = createExecutor({ sourceId: 'db', provider: 'sqlite', client, url });
    try {
      const schema = await introspectSqlSchema(client, 'sqlite', 'db');
      const outcome = await withInferredRelations(executor, 'sqlite', schema, { budgetMs: 1 });
      expect(outcome.schema).toBe(schema);
      expect(outcome.stopped).toMatch(/did not finish within its time limits.*none inferred/);
    } finally {
      await executor.close();
      await client.$disconnect();
    }
  });

  it('infers nothing when told never to', async () => {
    expect(await relationsOf(revenueDatabase(), 'never')).toEqual([]);
  });

  it('is a config option of SQL sources only, with three values', () => {
    const config = parseConfig({ sources: [{ id: 'db', kind: 'sql', url: 'file:./db.sqlite', inferRelations: 'always' }] }, join(dir, 'nlq.config.json'));
    expect(config.sources[0]?.inferRelations).toBe('always');
    expect(() => parseConfig({ sources: [{ id: 'db', kind: 'sql', url: 'file:./db.sqlite', inferRelations: 'sometimes' }] }, join(dir, 'nlq.config.json'))).toThrow(/auto, always, never/);
    expect(() => parseConfig({ sources: [{ id: 'f', kind: 'nldb', url: 'file:./f.sqlite', inferRelations: 'auto' }] }, join(dir, 'nlq.config.json'))).toThrow(/sql sources only/);
  });
});

describe('a database with no keys, through GraphQL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ factStore: `file:${join(dir, 'facts.sqlite')}`, sources: [{ id: 'revenue', kind: 'sql', url: `file:${revenueDatabase()}` }] });
  });
  afterAll(() => server?.stop());

  it('shows the inferred relation in the schema graph and the source status', async () => {
    const { data, errors } = await server.run<{ schemaGraph: { relations: { id: string; inferred: boolean }[] }; sources: { id: string; status: string }[] }>(
      '{ schemaGraph(source: "revenue") { relations { id inferred } } sources { id status } }',
    );
    expect(errors).toBeUndefined();
    expect(data!.schemaGraph.relations).toEqual([{ id: 'district_revenue(state_code)->state_names(State_Code)', inferred: true }]);
    expect(data!.sources.find((s) => s.id === 'revenue')?.status).toMatch(/1 relation inferred from names and data/);
  });

  it('answers a question that joins the two tables', async () => {
    const { data, errors } = await server.run<{ ask: { answer: { rows: unknown[][] } | null; interpretations: { queryGraph: string | null }[] } }>(
      'query ($q: String!) { ask(question: $q) { answer { rows } interpretations { queryGraph } } }',
      { q: 'What is the total federal revenue of Alabama?' },
    );
    expect(errors).toBeUndefined();
    // Alabama is code 1: districts 0, 6, 12, 18, 24 with revenue 1000 * (i + 1).
    expect(data!.ask.answer?.rows).toEqual([[1000 + 7000 + 13000 + 19000 + 25000]]);
  });
});
