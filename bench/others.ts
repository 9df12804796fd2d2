/**
 * `npm run bench -- others [--train | --train-quick] [--db <name>[,<name>…]] [--questions N]`:
 * the gateway on databases it never saw, with questions other people wrote
 * (shared/datasets/questions-others, a validation set: measured, never trained on). Each database's
 * .sqlite file is configured as a SQL source `others-<db>` (opened read-only, as any user's file),
 * the gateway is served with `nlq serve`, and every question is asked of its database through
 * GraphQL over HTTP as an outside client (top-3), scored by execution accuracy with questions-dev's
 * rule (dev-questions.ts). Printed: accuracy per database and per category (spj, agg, complex), the
 * spj+agg headline, how many questions got no answer and why (UNSUPPORTED: no model for the
 * source), and the round-trip latency percentiles. A question with no answer counts as wrong.
 *
 * Options:
 * - `--train`: first run `nlq train --source others-<db>` for each database (long: minutes per
 *   database); the model goes where `nlq train` always puts it, models/querygraph/others-<db>, and
 *   later runs without --train use it. `--train-quick`: the same with `nlq train --quick` (a smoke run).
 * - `--db`: only these databases (folder names, e.g. `world_1,GeoNuclearData`); default all 14.
 * - `--questions N`: only the first N questions of each database.
 * - `--save <file>`: also write one JSON line per question (database, category, question, gold SQL,
 *   the query that ran and its query graph, kind, status, probability, right), for reading the misses.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { defaultModelsRoot, modelDirectory, readManifest } from '../engines/predictor/model/model-files.js';
import { askOverHttp, type ClientAnswer } from './ask-client.js';
import { matchesGold } from './dev-questions.js';
import { OTHER_CATEGORIES, questionsOthersDir, readOtherDatabases, type OtherCategory, type OtherDatabase, type OtherQuestion } from './others-questions.js';
import { withServedGateway } from './served-gateway.js';
import { latencySummary } from './stats.js';

const CLI = fileURLToPath(new URL('../cli/nlq.js', import.meta.url));
/** Two gold answers have more rows than the default 1000; the bench's server allows what the set needs. */
const MAX_ROWS = 5000;

/** What the command line asked for. */
interface OthersOptions {
  readonly train: 'no' | 'full' | 'quick';
  readonly only: readonly string[] | null;
  readonly questionsPerDatabase: number | null;
  readonly save: string | null;
}

/** One asked question and what came of it. */
interface Outcome {
  readonly question: OtherQuestion;
  readonly answer: ClientAnswer;
  readonly right: boolean;
}

function parseOptions(args: readonly string[]): OthersOptions {
  const { values } = parseArgs({
    args: [...args],
    options: { train: { type: 'boolean', default: false }, 'train-quick': { type: 'boolean', default: false }, db: { type: 'string', multiple: true }, questions: { type: 'string' }, save: { type: 'string' } },
  });
  const n = values.questions === undefined ? null : Number(values.questions);
  if (n !== null && (!Number.isInteger(n) || n < 1)) throw new Error(`--questions wants a positive whole number, not '${values.questions}'`);
  const only = values.db ? values.db.flatMap((list) => list.split(',')).map((name) => name.trim()).filter(Boolean) : null;
  return { train: values['train-quick'] ? 'quick' : values.train ? 'full' : 'no', only, questionsPerDatabase: n, save: values.save ?? null };
}

export const sourceIdOf = (db: OtherDatabase) => `others-${db.name}`;

/** A config serving each database's .sqlite file as a SQL source, in a fresh folder. */
export function writeConfig(dir: string, databases: readonly OtherDatabase[]): string {
  const file = join(dir, 'nlq.config.json');
  const sources = databases.map((db) => ({
    id: sourceIdOf(db),
    kind: 'sql',
    url: `file:${db.sqliteFile}`,
    description: `The ${db.name.replace(/_/g, ' ')} database (${db.group}).`,
  }));
  writeFileSync(file, JSON.stringify({ factStore: 'file:./facts.sqlite', sources, limits: { maxRows: MAX_ROWS } }, null, 2));
  return file;
}

/** `nlq train --source <id>` in its own process, output on the terminal; resolves to its exit code. */
function train(configFile: string, sourceId: string, quick: boolean): Promise<number> {
  const child = spawn(process.execPath, [CLI, 'train', '--source', sourceId, '--config', configFile, ...(quick ? ['--quick'] : [])], { stdio: 'inherit' });
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
}

const pct = (right: number, all: number) => (all === 0 ? '    -' : `${((right / all) * 100).toFixed(1).padStart(5)}%`);
const cell = (outcomes: readonly Outcome[]) => `${String(outcomes.filter((o) => o.right).length).padStart(3)}/${String(outcomes.length).padEnd(3)} ${pct(outcomes.filter((o) => o.right).length, outcomes.length)}`;
const ofCategory = (outcomes: readonly Outcome[], categories: readonly OtherCategory[]) => outcomes.filter((o) => categories.includes(o.question.category));

function countBy<T>(items: readonly T[], key: (item: T) => string): string {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ');
}

function report(results: ReadonlyMap<OtherDatabase, readonly Outcome[]>): void {
  const header = `${'database'.padEnd(40)} ${'model'.padEnd(6)} ${'all'.padEnd(15)} ${'spj'.padEnd(15)} ${'agg'.padEnd(15)} ${'complex'.padEnd(15)} no answer`;
  console.log(header);
  for (const [db, outcomes] of results) {
    const model = readManifest(modelDirectory(defaultModelsRoot(), sourceIdOf(db)), sourceIdOf(db)) ? 'own' : 'none';
    const columns = [outcomes, ...OTHER_CATEGORIES.map((c) => ofCategory(outcomes, [c]))].map((o) => cell(o).padEnd(15));
    console.log(`${`${db.group}/${db.name}`.padEnd(40)} ${model.padEnd(6)} ${columns.join(' ')} ${outcomes.filter((o) => o.answer.rows === null).length}`);
  }
  const all = [...results.values()].flat();
  console.log(`${'all'.padEnd(47)} ${[all, ...OTHER_CATEGORIES.map((c) => ofCategory(all, [c]))].map((o) => cell(o).padEnd(15)).join(' ')} ${all.filter((o) => o.answer.rows === null).length}`);
  const headline = ofCategory(all, ['spj', 'agg']);
  const fraction = (outcomes: readonly Outcome[]) => `${outcomes.filter((o) => o.right).length}/${outcomes.length} =${pct(outcomes.filter((o) => o.right).length, outcomes.length)}`;
  console.log(`headline spj+agg: ${fraction(headline)} (target >= 60%); complex ${fraction(ofCategory(all, ['complex']))}`);
  const unanswered = all.filter((o) => o.answer.rows === null);
  console.log(`no answer: ${unanswered.length}/${all.length} (${countBy(unanswered, (o) => o.answer.status) || '-'}), all counted wrong; answered but wrong: ${all.filter((o) => o.answer.rows !== null && !o.right).length}`);
  console.log(`source outcomes: ${countBy(all, (o) => o.answer.status)}`);
  const unsupported = unanswered.find((o) => o.answer.status === 'UNSUPPORTED');
  if (unsupported) console.log(`  e.g. UNSUPPORTED: ${unsupported.answer.message}`);
  console.log(`ask round trip: ${latencySummary(all.map((o) => o.answer.ms))}`);
}

/** One JSON line per question, for reading the misses. */
function saveOutcomes(file: string, results: ReadonlyMap<OtherDatabase, readonly Outcome[]>): void {
  const lines = [...results].flatMap(([db, outcomes]) =>
    outcomes.map(({ question, answer, right }) =>
      JSON.stringify({ database: db.name, id: question.id, category: question.category, question: question.question, gold: question.sql, query: answer.query, queryGraph: answer.queryGraph, kind: answer.kind, status: answer.status, confidence: answer.confidence, right }),
    ),
  );
  writeFileSync(file, `${lines.join('\n')}\n`);
  console.log(`wrote ${lines.length} outcomes to ${file}`);
}

export async function othersBenchmarks(args: readonly string[] = []): Promise<void> {
  const options = parseOptions(args);
  const root = questionsOthersDir();
  if (!root) {
    console.log('skipped: shared/datasets/questions-others not found beside the repository');
    return;
  }
  const every = readOtherDatabases(root);
  const unknown = (options.only ?? []).filter((name) => !every.some((db) => db.name === name));
  if (unknown.length > 0) throw new Error(`--db: no database ${unknown.join(', ')} in ${root}; known: ${every.map((db) => db.name).join(', ')}`);
  const databases = every
    .filter((db) => !options.only || options.only.includes(db.name))
    .map((db) => (options.questionsPerDatabase ? { ...db, questions: db.questions.slice(0, options.questionsPerDatabase) } : db));
  const dir = mkdtempSync(join(tmpdir(), 'nlq-bench-others-'));
  try {
    const configFile = writeConfig(dir, databases);
    if (options.train !== 'no') {
      for (const db of databases) {
        const started = performance.now();
        const code = await train(configFile, sourceIdOf(db), options.train === 'quick');
        console.log(`nlq train${options.train === 'quick' ? ' --quick' : ''} --source ${sourceIdOf(db)}: exit ${code}, ${((performance.now() - started) / 60_000).toFixed(1)} min`);
      }
    }
    const count = databases.reduce((n, db) => n + db.questions.length, 0);
    console.log(`${databases.length} databases, ${count} questions (validation set: measured only), each asked of its own source through GraphQL over HTTP, top-3`);
    const results = await withServedGateway(configFile, async (url) => {
      const byDatabase = new Map<OtherDatabase, Outcome[]>();
      for (const db of databases) {
        const outcomes: Outcome[] = [];
        for (const question of db.questions) {
          const answer = await askOverHttp(url, question.question, { source: sourceIdOf(db), topK: 3, limit: MAX_ROWS });
          outcomes.push({ question, answer, right: answer.rows !== null && matchesGold(question, answer.rows) });
        }
        byDatabase.set(db, outcomes);
      }
      return byDatabase;
    });
    report(results);
    if (options.save) saveOutcomes(options.save, results);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
