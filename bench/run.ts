/**
 * `npm run bench [-- name ...]`: runs benchmarks and prints figures (ratios, percentiles).
 * Benchmarks are not tests: they never pass or fail. Later parts register theirs here.
 */
import { frameBenchmarks } from './frame.js';
import { nldbBenchmarks } from './nldb.js';
import { querygraphBenchmarks } from './querygraph.js';
import { cypherBenchmarks } from './cypher.js';
import { sqlBenchmarks } from './sql.js';
import { loadBenchmark } from './load.js';
import { sourcesBenchmarks } from './sources.js';

const BENCHMARKS: Record<string, { about: string; run: () => Promise<void> }> = {
  frame: { about: 'world load time, ask() overhead through Apollo, durable fact writes', run: frameBenchmarks },
  cypher: { about: 'Cypher translation (µs per graph); royals relation chains on the embedded store vs SQL on SQLite', run: cypherBenchmarks },
  sql: { about: 'query-graph translation (µs per graph) and the SQL engine and gateway overhead over direct SQL', run: sqlBenchmarks },
  querygraph: { about: 'query-graph predictor: held-out synthetic exact match top-1/3/5 and per component, questions-dev execution accuracy, latency, training time', run: querygraphBenchmarks },
  sources: { about: 'source selection: precision/recall of selected sources on questions-dev + facts-dev, selection time with 200 extra sources', run: sourcesBenchmarks },
  nldb: { about: 'text facts (facts-dev): accuracy by type, SSG precision/recall, latency, indexing rate', run: nldbBenchmarks },
  load: { about: 'autocannon on the standalone server (8 and 64 connections, 3 runs): req/s, p50/p99, errors, non-2xx, server RSS', run: loadBenchmark },
};

async function main(names: string[]): Promise<void> {
  const selected = names.length > 0 ? names : Object.keys(BENCHMARKS);
  for (const name of selected) {
    const benchmark = BENCHMARKS[name];
    if (!benchmark) {
      console.error(`unknown benchmark '${name}'; known: ${Object.keys(BENCHMARKS).join(', ')}`);
      process.exitCode = 2;
      return;
    }
    console.log(`\n== ${name}: ${benchmark.about}`);
    await benchmark.run();
  }
}

await main(process.argv.slice(2));
