/**
 * `bench trust --records FILE --evidence`: would more of an answer's own evidence calibrate better?
 * Candidate features read from what a client sees of the chosen answer, each tried as a second
 * stage on a calibration group: p = sigmoid(a + b * logit(p_refit) + c . evidence), where p_refit is
 * the run's calibration (cross-validated on the fitting sets). The stage is fitted on the group's
 * fitting answers, either people's questions only (dev) or dev and generated ones, cross-validated
 * by the same folds, and judged on the report sets it never saw (questions-others, facts-others).
 * The candidates are evidence.ts's, read from what the client saw of the answer (its readings'
 * explanations and query graphs). Nothing here is served: a group's stage is served when trust.ts's
 * SERVED_EVIDENCE names it, chosen from these figures (questions-others better at 60% coverage and
 * in error, dev cross-validated not worse).
 */
import { fitLogistic, predict } from '../plugins/nl-query/calibration/logistic.js';
import { accuracyAtCoverage, eceNoiseFloor, expectedCalibrationError, type Judged } from '../plugins/nl-query/calibration/metrics.js';
import type { CalibrationGroup } from '../plugins/nl-query/calibration/features.js';
import { among, answerEvidence, contentWords, type EvidenceName } from '../plugins/nl-query/calibration/evidence.js';

/** What the evidence stage reads of one recorded answer. */
export interface EvidenceRecord {
  readonly group: CalibrationGroup;
  readonly set: string;
  readonly role: 'fit' | 'report';
  readonly question: string;
  readonly right: boolean;
  readonly answered: boolean;
  readonly rows?: number;
  readonly support?: number;
  readonly explanation?: string;
  /** The asked source's readings as a client saw them (records of older runs: no query graphs). */
  readonly readings?: readonly { readonly score: number; readonly status: string; readonly explanation: string; readonly queryGraph?: string | null }[];
}

/** The answer's evidence (evidence.ts) from what the client saw: the chosen reading and the source's others. */
export function recordEvidence(r: EvidenceRecord): Record<EvidenceName, number> {
  const readings = (r.readings ?? []).map((x) => ({ score: x.score, explanation: x.explanation, queryGraph: x.queryGraph ?? null, status: x.status }));
  const chosen = readings.find((x) => x.status === 'CHOSEN') ?? { score: 0, explanation: r.explanation ?? '', queryGraph: null, status: 'CHOSEN' };
  return answerEvidence({ question: r.question, chosen, rows: r.rows ?? 0, others: readings.filter((x) => x !== chosen) });
}

const pick =
  (...names: EvidenceName[]) =>
  (r: EvidenceRecord) => {
    const e = recordEvidence(r);
    return names.map((n) => e[n]);
  };

/**
 * How much of the question the answer's explanation names: the share of the question's content
 * words found in it (evidence.ts's words: a word of five letters or more also by its first five,
 * 'priced' for 'price'). A reading that never names 'Germany' or 'customers' was not about the
 * question asked.
 */
export function explained(question: string, explanation: string): number {
  const asked = contentWords(question);
  if (asked.length === 0) return 1;
  const said = contentWords(explanation);
  return asked.filter((w) => among(w, said)).length / asked.length;
}

/** The candidate evidence features, by name. */
export const EVIDENCE: Readonly<Record<string, (r: EvidenceRecord) => number[]>> = {
  explained: (r) => [explained(r.question, r.explanation ?? '')],
  rows: (r) => [Math.log1p(r.rows ?? 0)],
  support: (r) => [Math.log1p(r.support ?? 0)],
  'explained+rows': (r) => [explained(r.question, r.explanation ?? ''), Math.log1p(r.rows ?? 0)],
  unaccounted: pick('unaccounted'),
  unaccountedShare: pick('unaccountedShare'),
  questionWords: pick('questionWords'),
  runnerUpAgreement: pick('runnerUpAgreement'),
  scoreShare: pick('scoreShare'),
  noRows: pick('noRows'),
  'unaccounted+agreement': pick('unaccounted', 'runnerUpAgreement'),
  'unaccounted+questionWords': pick('unaccounted', 'questionWords'),
  readByRival: pick('readByRival'),
  'readByRival+readByNone': pick('readByRival', 'readByNone'),
  'readByRival+agreement': pick('readByRival', 'runnerUpAgreement'),
  all: pick('unaccounted', 'unaccountedShare', 'questionWords', 'runnerUpAgreement', 'scoreShare', 'noRows'),
};

const logit = (p: number) => {
  const q = Math.min(1 - 1e-6, Math.max(1e-6, p));
  return Math.log(q / (1 - q));
};

/** Share of right-wrong pairs the probabilities order right (ties half): how well they rank. */
function auc(judged: readonly Judged[]): number {
  const right = judged.filter((j) => j.right && j.probability >= 0).map((j) => j.probability);
  const wrong = judged.filter((j) => !j.right && j.probability >= 0).map((j) => j.probability);
  if (right.length === 0 || wrong.length === 0) return Number.NaN;
  let sum = 0;
  for (const r of right) for (const w of wrong) sum += r > w ? 1 : r === w ? 0.5 : 0;
  return sum / (right.length * wrong.length);
}

function describe(judged: readonly Judged[]): string {
  const ece = expectedCalibrationError(judged);
  const at = accuracyAtCoverage(judged, 0.6);
  return `ECE ${ece.toFixed(3)} (floor ${eceNoiseFloor(judged, ece).floor.toFixed(3)}), AUC ${auc(judged).toFixed(3)}, at 60% ${at ? `${(at.accuracy * 100).toFixed(1)}%` : '-'}`;
}

/**
 * Prints, per group and candidate, the report sets' and dev's figures without and with the stage.
 * `probability(r)` is the run's calibration of r (cross-validated for fitting answers), `foldOf`
 * the folds that cross-validation used.
 */
export function evidenceReport<R extends EvidenceRecord>(records: readonly R[], probability: (r: R) => number, foldOf: (question: string) => number, folds: number): void {
  console.log('\nevidence stages (not served): p = sigmoid(a + b logit(p_refit) + c . evidence), fitted per group, dev cross-validated:');
  const groups = [...new Set(records.map((r) => r.group))];
  for (const group of groups) {
    const answered = records.filter((r) => r.group === group && r.answered);
    const fitting = answered.filter((r) => r.role === 'fit');
    const reported = answered.filter((r) => r.role === 'report');
    const dev = fitting.filter((r) => !r.set.startsWith('synthetic'));
    const judged = (list: readonly R[], p: (r: R) => number) => list.map((r) => ({ probability: p(r), right: r.right }));
    // the report sets, paraphrases of one group's sources together
    const reportSets = [...new Set(reported.map((r) => r.set.replace(/^paraphrases .*/, 'paraphrases')))];
    const onReports = (p: (r: R) => number) => reportSets.map((set) => `; ${set} ${describe(judged(reported.filter((r) => r.set.replace(/^paraphrases .*/, 'paraphrases') === set), p))}`).join('');
    console.log(`  ${group}: without a stage: dev (CV) ${describe(judged(dev, probability))}${onReports(probability)}`);
    for (const [name, evidence] of Object.entries(EVIDENCE)) {
      for (const [fitName, fitOn] of [
        ['people', dev],
        ['people+generated', fitting],
      ] as const) {
        if (fitOn.length < 20) continue;
        const sample = (r: R) => ({ features: [logit(probability(r)), ...evidence(r)], right: r.right });
        const cv = new Map<R, number>();
        for (let fold = 0; fold < folds; fold += 1) {
          const model = fitLogistic(fitOn.filter((r) => foldOf(r.question) !== fold).map(sample));
          for (const r of dev) if (foldOf(r.question) === fold) cv.set(r, predict(model, sample(r).features));
        }
        const model = fitLogistic(fitOn.map(sample));
        console.log(
          `    + ${`${name} (fitted on ${fitName})`.padEnd(44)} dev (CV) ${describe(judged(dev, (r) => cv.get(r)!))}${onReports((r) => predict(model, sample(r).features))}; weights ${model.weights.map((w) => w.toFixed(2)).join(', ')}`,
        );
      }
    }
  }
}
