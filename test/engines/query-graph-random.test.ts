/**
 * 10,000 random query graphs from random walks over Northwind's schema graph: each survives the
 * canonical form round trip, and each translates to SQL that runs without error on SQLite,
 * PostgreSQL and MariaDB.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatQueryGraph, parseQueryGraph } from '../../engines/query-graph/canonical.js';
import { randomQueryGraphs } from '../../engines/query-graph/random-walk.js';
import type { QueryGraph } from '../../engines/query-graph/types.js';
import type { SqlProvider } from '../../engines/sql/prisma-client.js';
import { SqlQueryEngine } from '../../engines/sql/sql-engine.js';
import { northwindDatabase, type NorthwindDatabase } from '../helpers/northwind.js';

const COUNT = 10_000;
const providers: SqlProvider[] = ['sqlite', 'postgresql', 'mysql'];
const databases = new Map<SqlProvider, NorthwindDatabase>();
const engines = new Map<SqlProvider, SqlQueryEngine>();
let graphs: QueryGraph[];

beforeAll(async () => {
  for (const provider of providers) {
    const database = await northwindDatabase(provider);
    databases.set(provider, database);
    engines.set(
      provider,
      await SqlQueryEngine.open({ sourceId: provider, provider, client: database.client, ...(provider === 'sqlite' ? { url: database.url } : {}) }),
    );
  }
  graphs = randomQueryGraphs(engines.get('sqlite')!.schema(), COUNT, { seed: 20261122 });
});

afterAll(async () => {
  for (const engine of engines.values()) await engine.close();
  for (const database of databases.values()) await database.drop();
});

describe('random query graphs over Northwind', () => {
  it('cover every feature of the query graph', () => {
    const texts = graphs.map(formatQueryGraph).join('\n');
    for (const feature of [' contains ', ' starts_with ', ' in (', ' not_in (', ' between ', ' year ', ' month ', ' is_null', ' not_null', 'show count ', 'show count_distinct ', 'show sum ', 'show avg ', 'show min ', 'show max ', 'group ', 'having ', 'order asc ', 'order desc ', 'limit ', 'distinct']) {
      expect(texts, feature).toContain(feature);
    }
    expect(graphs.some((graph) => graph.classes.length >= 4)).toBe(true);
  });

  it('survive the canonical form round trip', () => {
    for (const graph of graphs) {
      const text = formatQueryGraph(graph);
      const parsed = parseQueryGraph(text);
      expect(parsed).toEqual(graph);
      expect(formatQueryGraph(parsed)).toBe(text);
    }
  });

  it.each(providers)('run without error on %s', async (provider) => {
    const engine = engines.get(provider)!;
    const failures: string[] = [];
    // A few statements at a time: the servers have connection pools; SQLite has its worker queue.
    const concurrency = provider === 'sqlite' ? 1 : 4;
    for (let i = 0; i < graphs.length; i += concurrency) {
      await Promise.all(
        graphs.slice(i, i + concurrency).map(async (graph) => {
          try {
            await engine.run(graph, { limit: 5, timeoutMs: 20_000 });
          } catch (error) {
            failures.push(`${formatQueryGraph(graph)}\n  -> ${(error as Error).message}`);
          }
        }),
      );
    }
    expect(failures.slice(0, 5)).toEqual([]);
  }, 600_000);
});
