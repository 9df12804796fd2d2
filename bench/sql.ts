/**
 * The SQL engine's figures: how long translating a query graph takes (µs per graph), and what the
 * gateway adds over running the same SQL directly (ratio of medians, p50 and p95), on SQLite and,
 * when reachable, PostgreSQL.
 */
import { ApolloServer } from '@apollo/server';
import { makeExecutableSchema } from '@graphql-tools/schema';
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { silentProgress } from '../engines/progress.js';
import { formatQueryGraph } from '../engines/query-graph/canonical.js';
import { randomQueryGraphs } from '../engines/query-graph/random-walk.js';
import type { QueryGraph } from '../engines/query-graph/types.js';
import { openSqlClient, sqliteFilePath } from '../engines/sql/prisma-client.js';
import { SqlQueryEngine } from '../engines/sql/sql-engine.js';
import { translateToSql } from '../engines/sql/translate/translate.js';
import { nlQuery } from '../plugins/nl-query/index.js';
import { northwindSql } from '../world/northwind.js';
import { latencySummary, percentile, sample } from './stats.js';
import { scratchWorld } from './world.js';

const PG_ADMIN = process.env.PG_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

export async function sqlBenchmarks(): Promise<void> {
  const { dir, config } = await scratchWorld();
  const url = config.sources.find((s) => s.id === 'northwind')!.url;
  const client = openSqlClient(url, { readonly: true });
  const engine = await SqlQueryEngine.open({ sourceId: 'northwind', provider: 'sqlite', client, url });
  const schema = engine.schema();
  const graphs = randomQueryGraphs(schema, 2000, { seed: 7 });

  // Translation alone (validation, join plan, SQL text), per dialect.
  for (const provider of ['sqlite', 'postgresql', 'mysql'] as const) {
    for (let i = 0; i < 200; i += 1) translateToSql(graphs[i]!, schema, provider, { rowLimit: 100 });
    const started = process.hrtime.bigint();
    for (const graph of graphs) translateToSql(graph, schema, provider, { rowLimit: 100 });
    const micros = Number(process.hrtime.bigint() - started) / 1000 / graphs.length;
    console.log(`translate (${provider}): ${micros.toFixed(1)} µs per graph over ${graphs.length} random graphs`);
  }

  // The same statements: directly with better-sqlite3, through the engine, through GraphQL.
  const nlq = nlQuery({ sources: [{ id: 'northwind', kind: 'sql', url }], factStore: `file:${join(dir, 'bench-facts.sqlite')}` });
  const server = new ApolloServer({ schema: makeExecutableSchema({ typeDefs: nlq.typeDefs, resolvers: nlq.resolvers }), plugins: [nlq.plugin] });
  await server.start();
  const direct = new Database(sqliteFilePath(url), { readonly: true });
  const picked = graphs.slice(0, 300);
  const statements = picked.map((graph) => translateToSql(graph, schema, 'sqlite', { rowLimit: 100 }));
  let i = 0;
  const directSamples = await sample(picked.length, async () => {
    const statement = statements[i++ % statements.length]!;
    direct.prepare(statement.text).all(...statement.parameters.map((p) => (typeof p === 'boolean' ? Number(p) : p)));
  });
  i = 0;
  const engineSamples = await sample(picked.length, () => engine.run(picked[i++ % picked.length]!, { limit: 100, timeoutMs: 10_000 }));
  i = 0;
  const gatewaySamples = await sample(picked.length, () =>
    server.executeOperation({
      query: 'query ($g: String!) { runQueryGraph(source: "northwind", queryGraph: $g) { rows } }',
      variables: { g: formatQueryGraph(picked[i++ % picked.length]!) },
    }),
  );
  report('sqlite', directSamples, engineSamples, gatewaySamples);
  direct.close();
  await server.stop();
  await engine.close();
  await client.$disconnect();

  await postgresOverhead(graphs.slice(0, 300));
  rmSync(dir, { recursive: true, force: true });
}

async function postgresOverhead(graphs: readonly QueryGraph[]): Promise<void> {
  const name = `nlq_bench_${randomBytes(4).toString('hex')}`;
  const admin = openSqlClient(PG_ADMIN, { readonly: false });
  try {
    await admin.$executeRawUnsafe(`CREATE DATABASE ${name}`);
  } catch (error) {
    console.log(`postgresql: skipped (${(error as Error).message.split('\n')[0]}); set PG_URL`);
    await admin.$disconnect();
    return;
  }
  const target = new URL(PG_ADMIN);
  target.pathname = `/${name}`;
  const url = target.toString();
  try {
    await northwindSql.load({ id: 'northwind', kind: 'sql', url, description: '', seed: 'northwind' }, silentProgress);
    const client = openSqlClient(url, { readonly: false });
    const engine = await SqlQueryEngine.open({ sourceId: 'pg', provider: 'postgresql', client });
    const statements = graphs.map((graph) => translateToSql(graph, engine.schema(), 'postgresql', { rowLimit: 100 }));
    let i = 0;
    const directSamples = await sample(graphs.length, () => {
      const statement = statements[i++ % statements.length]!;
      return client.$queryRawUnsafe(statement.text, ...statement.parameters);
    });
    i = 0;
    const engineSamples = await sample(graphs.length, () => engine.run(graphs[i++ % graphs.length]!, { limit: 100, timeoutMs: 10_000 }));
    report('postgresql', directSamples, engineSamples, null);
    await engine.close();
    await client.$disconnect();
  } finally {
    await admin.$executeRawUnsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.$disconnect();
  }
}

function report(provider: string, direct: number[], engine: number[], gateway: number[] | null): void {
  const p = (samples: number[], q: number) => percentile([...samples].sort((a, b) => a - b), q);
  console.log(`${provider} direct SQL:         ${latencySummary(direct)}`);
  console.log(`${provider} engine (read-only): ${latencySummary(engine)}  ratio p50 ${(p(engine, 50) / p(direct, 50)).toFixed(1)}x, p95 ${(p(engine, 95) / p(direct, 95)).toFixed(1)}x`);
  if (gateway) {
    console.log(`${provider} through GraphQL:    ${latencySummary(gateway)}  ratio p50 ${(p(gateway, 50) / p(direct, 50)).toFixed(1)}x, p95 ${(p(gateway, 95) / p(direct, 95)).toFixed(1)}x`);
  }
}
