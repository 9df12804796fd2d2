/**
 * One source's readings of a question are rival answers: at most one of them is right. The
 * calibration curves are fitted on the readings sources answer with (chosen-reading.ts), so only
 * a source's answering reading has a probability the curve has seen. For the others (passed
 * over, not run) the same curve extrapolates: their rank, far down the list, is a feature that
 * among answered readings means "the ones above failed and this one held", and a fourth reading
 * nobody ran came out as 86% likely beside a chosen one at 47%. Offered as alternatives or named
 * as the runner-up, such figures mislead.
 *
 * So each source's other readings share what its answering reading leaves, in proportion to the
 * source's own raw scores (the model's belief among its readings); a reading the model scored
 * below the answer stays below it in the same ratio; and none gets more than its curve gives:
 * p_i' = min(p_i, (1 - p_a) * s_i / sum of s_j over the others, p_a * s_i / s_a). Readings of
 * different sources are not rivals (two sources can both be right) and are left as they are.
 */

/** What the adjustment needs of a calibrated reading. */
export interface RivalReading {
  readonly source: string;
  /** The source's own raw score. */
  readonly score: number;
  /** Calibrated probability that its answer is right. */
  readonly probability: number;
}

/**
 * The probabilities of `readings` with each source's non-answering readings bounded by what its
 * answering reading leaves. `answering(source)` is the reading that source answers with (the
 * chosen one for its source), or undefined when it answered with none (then its readings stay).
 * Returns the probabilities in the order of `readings`.
 */
export function rivalProbabilities<R extends RivalReading>(readings: readonly R[], answering: (source: string) => R | undefined): number[] {
  const othersScore = new Map<string, number>();
  for (const reading of readings) {
    if (reading === answering(reading.source)) continue;
    othersScore.set(reading.source, (othersScore.get(reading.source) ?? 0) + Math.max(0, reading.score));
  }
  return readings.map((reading) => {
    const anchor = answering(reading.source);
    if (!anchor || anchor === reading) return reading.probability;
    const total = othersScore.get(reading.source) ?? 0;
    const share = total > 0 ? Math.max(0, reading.score) / total : 0;
    const belowAnswer = anchor.score > 0 ? (anchor.probability * Math.max(0, reading.score)) / anchor.score : Infinity;
    return Math.min(reading.probability, (1 - anchor.probability) * share, belowAnswer);
  });
}
