/**
 * What the calibrator reads of one interpretation: things every source kind has, so one fitting
 * method serves the predictor (beam share), the shared model and the text-fact engine (its own
 * score): the raw score, how far it stands above the source's other readings, where it ranks, what
 * shape of answer it gives and whether it found anything. Everything here is also visible to a
 * GraphQL client (`Interpretation.score`, `status`, `Answer.kind`), so the benchmark that fits the
 * calibration computes exactly what federation computes when serving.
 */
import type { AnswerKind, SourceKind } from '../../../types.js';

/** Names of the features, in vector order (stored with each fitted group, checked on load). */
// No yes/no feature: in the fitting sets almost every BOOLEAN answer of a structured source came
// from a generated "can you list ..." question read as yes/no, which would teach it that yes/no
// answers are wrong.
export const FEATURE_NAMES = ['logitScore', 'margin', 'rank', 'empty', 'scalar', 'graphStore'] as const;

/**
 * Which model read the question: calibration is fitted per group, because each kind of model's
 * raw score means something different. `querygraph`: a model trained for the source (per-source,
 * or the shared model specialised to it); `shared-querygraph`: the shared model on a source it
 * was never specialised to; `nldb`: the text-fact engine.
 */
export type CalibrationGroup = 'querygraph' | 'shared-querygraph' | 'nldb';
export const CALIBRATION_GROUPS: readonly CalibrationGroup[] = ['querygraph', 'shared-querygraph', 'nldb'];

/** One reading as the calibrator sees it. */
export interface ReadingSummary {
  /** The source's own score, in [0, 1]. */
  readonly score: number;
  /** Rows it returned; null when it was not run or failed. */
  readonly rows: number | null;
  /** The shape of its answer, when known. */
  readonly kind: AnswerKind | null;
}

const clip = (p: number) => Math.min(1 - 1e-4, Math.max(1e-4, Number.isFinite(p) ? p : 0));
const logit = (p: number) => Math.log(clip(p) / (1 - clip(p)));

/** One source's readings, best raw score first (stable: the source's order breaks ties). */
export function byRawScore<T extends { readonly score: number }>(readings: readonly T[]): T[] {
  return readings.map((reading, i) => ({ reading, i })).sort((a, b) => b.reading.score - a.reading.score || a.i - b.i).map(({ reading }) => reading);
}

/**
 * The feature vector of `readings[index]`, where `readings` are one source's interpretations best
 * raw score first (`byRawScore`). `margin` is the score minus the best other score of the same
 * source (the top reading's lead, negative for the others); `empty` is 1 when it ran and returned
 * no rows.
 */
export function readingFeatures(readings: readonly ReadingSummary[], index: number, sourceKind: SourceKind): number[] {
  const reading = readings[index]!;
  const others = readings.filter((_, i) => i !== index).map((r) => clip(r.score));
  const margin = clip(reading.score) - (others.length > 0 ? Math.max(...others) : 0);
  return [
    logit(reading.score),
    margin,
    Math.min(index, 5),
    reading.rows === 0 ? 1 : 0,
    reading.kind === 'SCALAR' ? 1 : 0,
    sourceKind === 'cypher' ? 1 : 0,
  ];
}
