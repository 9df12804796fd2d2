/**
 * Merges what the sources returned into one result: every interpretation of every source ranked
 * by calibrated probability (plugins/nl-query/calibration: each source's raw score mapped to the
 * chance its answer is right, so sources compare), and the answer taken from the best one that
 * ran — with self-correction: when the best
 * reading failed, or returned nothing although the question presumes an answer, the next one is
 * taken, and each passed-over interpretation says why in its `note`.
 * (Questions that need several sources are split and recombined in plugins/nl-query/plans/.)
 */
import type { Answer, Interpretation, InterpretationStatus, SourceKind, SourceOutcome } from '../types.js';
import type { SourceInterpretation } from '../engines/source.js';
import { presumesAnswer } from '../engines/predictor/presumption.js';
import { describeAmbiguity } from '../plugins/nl-query/calibration/ambiguity.js';
import { Calibrator } from '../plugins/nl-query/calibration/calibrator.js';
import { answerEvidence } from '../plugins/nl-query/calibration/evidence.js';
import { byRawScore, readingFeatures, type CalibrationGroup } from '../plugins/nl-query/calibration/features.js';
import { interpretationId } from '../plugins/nl-query/calibration/interpretation-id.js';
import { rivalProbabilities } from '../plugins/nl-query/calibration/rival-readings.js';

/** What one source did with one question. */
export interface SourceRun {
  readonly outcome: SourceOutcome;
  readonly interpretations: readonly SourceInterpretation[];
  /** The source's kind (which calibration group its readings belong to); sql when not said. */
  readonly kind?: SourceKind;
}

export interface Federated {
  readonly answer: Answer | null;
  readonly interpretations: readonly Interpretation[];
  readonly sources: readonly SourceOutcome[];
}

interface Ranked {
  readonly source: string;
  /** Its calibration group. */
  readonly group: CalibrationGroup;
  readonly interpretation: SourceInterpretation;
  /** Calibrated probability that its answer is right. */
  readonly probability: number;
  /** Its rank among its source's readings by raw score (text-fact ids re-ask by it). */
  readonly rankInSource: number;
}

const TAUGHT_MATCH = { exact: 'EXACT', near: 'OTHER_VALUES', similar: 'SIMILAR' } as const;

/** Which calibration group a source's reading belongs to. */
function groupOf(kind: SourceKind | undefined, interpretation: SourceInterpretation): CalibrationGroup {
  if (kind === 'nldb') return 'nldb';
  return interpretation.model === 'shared' ? 'shared-querygraph' : 'querygraph';
}

/** Every reading of one source with its calibrated probability (by its model's own curve when it has one). */
function calibrated(run: SourceRun, calibrator: Calibrator): Ranked[] {
  // A taught reading's score is its probability (the caller said what the answer is); the model's
  // readings are calibrated among themselves, as they were fitted, without it.
  const taught = run.interpretations.filter((i) => i.taught);
  const ordered = byRawScore(run.interpretations.filter((i) => !i.taught));
  const summaries = ordered.map((i) => ({ score: i.score, rows: i.result ? i.result.rows.length : null, kind: i.result?.kind ?? null }));
  return [
    ...taught.map((interpretation) => ({ source: run.outcome.source, group: groupOf(run.kind, interpretation), interpretation, rankInSource: 0, probability: interpretation.score })),
    ...ordered.map((interpretation, rankInSource) => ({
      source: run.outcome.source,
      group: groupOf(run.kind, interpretation),
      interpretation,
      rankInSource,
      probability: calibrator.probability(groupOf(run.kind, interpretation), readingFeatures(summaries, rankInSource, run.kind ?? 'sql'), interpretation.score, run.outcome.source),
    })),
  ];
}

const byProbability = (a: Ranked, b: Ranked) => b.probability - a.probability || b.interpretation.score - a.interpretation.score;

/** The reading answered with among `readings` (best probability first): an empty result only if the question does not presume an answer, or nothing else answered. */
function answerOf(readings: readonly Ranked[], presumes: boolean): Ranked | null {
  const ran = readings.filter(({ interpretation }) => interpretation.result !== null);
  const nonEmpty = ran.find(({ interpretation }) => (interpretation.result?.rows.length ?? 0) > 0);
  return (presumes ? nonEmpty : ran[0]) ?? ran[0] ?? null;
}

/**
 * Each source's readings other than the one it answers with, bounded by what that one leaves
 * (rival-readings.ts); the model's readings only: a taught reading's probability is the caller's word.
 */
function asRivals(ranked: readonly Ranked[], chosen: Ranked | null, presumes: boolean): Ranked[] {
  const answering = new Map<string, Ranked | null>();
  const answerOfSource = (source: string) => {
    if (chosen?.source === source) return chosen;
    if (!answering.has(source)) answering.set(source, answerOf(ranked.filter((r) => r.source === source), presumes));
    return answering.get(source) ?? undefined;
  };
  const model = ranked.filter((r) => !r.interpretation.taught);
  const rivals = new Map(model.map((r) => [r, { source: r.source, score: r.interpretation.score, probability: r.probability }] as const));
  const answerAsRival = (source: string) => {
    const answer = answerOfSource(source);
    return answer && (rivals.get(answer) ?? { source, score: answer.interpretation.score, probability: answer.probability });
  };
  const probabilities = rivalProbabilities([...rivals.values()], answerAsRival);
  const bounded = new Map(model.map((r, i) => [r, probabilities[i]!] as const));
  return ranked.map((r) => (bounded.has(r) ? { ...r, probability: bounded.get(r)! } : r)).sort(byProbability);
}

/**
 * The answer's probability through its group's second stage (calibrator.ts `answerProbability`):
 * the evidence about it beside its source's other model readings (evidence.ts). A taught reading's
 * probability is the caller's word and stays.
 */
function withEvidence(chosen: Ranked, readings: readonly Ranked[], question: string, calibrator: Calibrator): Ranked {
  if (chosen.interpretation.taught || !calibrator.hasEvidenceStage(chosen.group)) return chosen;
  const others = readings.filter((r) => r.source === chosen.source && r !== chosen && !r.interpretation.taught).map((r) => r.interpretation);
  const evidence = answerEvidence({ question, chosen: chosen.interpretation, rows: chosen.interpretation.result?.rows.length ?? 0, others });
  return { ...chosen, probability: calibrator.answerProbability(chosen.group, chosen.probability, evidence) };
}

export function federate(runs: readonly SourceRun[], question = '', calibrator: Calibrator = Calibrator.none()): Federated {
  const presumes = presumesAnswer(question);
  const calibratedReadings = runs.flatMap((run) => calibrated(run, calibrator)).sort(byProbability);
  const chosenByCurve = answerOf(calibratedReadings, presumes);
  // Passed over: ahead of the answer in the order the answer was chosen in (calibrated, before the rival bound).
  const triedBefore = new Set(calibratedReadings.slice(0, chosenByCurve ? calibratedReadings.indexOf(chosenByCurve) : calibratedReadings.length).map((r) => r.interpretation));
  // Chosen by the curves; its confidence then weighs the evidence about it (never which answer it is).
  const chosenAsCalibrated = chosenByCurve && withEvidence(chosenByCurve, calibratedReadings, question, calibrator);
  const ranked = asRivals(
    calibratedReadings.map((r) => (r === chosenByCurve ? chosenAsCalibrated! : r)),
    chosenAsCalibrated,
    presumes,
  );
  const chosen = chosenAsCalibrated && ranked.find((r) => r.interpretation === chosenAsCalibrated.interpretation)!;

  const interpretations = ranked.map(({ source, interpretation, probability, rankInSource }): Interpretation => ({
    source,
    score: interpretation.score,
    probability,
    id: interpretationId(interpretation.queryGraph !== null ? { source, queryGraph: interpretation.queryGraph } : { source, question, rank: rankInSource }),
    explanation: interpretation.explanation,
    query: interpretation.query,
    queryGraph: interpretation.queryGraph,
    status: chosen?.interpretation === interpretation ? 'CHOSEN' : statusOf(interpretation),
    error: interpretation.error?.message ?? null,
    note: triedBefore.has(interpretation) ? passedOver(interpretation) : null,
    taughtFrom: interpretation.taught?.exampleId ?? null,
    taughtMatch: interpretation.taught ? TAUGHT_MATCH[interpretation.taught.match] : null,
  }));

  const runnerUp = ranked.find((r) => r !== chosen && !r.interpretation.error);
  const reading = (r: Ranked) => ({ ...r.interpretation, probability: r.probability, rows: r.interpretation.result?.rows ?? null });
  const answer: Answer | null =
    chosen && chosen.interpretation.result
      ? {
          kind: chosen.interpretation.result.kind,
          columns: chosen.interpretation.result.columns,
          rows: chosen.interpretation.result.rows,
          weights: chosen.interpretation.result.rows.map(() => chosen.probability),
          support: chosen.interpretation.result.support,
          source: chosen.source,
          sources: [chosen.source],
          confidence: chosen.probability,
          explanation: chosen.interpretation.explanation,
          query: chosen.interpretation.query,
          queryGraph: chosen.interpretation.queryGraph,
          ambiguity: describeAmbiguity(question, reading(chosen), runnerUp && reading(runnerUp)),
        }
      : null;

  return { answer, interpretations, sources: runs.map((run) => run.outcome) };
}

/** Why a better-scored interpretation did not give the answer. */
function passedOver(interpretation: SourceInterpretation): string {
  if (interpretation.error) return `failed (${interpretation.error.code}); the next reading was tried`;
  if (!interpretation.result) return 'was not run; the next reading was tried';
  return 'returned nothing although the question presumes an answer; the next reading was tried';
}

function statusOf(interpretation: SourceInterpretation): InterpretationStatus {
  if (interpretation.error) return 'FAILED';
  if (!interpretation.result) return 'NOT_RUN';
  return interpretation.result.rows.length === 0 ? 'EMPTY' : 'ANSWERED';
}
