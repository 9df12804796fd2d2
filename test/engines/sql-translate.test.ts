/**
 * The SQL engine on the same Northwind in SQLite, PostgreSQL and MariaDB: every hand-written query
 * graph gives the answer of its hand-written SQL, on all three databases.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatQueryGraph, parseQueryGraph } from '../../engines/query-graph/canonical.js';
import type { SqlProvider } from '../../engines/sql/prisma-client.js';
import { sqliteFilePath } from '../../engines/sql/prisma-client.js';
import { SqlQueryEngine } from '../../engines/sql/sql-engine.js';
import { northwindDatabase, type NorthwindDatabase } from '../helpers/northwind.js';
import { NORTHWIND_CASES } from './northwind-query-graphs.js';
import { normaliseRows } from '../helpers/rows.js';

const providers: SqlProvider[] = ['sqlite', 'postgresql', 'mysql'];
const databases = new Map<SqlProvider, NorthwindDatabase>();
const engines = new Map<SqlProvider, SqlQueryEngine>();
let reference: Database.Database;

beforeAll(async () => {
  for (const provider of providers) {
    const database = await northwindDatabase(provider);
    databases.set(provider, database);
    engines.set(
      provider,
      await SqlQueryEngine.open({
        sourceId: `northwind-${provider}`,
        provider,
        client: database.client,
        // SQLite by URL, so its statements run in the worker thread as in production.
        ...(provider === 'sqlite' ? { url: database.url } : {}),
      }),
    );
  }
  reference = new Database(sqliteFilePath(databases.get('sqlite')!.url), { readonly: true });
});

afterAll(async () => {
  reference?.close();
  for (const engine of engines.values()) await engine.close();
  for (const database of databases.values()) await database.drop();
});

describe('the Northwind query-graph table', () => {
  it('has at least 40 cases, all distinct', () => {
    expect(NORTHWIND_CASES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(NORTHWIND_CASES.map((c) => c.graph)).size).toBe(NORTHWIND_CASES.length);
  });

  it.each(NORTHWIND_CASES.map((c) => [c.name, c] as const))('round-trips its canonical form: %s', (_, c) => {
    expect(formatQueryGraph(parseQueryGraph(c.graph))).toBe(c.graph);
  });
});

describe.each(providers)('query graphs on %s', (provider) => {
  it.each(NORTHWIND_CASES.map((c) => [c.name, c] as const))('%s', async (_, c) => {
    const expected = reference.prepare(c.sql).raw().all() as unknown[][];
    const run = await engines.get(provider)!.run(parseQueryGraph(c.graph), { limit: 1000, timeoutMs: 20_000 });
    expect(normaliseRows(run.result.rows, c.ordered)).toEqual(normaliseRows(expected, c.ordered));
    expect(run.result.columns).toHaveLength(parseQueryGraph(c.graph).select.length);
  });
});
