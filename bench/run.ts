/**
 * `npm run bench [-- name ...]`: runs benchmarks and prints figures (ratios, percentiles).
 * Benchmarks are not tests: they never pass or fail. Later parts register theirs here.
 */
import { askCliBenchmark } from './ask-cli.js';
import { frameBenchmarks } from './frame.js';
import { nldbBenchmarks } from './nldb.js';
import { querygraphBenchmarks } from './querygraph.js';
import { predictorCpuBenchmark } from './predictor-cpu.js';
import { cypherBenchmarks } from './cypher.js';
import { sqlBenchmarks } from './sql.js';
import { loadBenchmark } from './load.js';
import { mcpBenchmark } from './mcp.js';
import { sourcesBenchmarks } from './sources.js';
import { othersBenchmarks } from './others.js';
import { trustBenchmark } from './trust.js';
import { teachBenchmark } from './teach.js';
import { teachNearBenchmark } from './teach-near.js';

/** A benchmark gets the command line's options (`--…` words after the names), if it takes any. */
const BENCHMARKS: Record<string, { about: string; run: (options: readonly string[]) => Promise<void> }> = {
  frame: { about: 'world load time, ask() overhead through Apollo, durable fact writes', run: frameBenchmarks },
  cypher: { about: 'Cypher translation (µs per graph); royals relation chains on the embedded store vs SQL on SQLite', run: cypherBenchmarks },
  sql: { about: 'query-graph translation (µs per graph) and the SQL engine and gateway overhead over direct SQL', run: sqlBenchmarks },
  querygraph: { about: 'query-graph predictor: held-out synthetic exact match top-1/3/5 and per component, questions-dev execution accuracy, latency, training time', run: querygraphBenchmarks },
  predictor: { about: 'the query-graph predictor in process: CPU ms per dev question (top-3; robust to load) and wall p50 per source; --rounds N, --readings <file> (top-3 readings as JSON, to prove a speed change reads alike)', run: predictorCpuBenchmark },
  sources: { about: 'source selection: precision/recall of selected sources on questions-dev + facts-dev, selection time with 200 extra sources', run: sourcesBenchmarks },
  nldb: { about: 'text facts: facts-dev @130/1,000/10,000, its paraphrases, facts-others through GraphQL, held-out generated domains: accuracy by type, SSG precision/recall, latency; --sets, --facts, --facts-dev, --models, --precision, --dump', run: nldbBenchmarks },
  others: { about: 'questions others wrote on 14 databases never seen (questions-others) through GraphQL: execution accuracy per database and category, no-answer counts, latency; --train, --db, --questions N', run: othersBenchmarks },
  load: { about: 'autocannon on the standalone server (8 and 64 connections, 3 runs): req/s, p50/p99, errors, non-2xx, server RSS', run: loadBenchmark },
  'ask-cli': { about: 'one nlq ask as a user runs it: wall time and peak RSS, every source vs --source royals (3 runs each)', run: askCliBenchmark },
  trust: { about: 'calibrated confidence: ECE per calibration group, the risk-coverage curve (table and PNG), accuracy at >= 60% coverage on dev (cross-validated) and questions-others / facts-others; --write refits models/calibration.json, --synthetic N, --others-per-db N, --ask GROUPS', run: trustBenchmark },
  teach: { about: 'learning from use through GraphQL: teach k = 0/5/10/20 questions per database (random, --seeds), accuracy on the untaught rest (questions-dev Northwind, questions-others), taught questions and value-swapped variants at once, ask p50; --sets, --k, --db, --retrain (CPU heavy: under flock /tmp/train.lock)', run: teachBenchmark },
  'teach-near': { about: 'the curve the similar-question threshold of teaching is read from: dev questions taught, their hand-written rewordings and the other questions looked up (in process, questions-dev Northwind and royals)', run: teachNearBenchmark },
  mcp: { about: 'MCP tool calls to nlq mcp (stdio) and /mcp vs the same asks over GraphQL to nlq serve: p50/p95, ratios, calls/s', run: mcpBenchmark },
};

async function main(args: string[]): Promise<void> {
  // Names first, then options: `npm run bench -- others --db world_1 --questions 10`.
  const firstOption = args.findIndex((arg) => arg.startsWith('--'));
  const names = firstOption < 0 ? args : args.slice(0, firstOption);
  const options = firstOption < 0 ? [] : args.slice(firstOption);
  const selected = names.length > 0 ? names : Object.keys(BENCHMARKS);
  for (const name of selected) {
    const benchmark = BENCHMARKS[name];
    if (!benchmark) {
      console.error(`unknown benchmark '${name}'; known: ${Object.keys(BENCHMARKS).join(', ')}`);
      process.exitCode = 2;
      return;
    }
    console.log(`\n== ${name}: ${benchmark.about}`);
    await benchmark.run(options);
  }
}

await main(process.argv.slice(2));
