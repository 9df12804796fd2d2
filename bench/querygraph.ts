/**
 * The query-graph predictor's figures (issue 5), for every structured source with a trained model:
 * held-out synthetic questions (a seed training never used) exact match top-1/3/5 and per component
 * (Polyglotter Figure 3); execution accuracy on the dev questions (data/questions-dev) through `ask`, scored
 * as its README says; prediction latency (top-3) p50/p95; training time from the model card; then
 * the paraphrase set against the original wording, asked over HTTP (paraphrase-accuracy.ts).
 */
import { rmSync } from 'node:fs';
import { optionsFromConfig } from '../cli/server.js';
import { nlQuery } from '../plugins/nl-query/index.js';
import { evaluateHeldOut } from '../engines/predictor/training/evaluate.js';
import { QuestionGenerator } from '../engines/predictor/generator/generator.js';
import { loadPredictor } from '../engines/predictor/load.js';
import { WordNet } from '../engines/english/wordnet.js';
import { defaultModelsRoot, modelDirectory, readManifest } from '../engines/predictor/model/model-files.js';
import { devQuestionsDir, matchesGold, readDevQuestions } from './dev-questions.js';
import { paraphraseBenchmarks } from './paraphrase-accuracy.js';
import { withServedGateway } from './served-gateway.js';
import { latencySummary, percentile } from './stats.js';
import { scratchWorld } from './world.js';

const HELD_OUT = 300;
/** Dev sets by source: which questions a source's answers are scored on. */
const DEV_SETS: Record<string, 'northwind' | 'royals'> = { northwind: 'northwind', 'northwind-graph': 'northwind', royals: 'royals' };

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export async function querygraphBenchmarks(): Promise<void> {
  const { dir, config } = await scratchWorld();
  const { gateway } = nlQuery(optionsFromConfig(config));
  try {
    await gateway.start();
    for (const source of config.sources) {
      if (source.kind === 'nldb') continue;
      const manifest = readManifest(modelDirectory(defaultModelsRoot(), source.id), source.id);
      if (!manifest) {
        console.log(`${source.id}: no trained query-graph model (nlq train --source ${source.id})`);
        continue;
      }
      let engine;
      try {
        engine = await gateway.queryGraphEngineOf(source.id);
      } catch (error) {
        console.log(`${source.id}: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      const t = manifest.training;
      console.log(`${source.id}: model ${manifest.files.decoder}, ${t.parameters} parameters, ${t.trainExamples} questions, training ${(t.trainSeconds / 60).toFixed(1)} min (${(t.totalSeconds / 60).toFixed(1)} min end to end)`);
      const loaded = await loadPredictor(source.id, engine);
      try {
        const heldOut = new QuestionGenerator(engine.schema(), loaded.memory, { seed: 99, lexicon: WordNet.shared(), ...loaded.rules }).generate(HELD_OUT);
        const m = await evaluateHeldOut(loaded.predictor, heldOut);
        console.log(`  held-out synthetic (${m.examples}, seed 99): top-1 ${pct(m.top1)}, top-3 ${pct(m.top3)}, top-5 ${pct(m.top5)}; top-1 classes ${pct(m.classes)}, attributes ${pct(m.attributes)}, constraints ${pct(m.constraints)}`);
        const latencies: number[] = [];
        for (const example of heldOut.slice(0, 100)) {
          const started = performance.now();
          await loaded.predictor.predict(example.question, 3);
          latencies.push(performance.now() - started);
        }
        const sorted = [...latencies].sort((a, b) => a - b);
        console.log(`  prediction latency, top-3: ${latencySummary(latencies)} (p50 ${percentile(sorted, 50).toFixed(1)} ms)`);
      } finally {
        await loaded.release();
      }
      const devDir = devQuestionsDir();
      const set = DEV_SETS[source.id];
      if (!set) continue;
      const questions = readDevQuestions(devDir, set);
      let correct = 0;
      const askLatencies: number[] = [];
      const wrong: string[] = [];
      for (const q of questions) {
        const started = performance.now();
        const result = await gateway.ask(q.question, { sources: [source.id], topK: 3, limit: 1000 });
        askLatencies.push(performance.now() - started);
        if (result.answer && matchesGold(q, result.answer.rows)) correct += 1;
        else wrong.push(q.id);
      }
      console.log(`  execution accuracy on questions-dev/${set}.jsonl: ${correct}/${questions.length} = ${pct(correct / questions.length)} (ask, top-3, ${latencySummary(askLatencies)})`);
      console.log(`  wrong: ${wrong.join(' ')}`);
    }
  } finally {
    await gateway.stop();
  }
  try {
    // The same world served on its own, asked as users' clients ask it.
    await withServedGateway(config.file, paraphraseBenchmarks);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
