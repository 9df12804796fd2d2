/**
 * `npm run bench -- trust [--write] [--synthetic N] [--others-per-db N] [--records FILE]`: is the gateway right when it
 * answers, and does it say when it is not sure? Every labelled question (trust-sets.ts) is asked
 * through GraphQL over HTTP to `nlq serve` as an outside client (minConfidence 0, so every reading
 * is seen), and each answer's features are read back from what the client sees. Then:
 * - dev (questions-dev, facts-dev; questions-dev also asked of northwind, royals and northwind-graph
 *   served again with no model of their own, so the shared model answers: trust-sets.ts): calibration fitted by 5-fold cross-validation over the fitting
 *   sets (a question is never judged by a calibration fitted on it);
 * - questions-others and facts-others: calibration fitted on every fitting set, measured here only.
 * Printed: expected calibration error per calibration group and set (raw score, the group curve
 * alone, the models' own curves alone (written by nlq train beside each model), and what serving
 * does: a model's own curve through its group's transfer to people's questions where it has one,
 * else the group curve), the risk-coverage curve as a table, accuracy of the answered questions
 * at >= 60% coverage, and the threshold the dev curve suggests; the curve is also written as a PNG.
 * Per source too (a group's error is often one model's): a source's own model is mapped by a
 * transfer fitted on that source's people's questions (calibrator.ts sourceTransfers), since each
 * own curve over-states people's questions by its own amount.
 * `--write [--groups a,b]` refits the group curves and transfers on every fitting set and writes
 * models/calibration.json (what `nlq serve` reads), only the groups named (default all; the
 * others are kept as the file has them);
 * the answers are saved to .nlq/bench/trust-records.json, and `--records` measures them again
 * without asking; `--evidence` also tries candidate features of an answer's own evidence as a
 * second calibration stage (trust-evidence.ts; measured; the stages SERVED_EVIDENCE names are fitted
 * with the curves, measured in every figure here, and written by --write). `--ask a,b` asks only the
 * questions of these calibration groups (`--ask nldb`: the fact sets alone, a few minutes).
 * Calibration is also measured as a user's server answers: `served` is the probability the server
 * answered each question with (models/calibration.json and the models' own curves as shipped),
 * reported per source kind beside the refit, so a file gone stale shows.
 * Fact sets are counted right only when exactly right; bench nldb's accuracy is the mean graded
 * score (a set answer earns its F1), printed here too per fact set (see bench/nldb.ts).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { optionsFromConfig } from '../cli/server.js';
import { Calibrator, defaultCalibrationFile, writeCalibrationFile, type CalibrationFile, type FittedGroup } from '../plugins/nl-query/calibration/calibrator.js';
import { chosenReadingFeatures } from '../plugins/nl-query/calibration/chosen-reading.js';
import type { LogisticModel } from '../plugins/nl-query/calibration/logistic.js';
import { readModelCalibration } from '../plugins/nl-query/calibration/model-calibration.js';
import { CALIBRATION_GROUPS, type CalibrationGroup } from '../plugins/nl-query/calibration/features.js';
import { fitEvidenceStage, fitGroups, fitSourceTransfers, fitTransfers, type CalibrationRecord } from '../plugins/nl-query/calibration/fit-groups.js';
import { accuracyAtCoverage, eceNoiseFloor, expectedCalibrationError, riskCoverage, type Judged } from '../plugins/nl-query/calibration/metrics.js';
import { DEFAULT_LIMITS } from '../config/limits.js';
import { nlQuery } from '../plugins/nl-query/index.js';
import { defaultModelsRoot, modelDirectory, readManifest } from '../engines/predictor/model/model-files.js';
import { defaultSharedModelDirectory, readSharedManifest } from '../engines/predictor/model/shared-files.js';
import { askOverHttp, type ClientAnswer } from './ask-client.js';
import { sharedDataset } from './datasets.js';
import { questionsOthersDir, readOtherDatabases } from './others-questions.js';
import { writeLinePlot, type Rgb } from './png.js';
import { evidenceReport, recordEvidence } from './trust-evidence.js';
import type { EvidenceName } from '../plugins/nl-query/calibration/evidence.js';
import { withServedGateway } from './served-gateway.js';
import { devSets, FACTS_OTHERS, factsOthersSet, GRAPHS_SHARED, NORTHWIND_SHARED, othersSet, paraphraseSets, syntheticFactWorlds, syntheticSet, type TrustQuestion } from './trust-sets.js';
import { scratchWorld } from './world.js';

/** A question asked and judged, with what calibration reads of its answer. */
interface Asked extends CalibrationRecord {
  /** The source it was asked of (absent in records of runs before it was kept: sourceOf reads the set). */
  readonly source?: string;
  readonly question: string;
  readonly sourceKind?: TrustQuestion['sourceKind'];
  readonly answered: boolean;
  readonly role: TrustQuestion['role'];
  /** The answer's kind and row count (absent in records of older runs), so a refit from records can read more of the answer. */
  readonly kind?: string | null;
  readonly rows?: number;
  /**
   * The probability the server answered with (the answer's confidence: models/calibration.json and
   * the models' own curves as a user's server has them); absent in records of older runs.
   */
  readonly served?: number;
  /** Fact questions: bench nldb's graded score of the answer's rows (set F1), and of no rows (what an UNSURE answer scores there). */
  readonly graded?: number;
  readonly gradedEmpty?: number;
  /** The question as the asked source's readings explained it (chosen first), for features read from the answer. */
  readonly explanation?: string;
  readonly readings?: readonly { readonly score: number; readonly probability: number; readonly status: string; readonly explanation: string; readonly queryGraph?: string | null; readonly note?: string | null }[];
  readonly support?: number;
  /** The answer's ambiguity sentence, or null (absent in records of older runs). */
  readonly ambiguity?: string | null;
}

const MAX_ROWS = 5000;

/**
 * The second calibration stages served (calibrator.ts EvidenceStage), per group: the evidence
 * about an answer they read (evidence.ts) and the answers they are fitted on (people's questions of
 * the fitting sets, or those and the generated ones). Chosen from `--evidence`'s figures: a stage
 * is served only where it lowered questions-others' error and raised its accuracy at 60% coverage
 * without worsening dev (cross-validated). At 96ce3d3, the shared model's: the question's words no
 * part of the answer accounts for (questions-others 70.9% -> 76.1% right at 60% coverage, ECE 0.107
 * -> 0.099; dev shared (CV) 48.5% -> 54.5%, ECE 0.105 -> 0.094). Not the source's own models' (dev
 * 89.4% -> 86.4% at 60% coverage) nor the text-fact engine's (no candidate helped facts-others and dev).
 */
const SERVED_EVIDENCE: Partial<Record<CalibrationGroup, { readonly features: readonly EvidenceName[]; readonly fitOn: 'people' | 'people+generated' }>> = {
  'shared-querygraph': { features: ['unaccounted'], fitOn: 'people' },
};
const FOLDS = 5;
const TARGET_COVERAGE = 0.6;
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** The features federation computed for the chosen reading, recomputed from what the client saw. */
function recordOf(q: TrustQuestion, answer: ClientAnswer): Asked {
  const chosen = chosenReadingFeatures(answer.readings, answer, q.sourceKind);
  return {
    group: q.group,
    set: q.set,
    database: q.database,
    source: q.source,
    role: q.role,
    question: q.question,
    sourceKind: q.sourceKind,
    features: chosen?.features ?? [],
    rawScore: chosen?.rawScore ?? 0,
    right: chosen !== null && q.isRight(answer.rows!),
    answered: chosen !== null,
    kind: answer.kind,
    rows: answer.rows?.length ?? 0,
    ...(chosen !== null ? { served: answer.confidence } : {}),
    ...(q.score ? { graded: chosen !== null ? q.score(answer.rows!) : 0, gradedEmpty: q.score([]) } : {}),
    explanation: answer.explanation,
    readings: answer.readings,
    support: answer.support,
    ambiguity: answer.ambiguity,
  };
}

/** The source a record was asked of (records of older runs name it only in their set). */
function sourceOf(r: Asked): string {
  if (r.source) return r.source;
  if (r.set === 'questions-others') return `others-${r.database}`;
  if (r.set === 'facts-dev') return 'kestrelford';
  if (r.set === 'facts-others') return FACTS_OTHERS;
  return r.set.replace(/^(dev|synthetic) /, '');
}

/** Judged with the probability `calibrator` gives (raw scores with none); no answer: -1. */
function judge(records: readonly Asked[], calibrator: Calibrator): Judged[] {
  return records.map((r) => ({ probability: r.answered ? answerProbability(calibrator, r) : -1, right: r.right }));
}

/** The probability `calibrator` gives the answer of `r`: its curves, then its group's evidence stage when it has one (what federation states). */
function answerProbability(calibrator: Calibrator, r: Asked): number {
  const p = calibrator.probability(r.group, r.features, r.rawScore, sourceOf(r));
  return calibrator.hasEvidenceStage(r.group) ? calibrator.answerProbability(r.group, p, recordEvidence(r)) : p;
}

/** A question's fold, from its words: the same question asked of two sources falls in one fold. */
function foldOf(question: string): number {
  let h = 0;
  for (const ch of question.toLowerCase()) h = (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0;
  return h % FOLDS;
}

/**
 * The models' own calibrations (model-calibration.ts, written by nlq train) that served the
 * records: each source's own model's, and the shared model's.
 */
interface OwnCurves {
  readonly bySource: ReadonlyMap<string, LogisticModel>;
  readonly shared: LogisticModel | null;
}

function readOwnCurves(records: readonly Asked[]): OwnCurves {
  const bySource = new Map<string, LogisticModel>();
  for (const source of new Set(records.filter((r) => r.group === 'querygraph').map(sourceOf))) {
    const own = readModelCalibration(modelDirectory(defaultModelsRoot(), source));
    if (own) bySource.set(source, own.curve);
  }
  return { bySource, shared: readModelCalibration(defaultSharedModelDirectory())?.curve ?? null };
}

/**
 * models/calibration.json as it is in the tree, with the models' own curves: what a user's server
 * computes (the records' `served` is what the bench's server did answer with).
 */
function fileCalibrator(curves: OwnCurves): Calibrator {
  const calibrator = Calibrator.load(defaultCalibrationFile());
  for (const [source, curve] of curves.bySource) calibrator.useModelCurve(source, curve);
  calibrator.useSharedModelCurve(curves.shared);
  return calibrator;
}

/** Judged with the probability the server answered with (records of older runs: what the file in the tree gives). */
function judgeServed(records: readonly Asked[], file: Calibrator): Judged[] {
  return records.map((r) => ({ probability: !r.answered ? -1 : (r.served ?? answerProbability(file, r)), right: r.right }));
}

/** The three calibrations compared: the group curves alone, the models' own curves alone (fitted on generated questions), and what serving does (own curves through the group's transfer, else the group's curve). */
interface Calibrations {
  readonly group: Calibrator;
  readonly own: Calibrator;
  readonly shipped: Calibrator;
  readonly groups: Partial<Record<CalibrationGroup, FittedGroup>>;
}

/** Group curves fitted on `fitting` (answered), transfers on its people's questions (not the generated ones), with `curves` registered. */
function calibrationsFrom(fitting: readonly Asked[], curves: OwnCurves): Calibrations {
  const answered = fitting.filter((r) => r.answered);
  const plain = fitGroups(answered);
  const withCurves = (groups: Partial<Record<CalibrationGroup, FittedGroup>>) => {
    const calibrator = Calibrator.of({ version: 1, about: '', features: [], groups });
    for (const [source, curve] of curves.bySource) calibrator.useModelCurve(source, curve);
    calibrator.useSharedModelCurve(curves.shared);
    return calibrator;
  };
  const own = withCurves(plain);
  const people = answered
    .filter((r) => !r.set.startsWith('synthetic') && own.hasModelCurve(r.group, sourceOf(r)))
    .map((r) => ({ group: r.group, set: r.set, source: sourceOf(r), right: r.right, ownProbability: own.probability(r.group, r.features, r.rawScore, sourceOf(r)) }));
  const transfers = fitTransfers(people);
  const bySource = fitSourceTransfers(people);
  const withTransfers = (g: CalibrationGroup, fitted: FittedGroup): FittedGroup => ({
    ...fitted,
    ...(transfers[g] ? { transfer: transfers[g] } : {}),
    ...(g === 'querygraph' && Object.keys(bySource).length > 0 ? { sourceTransfers: bySource } : {}),
  });
  const curved = Object.fromEntries(Object.entries(plain).map(([g, fitted]) => [g, withTransfers(g as CalibrationGroup, fitted)])) as Partial<Record<CalibrationGroup, FittedGroup>>;
  // The second stages served (SERVED_EVIDENCE), on the curves' probabilities of the same answers.
  const beforeStage = withCurves(curved);
  const groups = Object.fromEntries(
    Object.entries(curved).map(([g, fitted]) => {
      const served = SERVED_EVIDENCE[g as CalibrationGroup];
      if (!served) return [g, fitted];
      const on = answered.filter((r) => r.group === g && (served.fitOn === 'people+generated' || !r.set.startsWith('synthetic')));
      const stage = fitEvidenceStage(on.map((r) => ({ set: r.set, probability: beforeStage.probability(r.group, r.features, r.rawScore, sourceOf(r)), evidence: recordEvidence(r), right: r.right })), served.features);
      return [g, stage ? { ...fitted, evidence: stage } : fitted];
    }),
  ) as Partial<Record<CalibrationGroup, FittedGroup>>;
  return { group: Calibrator.of({ version: 1, about: '', features: [], groups: plain }), own, shipped: withCurves(groups), groups };
}

type Which = 'group' | 'own' | 'shipped';

/** Fitting records judged by calibrations fitted on the other folds. */
function crossValidated(fitting: readonly Asked[], curves: OwnCurves): Map<Asked, Record<Which, number>> {
  const answered = fitting.filter((r) => r.answered);
  const probability = new Map<Asked, Record<Which, number>>();
  for (let fold = 0; fold < FOLDS; fold += 1) {
    const c = calibrationsFrom(answered.filter((r) => foldOf(r.question) !== fold), curves);
    for (const r of answered) {
      if (foldOf(r.question) !== fold) continue;
      const p = (calibrator: Calibrator) => answerProbability(calibrator, r);
      probability.set(r, { group: p(c.group), own: p(c.own), shipped: p(c.shipped) });
    }
  }
  return probability;
}

function summarise(label: string, raw: readonly Judged[], calibrated: readonly Judged[], others: readonly { name: string; judged: readonly Judged[] }[] = [], served?: readonly Judged[]): void {
  const answered = calibrated.filter((j) => j.probability >= 0);
  const right = answered.filter((j) => j.right).length;
  const at60 = (judged: readonly Judged[]) => {
    const at = accuracyAtCoverage(judged, TARGET_COVERAGE);
    return at ? `${pct(at.accuracy)} right (coverage ${pct(at.coverage)}, p >= ${at.threshold.toFixed(2)})` : 'coverage never reaches 60%';
  };
  const meanP = answered.reduce((sum, j) => sum + j.probability, 0) / Math.max(1, answered.length);
  const also = others.map((o) => `, ${o.name} ${expectedCalibrationError(o.judged).toFixed(3)}`).join('');
  console.log(
    `  ${label.padEnd(40)} ${String(calibrated.length).padStart(4)} questions, answered ${pct(answered.length / Math.max(1, calibrated.length))}, right ${pct(right / Math.max(1, answered.length))} of answered (mean p ${meanP.toFixed(2)}); ` +
      `ECE raw ${expectedCalibrationError(raw).toFixed(3)}${also} -> refit ${expectedCalibrationError(calibrated).toFixed(3)}` +
      `${served ? `, served ${expectedCalibrationError(served).toFixed(3)}` : ''}; at >= 60% coverage: refit ${at60(calibrated)}${served ? `, served ${at60(served)}` : ''}`,
  );
}

function curveTable(curves: readonly { label: string; judged: readonly Judged[] }[]): void {
  console.log(`  ${'threshold'.padEnd(10)} ${curves.map((c) => `${c.label} coverage / accuracy`.padEnd(38)).join(' ')}`);
  for (const [i, threshold] of Array.from({ length: 20 }, (_, k) => k / 20).entries()) {
    const cells = curves.map((c) => {
      const point = riskCoverage(c.judged, [threshold])[0]!;
      return `${pct(point.coverage).padStart(6)} / ${point.answered === 0 ? '     -' : pct(point.accuracy).padStart(6)} (${point.answered})`.padEnd(38);
    });
    if (i % 2 === 0 || threshold >= 0.4) console.log(`  ${threshold.toFixed(2).padEnd(10)} ${cells.join(' ')}`);
  }
}

/** The lowest threshold at which the dev curve's answered accuracy reaches 90%, or null. */
function suggestedThreshold(dev: readonly Judged[]): number | null {
  const point = riskCoverage(dev, Array.from({ length: 100 }, (_, k) => k / 100)).find((p) => p.answered > 0 && p.accuracy >= 0.9);
  return point?.threshold ?? null;
}

export async function trustBenchmark(args: readonly string[] = []): Promise<void> {
  const { values } = parseArgs({
    args: [...args],
    options: { write: { type: 'boolean', default: false }, evidence: { type: 'boolean', default: false }, groups: { type: 'string' }, synthetic: { type: 'string', default: '100' }, 'others-per-db': { type: 'string' }, records: { type: 'string' }, ask: { type: 'string' } },
  });
  const out = join(process.cwd(), '.nlq', 'bench');
  mkdirSync(out, { recursive: true });
  if (values.records) {
    // Measure again from the answers a previous run recorded (no asking).
    report(JSON.parse(readFileSync(values.records, 'utf8')) as Asked[], writeChoice(values), out, values.evidence);
    return;
  }
  const syntheticCount = Number(values.synthetic);
  // --ask a,b: only the questions of these calibration groups are asked (the others' sets are neither generated nor served)
  const asking = values.ask ? writeChoice({ groups: values.ask }).groups : CALIBRATION_GROUPS;
  const structured = asking.some((g) => g !== 'nldb');
  const shared = readSharedManifest(defaultSharedModelDirectory()) !== null;
  console.log(`shared query-graph model: ${shared ? defaultSharedModelDirectory() : 'none in the tree (questions-others and northwind-shared answer UNSUPPORTED)'}`);
  const { dir, config } = await scratchWorld();
  try {
    let questions: TrustQuestion[] = devSets(shared);
    // Synthetic held-out questions per structured source, judged by their own graphs' rows.
    const { gateway } = nlQuery({ ...optionsFromConfig(config), sharedModel: false, calibration: false });
    try {
      for (const source of structured ? config.sources.filter((s) => s.kind !== 'nldb') : []) {
        const manifest = readManifest(modelDirectory(defaultModelsRoot(), source.id), source.id);
        const engine = await gateway.queryGraphEngineOf(source.id);
        const database = source.id === 'royals' ? 'royals' : 'northwind';
        const synthetic = await syntheticSet(engine, syntheticCount, manifest?.valuesAcrossMarks ?? false);
        const asked = [{ source: source.id, group: 'querygraph' as const }, ...(shared && source.id === 'northwind' ? [{ source: NORTHWIND_SHARED, group: 'shared-querygraph' as const }] : [])];
        for (const { source: id, group } of asked) {
          questions.push(...synthetic.map((s): TrustQuestion => ({ set: `synthetic ${id}`, role: 'fit', database, source: id, sourceKind: source.kind, group, question: s.question, isRight: s.isRight })));
        }
      }
    } finally {
      await gateway.stop();
    }
    const othersRoot = questionsOthersDir();
    const perDb = values['others-per-db'] ? Number(values['others-per-db']) : null;
    const databases = othersRoot && asking.includes('shared-querygraph') ? readOtherDatabases(othersRoot).map((db) => (perDb ? { ...db, questions: db.questions.slice(0, perDb) } : db)) : [];
    if (!othersRoot) console.log('questions-others: not found beside the repository (shared/datasets), not measured');
    questions.push(...othersSet(databases));
    questions.push(...paraphraseSets(shared));
    const factsOthers = sharedDataset('facts-others');
    if (factsOthers) questions.push(...factsOthersSet(join(factsOthers, 'questions.jsonl')));
    const factWorlds = syntheticFactWorlds();
    for (const world of factWorlds) questions.push(...world.questions);
    questions = questions.filter((q) => asking.includes(q.group));

    // The scratch world, northwind and the graph sources again with no model of their own, and the questions-others databases.
    const raw = JSON.parse(readFileSync(config.file, 'utf8')) as { sources: { id: string; seed?: string }[]; limits?: object };
    const northwind = raw.sources.find((s) => s.id === 'northwind')!;
    raw.sources.push({ ...northwind, id: NORTHWIND_SHARED, seed: undefined });
    for (const g of GRAPHS_SHARED) raw.sources.push({ ...raw.sources.find((s) => s.id === g.of)!, id: g.id, seed: undefined });
    for (const db of databases) raw.sources.push({ id: `others-${db.name}`, kind: 'sql', url: `file:${db.sqliteFile}`, description: `The ${db.name.replace(/_/g, ' ')} database.` } as never);
    raw.limits = { ...raw.limits, maxRows: MAX_ROWS };
    writeFileSync(config.file, JSON.stringify(raw, null, 2));

    console.log(`asking ${questions.length} questions through GraphQL over HTTP (top-3, minConfidence 0)...`);
    const started = performance.now();
    const records = await withServedGateway(config.file, async (url) => {
      if (factsOthers) await loadCollection(url, FACTS_OTHERS, 'facts-others', readFileSync(join(factsOthers, 'facts.txt'), 'utf8').split('\n').filter((l) => l.trim()));
      for (const world of factWorlds) await loadCollection(url, world.collection, `generated world ${world.collection}`, world.facts);
      const out: Asked[] = [];
      for (const q of questions) out.push(recordOf(q, await askOverHttp(url, q.question, { source: q.source, topK: 3, limit: MAX_ROWS, minConfidence: 0 })));
      return out;
    });
    console.log(`asked in ${((performance.now() - started) / 60_000).toFixed(1)} min`);
    const recordsFile = join(out, 'trust-records.json');
    writeFileSync(recordsFile, JSON.stringify(records));
    console.log(`answers and their features: ${recordsFile} (measure again with --records ${recordsFile})`);
    // --ask without --groups: --write refits only the groups asked
    report(records, writeChoice({ write: values.write, groups: values.groups ?? values.ask }), out, values.evidence);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Creates the fact collection `id` on the served gateway and adds `facts` to it. */
async function loadCollection(url: string, id: string, description: string, facts: readonly string[]): Promise<void> {
  const post = async (query: string, variables: object) => {
    const body = (await (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) })).json()) as { errors?: { message: string }[] };
    if (body.errors) throw new Error(body.errors[0]?.message);
  };
  await post('mutation ($id: ID!, $d: String!) { createFactCollection(id: $id, description: $d) { id } }', { id, d: description });
  for (let i = 0; i < facts.length; i += 500) await post('mutation ($c: ID!, $f: [String!]!) { addFacts(collection: $c, facts: $f) { ids } }', { c: id, f: facts.slice(i, i + 500) });
}

/** What `--write` refits: every group, or those `--groups` names (the others are kept as the file has them). */
interface WriteChoice {
  readonly write: boolean;
  readonly groups: readonly CalibrationGroup[];
}

function writeChoice(values: { write?: boolean | undefined; groups?: string | undefined }): WriteChoice {
  const groups = values.groups ? values.groups.split(',').map((g) => g.trim()) : [...CALIBRATION_GROUPS];
  for (const g of groups) if (!CALIBRATION_GROUPS.includes(g as CalibrationGroup)) throw new Error(`--groups: unknown calibration group '${g}' (${CALIBRATION_GROUPS.join(', ')})`);
  return { write: values.write ?? false, groups: groups as CalibrationGroup[] };
}

/**
 * Fact sets: what bench nldb would report of the same answers. It scores set answers by F1 (part
 * credit; right here means F1 = 1) and asks at the default minConfidence, where an UNSURE answer
 * has no rows and scores as the empty answer (right for a question whose gold answer is empty).
 */
function gradedNote(list: readonly Asked[]): string {
  const graded = list.filter((r) => r.graded !== undefined);
  if (graded.length === 0 || graded.length !== list.length) return '';
  const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const floor = DEFAULT_LIMITS.minConfidence;
  const withAbstention = graded.map((r) => (r.answered && r.served !== undefined && r.served < floor ? r.gradedEmpty! : r.graded!));
  const unsure = graded.filter((r) => r.answered && r.served !== undefined && r.served < floor);
  return (
    `; bench nldb's graded score (set F1) ${pct(mean(graded.map((r) => r.graded!)))}` +
    (graded.some((r) => r.served !== undefined) ? `, with answers below minConfidence ${floor} scored as no rows (${unsure.length} UNSURE, ${unsure.filter((r) => r.gradedEmpty === 1).length} of them scoring 1) ${pct(mean(withAbstention))}` : '')
  );
}

/**
 * Per source kind, the calibration a user's server answers with (served) beside the one this run
 * refits (cross-validated on dev, fitted on every fitting set for the report sets): a file gone
 * stale (a model retrained, a group never refitted) shows as a served error above the refit's.
 * Also says whether the served probabilities are what models/calibration.json in the tree gives
 * (they differ when the server read other models or another file).
 */
function servedAgainstRefit(
  records: readonly Asked[],
  dev: readonly Asked[],
  cvJudged: (list: readonly Asked[]) => Judged[],
  refitJudged: (list: readonly Asked[]) => Judged[],
  served: (list: readonly Asked[]) => Judged[],
  file: Calibrator,
): void {
  console.log('\nper source kind: ECE served (what a user\'s server answers with) against refit (this run\'s fit; dev cross-validated), and accuracy at >= 60% coverage:');
  const rows: { label: string; list: readonly Asked[]; refit: Judged[] }[] = [];
  for (const kind of ['sql', 'cypher', 'nldb'] as const) {
    const ofKind = dev.filter((r) => r.sourceKind === kind);
    if (ofKind.length > 0) rows.push({ label: `dev ${kind}`, list: ofKind, refit: cvJudged(ofKind) });
  }
  for (const kind of ['sql', 'cypher'] as const) {
    const list = records.filter((r) => r.set.startsWith('paraphrases ') && r.sourceKind === kind);
    if (list.length > 0) rows.push({ label: `dev paraphrases ${kind}`, list, refit: refitJudged(list) });
  }
  for (const set of ['questions-others', 'facts-others']) {
    const list = records.filter((r) => r.set === set);
    if (list.length > 0) rows.push({ label: `${set} (${list[0]!.sourceKind ?? '?'})`, list, refit: refitJudged(list) });
  }
  for (const row of rows) {
    const s = served(row.list);
    const eServed = expectedCalibrationError(s);
    const eRefit = expectedCalibrationError(row.refit);
    const at = (judged: readonly Judged[]) => {
      const a = accuracyAtCoverage(judged, TARGET_COVERAGE);
      return a ? pct(a.accuracy) : '-';
    };
    const noise = eceNoiseFloor(s, eServed);
    // off beyond what chance shows on this many questions: a stale file when a refit does better
    const off = noise.pValue < 0.05;
    const flag = off ? (eRefit < eServed - 0.01 ? '  <- served off beyond chance and a refit does better: stale file?' : '  <- off beyond chance; a refit does not mend it') : '';
    console.log(
      `  ${row.label.padEnd(28)} ${String(row.list.length).padStart(4)} questions: ECE served ${eServed.toFixed(3)} (perfectly calibrated would show ${noise.floor.toFixed(3)}; as large by chance ${pct(noise.pValue)}), ` +
        `refit ${eRefit.toFixed(3)}; at 60% coverage served ${at(s)}, refit ${at(row.refit)}${flag}`,
    );
  }
  const withServed = records.filter((r) => r.answered && r.served !== undefined);
  const differ = withServed.filter((r) => Math.abs(r.served! - answerProbability(file, r)) > 1e-9);
  if (withServed.length === 0) console.log('  (records of an older run: served = what models/calibration.json in the tree gives them)');
  else
    console.log(
      `  served probabilities against models/calibration.json and the own curves in the tree: ${differ.length === 0 ? 'the same for every answer' : `${differ.length} of ${withServed.length} answers differ (${[...new Set(differ.map(sourceOf))].slice(0, 8).join(', ')})`}`,
    );
}

/**
 * The text-fact group's transfer to collections it was not fitted on, measured inside the fitting
 * sets: each fact world (a generated domain, or facts-dev's town) judged by a calibration fitted
 * on every other world, leave-one-world-out. Its per-world error is what a new collection should
 * expect; the spread of the worlds' right rates bounds it, since the features do not see the domain.
 */
function heldOutWorlds(fitting: readonly Asked[], curves: OwnCurves): void {
  const facts = fitting.filter((r) => r.group === 'nldb' && r.answered);
  const worlds = [...new Set(facts.map((r) => r.database))].sort();
  if (worlds.length < 3) return;
  const perWorld = worlds.map((world) => {
    const c = calibrationsFrom(fitting.filter((r) => !(r.group === 'nldb' && r.database === world)), curves);
    const judged = judge(facts.filter((r) => r.database === world), c.shipped);
    const ece = expectedCalibrationError(judged);
    return { world, judged, ece, floor: eceNoiseFloor(judged, ece).floor, rate: judged.filter((j) => j.right).length / Math.max(1, judged.length) };
  });
  const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const rates = perWorld.map((w) => w.rate);
  const sd = Math.sqrt(mean(rates.map((r) => (r - mean(rates)) ** 2)));
  console.log(
    `\nnldb, leave-one-world-out over ${worlds.length} fact worlds (each judged by a fit on the others): ECE pooled ${expectedCalibrationError(perWorld.flatMap((w) => w.judged)).toFixed(3)}, ` +
      `per world mean ${mean(perWorld.map((w) => w.ece)).toFixed(3)} (perfectly calibrated would show ${mean(perWorld.map((w) => w.floor)).toFixed(3)}); ` +
      `worlds' right rates ${pct(Math.min(...rates))}-${pct(Math.max(...rates))} (sd ${pct(sd)})`,
  );
  for (const w of perWorld) console.log(`  ${w.world.padEnd(24)} ${String(w.judged.length).padStart(4)} answered, right ${pct(w.rate)}, mean p ${mean(w.judged.map((j) => j.probability)).toFixed(2)}, ECE ${w.ece.toFixed(3)} (${w.floor.toFixed(3)})`);
}

function report(records: readonly Asked[], write: WriteChoice, out: string, evidence = false): void {
  const fitting = records.filter((r) => r.role === 'fit');
  const sets = [...new Set(records.map((r) => r.set))];
  console.log('\nanswers per set (raw = the chosen reading of minConfidence 0):');
  for (const set of sets) {
    const list = records.filter((r) => r.set === set);
    const answered = list.filter((r) => r.answered);
    console.log(`  ${set.padEnd(34)} ${String(list.length).padStart(4)} asked, ${String(answered.length).padStart(4)} answered, ${pct(answered.filter((r) => r.right).length / Math.max(1, list.length))} right${gradedNote(list)}`);
  }
  const curves = readOwnCurves(records);
  console.log(
    `\nmodels' own calibrations (nlq train): ${[...curves.bySource.keys()].join(', ') || 'none of the sources\' own models'}; shared model: ${curves.shared ? 'yes' : 'none'}` +
      ' (ECE columns: raw score, the group curve alone, the own curve alone; refit = own curve through the group transfer where a model has one, else the group curve, ' +
      'fitted here (cross-validated on dev); served = the probability the server answered with (models/calibration.json and the own curves as shipped; ' +
      'on dev in-sample, the file having been fitted on it: a served ECE above the refit\'s there says the file is stale)',
  );
  const file = fileCalibrator(curves);
  const served = (list: readonly Asked[]) => judgeServed(list, file);
  const cv = crossValidated(fitting, curves);
  const cvJudged = (list: readonly Asked[], which: Which = 'shipped') => list.map((r) => ({ probability: r.answered ? (cv.get(r)?.[which] ?? -1) : -1, right: r.right }));
  const full = calibrationsFrom(fitting, curves);
  const dev = fitting.filter((r) => !r.set.startsWith('synthetic'));
  const synthetic = fitting.filter((r) => r.set.startsWith('synthetic'));
  console.log(`\ncalibration (${FOLDS}-fold cross-validation on the fitting sets for dev and synthetic; fitted on all ${fitting.filter((r) => r.answered).length} answered fitting questions for the others):`);
  for (const group of CALIBRATION_GROUPS) {
    const cvLine = (label: string, list: readonly Asked[]) =>
      list.length > 0 && summarise(label, judge(list, Calibrator.none()), cvJudged(list), [{ name: 'group', judged: cvJudged(list, 'group') }, { name: 'own', judged: cvJudged(list, 'own') }], served(list));
    cvLine(`dev, ${group} (CV)`, dev.filter((r) => r.group === group));
    cvLine(`synthetic, ${group} (CV)`, synthetic.filter((r) => r.group === group));
    for (const set of [...new Set(records.filter((r) => r.role === 'report' && r.group === group).map((r) => r.set))]) {
      const reported = records.filter((r) => r.role === 'report' && r.group === group && r.set === set);
      if (reported.length > 0) summarise(`${set}, ${group}`, judge(reported, Calibrator.none()), judge(reported, full.shipped), [{ name: 'group', judged: judge(reported, full.group) }, { name: 'own', judged: judge(reported, full.own) }], served(reported));
    }
  }
  // per source: a group's error is often one source's (a model retrained, its own curve refitted)
  for (const source of [...new Set(dev.map(sourceOf))]) {
    const ofSource = dev.filter((r) => sourceOf(r) === source);
    summarise(`dev, ${source} (CV)`, judge(ofSource, Calibrator.none()), cvJudged(ofSource), [{ name: 'group', judged: cvJudged(ofSource, 'group') }, { name: 'own', judged: cvJudged(ofSource, 'own') }], served(ofSource));
  }
  for (const kind of ['sql', 'cypher', 'nldb'] as const) {
    const ofKind = dev.filter((r) => r.sourceKind === kind);
    if (ofKind.length > 0) summarise(`dev, ${kind} sources (CV)`, judge(ofKind, Calibrator.none()), cvJudged(ofKind), [{ name: 'group', judged: cvJudged(ofKind, 'group') }], served(ofKind));
  }
  servedAgainstRefit(records, dev, cvJudged, (list) => judge(list, full.shipped), served, file);
  heldOutWorlds(fitting, curves);
  const plotted = [
    { label: 'dev (CV)', judged: cvJudged(dev), colour: [31, 119, 180] as Rgb },
    { label: 'questions-others', judged: judge(records.filter((r) => r.set === 'questions-others'), full.shipped), colour: [214, 39, 40] as Rgb },
    { label: 'facts-others', judged: judge(records.filter((r) => r.set === 'facts-others'), full.shipped), colour: [44, 160, 44] as Rgb },
  ].filter((c) => c.judged.length > 0);
  summarise('dev, all (CV)', judge(dev, Calibrator.none()), cvJudged(dev), [{ name: 'group', judged: cvJudged(dev, 'group') }], served(dev));
  console.log('\nrisk-coverage, shipped calibration (answer when p >= threshold: share of all questions answered / share of those right):');
  curveTable(plotted);
  const floor = DEFAULT_LIMITS.minConfidence;
  console.log(`\nat the default minConfidence ${floor}:`);
  const subsets = [
    ...plotted.map((c) => ({ label: c.label, judged: c.judged })),
    { label: 'dev structured (CV)', judged: cvJudged(dev.filter((r) => r.group !== 'nldb')) },
    { label: 'facts-dev (CV)', judged: cvJudged(dev.filter((r) => r.group === 'nldb')) },
    ...(['querygraph', 'shared-querygraph'] as const).map((group) => ({ label: `dev ${group} (CV)`, judged: cvJudged(dev.filter((r) => r.group === group)) })),
  ];
  for (const c of subsets) {
    const p = riskCoverage(c.judged, [floor])[0]!;
    console.log(`  ${c.label.padEnd(22)} coverage ${pct(p.coverage)}, accuracy of answered ${p.answered === 0 ? '-' : pct(p.accuracy)} (${p.answered} answered)`);
  }
  const threshold = suggestedThreshold(cvJudged(dev));
  console.log(`\nlowest threshold with >= 90% of answered dev questions right: ${threshold === null ? 'none' : threshold.toFixed(2)}`);
  if (threshold !== null) {
    for (const c of plotted) {
      const p = riskCoverage(c.judged, [threshold])[0]!;
      console.log(`  at p >= ${threshold.toFixed(2)}: ${c.label} coverage ${pct(p.coverage)}, accuracy ${pct(p.accuracy)} (${p.answered} answered)`);
    }
  }
  const png = join(out, 'trust-risk-coverage.png');
  const fine = Array.from({ length: 101 }, (_, k) => k / 100);
  writeLinePlot(png, plotted.map((c) => ({ colour: c.colour, points: riskCoverage(c.judged, fine).filter((p) => p.answered > 0).map((p) => ({ x: p.coverage, y: p.accuracy })) })));
  console.log(`risk-coverage plot (x coverage, y accuracy of answered; ${plotted.map((c) => `${c.label} ${c.colour.join(',')}`).join('; ')}): ${png}`);
  if (evidence) evidenceReport(records, (r) => (r.role === 'fit' ? (cv.get(r)?.shipped ?? -1) : answerProbability(full.shipped, r)), foldOf, FOLDS);
  if (write.write) {
    const file = defaultCalibrationFile();
    const kept = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as CalibrationFile).groups : {};
    const groups: Partial<Record<CalibrationGroup, FittedGroup>> = {};
    for (const group of CALIBRATION_GROUPS) {
      // a group named but with nothing asked of it this run (--ask) keeps the file's fit, never drops it
      const refitted = write.groups.includes(group) ? full.groups[group] : undefined;
      const chosen = refitted ?? kept[group];
      if (chosen) groups[group] = chosen;
    }
    writeCalibrationFile(file, groups);
    const refitted = write.groups.filter((g) => full.groups[g]);
    console.log(`calibration written: ${file} (refitted: ${refitted.join(', ') || 'none'}; kept as they were: ${CALIBRATION_GROUPS.filter((g) => !refitted.includes(g)).join(', ') || 'none'})`);
  }
}
