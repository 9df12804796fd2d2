/**
 * How well probabilities match outcomes: expected calibration error (equal-width bins, weighted by
 * bin size) and the risk-coverage curve (answer only the questions whose probability reaches a
 * threshold: what share is answered, and how many of those are right).
 */
import { Random } from '../../../engines/query-graph/random-walk.js';

/** One question: the probability its answer was given (negative when it got none) and whether the answer was right. */
export interface Judged {
  readonly probability: number;
  readonly right: boolean;
}

/** Expected calibration error of the answered questions over `bins` equal-width bins of probability. 0 when there is nothing. */
export function expectedCalibrationError(all: readonly Judged[], bins = 10): number {
  const judged = all.filter((j) => j.probability >= 0);
  if (judged.length === 0) return 0;
  let error = 0;
  for (let b = 0; b < bins; b += 1) {
    const inBin = judged.filter((j) => Math.min(bins - 1, Math.floor(j.probability * bins)) === b);
    if (inBin.length === 0) continue;
    const meanP = inBin.reduce((s, j) => s + j.probability, 0) / inBin.length;
    const rate = inBin.filter((j) => j.right).length / inBin.length;
    error += (inBin.length / judged.length) * Math.abs(meanP - rate);
  }
  return error;
}

/** One point of the risk-coverage curve. */
export interface CoveragePoint {
  /** Answer when the probability is at least this. */
  readonly threshold: number;
  /** Share of all questions answered. */
  readonly coverage: number;
  /** Share of the answered ones that are right (1 when none is answered). */
  readonly accuracy: number;
  readonly answered: number;
}

/** The curve at each threshold (default every 0.05 from 0 to 0.95). */
export function riskCoverage(judged: readonly Judged[], thresholds: readonly number[] = Array.from({ length: 20 }, (_, i) => i / 20)): CoveragePoint[] {
  return thresholds.map((threshold) => {
    const answered = judged.filter((j) => j.probability >= threshold);
    return {
      threshold,
      coverage: judged.length === 0 ? 0 : answered.length / judged.length,
      accuracy: answered.length === 0 ? 1 : answered.filter((j) => j.right).length / answered.length,
      answered: answered.length,
    };
  });
}

/**
 * Accuracy of the answered questions when the most confident `coverage` share of all questions is
 * answered (ties at the cut all in). Questions never answered carry a negative probability; null
 * when fewer than that share were answered at all.
 */
export function accuracyAtCoverage(judged: readonly Judged[], coverage: number): { accuracy: number; coverage: number; threshold: number } | null {
  const needed = Math.max(1, Math.ceil(coverage * judged.length));
  const sorted = judged.filter((j) => j.probability >= 0).sort((a, b) => b.probability - a.probability);
  if (judged.length === 0 || sorted.length < needed) return null;
  const cut = sorted[needed - 1]!.probability;
  const answered = sorted.filter((j) => j.probability >= cut);
  return { accuracy: answered.filter((j) => j.right).length / answered.length, coverage: answered.length / judged.length, threshold: cut };
}

/**
 * The ECE that perfectly calibrated probabilities would show on these questions by chance: each
 * answered question's outcome drawn right with its own probability, `draws` times (seeded, so the
 * same probabilities always give the same figure), with how often such a draw's ECE reaches
 * `observed` (a p-value: small says the probabilities are off; large says the observed error is
 * what a sample this small shows anyway). Few questions in 10 bins show a large ECE however right
 * the probabilities are (about 0.11 for 80 questions spread over the range).
 */
export function eceNoiseFloor(judged: readonly Judged[], observed: number, draws = 500, seed = 1): { floor: number; pValue: number } {
  const probabilities = judged.filter((j) => j.probability >= 0).map((j) => j.probability);
  if (probabilities.length === 0) return { floor: 0, pValue: 1 };
  const random = new Random(seed);
  let sum = 0;
  let reached = 0;
  for (let d = 0; d < draws; d += 1) {
    const ece = expectedCalibrationError(probabilities.map((probability) => ({ probability, right: random.next() < probability })));
    sum += ece;
    if (ece >= observed - 1e-12) reached += 1;
  }
  return { floor: sum / draws, pValue: reached / draws };
}
