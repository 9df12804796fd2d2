/**
 * The Cypher engine's figures: translation time (µs per graph) for random graphs over the
 * Northwind graph, and the royals relation-chain suite run on the embedded store next to the same
 * chains as SQL on SQLite (p50/p95 and the ratio).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseConfig } from '../config/config.js';
import { CypherQueryEngine } from '../engines/cypher/cypher-engine.js';
import { EmbeddedGraphStore } from '../engines/cypher/embedded-store.js';
import { translateToCypher } from '../engines/cypher/translate.js';
import { silentProgress } from '../engines/progress.js';
import { attr, follow, queryGraph, show, where } from '../engines/query-graph/build.js';
import type { QueryGraphEngine } from '../engines/query-graph/engine.js';
import { randomQueryGraphs } from '../engines/query-graph/random-walk.js';
import type { QueryGraph } from '../engines/query-graph/types.js';
import { openSqlClient } from '../engines/sql/prisma-client.js';
import { SqlQueryEngine } from '../engines/sql/sql-engine.js';
import { loadSeeds } from '../world/seeds.js';
import { latencySummary, percentile, sample } from './stats.js';
import { scratchWorld } from './world.js';

const ANCHORS = ['Victoria of house of Hanover', 'George_V of house of Windsor', 'Henry_VIII of house of Tudor', 'Nicholas_II Alexandrovich of house of Romanov'];
const PATHS = [['father'], ['husband', 'father'], ['son', 'wife'], ['mother', 'sister'], ['son', 'son', 'daughter'], ['daughter', 'daughter', 'husband']];

/** The chain suite in one engine's names: Person/FATHER on the graph, people/father in SQL. */
function chains(person: string, relation: (name: string) => string): QueryGraph[] {
  return ANCHORS.flatMap((anchor) =>
    PATHS.map((path) =>
      queryGraph({
        select: [show(attr(person, 'name', path.length + 1))],
        where: [where(attr(person, 'name'), '=', anchor)],
        follows: path.map((name, i) => follow([person, i + 1], relation(name), [person, i + 2])),
        distinct: true,
      }),
    ),
  );
}

export async function cypherBenchmarks(): Promise<void> {
  const { dir, config } = await scratchWorld();
  const graphUrl = (id: string) => config.sources.find((s) => s.id === id)!.url;

  const northwind = await EmbeddedGraphStore.open(graphUrl('northwind-graph'));
  const northwindEngine = await CypherQueryEngine.open('northwind-graph', northwind);
  const graphs = randomQueryGraphs(northwindEngine.schema(), 2000, { seed: 11 });
  for (let i = 0; i < 200; i += 1) translateToCypher(graphs[i]!, northwindEngine.schema(), { rowLimit: 100 });
  const started = process.hrtime.bigint();
  for (const graph of graphs) translateToCypher(graph, northwindEngine.schema(), { rowLimit: 100 });
  console.log(`translate (cypher): ${(Number(process.hrtime.bigint() - started) / 1000 / graphs.length).toFixed(1)} µs per graph over ${graphs.length} random graphs`);
  await northwind.close();

  const royals = await EmbeddedGraphStore.open(graphUrl('royals'));
  const graphEngine = await CypherQueryEngine.open('royals', royals);
  const sqlConfig = parseConfig({ sources: [{ id: 'royals-sql', kind: 'sql', url: 'file:./royals-sql.sqlite', seed: 'royals' }] }, join(dir, 'sql.json'));
  await loadSeeds(sqlConfig, silentProgress);
  const client = openSqlClient(sqlConfig.sources[0]!.url, { readonly: true });
  const sqlEngine = await SqlQueryEngine.open({ sourceId: 'royals-sql', provider: 'sqlite', client, url: sqlConfig.sources[0]!.url });

  const run = async (engine: QueryGraphEngine, suite: QueryGraph[]) => {
    let i = 0;
    return sample(suite.length * 10, () => engine.run(suite[i++ % suite.length]!, { limit: 100, timeoutMs: 10_000 }), suite.length);
  };
  const onGraph = await run(graphEngine, chains('Person', (name) => name.toUpperCase()));
  const onSql = await run(sqlEngine, chains('people', (name) => name));
  const p = (samples: number[], q: number) => percentile([...samples].sort((a, b) => a - b), q);
  console.log(`royals chains (1-3 hops) on the embedded store: ${latencySummary(onGraph)}`);
  console.log(`royals chains (1-3 hops) as SQL on SQLite:      ${latencySummary(onSql)}`);
  console.log(`ratio embedded store / SQLite: p50 ${(p(onGraph, 50) / p(onSql, 50)).toFixed(2)}x, p95 ${(p(onGraph, 95) / p(onSql, 95)).toFixed(2)}x`);

  await sqlEngine.close();
  await client.$disconnect();
  await royals.close();
  rmSync(dir, { recursive: true, force: true });
}
