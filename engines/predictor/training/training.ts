/**
 * `nlq train --source <id>` as a library call: read the value memory, generate synthetic questions
 * (balanced by number of classes through the walk's own distribution), train with Debian's PyTorch
 * (models/train/querygraph/train.py), export ONNX, keep int8 when it is as accurate as fp32 on
 * held-out questions, evaluate, and write model.json + MODEL_CARD.md. Works on any
 * QueryGraphEngine: nothing here knows SQL or Cypher.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { QueryGraphEngine } from '../../query-graph/engine.js';
import type { Progress } from '../../progress.js';
import { ModelUnusableError } from '../../../errors.js';
import { schemaFingerprint } from '../model/fingerprint.js';
import { evaluateHeldOut } from './evaluate.js';
import { defaultPython, runTrainer, trainerScript } from './python.js';
import { WordNet } from '../../english/wordnet.js';
import { QuestionGenerator, type Example, type GeneratorOptions } from '../generator/generator.js';
import { QueryGraphPredictor } from '../interpreter.js';
import { englishLexicon } from '../load.js';
import { modelCard } from '../model/model-card.js';
import { MODEL_FILE, type ModelManifest } from '../model/model-files.js';
import { PerSourceModel, Seq2SeqModel } from '../model/onnx-model.js';
import { taughtTrainingSet, type TaughtInput, type TaughtUse } from './taught-examples.js';
import { ValueMemory } from '../values/value-memory.js';
import { Vocabulary } from '../model/vocabulary.js';

export interface TrainOptions {
  readonly sourceId: string;
  readonly engine: QueryGraphEngine;
  /** The model folder to write (models/querygraph/<source>). */
  readonly out: string;
  /** Synthetic training examples. Default 60000 (fresh questions rather than more epochs of the same: the model is trained without dropout). */
  readonly examples?: number;
  /** Held-out examples (another seed) for the metrics. Default 600. */
  readonly heldOut?: number;
  /** Seed of generation and training. Default 1. */
  readonly seed?: number;
  /** Generator options (probabilities of the walk and the English). */
  readonly generator?: Omit<GeneratorOptions, 'seed'>;
  /** Model and schedule. Defaults: d 128, 3 layers, 4 heads, ff 512, at most 12 epochs or 18 minutes of PyTorch (the cosine schedule ends with whichever comes first; generation, export and evaluation fit in the 20-minute target), batch 96, lr 0.002, no dropout. */
  readonly model?: { readonly dModel?: number; readonly layers?: number; readonly heads?: number; readonly ff?: number; readonly epochs?: number; readonly minutes?: number; readonly batch?: number; readonly lr?: number; readonly dropout?: number };
  /** Python with torch, onnx and numpy. Default: NLQ_PYTHON or /usr/bin/python3. */
  readonly python?: string;
  /** Show the trainer's own progress bar on the terminal (stderr). Default false. */
  readonly echo?: boolean;
  /**
   * The source's taught examples (confirmed answers, corrections, added examples), mixed into the
   * synthetic data `weight` times each (default 20), every fifth held out and measured; the model
   * card says how many were used and held out (taught-examples.ts).
   */
  readonly taught?: { readonly examples: readonly TaughtInput[]; readonly weight?: number };
  readonly progress: Progress;
}

export interface TrainReport {
  readonly manifest: ModelManifest;
  readonly directory: string;
}

export async function trainPredictor(options: TrainOptions): Promise<TrainReport> {
  const started = performance.now();
  const { engine, progress } = options;
  const schema = engine.schema();
  const seed = options.seed ?? 1;
  progress.phase('reading the value memory');
  const memory = await ValueMemory.read(engine);
  progress.finish(`${memory.columns.length} attributes remembered`);

  const count = options.examples ?? 60_000;
  const heldOutCount = options.heldOut ?? 600;
  progress.phase('generating synthetic questions', count + heldOutCount);
  // WordNet synonyms of the schema's words are part of the English the model learns.
  // Values are read whole across marks ("Owner/Marketing Assistant"); model.json records it.
  const generatorOptions = { lexicon: WordNet.shared(), valuesAcrossMarks: true, ...options.generator };
  const rules = { valuesAcrossMarks: generatorOptions.valuesAcrossMarks };
  const generated = generate(new QuestionGenerator(schema, memory, { ...generatorOptions, seed }), count, progress);
  const heldOut = generate(new QuestionGenerator(schema, memory, { ...generatorOptions, seed: seed + 7919 }), heldOutCount, progress);
  progress.finish(`${generated.length} training and ${heldOut.length} held-out questions`);
  const taught = options.taught ? taughtTrainingSet(options.taught.examples, schema, memory, { acrossMarks: rules.valuesAcrossMarks, ...(options.taught.weight !== undefined ? { weight: options.taught.weight } : {}) }) : null;
  if (taught) progress.finish(`taught examples: ${taught.use.used} of ${taught.use.stored} trained on (x${taught.use.weight}), ${taught.use.heldOut} held out, ${taught.use.stored - taught.use.usable} not expressible as training targets`);
  // train.py shuffles its batches, so where the taught examples stand does not matter.
  const train = taught ? [...generated, ...taught.train] : generated;
  if (train.length < 10) throw new ModelUnusableError(options.sourceId, `the schema of '${options.sourceId}' gave too few questions to train on (${train.length})`);

  const vocabulary = Vocabulary.build(schema, train.map((e) => e.input));
  const work = mkdtempSync(join(tmpdir(), `nlq-qg-${options.sourceId.replace(/[^A-Za-z0-9]/g, '_')}-`));
  try {
    const rows = (examples: readonly Example[]) => examples.map((e) => [vocabulary.encodeInput(e.input), vocabulary.encodeTarget(e.target)]);
    writeFileSync(join(work, 'data.json'), JSON.stringify({ inputVocab: vocabulary.data.input, firstWordId: Vocabulary.firstWordId(vocabulary.data), targetVocab: vocabulary.data.target, train: rows(train), dev: rows(heldOut.slice(0, 300)) }));
    const m = options.model ?? {};
    const args = [
      trainerScript('train.py'),
      '--data', work,
      '--out', join(work, 'out'),
      '--seed', String(seed),
      // d 128 x 3 layers learnt Northwind better than d 96 x 2 in the same time (top-1 81.7% vs 76.7%).
      ...flag('--d-model', m.dModel ?? 128),
      ...flag('--layers', m.layers ?? 3),
      ...flag('--heads', m.heads ?? 4),
      ...flag('--ff', m.ff ?? 512),
      ...flag('--epochs', m.epochs ?? 12),
      ...flag('--minutes', m.minutes ?? 18),
      ...flag('--batch', m.batch ?? 96),
      ...flag('--lr', m.lr ?? 0.002),
      ...flag('--dropout', m.dropout ?? 0),
    ];
    progress.phase('training (PyTorch)');
    await runTrainer(options.python ?? defaultPython(), args, options.echo ?? false);
    const metrics = JSON.parse(readFileSync(join(work, 'out', 'metrics.json'), 'utf8')) as { parameters: number; trainSeconds: number; config: Record<string, number> };
    progress.finish(`trained ${metrics.parameters} parameters in ${Math.round(metrics.trainSeconds)} s`);

    // int8 when it keeps accuracy on held-out questions, else fp32.
    progress.phase('choosing int8 or fp32', 2);
    const probe = heldOut.slice(0, Math.min(200, heldOut.length));
    const score = async (encoder: string, decoder: string) => {
      const model = new PerSourceModel(await Seq2SeqModel.load(join(work, 'out', encoder), join(work, 'out', decoder)), vocabulary);
      try {
        return await evaluateHeldOut(new QueryGraphPredictor(engine, model, memory, englishLexicon(memory, model), rules), probe);
      } finally {
        await model.release();
      }
    };
    const fp32 = await score('encoder.onnx', 'decoder.onnx');
    progress.advance();
    const int8 = await score('encoder.int8.onnx', 'decoder.int8.onnx');
    progress.advance();
    const useInt8 = int8.top1 >= fp32.top1 - 0.01;
    progress.finish(`top-1 on ${probe.length}: fp32 ${fp32.top1}, int8 ${int8.top1}: serving ${useInt8 ? 'int8' : 'fp32'}`);
    const files = useInt8 ? { encoder: 'encoder.int8.onnx', decoder: 'decoder.int8.onnx' } : { encoder: 'encoder.onnx', decoder: 'decoder.onnx' };

    progress.phase('evaluating on held-out questions', heldOut.length);
    const model = new PerSourceModel(await Seq2SeqModel.load(join(work, 'out', files.encoder), join(work, 'out', files.decoder)), vocabulary);
    let heldOutMetrics;
    try {
      const figures = await evaluateHeldOut(new QueryGraphPredictor(engine, model, memory, englishLexicon(memory, model), rules), heldOut, { onExample: () => progress.advance() });
      heldOutMetrics = { examples: figures.examples, top1: figures.top1, top3: figures.top3, top5: figures.top5, classes: figures.classes, attributes: figures.attributes, constraints: figures.constraints };
    } finally {
      await model.release();
    }
    progress.finish(`top-1 ${heldOutMetrics.top1}, top-3 ${heldOutMetrics.top3}, top-5 ${heldOutMetrics.top5}`);
    let taughtUse: TaughtUse | undefined = taught?.use;
    if (taught && taught.heldOut.length > 0) {
      const model = new PerSourceModel(await Seq2SeqModel.load(join(work, 'out', files.encoder), join(work, 'out', files.decoder)), vocabulary);
      try {
        const figures = await evaluateHeldOut(new QueryGraphPredictor(engine, model, memory, englishLexicon(memory, model), rules), taught.heldOut);
        taughtUse = { ...taught.use, heldOutTop1: figures.top1 };
      } finally {
        await model.release();
      }
    }

    mkdirSync(options.out, { recursive: true });
    for (const file of [files.encoder, files.decoder]) copyFileSync(join(work, 'out', file), join(options.out, file));
    for (const stale of ['encoder.onnx', 'decoder.onnx', 'encoder.int8.onnx', 'decoder.int8.onnx']) {
      if (stale !== files.encoder && stale !== files.decoder) rmSync(join(options.out, stale), { force: true });
    }
    const manifest: ModelManifest = {
      format: 1,
      sourceId: options.sourceId,
      schemaFingerprint: schemaFingerprint(schema),
      vocabulary: vocabulary.data,
      files,
      training: {
        trainExamples: train.length,
        heldOutExamples: heldOut.length,
        parameters: metrics.parameters,
        trainSeconds: metrics.trainSeconds,
        totalSeconds: Math.round((performance.now() - started) / 100) / 10,
        seed,
        config: { ...metrics.config, quantisation: useInt8 ? 'int8 (DynamicQuantizeMatMul)' : 'fp32' },
        trainedAt: new Date().toISOString(),
      },
      heldOut: heldOutMetrics,
      valuesAcrossMarks: rules.valuesAcrossMarks,
      ...(taughtUse ? { taught: taughtUse } : {}),
    };
    writeFileSync(join(options.out, MODEL_FILE), `${JSON.stringify(manifest)}\n`);
    writeFileSync(join(options.out, 'MODEL_CARD.md'), modelCard(manifest, schema, { fp32: fp32.top1, int8: int8.top1, probe: probe.length }));
    return { manifest, directory: options.out };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function generate(generator: QuestionGenerator, count: number, progress: Progress): Example[] {
  const out: Example[] = [];
  let tries = 0;
  while (out.length < count && tries < count * 20) {
    tries += 1;
    const example = generator.next();
    if (example) {
      out.push(example);
      if (out.length % 500 === 0) progress.advance(500);
    }
  }
  progress.advance(out.length % 500);
  return out;
}

function flag(name: string, value: number): string[] {
  return [name, String(value)];
}


