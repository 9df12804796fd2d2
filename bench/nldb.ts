/**
 * NeuralDB over text facts on shared/datasets/facts-dev (never used for training): answer
 * accuracy overall and per type, Support Set Generator precision/recall against the gold support
 * sets (exact and soft, as the paper's Table 4), latency per question, and indexing rate, for
 * the 130-, 1,000- and 10,000-fact databases. Figures only; nothing passes or fails.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { aggregate, normalise } from '../engines/nldb/aggregate.js';
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
import { latencySummary, percentile } from './stats.js';

interface DevQuestion {
  id: string;
  question: string;
  type: string;
  join: boolean;
  answer: (string | number | boolean)[];
  support: number[][];
}

const here = dirname(fileURLToPath(import.meta.url));

function datasetDir(): string | null {
  const candidates = [
    process.env.NLQ_FACTS_DEV,
    resolve(here, '..', '..', 'shared', 'datasets', 'facts-dev'),
    resolve(here, '..', '..', '..', 'shared', 'datasets', 'facts-dev'),
    '/work/shared/datasets/facts-dev',
  ];
  return candidates.find((c): c is string => !!c && existsSync(join(c, 'questions.jsonl'))) ?? null;
}

export async function nldbBenchmarks(): Promise<void> {
  const dir = datasetDir();
  if (!dir) {
    console.log('skipped: facts-dev not found (set NLQ_FACTS_DEV to shared/datasets/facts-dev)');
    return;
  }
  const questions = readFileSync(join(dir, 'questions.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as DevQuestion);
  const lineMap = JSON.parse(readFileSync(join(dir, 'core_line_map.json'), 'utf8')) as Record<string, number[]>;
  // NLQ_NLDB_MODELS=dir measures models elsewhere (a training run's output) without installing them.
  const models = await NldbModels.load({ dir: process.env.NLQ_NLDB_MODELS || undefined });
  console.log(`extractor precision: ${models.config.spj.precision ?? 'fp32'} (NLQ_NLDB_PRECISION=fp32|int8 picks one)`);
  // NLQ_BENCH_FACTS=facts.txt,facts-1000.txt picks some of the databases.
  const files = process.env.NLQ_BENCH_FACTS?.split(',') ?? ['facts.txt', 'facts-1000.txt', 'facts-10000.txt'];
  for (const file of files) {
    const lines = readFileSync(join(dir, file), 'utf8').split('\n').filter((l) => l.trim());
    // gold support refers to facts.txt lines; padded files put them elsewhere
    const toLine = (core: number): number => (file === 'facts.txt' ? core : (lineMap[file]?.[core - 1] ?? -1));
    await runOne(file, lines, questions, toLine, models);
  }
  await models.close();
}

async function runOne(
  file: string,
  lines: readonly string[],
  questions: readonly DevQuestion[],
  toLine: (core: number) => number,
  models: NldbModels,
): Promise<void> {
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
  // as the gateway serves it: WordNet's kinds for the selection check (NLQ_NLDB_KINDS=off to measure without)
  const interpreter = new NldbInterpreter({ collection: 'dev', facts, models, ...(process.env.NLQ_NLDB_KINDS === 'off' ? {} : { kindsOf }) });

  const latencies: number[] = [];
  const byType = new Map<string, number[]>();
  const perfect = new Map<string, number[]>();
  const spj = new SelectProjectJoin(models);
  const dump: string[] = [];
  const ssg = { exactP: [] as number[], exactR: [] as number[], softP: [] as number[], softR: [] as number[] };
  for (const q of questions) {
    const started = performance.now();
    const { interpretation, trace } = await interpreter.run({ question: q.question, topK: 5, limit: 1000, signal: new AbortController().signal });
    latencies.push(performance.now() - started);
    const score = scoreAnswer(q, interpretation.result);
    for (const key of ['all', q.type, ...(q.join ? ['join'] : [])]) byType.set(key, [...(byType.get(key) ?? []), score]);
    const gold = q.support.map((set) => set.map((core) => idOfLine.get(toLine(core)) ?? '?'));
    // Perfect retrieval: the extractor and aggregation on the gold support sets only.
    const goldTexts = gold.map((set) => set.map((id) => facts.fact(id)?.text ?? ''));
    const goldTyped = await spj.deriveTyped(q.question, goldTexts);
    const goldDerivations = goldTyped.derivations.map((d) => d.derivation);
    const perfectResult = toResultSet(aggregate(goldDerivations, goldTyped.type), () => [], 1000);
    const perfectScore = scoreAnswer(q, perfectResult);
    for (const key of ['all', q.type, ...(q.join ? ['join'] : [])]) perfect.set(key, [...(perfect.get(key) ?? []), perfectScore]);
    const m = supportMetrics(trace.supportSets, gold);
    const goldKeys = new Set(gold.map((s) => [...s].sort().join(',')));
    dump.push(
      [
        `${q.id} [${q.type}${q.join ? ' join' : ''}] ${q.question}`,
        `  gold ${JSON.stringify(q.answer)}; got ${JSON.stringify(interpretation.result?.rows.map((r) => r[0]) ?? [])} score ${score.toFixed(2)}; perfect-retrieval got ${JSON.stringify(perfectResult.rows.map((r) => r[0]))} score ${perfectScore.toFixed(2)}`,
        `  SSG ${trace.supportSets.length} sets, ${trace.supportSets.filter((s) => goldKeys.has([...s].sort().join(','))).length}/${gold.length} gold sets found`,
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
  const pct = (xs: readonly number[]) => `${((100 * xs.reduce((a, b) => a + b, 0)) / Math.max(1, xs.length)).toFixed(1)}%`;
  console.log(`\n-- ${file}: ${lines.length} facts`);
  console.log(`indexing: ${sync.added} facts embedded and indexed in ${(sync.millis / 1000).toFixed(2)} s = ${(sync.added / (sync.millis / 1000)).toFixed(0)} facts/s`);
  console.log(`accuracy: ${pct(byType.get('all') ?? [])} over ${questions.length} questions`);
  console.log(
    `  by type: ${[...byType.entries()]
      .filter(([k]) => k !== 'all')
      .map(([k, v]) => `${k} ${pct(v)} (n=${v.length})`)
      .join(', ')}`,
  );
  console.log(
    `perfect retrieval (gold support sets -> SPJ -> aggregation): ${pct(perfect.get('all') ?? [])}; by type: ${[...perfect.entries()]
      .filter(([k]) => k !== 'all')
      .map(([k, v]) => `${k} ${pct(v)}`)
      .join(', ')}`,
  );
  // NLQ_BENCH_DUMP=dir writes every question's support sets and derivations there.
  if (process.env.NLQ_BENCH_DUMP) writeFileSync(join(process.env.NLQ_BENCH_DUMP, `nldb-${file}.log`), dump.join('\n') + '\n');
  console.log(
    `SSG (questions with gold support): exact P ${pct(ssg.exactP)} R ${pct(ssg.exactR)}; soft P ${pct(ssg.softP)} R ${pct(ssg.softR)}`,
  );
  const sorted = [...latencies].sort((a, b) => a - b);
  console.log(`latency per question: ${latencySummary(latencies)} (p50 ${percentile(sorted, 50).toFixed(0)} ms)`);
  await facts.close();
  await store.close();
  rmSync(tmp, { recursive: true, force: true });
}

/** Scoring as facts-dev/README.md says: set F1 for set/argmin/argmax, exact match otherwise. */
export function scoreAnswer(q: DevQuestion, result: ResultSet | null): number {
  const rows = result && result.kind !== 'EMPTY' ? result.rows : [];
  const first = rows[0]?.[0];
  switch (q.type) {
    case 'set':
    case 'argmin':
    case 'argmax': {
      const predicted = new Set(rows.map((r) => normalise(String(r[0]))));
      const gold = new Set(q.answer.map((a) => normalise(String(a))));
      if (predicted.size === 0 && gold.size === 0) return 1;
      const tp = [...predicted].filter((p) => gold.has(p)).length;
      if (tp === 0) return 0;
      const p = tp / predicted.size;
      const r = tp / gold.size;
      return (2 * p * r) / (p + r);
    }
    case 'count':
    case 'bool':
      if (q.answer.length === 0) return rows.length === 0 ? 1 : 0;
      return first === q.answer[0] ? 1 : 0;
    default: // min, max
      if (q.answer.length === 0) return rows.length === 0 ? 1 : 0;
      return typeof first === 'number' && first === Number(q.answer[0]) ? 1 : 0;
  }
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
