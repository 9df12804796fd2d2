import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GatewayConfig } from '../../config/config.js';
import { nlQuery } from '../../plugins/nl-query/index.js';
import { defaultModelsRoot, modelDirectory } from '../../engines/predictor/model/model-files.js';
import { openSqlClient } from '../../engines/sql/prisma-client.js';
import { SqlQueryEngine } from '../../engines/sql/sql-engine.js';
import { defaultSharedModelDirectory, readSharedManifest } from '../../engines/predictor/model/shared-files.js';
import { specialiseSharedPredictor, trainSharedPredictor, type TrainingSchema } from '../../engines/predictor/training/shared-training.js';
import { trainPredictor } from '../../engines/predictor/training/training.js';
import { parseGoldFile, readingCheck } from '../../engines/predictor/generator/gold-shapes.js';

/**
 * Share of the shared model's training questions that ask people's query shapes again, when the
 * schemas folder has them. The shipped model was continued 35 minutes at 0.3: questions-others
 * through GraphQL 229 -> 240/702 against the model it continued (same code, quiet machine).
 */
const DEFAULT_GOLD_SHARE = 0.3;
import { terminalProgress } from '../progress.js';
import { optionsFromConfig } from '../server.js';
import type { NlQueryOptions, SourceSpec } from '../../plugins/nl-query/options.js';
import { MODEL_FILE } from '../../engines/predictor/model/model-files.js';
import { calibrateSharedModel, calibrateSourceModel } from './calibrate.js';

/** Options of `nlq train --source <id>`. */
export interface TrainSourceOptions {
  /** A tiny run that only checks the pipeline (few questions, a small model, about a minute). */
  readonly quick?: boolean;
  /** Where the model goes; default: the package's models/querygraph/<source>. */
  readonly out?: string;
  /** Model size; each absent field keeps trainPredictor's default (d 128, 3 layers, ff 512). */
  readonly model?: { readonly dModel?: number | undefined; readonly layers?: number | undefined; readonly ff?: number | undefined };
  /**
   * Train a per-source model from scratch (about 20 minutes) instead of specialising the shared
   * model (under 10). Without a shared model installed, training is always from scratch.
   */
  readonly fromScratch?: boolean;
  /**
   * Minutes of PyTorch training (the time budget; the schedule ends annealed when it runs out).
   * Default: 6 specialising the shared model, 18 from scratch. Generation, export and evaluation
   * come on top (a minute or two on 2 cores), so a from-scratch run within issue 18's 10 minutes
   * needs a budget of at most 8.
   */
  readonly minutes?: number;
  /** Only fit the trained model's calibration again (what every training run ends with), without training. */
  readonly calibrateOnly?: boolean;
}

/**
 * The trained model's own calibration (calibrate.ts), written beside it; a failure to fit leaves
 * the model usable (its group's curve applies) and is reported, not thrown.
 */
async function calibrateTrained(source: Exclude<SourceSpec, { kind: 'nldb' }>, out: string, quick: boolean | undefined): Promise<boolean> {
  console.error(`nlq train: fitting the calibration of ${out} on held-out questions asked through the gateway...`);
  try {
    await calibrateSourceModel({ source, modelDirectory: out, log: (line) => console.error(`nlq train: ${line}`), ...(quick ? { questions: 60 } : {}) });
    return true;
  } catch (error) {
    console.error(`nlq train: calibration not fitted: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}

/**
 * `nlq train --source <id>`: introspects the source, generates synthetic questions from its schema
 * graph and data, trains the query-graph predictor with Debian's PyTorch, exports ONNX (int8 when it
 * keeps accuracy), evaluates on held-out questions and writes model.json + MODEL_CARD.md
 * (engines/predictor/training/training.ts), then fits the model's own calibration on held-out
 * questions (calibrate.ts). Progress goes to the terminal.
 */
export async function trainCommand(config: GatewayConfig, sourceId: string | undefined, options: TrainSourceOptions = {}): Promise<number> {
  if (!sourceId) {
    console.error('nlq train: --source <id> is required');
    return 2;
  }
  if (!config.sources.some((source) => source.id === sourceId)) {
    console.error(`nlq train: unknown source '${sourceId}' in ${config.file}`);
    return 2;
  }
  const all = optionsFromConfig(config);
  const source = all.sources.find((s) => s.id === sourceId)!;
  if (source.kind === 'nldb') {
    console.error(`nlq train: '${sourceId}' is a fact collection: its models are trained with --nldb`);
    return 2;
  }
  if (options.calibrateOnly) {
    const out = options.out ?? modelDirectory(defaultModelsRoot(), sourceId);
    if (!existsSync(join(out, MODEL_FILE))) {
      console.error(`nlq train --calibrate: no model in ${out} (train it first)`);
      return 2;
    }
    return (await calibrateTrained(source, out, options.quick)) ? 0 : 1;
  }
  const { gateway } = nlQuery({ ...all, sources: [source] });
  try {
    const engine = await gateway.queryGraphEngineOf(sourceId);
    // What users taught the source (confirmed answers, corrections, examples) is mixed into the data.
    const examples = await gateway.taughtExamples(sourceId);
    const taught = examples.length > 0 ? { taught: { examples } } : {};
    if (examples.length > 0) console.error(`nlq train: ${examples.length} taught example(s) of '${sourceId}' mixed into the data (the model card says how many were used and held out)`);
    const out = options.out ?? modelDirectory(defaultModelsRoot(), sourceId);
    const shared = defaultSharedModelDirectory();
    if (!options.fromScratch && readSharedManifest(shared)) {
      const manifest = await specialiseSharedPredictor({
        sourceId,
        engine,
        out,
        shared,
        progress: terminalProgress(),
        echo: true,
        ...(options.minutes !== undefined ? { minutes: options.minutes } : {}),
        ...(options.quick ? { examples: 600, minutes: 0.5 } : {}),
        ...taught,
      });
      console.error(
        `nlq train: wrote ${out} (the shared model specialised on ${manifest.training.trainExamples} questions, ${Math.round(manifest.training.trainSeconds)} s training; ` +
          `held-out top-1 ${manifest.heldOut.top1}, top-3 ${manifest.heldOut.top3})`,
      );
      await calibrateTrained(source, out, options.quick);
      return 0;
    }
    const quick = options.quick ? { examples: 1500, heldOut: 100, model: { dModel: 64, layers: 1, ff: 128, epochs: 3, minutes: 2 } } : {};
    const size = Object.fromEntries(Object.entries({ ...options.model, minutes: options.minutes }).filter(([, v]) => v !== undefined));
    const report = await trainPredictor({ sourceId, engine, out, progress: terminalProgress(), echo: true, ...(Object.keys(size).length > 0 ? { model: size } : {}), ...quick, ...taught });
    const h = report.manifest.heldOut;
    console.error(
      `nlq train: wrote ${report.directory} (${report.manifest.training.trainExamples} questions, ${report.manifest.training.parameters} parameters, ` +
        `${Math.round(report.manifest.training.trainSeconds)} s training; held-out top-1 ${h?.top1 ?? 'n/a'}, top-3 ${h?.top3 ?? 'n/a'})`,
    );
    await calibrateTrained(source, out, options.quick);
    return 0;
  } catch (error) {
    console.error(`nlq train: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await gateway.stop();
  }
}

/** Options of `nlq train --nldb`. */
export interface TrainNldbOptions {
  /** A tiny run that only checks the pipeline (writes to a temporary folder). */
  readonly quick: boolean;
  /** Where the models go; default: the package's models/nldb. */
  readonly out?: string;
  /** The gateway (a config's options) whose fact collections' taught answers the extractor learns from (none: no taught answers). */
  readonly gateway?: NlQueryOptions;
  /** More arguments for train.py (the tests' thread count and checkpoint). */
  readonly trainerArgs?: readonly string[];
}

/**
 * The fact-level corrections stored for the config's fact collections, written for the trainer
 * (models/train/nldb/taught.py); null when there are none, or they cannot be read (said, and
 * training goes on without them).
 */
async function taughtFactAnswersFile(all: NlQueryOptions, dir: string): Promise<string | null> {
  const collections = (all.sources ?? []).filter((s) => s.kind === 'nldb');
  if (collections.length === 0) return null;
  const { gateway } = nlQuery({ ...all, sources: collections });
  try {
    const taught = [];
    for (const collection of collections) taught.push(...(await gateway.taughtFactTraining(collection.id)));
    if (taught.length === 0) return null;
    const file = join(dir, 'taught.json');
    writeFileSync(file, JSON.stringify(taught));
    console.error(`nlq train --nldb: ${taught.length} taught answer(s) of ${collections.map((c) => `'${c.id}'`).join(', ')} mixed into the extractor's data (the model card says how many were used and held out)`);
    return file;
  } catch (error) {
    console.error(`nlq train --nldb: taught answers not read (${error instanceof Error ? error.message : String(error)}); training without them`);
    return null;
  } finally {
    await gateway.stop();
  }
}

/**
 * `nlq train --nldb`: regenerates the training worlds and retrains the Support Set Generator and
 * the Select-Project-Join extractor with Debian's PyTorch (`/usr/bin/python3`, see
 * models/nldb/MODEL_CARD.md), exporting ONNX into models/nldb. Progress goes to the terminal.
 */
export async function trainNldbCommand(options: TrainNldbOptions): Promise<number> {
  const script = fileURLToPath(new URL('../../../models/train/nldb/train.py', import.meta.url));
  const fallback = fileURLToPath(new URL('../../models/train/nldb/train.py', import.meta.url));
  const path = existsSync(script) ? script : fallback;
  const python = process.env.NLQ_PYTHON ?? '/usr/bin/python3';
  const work = mkdtempSync(join(tmpdir(), 'nlq-nldb-taught-'));
  try {
    const taught = options.gateway ? await taughtFactAnswersFile(options.gateway, work) : null;
    const args = [
      path,
      ...(options.quick ? ['--quick', '--out', options.out ?? join(tmpdir(), 'nlq-nldb-quick')] : options.out ? ['--out', options.out] : []),
      ...(taught ? ['--taught', taught] : []),
      ...(options.trainerArgs ?? []),
    ];
    console.error(`nlq train --nldb: ${python} ${args.join(' ')}`);
    const child = spawn(python, args, {
      stdio: 'inherit',
      env: { ...process.env, OMP_WAIT_POLICY: 'PASSIVE', OPENBLAS_NUM_THREADS: process.env.OPENBLAS_NUM_THREADS ?? '2' },
    });
    return await new Promise<number>((resolve) => {
      child.on('error', (error) => {
        console.error(`nlq train --nldb: cannot run ${python}: ${error.message} (install python3-torch python3-onnx python3-numpy)`);
        resolve(2);
      });
      child.on('exit', (code) => resolve(code ?? 1));
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Options of `nlq train --shared`. */
export interface TrainSharedOptions {
  /** A folder of SQLite databases (`<db>/<db>.sqlite` or `*.sqlite`) to learn from. */
  readonly schemas: string;
  /** Where the model goes; default: the package's models/shared-querygraph. */
  readonly out?: string;
  /** Minutes of PyTorch training (default 60). */
  readonly minutes?: number;
  /** A tiny run that only checks the pipeline (few questions, a small model, about a minute). */
  readonly quick?: boolean;
  /**
   * A shared model's folder to continue training (warm start): its weights and vocabulary (target
   * words it lacks are added), its held-out databases, half the default learning rate.
   */
  readonly continueFrom?: string;
  /**
   * Share of each training database's questions asking the query shapes of `<schemas>/train_gold.sql`
   * (generator/gold-shapes.ts). Default `DEFAULT_GOLD_SHARE` when the file is there, else 0.
   */
  readonly goldShapes?: number;
  /** Only fit the calibration of the shared model in `out` again (on its held-out databases, found under `schemas`), without training. */
  readonly calibrateOnly?: boolean;
}

/**
 * `nlq train --shared --schemas <folder>`: learns the shared, schema-conditioned predictor over
 * every SQLite database in the folder (engines/predictor/training/shared-training.ts), holding
 * whole databases out to measure it, then fits its calibration on those held-out databases
 * (calibrate.ts). Sources with no model of their own answer with it. A `train_gold.sql` in the
 * folder (SQL people wrote for those databases, "SQL<TAB>db_id") gives a share (`--gold-shapes S`,
 * default 0.3) of each training database's questions the query shapes people ask
 * (generator/gold-shapes.ts).
 */
export async function trainSharedCommand(options: TrainSharedOptions): Promise<number> {
  if (!options.schemas) {
    console.error('nlq train --shared: give the databases to learn from with --schemas <dir>');
    return 2;
  }
  const files = sqliteFiles(options.schemas);
  if (files.length === 0) {
    console.error(`nlq train --shared: no SQLite databases under ${options.schemas} (--schemas)`);
    return 2;
  }
  const schemas: TrainingSchema[] = files.map((file) => ({
    id: basename(file).replace(/\.sqlite$/, ''),
    open: async () => {
      const url = `file:${file}`;
      const client = openSqlClient(url, { readonly: true });
      try {
        const engine = await SqlQueryEngine.open({ sourceId: basename(file), provider: 'sqlite', client, url });
        return { engine, checkReading: readingCheck(engine, engine.schema()), close: async () => { await engine.close(); await client.$disconnect(); } };
      } catch (error) {
        await client.$disconnect();
        throw error;
      }
    },
  }));
  const out = options.out ?? (options.quick ? join(tmpdir(), 'nlq-shared-quick') : defaultSharedModelDirectory());
  const calibrate = async (heldOutDatabases: readonly string[]) => {
    const heldOut = files.filter((file) => heldOutDatabases.includes(basename(file).replace(/\.sqlite$/, ''))).map((file) => ({ id: basename(file).replace(/\.sqlite$/, ''), file }));
    if (heldOut.length === 0) {
      console.error(`nlq train --shared: calibration not fitted: none of the held-out databases (${heldOutDatabases.join(', ')}) is under ${options.schemas}`);
      return false;
    }
    console.error(`nlq train --shared: fitting the calibration on held-out questions of ${heldOut.length} held-out databases, asked through the gateway...`);
    try {
      await calibrateSharedModel({ modelDirectory: out, heldOut, log: (line) => console.error(`nlq train --shared: ${line}`), ...(options.quick ? { questionsPerDatabase: 20 } : {}) });
      return true;
    } catch (error) {
      console.error(`nlq train --shared: calibration not fitted: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  };
  if (options.calibrateOnly) {
    const trained = readSharedManifest(out);
    if (!trained) {
      console.error(`nlq train --shared --calibrate: no shared model in ${out}`);
      return 2;
    }
    return (await calibrate(trained.training.heldOutDatabases)) ? 0 : 1;
  }
  const quick = options.quick ? { examplesPerSchema: 200, heldOutSchemas: 1, heldOutPerSchema: 10, model: { dModel: 64, layers: 1, ff: 128, epochs: 2, minutes: 1 } } : {};
  const continued = options.continueFrom ? readSharedManifest(options.continueFrom) : null;
  if (options.continueFrom && !continued) {
    console.error(`nlq train --shared: no shared model in ${options.continueFrom} (--continue)`);
    return 2;
  }
  const goldFile = join(options.schemas, 'train_gold.sql');
  const share = options.goldShapes ?? (existsSync(goldFile) ? DEFAULT_GOLD_SHARE : 0);
  if (share > 0 && !existsSync(goldFile)) {
    console.error(`nlq train --shared: --gold-shapes needs ${goldFile}`);
    return 2;
  }
  const gold = share > 0 && !options.quick ? { queries: parseGoldFile(readFileSync(goldFile, 'utf8')), share } : null;
  if (gold) console.error(`nlq train --shared: ${gold.queries.length} gold SQL queries in ${goldFile}: their shapes join the training databases' questions`);
  try {
    const manifest = await trainSharedPredictor({
      schemas,
      out,
      ...(gold ? { gold } : {}),
      progress: terminalProgress(),
      echo: true,
      ...(options.minutes !== undefined || continued ? { model: { ...(options.minutes !== undefined ? { minutes: options.minutes } : {}), ...(continued ? { lr: 0.0005 } : {}) } } : {}),
      ...quick,
      ...(continued && options.continueFrom
        ? {
            init: options.continueFrom,
            heldOutDatabases: continued.training.heldOutDatabases,
            notes: [
              ...(continued.notes ?? []),
              `Continued from the model trained ${continued.training.trainedAt} (${Math.round(continued.training.trainSeconds)} s of PyTorch on ${continued.training.trainExamples.toLocaleString('en-US')} questions); the held-out databases are that run's, so neither run trained on them.`,
            ],
          }
        : {}),
    });
    console.error(
      `nlq train --shared: ${manifest.training.trainExamples} questions on ${manifest.training.databases.length} databases, ${manifest.training.parameters} parameters, ` +
        `${Math.round(manifest.training.trainSeconds)} s training; held-out databases top-1 ${manifest.heldOut.top1}, top-3 ${manifest.heldOut.top3}`,
    );
    await calibrate(manifest.training.heldOutDatabases);
    return 0;
  } catch (error) {
    console.error(`nlq train --shared: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

/** `<dir>/<db>/<db>.sqlite` and `<dir>/*.sqlite`, sorted. */
function sqliteFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.sqlite')) out.push(join(dir, entry.name));
    const inner = join(dir, entry.name, `${entry.name}.sqlite`);
    if (!entry.isFile() && existsSync(inner)) out.push(inner);
  }
  return out.sort();
}
