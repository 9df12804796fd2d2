/**
 * One schema, one fingerprint, in every SQL dialect: Northwind in SQLite, PostgreSQL and MariaDB
 * introspects to the same relation ids (`from(cols)->to(cols)`, never the constraint names the
 * server databases carry) and so to the same schema fingerprint, which is the one the shipped
 * Northwind model was trained for. That model therefore loads on PostgreSQL and MariaDB too and
 * answers there, through the predictor and through `ask`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlProvider } from '../../engines/sql/prisma-client.js';
import { SqlQueryEngine } from '../../engines/sql/sql-engine.js';
import { schemaFingerprint } from '../../engines/predictor/model/fingerprint.js';
import { loadPredictor } from '../../engines/predictor/load.js';
import { defaultModelsRoot, modelDirectory, readManifest } from '../../engines/predictor/model/model-files.js';
import { startTestServer } from '../helpers/graphql.js';
import { northwindDatabase, type NorthwindDatabase } from '../helpers/northwind.js';

const PROVIDERS: readonly SqlProvider[] = ['sqlite', 'postgresql', 'mysql'];
const QUESTION = 'How many customers are there in Germany?';

const databases = new Map<SqlProvider, NorthwindDatabase>();
const engines = new Map<SqlProvider, SqlQueryEngine>();

beforeAll(async () => {
  for (const provider of PROVIDERS) {
    const database = await northwindDatabase(provider);
    databases.set(provider, database);
    engines.set(provider, await SqlQueryEngine.open({ sourceId: 'northwind', provider, client: database.client, url: database.url }));
  }
}, 300_000);

afterAll(async () => {
  for (const engine of engines.values()) await engine.close();
  for (const database of databases.values()) await database.drop();
});

function engineOf(provider: SqlProvider): SqlQueryEngine {
  const engine = engines.get(provider);
  if (!engine) throw new Error(`no engine for ${provider}`);
  return engine;
}

describe('the Northwind schema across SQL dialects', () => {
  it('has the same relation ids everywhere, built from the key columns', () => {
    const ids = engineOf('sqlite')
      .schema()
      .relations.map((r) => r.id);
    expect(ids).toContain('Employees(ReportsTo)->Employees(EmployeeID)');
    expect(ids).toContain('Order Details(ProductID)->Products(ProductID)');
    expect(ids).toHaveLength(13);
    for (const provider of PROVIDERS) expect(engineOf(provider).schema().relations.map((r) => r.id), provider).toEqual(ids);
  });

  it("has the same fingerprint everywhere, the shipped model's", () => {
    const manifest = readManifest(modelDirectory(defaultModelsRoot(), 'northwind'), 'northwind');
    expect(manifest).not.toBeNull();
    for (const provider of PROVIDERS) expect(schemaFingerprint(engineOf(provider).schema()), provider).toBe(manifest!.schemaFingerprint);
  });
});

describe.each(['postgresql', 'mysql'] as const)('the shipped Northwind model on %s', (provider) => {
  it('loads and answers a question', async () => {
    const engine = engineOf(provider);
    const loaded = await loadPredictor('northwind', engine);
    try {
      const [best] = await loaded.predictor.predict(QUESTION, 3);
      expect(best, 'no interpretation').toBeDefined();
      const run = await engine.run(best!.graph, { limit: 100, timeoutMs: 10_000 });
      expect(run.result.rows, best!.predicted).toEqual([[11]]);
    } finally {
      await loaded.release();
    }
  }, 120_000);
});

describe('ask on Northwind served from PostgreSQL', () => {
  it('finds the source ready and answers with the shipped model', async () => {
    const server = await startTestServer({
      factStore: `file:${join(mkdtempSync(join(tmpdir(), 'nlq-fingerprint-')), 'facts.sqlite')}`,
      sources: [{ id: 'northwind', kind: 'sql', url: databases.get('postgresql')!.url, description: 'Northwind on PostgreSQL' }],
    });
    try {
      const { data, errors } = await server.run<{
        ask: { answer: { source: string; rows: unknown[][] } | null; sources: { source: string; status: string; message: string }[] };
      }>('query ($q: String!) { ask(question: $q) { answer { source rows } sources { source status message } } }', { q: QUESTION });
      expect(errors).toBeUndefined();
      expect(data!.ask.sources, JSON.stringify(data!.ask.sources)).toEqual([expect.objectContaining({ source: 'northwind', status: 'ANSWERED' })]);
      expect(data!.ask.answer).toEqual({ source: 'northwind', rows: [[11]] });
    } finally {
      await server.stop();
    }
  }, 120_000);
});
