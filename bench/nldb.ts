/**
 * NeuralDB over text facts, every set issue 19 measures (figures only; nothing passes or fails):
 * - facts-dev at 130 (data/kestrelford) / 1,000 / 10,000 facts (shared/datasets/facts-dev, when
 *   it lies beside the repository), in process: accuracy overall and per type, the
 *   extractor on the gold support sets ("perfect retrieval"), Support Set Generator precision and
 *   recall against the gold sets (exact and soft, as the paper's Table 4), latency, indexing rate;
 * - bench/data/facts-dev-paraphrases.jsonl: each dev question reworded twice by hand, on facts.txt;
 * - shared/datasets/facts-others (written independently of the project, another domain) at ~158
 *   and 1,000 facts, through GraphQL as an outside client (nldb-graphql.ts);
 * - bench/data/nldb-heldout: generated worlds the models never trained on, one folder a world named
 *   `<domain>-...`, reported per domain.
 * Never used for training.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { aggregate } from '../engines/nldb/aggregate.js';
import { formatDerivation } from '../engines/nldb/derivation.js';
import { EmbeddedIndex } from '../engines/nldb/embedded-index.js';
import { FactIndex } from '../engines/nldb/fact-index.js';
import { FactStore } from '../engines/nldb/fact-store.js';
import { NldbInterpreter } from '../engines/nldb/interpreter.js';
import { NldbModels } from '../engines/nldb/models.js';
import { toResultSet } from '../engines/nldb/result.js';
import { SelectProjectJoin } from '../engines/nldb/spj.js';
import type { ResultSet } from '../engines/source.js';
import { kindsOf } from '../plugins/nl-query/nldb-kinds.js';
import { missingShared, sharedDataset } from './datasets.js';
import { measureThroughGraphql } from './nldb-graphql.js';
import { type FactQuestion, pct, readFactLines, readFactQuestions, ScoreSheet, scoreRows } from './nldb-questions.js';
import { latencySummary, percentile } from './stats.js';
import { dataDir } from '../world/data-dir.js';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * facts-dev: the 130 facts, questions and line map ship in data/kestrelford (NLQ_FACTS_DEV: a
 * folder laid out the same way, such as a held-out world); the padded 1,000- and 10,000-fact files
 * are read from shared/datasets/facts-dev beside the repository when it is there.
 */
function factsDev(): string {
  return process.env.NLQ_FACTS_DEV || join(dataDir(), 'kestrelford');
}

/** A fact file of the dev set: in its folder, else (the padded ones) in shared/datasets/facts-dev. */
function devFactFile(dir: string, file: string): string | null {
  const shared = process.env.NLQ_FACTS_DEV ? null : sharedDataset('facts-dev');
  return [join(dir, file), shared ? join(shared, file) : ''].find((path) => path && existsSync(path)) ?? null;
}

/** bench/data of the sources (the benchmark runs from dist/bench). */
function benchData(...parts: string[]): string {
  const fromDist = resolve(here, '..', '..', 'bench', 'data', ...parts);
  return existsSync(fromDist) ? fromDist : resolve(here, 'data', ...parts);
}

const scoreResult = (q: FactQuestion, result: ResultSet | null): number => scoreRows(q, result && result.kind !== 'EMPTY' ? result.rows : []);

export async function nldbBenchmarks(): Promise<void> {
  // NLQ_BENCH_NLDB_MODELS=dir measures models elsewhere (a training run's output) without installing
  // them; NLQ_BENCH_NLDB_PRECISION=fp32|int8 the extractor file other than config.json's.
  const modelDir = process.env.NLQ_BENCH_NLDB_MODELS || undefined;
  const precision = process.env.NLQ_BENCH_NLDB_PRECISION;
  const models = await NldbModels.load({ dir: modelDir, ...(precision === 'fp32' || precision === 'int8' ? { precision } : {}) });
  console.log(`extractor precision: ${models.config.spj.precision ?? 'fp32'}`);
  // NLQ_BENCH_NLDB_SETS=dev,paraphrases,others,heldout picks some of the sets.
  const sets = new Set(process.env.NLQ_BENCH_NLDB_SETS?.split(',') ?? ['dev', 'paraphrases', 'others', 'heldout']);
  const summary: string[] = [];
  const dev = factsDev();
  if (dev && sets.has('dev')) {
    const questions = readFactQuestions(join(dev, 'questions.jsonl'));
    const lineMap = JSON.parse(readFileSync(join(dev, 'core_line_map.json'), 'utf8')) as Record<string, number[]>;
    // NLQ_BENCH_FACTS=facts.txt,facts-1000.txt picks some of the databases.
    for (const file of process.env.NLQ_BENCH_FACTS?.split(',') ?? ['facts.txt', 'facts-1000.txt', 'facts-10000.txt']) {
      const path = devFactFile(dev, file);
      if (!path) {
        console.log(missingShared('facts-dev', file));
        continue;
      }
      const lines = readFactLines(path);
      // gold support refers to facts.txt lines; padded files put them elsewhere
      const toLine = (core: number): number => (file === 'facts.txt' ? core : (lineMap[file]?.[core - 1] ?? -1));
      const { sheet, p50 } = await runOne(`facts-dev ${file}`, lines, questions, toLine, models);
      summary.push(`facts-dev @${lines.length}: ${sheet.accuracy.toFixed(1)}% (p50 ${p50.toFixed(0)} ms)`);
    }
  }
  const paraphrases = benchData('facts-dev-paraphrases.jsonl');
  if (dev && sets.has('paraphrases') && existsSync(paraphrases)) {
    const reworded = readFactQuestions(paraphrases);
    const { sheet } = await runOne('facts-dev paraphrases on facts.txt', readFactLines(join(dev, 'facts.txt')), reworded, (core) => core, models);
    summary.push(`facts-dev paraphrases @130: ${sheet.accuracy.toFixed(1)}% (${reworded.length} questions)`);
  }
  const heldout = benchData('nldb-heldout');
  if (sets.has('heldout') && existsSync(heldout)) {
    const byDomain = new Map<string, number[]>();
    for (const world of readdirSync(heldout).sort()) {
      const dir = join(heldout, world);
      if (!existsSync(join(dir, 'questions.jsonl'))) continue;
      const { sheet } = await runOne(`held-out ${world}`, readFactLines(join(dir, 'facts.txt')), readFactQuestions(join(dir, 'questions.jsonl')), (c) => c, models);
      const domain = world.split('-')[0] ?? world;
      byDomain.set(domain, [...(byDomain.get(domain) ?? []), sheet.accuracy]);
    }
    const all = [...byDomain.values()].flat();
    for (const [domain, scores] of byDomain) {
      summary.push(`held-out ${domain}: ${(scores.reduce((a, b) => a + b, 0) / scores.length).toFixed(1)}% (${scores.length} worlds: ${scores.map((s) => s.toFixed(1)).join(' / ')})`);
    }
    if (byDomain.size > 1) summary.push(`held-out, every world: ${(all.reduce((a, b) => a + b, 0) / Math.max(1, all.length)).toFixed(1)}% (${all.length} worlds)`);
  }
  const others = sharedDataset('facts-others');
  if (others && sets.has('others')) {
    const questions = readFactQuestions(join(others, 'questions.jsonl'));
    const lineMap = JSON.parse(readFileSync(join(others, 'core_line_map.json'), 'utf8')) as Record<string, number[]>;
    for (const file of ['facts.txt', 'facts-1000.txt']) {
      const lines = readFactLines(join(others, file));
      if (modelDir) {
        // the gateway serves the package's models: other models are measured in process
        const toLine = (core: number): number => (file === 'facts.txt' ? core : (lineMap[file]?.[core - 1] ?? -1));
        const { sheet } = await runOne(`facts-others ${file} (in process)`, lines, questions, toLine, models);
        summary.push(`facts-others @${lines.length} (in process, ${modelDir}): ${sheet.accuracy.toFixed(1)}% (${sheet.byType()})`);
      } else {
        const run = await measureThroughGraphql(`facts-others ${file}`, lines, questions);
        summary.push(`facts-others @${lines.length} (GraphQL): ${run.sheet.accuracy.toFixed(1)}% (${run.sheet.byType()})`);
      }
    }
  } else if (!others) console.log(missingShared('facts-others', 'facts-others'));
  await models.close();
  console.log(`\n== nldb summary\n${summary.map((l) => `  ${l}`).join('\n')}`);
}

async function runOne(
  label: string,
  lines: readonly string[],
  questions: readonly FactQuestion[],
  toLine: (core: number) => number,
  models: NldbModels,
): Promise<{ sheet: ScoreSheet; p50: number }> {
  const tmp = mkdtempSync(join(tmpdir(), 'nlq-bench-nldb-'));
  const store = await FactStore.open(`file:${join(tmp, 'facts.sqlite')}`);
  await store.createCollection('dev', 'facts-dev');
  const idOfLine = new Map<number, string>();
  for (let i = 0; i < lines.length; i += 1000) {
    const written = await store.addFacts('dev', lines.slice(i, i + 1000));
    written.forEach((f, j) => idOfLine.set(i + j + 1, f.id));
  }
  const vectors = EmbeddedIndex.open({ dir: join(tmp, 'vectors'), name: 'dev', dimensions: models.dimensions, model: models.fingerprint });
  const facts = new FactIndex('dev', store, models, vectors);
  const sync = await facts.sync();
  // as the gateway serves it: WordNet's kinds for the selection check
  const interpreter = new NldbInterpreter({ collection: 'dev', facts, models, kindsOf });

  const latencies: number[] = [];
  const sheet = new ScoreSheet();
  const perfect = new ScoreSheet();
  const spj = new SelectProjectJoin(models, { kindsOf });
  const dump: string[] = [];
  const ssg = { exactP: [] as number[], exactR: [] as number[], softP: [] as number[], softR: [] as number[] };
  for (const q of questions) {
    const started = performance.now();
    const { interpretation, trace } = await interpreter.run({ question: q.question, topK: 5, limit: 1000, signal: new AbortController().signal });
    latencies.push(performance.now() - started);
    const score = scoreResult(q, interpretation.result);
    sheet.add(q, score);
    const gold = q.support.map((set) => set.map((core) => idOfLine.get(toLine(core)) ?? '?'));
    // Perfect retrieval: the extractor and aggregation on the gold support sets only.
    const goldTexts = gold.map((set) => set.map((id) => facts.fact(id)?.text ?? ''));
    const goldTyped = await spj.deriveTyped(q.question, goldTexts);
    const goldDerivations = goldTyped.derivations.map((d) => d.derivation);
    const perfectResult = toResultSet(aggregate(goldDerivations, goldTyped.type), () => [], 1000);
    const perfectScore = scoreResult(q, perfectResult);
    perfect.add(q, perfectScore);
    const m = supportMetrics(trace.supportSets, gold);
    const goldKeys = new Set(gold.map((s) => [...s].sort().join(',')));
    dump.push(
      [
        `${q.id} [${q.type}${q.join ? ' join' : ''}] ${q.question}`,
        `  gold ${JSON.stringify(q.answer)}; got ${JSON.stringify(interpretation.result?.rows.map((r) => r[0]) ?? [])} score ${score.toFixed(2)}; perfect-retrieval got ${JSON.stringify(perfectResult.rows.map((r) => r[0]))} score ${perfectScore.toFixed(2)}`,
        `  read as ${trace.type ?? 'nothing'}; SSG ${trace.supportSets.length} sets, ${trace.supportSets.filter((s) => goldKeys.has([...s].sort().join(','))).length}/${gold.length} gold sets found`,
        // the first 12 sets, then every other set that gave a derivation
        ...trace.supportSets.flatMap((s, i) =>
          i < 12 || trace.derivations[i] !== '[NULL_ANSWER]'
            ? [`    ${goldKeys.has([...s].sort().join(',')) ? '*' : ' '} ${trace.derivations[i]} <= ${s.map((id) => facts.fact(id)?.text).join(' | ')}`]
            : [],
        ),
        ...gold.slice(0, 6).map((s, i) => `    gold: ${goldDerivations[i] ? formatDerivation(goldDerivations[i]) : ''} <= ${s.map((id) => facts.fact(id)?.text).join(' | ')}`),
      ].join('\n'),
    );
    if (m) {
      ssg.exactP.push(m.exactP);
      ssg.exactR.push(m.exactR);
      ssg.softP.push(m.softP);
      ssg.softR.push(m.softR);
    }
  }
  console.log(`\n-- ${label}: ${lines.length} facts`);
  console.log(`indexing: ${sync.added} facts embedded and indexed in ${(sync.millis / 1000).toFixed(2)} s = ${(sync.added / (sync.millis / 1000)).toFixed(0)} facts/s`);
  console.log(`accuracy: ${sheet.accuracy.toFixed(1)}% over ${questions.length} questions`);
  console.log(`  by type: ${sheet.byType()}`);
  console.log(`perfect retrieval (gold support sets -> SPJ -> aggregation): ${perfect.accuracy.toFixed(1)}%; by type: ${perfect.byType()}`);
  // NLQ_BENCH_DUMP=dir writes every question's support sets and derivations there.
  if (process.env.NLQ_BENCH_DUMP) writeFileSync(join(process.env.NLQ_BENCH_DUMP, `nldb-${label.replace(/[^\w.-]+/g, '_')}.log`), dump.join('\n') + '\n');
  console.log(`SSG (questions with gold support): exact P ${pct(ssg.exactP)} R ${pct(ssg.exactR)}; soft P ${pct(ssg.softP)} R ${pct(ssg.softR)}`);
  const sorted = [...latencies].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  console.log(`latency per question: ${latencySummary(latencies)} (p50 ${p50.toFixed(0)} ms)`);
  await facts.close();
  await store.close();
  rmSync(tmp, { recursive: true, force: true });
  return { sheet, p50 };
}

/**
 * Exact: a predicted support set counts when it equals a gold one (as sets). Soft: facts, over
 * the union of the predicted and of the gold support sets.
 */
function supportMetrics(predicted: readonly (readonly string[])[], gold: readonly (readonly string[])[]) {
  if (gold.length === 0) return null;
  const key = (s: readonly string[]) => [...s].sort().join(',');
  const goldKeys = new Set(gold.map(key));
  const predKeys = new Set(predicted.map(key));
  const hits = [...predKeys].filter((k) => goldKeys.has(k)).length;
  const goldFacts = new Set(gold.flat());
  const predFacts = new Set(predicted.flat());
  const softHits = [...predFacts].filter((f) => goldFacts.has(f)).length;
  return {
    exactP: predKeys.size ? hits / predKeys.size : 0,
    exactR: hits / goldKeys.size,
    softP: predFacts.size ? softHits / predFacts.size : 0,
    softR: softHits / goldFacts.size,
  };
}
