/**
 * `npm run bench -- teach [--sets dev,others] [--k 0,5,10,20] [--seeds 3] [--db <name>,…] [--retrain] [--false-matches]`:
 * learning from use, measured as an outside client (GraphQL over HTTP to `nlq serve`). For each
 * database, k questions are taught (chosen at random per seed: `correctAnswer` with their gold
 * SQL, which the gateway reads into a query graph or refuses), and every other question of the
 * database is asked: its accuracy with the teaching against the same questions untaught (k = 0)
 * is the learning curve. At once: the taught questions themselves, and value-swapped variants of
 * them (another stored value of the column the question names, gold from the changed gold SQL),
 * asked right after teaching; the ask round trip with and without examples on the source.
 *
 * Sets: `dev` (questions-dev Northwind on the default world's SQL source; the royals questions'
 * gold SQL is over SQL tables the graph source does not have, and is made of nested queries a
 * query graph does not express, so royals is not taught) and `others` (questions-others, each
 * database served as its own SQL source).
 *
 * `--retrain` (CPU heavy: run under `flock /tmp/train.lock`, with --db naming one to three
 * databases; 1 + seeds trainings per database, about 7 minutes each): per database, `nlq train
 * --source` once with nothing taught (what training on the schema alone gives), then per seed
 * once with that seed's largest k taught (the questions of the learning curve; training mixes the
 * source's taught examples into its data). After each, the untaught questions are asked with the
 * new model twice: with the taught examples still stored, as a user who taught them and ran `nlq
 * train` has it (similar questions answered at once, the rest by the retrained model), and with
 * the examples removed, so the figure is what training learned, not what the examples answer;
 * both are set against the shared model's answers to the same questions and the nothing-taught
 * model's. The models it trains are removed afterwards.
 *
 * `--false-matches` lists each untaught question a similar taught one (a near match) answered
 * wrongly; the counts are always printed.
 */
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sqliteFilePath } from '../engines/sql/prisma-client.js';
import type { SchemaGraph } from '../engines/schema-graph/types.js';
import { defaultModelsRoot, modelDirectory, readManifest } from '../engines/predictor/model/model-files.js';
import { taughtLine } from '../engines/predictor/model/model-card.js';
import { readSharedManifest } from '../engines/predictor/model/shared-files.js';
import { askOverHttp } from './ask-client.js';
import { devQuestionsDir, matchesGold, readDevQuestions, type DevQuestion } from './dev-questions.js';
import { questionsOthersDir, readOtherDatabases } from './others-questions.js';
import { sourceIdOf, writeConfig } from './others.js';
import { withServedGateway } from './served-gateway.js';
import { percentile } from './stats.js';
import { correctOverHttp, removeOverHttp, schemaOverHttp } from './teach-client.js';
import { lookupOverhead } from './teach-overhead.js';
import { valueSwapped } from './teach-variants.js';
import { scratchWorld } from './world.js';
import { Random } from '../engines/query-graph/random-walk.js';

const CLI = fileURLToPath(new URL('../cli/nlq.js', import.meta.url));
/** Two questions-others gold answers have more rows than the default 1000; its config allows what the set needs (others.ts). */
const OTHERS_MAX_ROWS = 5000;
const DEFAULT_MAX_ROWS = 1000;

interface TeachOptions {
  readonly sets: readonly ('dev' | 'others')[];
  readonly ks: readonly number[];
  readonly seeds: number;
  readonly only: readonly string[] | null;
  readonly retrain: boolean;
  /** Print each untaught question a similar taught one answered wrongly. */
  readonly falseMatches: boolean;
}

/** One database of a set: its source, its file, its questions. */
interface TaughtDatabase {
  readonly name: string;
  readonly source: string;
  readonly sqliteFile: string;
  readonly questions: readonly DevQuestion[];
  /** Rows asked for: the served config's maxRows (the default world's 1000; 5000 for questions-others, whose largest gold answers need it). */
  readonly rowLimit: number;
}

/** One (database, seed, k) run. */
interface Run {
  readonly db: string;
  readonly seed: number;
  readonly k: number;
  /** Corrections the gateway stored / refused (not expressible as a query graph). */
  readonly stored: number;
  readonly refused: number;
  /** Untaught questions right with the teaching, and the same questions right untaught. */
  readonly rest: number;
  readonly restRight: number;
  readonly restRightUntaught: number;
  /** Untaught questions answered by a taught reading (read as a similar taught question): all, right, and wrong though right untaught. */
  readonly restTaught: number;
  readonly restTaughtRight: number;
  readonly restLost: number;
  /** Those answered wrongly by a taught reading: the question and the answer's explanation (which names the taught question). */
  readonly falseMatches: readonly string[];
  /** Stored taught questions asked right at once, and answered with their taught graph at all (right when the graph gives the gold rows). */
  readonly taughtRight: number;
  readonly taughtAsTaught: number;
  /** Value-swapped variants of stored taught questions: asked, right. */
  readonly variants: number;
  readonly variantsRight: number;
  /** Round trips of the untaught questions, with the teaching in place (ms). */
  readonly latencies: readonly number[];
  /** Round trips of the same questions asked with nothing taught (ms). */
  readonly untaughtLatencies: readonly number[];
}

function parseOptions(args: readonly string[]): TeachOptions {
  const { values } = parseArgs({
    args: [...args],
    options: { sets: { type: 'string', default: 'dev,others' }, k: { type: 'string', default: '0,5,10,20' }, seeds: { type: 'string', default: '3' }, db: { type: 'string' }, retrain: { type: 'boolean', default: false }, 'false-matches': { type: 'boolean', default: false } },
  });
  const sets = values.sets.split(',').map((s) => s.trim());
  if (sets.some((s) => s !== 'dev' && s !== 'others')) throw new Error(`--sets takes dev and/or others, not '${values.sets}'`);
  const ks = values.k.split(',').map(Number);
  if (ks.some((k) => !Number.isInteger(k) || k < 0)) throw new Error(`--k takes whole numbers, not '${values.k}'`);
  const seeds = Number(values.seeds);
  if (!Number.isInteger(seeds) || seeds < 1) throw new Error(`--seeds takes a positive whole number, not '${values.seeds}'`);
  const only = values.db ? values.db.split(',').map((s) => s.trim()).filter(Boolean) : null;
  if (values.retrain && (!only || only.length > 3)) throw new Error('--retrain trains 1 + seeds models per database: name one to three with --db');
  return { sets: sets as ('dev' | 'others')[], ks: [...new Set([0, ...ks])].sort((a, b) => a - b), seeds, only, retrain: values.retrain, falseMatches: values['false-matches'] };
}


function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

async function isRight(url: string, db: TaughtDatabase, question: DevQuestion): Promise<{ right: boolean; ms: number; taught: boolean; explanation: string }> {
  const answer = await askOverHttp(url, question.question, { source: db.source, topK: 3, limit: db.rowLimit });
  return { right: answer.rows !== null && matchesGold(question, answer.rows), ms: answer.ms, taught: answer.taught, explanation: answer.explanation };
}

/** Every question of the database asked untaught: right or not, by id, and the round trips. */
async function baseline(url: string, db: TaughtDatabase): Promise<Untaught> {
  const right = new Map<string, boolean>();
  const ms = new Map<string, number>();
  for (const question of db.questions) {
    const asked = await isRight(url, db, question);
    right.set(question.id, asked.right);
    ms.set(question.id, asked.ms);
  }
  return { right, ms };
}

/** What each question came to with nothing taught: right or not, and its round trip, by id. */
interface Untaught {
  readonly right: ReadonlyMap<string, boolean>;
  readonly ms: ReadonlyMap<string, number>;
}

/** The k questions a seed teaches (the same for the learning curve and retraining), and the generator that goes on to pick variants' values. */
function pick(db: TaughtDatabase, seed: number, k: number): { picked: DevQuestion[]; random: () => number } {
  const generator = new Random(seed * 1000 + k);
  const random = () => generator.next();
  return { picked: shuffled(db.questions, random).slice(0, k), random };
}

async function teachAndAsk(url: string, db: TaughtDatabase, schema: SchemaGraph, file: Database.Database, untaught: Untaught, seed: number, k: number): Promise<{ run: Run; ids: string[]; rest: DevQuestion[] }> {
  const { picked, random } = pick(db, seed, k);
  const ids: string[] = [];
  const stored: DevQuestion[] = [];
  for (const question of picked) {
    const taught = await correctOverHttp(url, db.source, question.question, question.sql);
    if ('id' in taught) {
      ids.push(taught.id);
      stored.push(question);
    }
  }
  const rest = db.questions.filter((q) => !picked.includes(q));
  const latencies: number[] = [];
  let restRight = 0;
  let restTaught = 0;
  let restTaughtRight = 0;
  let restLost = 0;
  const falseMatches: string[] = [];
  for (const question of rest) {
    const asked = await isRight(url, db, question);
    latencies.push(asked.ms);
    if (asked.right) restRight += 1;
    if (asked.taught) {
      restTaught += 1;
      if (asked.right) restTaughtRight += 1;
      else {
        falseMatches.push(`${question.id} "${question.question}": ${asked.explanation.replace(/^.*\((read as|as taught)/, '($1')}`);
        if (untaught.right.get(question.id)) restLost += 1;
      }
    }
  }
  let taughtRight = 0;
  let taughtAsTaught = 0;
  for (const question of stored) {
    const asked = await isRight(url, db, question);
    if (asked.right) taughtRight += 1;
    if (asked.taught) taughtAsTaught += 1;
  }
  let variants = 0;
  let variantsRight = 0;
  for (const question of stored) {
    const variant = valueSwapped(question, schema, file, random);
    if (!variant) continue;
    variants += 1;
    if ((await isRight(url, db, variant)).right) variantsRight += 1;
  }
  const restRightUntaught = rest.filter((q) => untaught.right.get(q.id)).length;
  const untaughtLatencies = rest.map((q) => untaught.ms.get(q.id) ?? 0);
  return {
    run: { db: db.name, seed, k, stored: stored.length, refused: picked.length - stored.length, rest: rest.length, restRight, restRightUntaught, restTaught, restTaughtRight, restLost, falseMatches, taughtRight, taughtAsTaught, variants, variantsRight, latencies, untaughtLatencies },
    ids,
    rest,
  };
}

/** `nlq train --source` in its own process; resolves to its exit code. */
function train(configFile: string, sourceId: string): Promise<number> {
  const child = spawn(process.execPath, [CLI, 'train', '--source', sourceId, '--config', configFile], { stdio: 'inherit' });
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
}

const pct = (n: number, of: number) => (of === 0 ? '    -' : `${((n / of) * 100).toFixed(1).padStart(5)}%`);

function report(set: string, runs: readonly Run[], ks: readonly number[], falseMatches: boolean): void {
  console.log(`\n${set}: per k, over ${new Set(runs.filter((r) => r.k > 0).map((r) => r.seed)).size} seed(s) and ${new Set(runs.map((r) => r.db)).size} database(s)`);
  console.log(`${'k'.padStart(3)}  ${'taught (refused)'.padEnd(17)} ${'untaught right: taught vs none'.padEnd(34)} ${'lift'.padEnd(7)} ${'taught right (as taught)'.padEnd(26)} ${'variants right'.padEnd(18)} ask p50 ms`);
  for (const k of ks) {
    const at = runs.filter((r) => r.k === k);
    const sum = (f: (r: Run) => number) => at.reduce((n, r) => n + f(r), 0);
    const rest = sum((r) => r.rest);
    const lift = rest === 0 ? 0 : ((sum((r) => r.restRight) - sum((r) => r.restRightUntaught)) / rest) * 100;
    const ms = at.flatMap((r) => r.latencies).sort((a, b) => a - b);
    console.log(
      `${String(k).padStart(3)}  ${`${sum((r) => r.stored)} (${sum((r) => r.refused)})`.padEnd(17)} ${`${sum((r) => r.restRight)}/${rest} ${pct(sum((r) => r.restRight), rest)} vs ${pct(sum((r) => r.restRightUntaught), rest)}`.padEnd(34)} ${`${lift >= 0 ? '+' : ''}${lift.toFixed(1)}`.padEnd(7)} ${`${sum((r) => r.taughtRight)}/${sum((r) => r.stored)} ${pct(sum((r) => r.taughtRight), sum((r) => r.stored))} (${sum((r) => r.taughtAsTaught)})`.padEnd(26)} ${`${sum((r) => r.variantsRight)}/${sum((r) => r.variants)} ${pct(sum((r) => r.variantsRight), sum((r) => r.variants))}`.padEnd(18)} ${ms.length ? percentile(ms, 50).toFixed(1) : '-'}`,
    );
  }
  // Untaught questions a similar taught question answered: how many, how many of them wrongly (false matches).
  for (const k of ks.filter((k) => k > 0)) {
    const at = runs.filter((r) => r.k === k);
    const sum = (f: (r: Run) => number) => at.reduce((n, r) => n + f(r), 0);
    const taught = sum((r) => r.restTaught);
    console.log(`  k=${k}: untaught questions answered by a taught reading ${taught}: right ${sum((r) => r.restTaughtRight)}, wrong ${taught - sum((r) => r.restTaughtRight)} (false matches; of them right untaught ${sum((r) => r.restLost)})`);
    if (falseMatches) for (const r of at) for (const line of r.falseMatches) console.log(`    ${r.db} seed ${r.seed}: ${line}`);
  }
  // Overhead: the untaught questions' round trips with k examples on their source against the same questions' with none.
  for (const k of ks.filter((k) => k > 0)) {
    const at = runs.filter((r) => r.k === k);
    const taught = at.flatMap((r) => r.latencies).sort((a, b) => a - b);
    const none = at.flatMap((r) => r.untaughtLatencies).sort((a, b) => a - b);
    if (taught.length === 0) continue;
    const difference = percentile(taught, 50) - percentile(none, 50);
    console.log(`  k=${k}: untaught questions' ask p50 ${percentile(taught, 50).toFixed(1)} ms with the examples vs ${percentile(none, 50).toFixed(1)} ms, same questions, none taught (${difference >= 0 ? '+' : ''}${difference.toFixed(1)} ms)`);
  }
}

async function measureSet(set: string, configFile: string, databases: readonly TaughtDatabase[], options: TeachOptions): Promise<void> {
  const runs: Run[] = [];
  const untaughtOf = new Map<TaughtDatabase, Untaught>();
  await withServedGateway(configFile, async (url) => {
    for (const db of databases) {
      const started = performance.now();
      const schema = await schemaOverHttp(url, db.source);
      const file = new Database(db.sqliteFile, { readonly: true, fileMustExist: true });
      try {
        const untaught = await baseline(url, db);
        untaughtOf.set(db, untaught);
        const right = [...untaught.right.values()].filter(Boolean).length;
        const latencies = [...untaught.ms.values()];
        runs.push({ db: db.name, seed: 0, k: 0, stored: 0, refused: 0, rest: db.questions.length, restRight: right, restRightUntaught: right, restTaught: 0, restTaughtRight: 0, restLost: 0, falseMatches: [], taughtRight: 0, taughtAsTaught: 0, variants: 0, variantsRight: 0, latencies, untaughtLatencies: latencies });
        for (let seed = 1; seed <= options.seeds; seed += 1) {
          for (const k of options.ks.filter((k) => k > 0)) {
            const { run, ids } = await teachAndAsk(url, db, schema, file, untaught, seed, k);
            runs.push(run);
            await removeOverHttp(url, db.source, ids);
          }
        }
      } finally {
        file.close();
      }
      console.log(`  ${set}/${db.name}: ${db.questions.length} questions, ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
  });
  report(set, runs, options.ks, options.falseMatches);
  if (options.retrain) await retrained(set, configFile, databases, untaughtOf, runs, options);
}

/** Every taught example of the source removed (what a retrained model is measured without). */
async function removeAll(url: string, source: string): Promise<void> {
  const all = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'query ($s: ID!) { examples(source: $s, limit: 1000) { id } }', variables: { s: source } }) });
  const ids = ((await all.json()) as { data: { examples: { id: string }[] } }).data.examples.map((e) => e.id);
  await removeOverHttp(url, source, ids);
}

/** `nlq train --source` (mixing what the source has been taught), timed; with what the model's card says of the taught examples it used. */
async function trainTimed(configFile: string, sourceId: string, what: string): Promise<boolean> {
  const started = performance.now();
  const code = await train(configFile, sourceId);
  const directory = modelDirectory(defaultModelsRoot(), sourceId);
  // A specialised shared model, else a model trained from scratch (`--from-scratch`).
  const manifest = code !== 0 ? null : (() => { try { return readSharedManifest(directory); } catch { return readManifest(directory, sourceId); } })();
  const card = manifest?.taught ? `; ${taughtLine(manifest).replace(/^- /, '').trim()}` : '';
  console.log(`nlq train --source ${sourceId} (${what}): exit ${code}, ${((performance.now() - started) / 60_000).toFixed(1)} min${card}`);
  return code === 0;
}

/**
 * Per database: a model trained with nothing taught, then per seed one trained with the seed's
 * largest k taught; each measured on the seed's untaught questions with the examples still stored
 * (as a user has it) and removed (what training learned), against the shared model's answers
 * with nothing taught (the learning curve's k = 0) and with the same examples taught (its largest
 * k), and the nothing-taught model's.
 */
async function retrained(set: string, configFile: string, databases: readonly TaughtDatabase[], untaughtOf: ReadonlyMap<TaughtDatabase, Untaught>, runs: readonly Run[], options: TeachOptions): Promise<void> {
  const k = Math.max(...options.ks);
  const totals = { rest: 0, shared: 0, plain: 0, taught: 0, kept: 0, atOnce: 0 };
  for (const db of databases) {
    const untaught = untaughtOf.get(db);
    const directory = modelDirectory(defaultModelsRoot(), db.source);
    if (!untaught) continue;
    if (existsSync(directory)) {
      console.log(`${set}/${db.name}: not retrained, ${directory} already holds a model (the bench trains and removes its own)`);
      continue;
    }
    try {
      await withServedGateway(configFile, (url) => removeAll(url, db.source));
      if (!(await trainTimed(configFile, db.source, 'nothing taught'))) continue;
      const plain = await withServedGateway(configFile, async (url) => {
        const right = new Map<string, boolean>();
        for (const question of db.questions) right.set(question.id, (await isRight(url, db, question)).right);
        return right;
      });
      for (let seed = 1; seed <= options.seeds; seed += 1) {
        const { picked } = pick(db, seed, k);
        const stored = await withServedGateway(configFile, async (url) => {
          let count = 0;
          for (const question of picked) if ('id' in (await correctOverHttp(url, db.source, question.question, question.sql))) count += 1;
          return count;
        });
        if (!(await trainTimed(configFile, db.source, `seed ${seed}: ${stored} of ${k} taught examples mixed in`))) continue;
        const rest = db.questions.filter((q) => !picked.includes(q));
        // As a user has it first (the taught examples still stored: at-once matching beside the
        // retrained model), then with them removed (what training alone learned).
        const { kept, right } = await withServedGateway(configFile, async (url) => {
          const countRight = async () => {
            let count = 0;
            for (const question of rest) if ((await isRight(url, db, question)).right) count += 1;
            return count;
          };
          const withExamples = await countRight();
          await removeAll(url, db.source);
          return { kept: withExamples, right: await countRight() };
        });
        const shared = rest.filter((q) => untaught.right.get(q.id)).length;
        const plainRight = rest.filter((q) => plain.get(q.id)).length;
        // The same questions with the same examples taught, before retraining (the learning curve's run).
        const atOnce = runs.find((r) => r.db === db.name && r.seed === seed && r.k === k)?.restRight ?? 0;
        totals.atOnce += atOnce;
        totals.rest += rest.length;
        totals.shared += shared;
        totals.plain += plainRight;
        totals.taught += right;
        totals.kept += kept;
        const points = (n: number, than = right) => `${than >= n ? '+' : ''}${(((than - n) / rest.length) * 100).toFixed(1)}`;
        console.log(
          `${set}/${db.name} seed ${seed}, untaught questions (examples removed): retrained with ${stored} taught ${right}/${rest.length} ${pct(right, rest.length)}; ` +
            `shared model ${pct(shared, rest.length)} (${points(shared)} points); retrained with nothing taught ${pct(plainRight, rest.length)} (${points(plainRight)} points); ` +
            `with the examples still stored (as a user has it) ${kept}/${rest.length} ${pct(kept, rest.length)} (${points(shared, kept)} points over the shared model; ${points(atOnce, kept)} over the shared model with them taught, ${pct(atOnce, rest.length)})`,
        );
      }
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  }
  if (totals.rest > 0) {
    const points = (n: number) => (((totals.taught - n) / totals.rest) * 100).toFixed(1);
    console.log(
      `${set} after retraining, all databases and seeds: untaught ${totals.taught}/${totals.rest} ${pct(totals.taught, totals.rest)} with the taught examples trained in, ` +
        `shared model ${pct(totals.shared, totals.rest)} (${points(totals.shared)} points), nothing taught ${pct(totals.plain, totals.rest)} (${points(totals.plain)} points)`,
    );
    const kept = (n: number) => (((totals.kept - n) / totals.rest) * 100).toFixed(1);
    console.log(
      `${set} after retraining as a user has it (the taught examples still stored, answering near questions at once): untaught ${totals.kept}/${totals.rest} ${pct(totals.kept, totals.rest)}, ` +
        `shared model with nothing taught ${pct(totals.shared, totals.rest)} (${kept(totals.shared)} points), shared model with them taught ${pct(totals.atOnce, totals.rest)} (${kept(totals.atOnce)} points), retrained with nothing taught ${pct(totals.plain, totals.rest)} (${kept(totals.plain)} points)`,
    );
  }
}

export async function teachBenchmark(args: readonly string[] = []): Promise<void> {
  const options = parseOptions(args);
  if (options.sets.includes('dev')) {
    const { dir, config } = await scratchWorld();
    try {
      const northwind = config.sources.find((source) => source.id === 'northwind');
      if (!northwind || northwind.kind !== 'sql' || !('url' in northwind) || typeof northwind.url !== 'string') throw new Error('the default world has no northwind SQL source');
      const db: TaughtDatabase = { name: 'northwind', source: 'northwind', sqliteFile: sqliteFilePath(northwind.url), questions: readDevQuestions(devQuestionsDir(), 'northwind'), rowLimit: DEFAULT_MAX_ROWS };
      console.log('dev: questions-dev Northwind (royals not taught: its gold SQL is nested queries over SQL tables the graph source does not have)');
      if (!options.only || options.only.includes('northwind')) {
        await measureSet('dev', config.file, [db], options);
        await lookupOverhead(config, db.questions, Math.max(...options.ks));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (options.sets.includes('others')) {
    const root = questionsOthersDir();
    if (!root) {
      console.log('others: skipped, shared/datasets/questions-others not found beside the repository');
      return;
    }
    const every = readOtherDatabases(root).filter((db) => !options.only || options.only.includes(db.name));
    if (every.length === 0) return;
    const dir = mkdtempSync(join(tmpdir(), 'nlq-bench-teach-'));
    try {
      const configFile = writeConfig(dir, every);
      const databases = every.map((db): TaughtDatabase => ({ name: db.name, source: sourceIdOf(db), sqliteFile: db.sqliteFile, questions: db.questions, rowLimit: OTHERS_MAX_ROWS }));
      console.log(`others: questions-others, ${databases.length} databases (a validation set: taught from its gold SQL here only to measure learning from use)`);
      await measureSet('others', configFile, databases, options);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}
