/**
 * `nlq train --shared` as a library call: one schema-conditioned predictor learnt over many
 * databases (Spider's 144 training databases by default), so that a source nobody trained a model
 * for still answers. Questions are generated from every database's own schema and data exactly as
 * for a per-source model (generator.ts); the model reads the schema as input (schema-elements.ts,
 * shared-input.ts) and is trained by models/train/querygraph/train_shared.py. Whole databases are
 * held out: the held-out figures say how the model does on schemas it never saw (with the
 * generator's English, not people's: see `npm run bench -- others` for that).
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { QueryGraphEngine } from '../../query-graph/engine.js';
import type { Progress } from '../../progress.js';
import { ModelUnusableError } from '../../../errors.js';
import { evaluateHeldOut } from './evaluate.js';
import { schemaFingerprint } from '../model/fingerprint.js';
import { defaultPython, runTrainer, trainerScript } from './python.js';
import { QuestionGenerator, type Example } from '../generator/generator.js';
import { addRates, readGoldShapes, type GoldQuery, type ReadingCheck, type ShapeRate, type SqlShape } from '../generator/gold-shapes.js';
import { QueryGraphPredictor } from '../interpreter.js';
import { englishLexicon } from '../load.js';
import { fixedTargetTokens, schemaElements, type SchemaElement } from '../model/schema-elements.js';
import { SharedOnnxModel } from '../model/shared-model.js';
import { fixedInputTokens, inputWord, MAX_ELEMENTS, schemaTensors, sharedQuestion, SharedVocabulary, type SharedVocabularyData } from '../model/shared-input.js';
import { SHARED_MODEL_FILE, type SharedModelManifest } from '../model/shared-files.js';
import { sharedModelCard } from '../model/shared-model-card.js';
import { ValueMemory } from '../values/value-memory.js';
import { taughtTrainingSet, type TaughtInput, type TaughtUse } from './taught-examples.js';
import { taughtLine } from '../model/model-card.js';
import { WordNet } from '../../english/wordnet.js';

/** One database to learn from, opened only while its questions are generated (and evaluated, when held out). */
export interface TrainingSchema {
  readonly id: string;
  open(): Promise<OpenedSchema>;
}

export interface OpenedSchema {
  readonly engine: QueryGraphEngine;
  /** Runs a gold query and its reading on the database and says whether they give the same rows (gold-shapes.ts); without it, readings are not checked. */
  readonly checkReading?: ReadingCheck;
  close(): Promise<void>;
}

export interface SharedTrainOptions {
  readonly schemas: readonly TrainingSchema[];
  /** The model folder to write (models/shared-querygraph). */
  readonly out: string;
  /** Synthetic questions per database. Default 1200. */
  readonly examplesPerSchema?: number;
  /** Databases held out of training entirely, for the held-out figures. Default 8 (every k-th by id). */
  readonly heldOutSchemas?: number;
  /**
   * Specialising to the given databases (with `init`): none is held out; the held-out figures come
   * from other questions on the same databases (another seed). Default false.
   */
  readonly specialise?: boolean;
  /** Held-out questions per held-out database scored with the full predictor (beam, grammar, checks). Default 40. */
  readonly heldOutPerSchema?: number;
  readonly seed?: number;
  /** Model and schedule. Defaults: d 128, 3 layers, 4 heads, ff 512, 60 minutes, batch 64, lr 0.001. */
  readonly model?: { readonly dModel?: number; readonly layers?: number; readonly heads?: number; readonly ff?: number; readonly epochs?: number; readonly minutes?: number; readonly batch?: number; readonly lr?: number };
  /**
   * Start from this trained model (its folder): per-source specialisation, or continuing the
   * shared model (`nlq train --shared --continue`). Its word vocabulary is kept; target words
   * the model does not have yet (newer constructs) are added after its own.
   */
  readonly init?: string;
  /**
   * Exactly these databases are held out (a continued model keeps the held-out databases of the
   * run it continues, so its held-out figures stay about databases it never saw). Default: every k-th by id.
   */
  readonly heldOutDatabases?: readonly string[];
  /**
   * SQL people wrote for the training databases (`<schemas dir>/train_gold.sql`, gold-shapes.ts):
   * each database's queries read into query graphs become a `share` of its questions (default
   * 0.3), their shapes asked again with fresh values. Held-out databases' queries are never used.
   */
  readonly gold?: { readonly queries: readonly GoldQuery[]; readonly share?: number };
  /** What a reader of the model's figures must know that its fields do not say (the manifest's notes). */
  readonly notes?: readonly string[];
  readonly python?: string;
  readonly echo?: boolean;
  /** Specialising: the source's taught examples, mixed in `weight` times each (default 20), every fifth held out (taught-examples.ts) and measured after training. */
  readonly taught?: TaughtOptions;
  readonly progress: Progress;
}

/** A source's taught examples as training takes them. */
export interface TaughtOptions {
  readonly examples: readonly TaughtInput[];
  readonly weight?: number;
}

interface Prepared {
  readonly id: string;
  readonly opened: OpenedSchema;
  readonly memory: ValueMemory;
  readonly elements: readonly SchemaElement[];
  /** Training questions (none for a held-out database). */
  readonly examples: readonly Example[];
  /** Questions to measure with (another seed for a specialisation; none for a training-only database). */
  readonly heldOut: readonly Example[];
  /** A specialised source's taught examples held out of training, measured after it. */
  readonly taughtHeldOut: readonly Example[];
}

export async function trainSharedPredictor(options: SharedTrainOptions): Promise<SharedModelManifest> {
  const started = performance.now();
  const { progress } = options;
  const seed = options.seed ?? 1;
  const perSchema = options.examplesPerSchema ?? 1200;
  const sorted = [...options.schemas].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const holdOut = options.specialise ? 0 : Math.min(options.heldOutSchemas ?? 8, Math.max(0, sorted.length - 1));
  const every = holdOut > 0 ? Math.floor(sorted.length / holdOut) : Infinity;
  const heldOutIds = new Set(options.heldOutDatabases ?? sorted.filter((_, i) => holdOut > 0 && i % every === every - 1).slice(0, holdOut).map((s) => s.id));

  progress.phase('generating synthetic questions per database', sorted.length);
  const prepared: Prepared[] = [];
  const skipped: string[] = [];
  let taughtUse: TaughtUse | null = null;
  const lexicon = WordNet.shared();
  const goldRate = {} as Record<SqlShape, ShapeRate>;
  const goldByDatabase = new Map<string, GoldQuery[]>();
  for (const q of options.gold?.queries ?? []) goldByDatabase.set(q.database, [...(goldByDatabase.get(q.database) ?? []), q]);
  try {
    for (const [index, schema] of sorted.entries()) {
      const opened = await schema.open().catch((error: unknown) => {
        skipped.push(`${schema.id} (${firstLine(error)})`);
        return null;
      });
      if (!opened) continue;
      const graph = opened.engine.schema();
      const elements = schemaElements(graph);
      const outside = heldOutIds.has(schema.id);
      let measured = false;
      if (elements.length > MAX_ELEMENTS || graph.classes.length === 0) {
        skipped.push(`${schema.id} (${elements.length} elements)`);
      } else {
        try {
          const memory = await ValueMemory.read(opened.engine);
          // Gold shapes only for a database trained on: a held-out one stays unseen, its questions the generator's alone.
          const gold = !outside && goldByDatabase.has(schema.id) ? await readGoldShapes(goldByDatabase.get(schema.id) ?? [], graph, opened.checkReading) : null;
          if (gold) addRates(goldRate, gold.rate);
          const goldOptions = gold && gold.graphs.length > 0 ? { goldShapes: gold.graphs, ...(options.gold?.share !== undefined ? { goldShapeShare: options.gold.share } : {}) } : {};
          const generator = (k: number) => new QuestionGenerator(graph, memory, { lexicon, valuesAcrossMarks: true, seed: seed + index * 7919 + k, ...(k === 0 && !outside ? goldOptions : {}) });
          // A specialised source's taught examples join its generated ones, weighted (taught-examples.ts).
          const taught = options.taught && options.specialise ? taughtTrainingSet(options.taught.examples, graph, memory, { acrossMarks: true, ...(options.taught.weight !== undefined ? { weight: options.taught.weight } : {}) }) : null;
          if (taught) taughtUse = taught.use;
          const examples = outside ? [] : [...generator(0).generate(perSchema), ...(taught?.train ?? [])];
          const heldOut = outside ? generator(0).generate(140) : options.specialise ? generator(104729).generate(140) : [];
          prepared.push({ id: schema.id, opened, memory, elements, examples, heldOut, taughtHeldOut: taught?.heldOut ?? [] });
          measured = heldOut.length > 0;
        } catch (error) {
          // One odd database (values its types do not describe) must not stop learning from the others.
          skipped.push(`${schema.id} (${firstLine(error)})`);
        }
      }
      // Only the databases measured after training stay open.
      if (!measured) await opened.close();
      progress.advance();
    }
    const goldNote = options.gold ? goldShapesNote(goldRate, options.gold.share ?? 0.3) : null;
    if (goldNote) progress.finish(goldNote);
    const notes = [...(options.notes ?? []), ...(goldNote ? [goldNote] : [])];
    return await trainOn(prepared, skipped, { ...options, ...(notes.length > 0 ? { notes } : {}) }, started, taughtUse);
  } finally {
    await Promise.all(prepared.filter((p) => p.heldOut.length > 0).map((p) => p.opened.close()));
  }
}

async function trainOn(prepared: readonly Prepared[], skipped: readonly string[], options: SharedTrainOptions, started: number, taughtUse: TaughtUse | null): Promise<SharedModelManifest> {
  const { progress } = options;
  const seed = options.seed ?? 1;
  const train = prepared.filter((p) => p.examples.length > 0);
  const held = prepared.filter((p) => p.heldOut.length > 0);
  progress.finish(`${train.reduce((n, p) => n + p.examples.length, 0)} questions on ${train.length} databases, ${options.specialise ? 'measured on other questions of the same' : `${held.length} held out`}${skipped.length > 0 ? `; skipped ${skipped.join(', ')}` : ''}`);
  if (train.length === 0) throw new ModelUnusableError('shared', 'no database gave questions to train on');

  const initial = options.init ? (JSON.parse(readFileSync(join(options.init, SHARED_MODEL_FILE), 'utf8')) as SharedModelManifest) : null;
  const vocabulary = initial
    ? new SharedVocabulary(withTargets(initial.vocabulary, fixedTargetTokens()))
    : SharedVocabulary.build([
        ...train.flatMap((p) => p.examples.map((e) => questionWords(e.input))),
        ...train.flatMap((p) => p.elements.map((e) => [...e.words, ...e.owner])),
      ]);
  const fixed = vocabulary.data.fixedTargets;
  const fixedIds = new Map(fixed.map((t, i) => [t, i]));
  const rows = (p: Prepared, examples: readonly Example[], index: number) =>
    examples.flatMap((e) => {
      const elementIds = new Map(p.elements.map((el, i) => [el.token, i]));
      const target = e.target.map((t) => fixedIds.get(t) ?? (elementIds.has(t) ? fixed.length + (elementIds.get(t) as number) : -1));
      if (target.includes(-1)) return [];
      const q = sharedQuestion(e.input, p.elements, vocabulary);
      return [[index, q.src, q.marks, target, q.links, q.linked]];
    });
  const work = mkdtempSync(join(tmpdir(), 'nlq-qg-shared-'));
  try {
    const schemas = prepared.map((p) => {
      const t = schemaTensors(p.elements, vocabulary);
      return { name: p.id, words: t.words, owner: t.owner, meta: t.meta, classOf: classOf(p.elements) };
    });
    const trainRows = prepared.flatMap((p, i) => rows(p, p.examples, i));
    const devRows = prepared.flatMap((p, i) => rows(p, p.heldOut.slice(0, 100), i));
    writeFileSync(join(work, 'data.json'), JSON.stringify({ vocabSize: vocabulary.size, fixedTargets: fixed.length, firstWordId: fixedInputTokens().length, schemas, train: trainRows, dev: devRows.length > 0 ? devRows : trainRows.slice(0, 200) }));
    const m = options.model ?? {};
    const args = [
      trainerScript('train_shared.py'),
      '--data', work,
      '--out', join(work, 'out'),
      '--seed', String(seed),
      ...(options.init ? ['--init', join(options.init, 'model.pt')] : []),
      ...flag('--d-model', m.dModel ?? 128),
      ...flag('--layers', m.layers ?? 3),
      ...flag('--heads', m.heads ?? 4),
      ...flag('--ff', m.ff ?? 512),
      ...flag('--epochs', m.epochs ?? 20),
      ...flag('--minutes', m.minutes ?? 60),
      ...flag('--batch', m.batch ?? 64),
      ...flag('--lr', m.lr ?? 0.001),
    ];
    progress.phase(`training (PyTorch) on ${trainRows.length} questions`);
    await runTrainer(options.python ?? defaultPython(), args, options.echo ?? false);
    const metrics = JSON.parse(readFileSync(join(work, 'out', 'metrics.json'), 'utf8')) as { parameters: number; trainSeconds: number; config: Record<string, number | string | boolean>; heldOut: { greedyExact: number } };
    progress.finish(`trained ${metrics.parameters} parameters in ${Math.round(metrics.trainSeconds)} s (greedy exact on held-out databases ${metrics.heldOut.greedyExact})`);

    const files = { encoder: 'encoder.int8.onnx', decoder: 'decoder.int8.onnx' };
    progress.phase('evaluating on held-out questions', held.reduce((n, p) => n + Math.min(p.heldOut.length, options.heldOutPerSchema ?? 40), 0));
    const model = await SharedOnnxModel.load(join(work, 'out', files.encoder), join(work, 'out', files.decoder), vocabulary);
    const perDatabase: Record<string, number> = {};
    let top1 = 0;
    let top3 = 0;
    let count = 0;
    try {
      for (const p of held) {
        const schemaModel = model.forSchema(p.opened.engine.schema());
        const predictor = new QueryGraphPredictor(p.opened.engine, schemaModel, p.memory, englishLexicon(p.memory, schemaModel), { valuesAcrossMarks: true });
        const examples = p.heldOut.slice(-(options.heldOutPerSchema ?? 40));
        const figures = await evaluateHeldOut(predictor, examples, { onExample: () => progress.advance() });
        perDatabase[p.id] = figures.top1;
        top1 += figures.top1 * figures.examples;
        top3 += figures.top3 * figures.examples;
        count += figures.examples;
        if (taughtUse && p.taughtHeldOut.length > 0) taughtUse = { ...taughtUse, heldOutTop1: (await evaluateHeldOut(predictor, p.taughtHeldOut)).top1 };
      }
    } finally {
      await model.release();
    }
    const r = (x: number) => Math.round((x / Math.max(1, count)) * 10000) / 10000;
    progress.finish(`held-out databases: top-1 ${r(top1)}, top-3 ${r(top3)} on ${count} questions`);

    // What the card says of the taught examples, with the trained model's top-1 on those held out.
    const taughtNote = taughtUse ? taughtLine({ taught: taughtUse }).replace(/^- /, '').trim() : null;
    const notes = [...(options.notes ?? []), ...(taughtNote ? [taughtNote] : [])];
    mkdirSync(options.out, { recursive: true });
    for (const file of [files.encoder, files.decoder, 'model.pt']) copyFileSync(join(work, 'out', file), join(options.out, file));
    const manifest: SharedModelManifest = {
      format: 1,
      kind: 'shared',
      vocabulary: vocabulary.data,
      files,
      valuesAcrossMarks: true,
      training: {
        databases: train.map((p) => p.id),
        heldOutDatabases: held.map((p) => p.id),
        skipped,
        trainExamples: trainRows.length,
        parameters: metrics.parameters,
        trainSeconds: metrics.trainSeconds,
        totalSeconds: Math.round((performance.now() - started) / 100) / 10,
        seed,
        config: metrics.config,
        trainedAt: new Date().toISOString(),
        init: initial ? (options.specialise ? 'specialised from a shared model' : `continued from the shared model trained ${initial.training.trainedAt}`) : null,
      },
      ...(notes.length > 0 ? { notes } : {}),
      ...(taughtUse ? { taught: taughtUse } : {}),
      ...(options.specialise && prepared.length === 1 ? { schemaFingerprint: schemaFingerprint((prepared[0] as Prepared).opened.engine.schema()) } : {}),
      heldOut: { examples: count, top1: r(top1), top3: r(top3), greedyExact: metrics.heldOut.greedyExact, perDatabase },
    };
    writeFileSync(join(options.out, SHARED_MODEL_FILE), `${JSON.stringify(manifest)}\n`);
    writeFileSync(join(options.out, 'MODEL_CARD.md'), sharedModelCard(manifest));
    // A per-source model of the other kind left in the folder would be stale.
    for (const stale of ['encoder.onnx', 'decoder.onnx']) rmSync(join(options.out, stale), { force: true });
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * A trained model's vocabulary with the target words it lacks added after its own (the trainer
 * grows its output layer to match): every id the model has keeps its meaning.
 */
export function withTargets(vocabulary: SharedVocabularyData, targets: readonly string[]): SharedVocabularyData {
  const missing = targets.filter((t) => !vocabulary.fixedTargets.includes(t));
  return missing.length === 0 ? vocabulary : { ...vocabulary, fixedTargets: [...vocabulary.fixedTargets, ...missing] };
}

/** Per element, an index of the class it belongs to (the trainer keeps or drops whole classes). */
function classOf(elements: readonly SchemaElement[]): number[] {
  const ids = new Map<string, number>();
  return elements.map((e) => {
    const name = e.kind === 'class' || e.kind === 'all' ? e.words.join(' ') : e.owner.join(' ');
    if (!ids.has(name)) ids.set(name, ids.size);
    return ids.get(name) as number;
  });
}

/** What the gold shapes gave, per shape of SQL: read by the query-graph reader, dropped (other rows than the SQL's), kept (the English writer says it). */
export function goldShapesNote(rate: Record<SqlShape, ShapeRate>, share: number): string {
  const all = Object.values(rate).reduce((t, r) => ({ seen: t.seen + r.seen, read: t.read + r.read, differ: t.differ + r.differ, kept: t.kept + r.kept }), { seen: 0, read: 0, differ: 0, kept: 0 });
  const per = Object.entries(rate).map(([shape, r]) => `${shape} ${r.read}/${r.seen} read, ${r.differ} dropped, ${r.kept} kept`).join('; ');
  return `Gold shapes (train_gold.sql, training databases only): ${all.read} of ${all.seen} gold SQL queries read as query graphs, ${all.differ} of them dropped because the reading gave other rows than the SQL on the database, ${all.kept} kept (the rest use constructs the English writer has no words for) (${per}); a share of ${share} of each such database's questions asks these shapes again with values drawn from its data.`;
}

/** An error's first non-empty line (Prisma's messages span several). */
function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n').map((line) => line.trim()).find((line) => line.length > 0 && !line.startsWith('Invalid `')) ?? text.trim();
}

/** The question part of input tokens as the shared model reads it (for the vocabulary). */
function questionWords(input: readonly string[]): string[] {
  const bar = input.lastIndexOf('|');
  return (bar < 0 ? input : input.slice(0, bar)).map(inputWord);
}

function flag(name: string, value: number): string[] {
  return [name, String(value)];
}



export interface SpecialiseOptions {
  readonly sourceId: string;
  readonly engine: QueryGraphEngine;
  /** The source's model folder (models/querygraph/<source>). */
  readonly out: string;
  /** The shared model's folder to start from. */
  readonly shared: string;
  /** Synthetic questions on the source. Default 24000. */
  readonly examples?: number;
  /** Minutes of PyTorch. Default 6 (with generation, export and evaluation, under 10 minutes on 2 cores). */
  readonly minutes?: number;
  readonly seed?: number;
  readonly python?: string;
  readonly echo?: boolean;
  /** Specialising: the source's taught examples, weighted, every fifth held out and measured (SharedTrainOptions.taught). */
  readonly taught?: TaughtOptions;
  readonly progress: Progress;
}

/**
 * `nlq train --source` when a shared model is installed: the shared model, trained a few more
 * minutes on questions generated from this one source, and measured on other questions of it.
 */
export function specialiseSharedPredictor(options: SpecialiseOptions): Promise<SharedModelManifest> {
  const { engine } = options;
  return trainSharedPredictor({
    schemas: [{ id: options.sourceId, open: async () => ({ engine, close: async () => undefined }) }],
    out: options.out,
    init: options.shared,
    specialise: true,
    examplesPerSchema: options.examples ?? 24_000,
    model: { minutes: options.minutes ?? 6, lr: 0.0005, epochs: 4 },
    progress: options.progress,
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.python !== undefined ? { python: options.python } : {}),
    ...(options.echo !== undefined ? { echo: options.echo } : {}),
    ...(options.taught ? { taught: options.taught } : {}),
  });
}
