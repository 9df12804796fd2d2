/**
 * The predictor's own work per question, in process: each dev question of each source with a model
 * is predicted top-3 once (warm-up, and the readings), then `--rounds` more times, and the CPU time
 * the process spent (process.cpuUsage: the ONNX sessions and every thread included) is divided by
 * the predictions. On a shared, busy machine wall-clock latency mostly measures the load; CPU time
 * per question does not, so speed changes are compared by it (wall p50 printed beside it).
 * `--readings <file>` writes every question's top-3 readings (canonical graph, tokens, score) as
 * JSON: a speed change must leave that file byte-identical.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { optionsFromConfig } from '../cli/server.js';
import { loadPredictor } from '../engines/predictor/load.js';
import { nlQuery } from '../plugins/nl-query/index.js';
import { devQuestionsDir, readDevQuestions } from './dev-questions.js';
import { percentile } from './stats.js';
import { scratchWorld } from './world.js';

/** Each source with its dev set (the Northwind questions are asked of the graph copy too). */
const SOURCES = [
  ['northwind', 'northwind'],
  ['royals', 'royals'],
  ['northwind-graph', 'northwind'],
] as const;

export async function predictorCpuBenchmark(args: readonly string[]): Promise<void> {
  const { values } = parseArgs({ args: [...args], options: { rounds: { type: 'string', default: '3' }, readings: { type: 'string' } } });
  const rounds = Math.max(1, Number(values.rounds) || 3);
  const { dir, config } = await scratchWorld();
  const { gateway } = nlQuery(optionsFromConfig(config));
  const readings: Record<string, unknown> = {};
  try {
    await gateway.start();
    for (const [source, set] of SOURCES) {
      let loaded;
      try {
        loaded = await loadPredictor(source, await gateway.queryGraphEngineOf(source));
      } catch (error) {
        console.log(`${source}: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      try {
        const questions = readDevQuestions(devQuestionsDir(), set);
        for (const q of questions) {
          const top = await loaded.predictor.predict(q.question, 3);
          readings[`${source}/${q.id}`] = top.map((p) => ({ predicted: p.predicted, tokens: p.tokens, score: p.score }));
        }
        const walls: number[] = [];
        const before = process.cpuUsage();
        for (let round = 0; round < rounds; round += 1) {
          for (const q of questions) {
            const started = performance.now();
            await loaded.predictor.predict(q.question, 3);
            walls.push(performance.now() - started);
          }
        }
        const cpu = process.cpuUsage(before);
        const n = walls.length;
        const sorted = walls.sort((a, b) => a - b);
        console.log(`${source}: CPU ${((cpu.user + cpu.system) / 1000 / n).toFixed(1)} ms per question (top-3, ${questions.length} dev questions x ${rounds} rounds), wall p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms`);
      } finally {
        await loaded.release();
      }
    }
  } finally {
    await gateway.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  if (values.readings) {
    writeFileSync(values.readings, JSON.stringify(readings, null, 1));
    console.log(`top-3 readings of ${Object.keys(readings).length} questions written to ${values.readings}`);
  }
}
