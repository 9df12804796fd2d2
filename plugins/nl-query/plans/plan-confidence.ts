/**
 * A plan's answer confidence, from its steps' calibrated probabilities (each step is an `ask` of a
 * sub-question, so its confidence is the calibrated probability that its answer is right,
 * calibration/). The algebra is NQL's weighted sets (weighted-set.ts) read as probabilities; what
 * each rule assumes is said beside it. None of it is fitted on plan questions: no labelled set of
 * such questions exists yet, so a plan's confidence is derived, not measured (`npm run bench --
 * trust` measures single retrievals only).
 */

/**
 * Counts compared, added or subtracted: the combined answer is taken to be right when every count
 * is, and the counts are read independently (different sub-questions, often different sources),
 * so the probability is the product. It understates a comparison, which can come out right with
 * a wrong count.
 */
export function allStepsRight(probabilities: readonly number[]): number {
  return probabilities.reduce((product, p) => product * p, 1);
}

/**
 * A list given where a count was asked is counted, at this share of its reading's probability:
 * the calibrated probability says the rows answer the sub-question as read, not that they list
 * each thing meant exactly once. A hand-set discount, not fitted.
 */
export const COUNTED_LIST_SHARE = 0.8;

/**
 * A set built by intersection or `follow`: each row's weight is the probability that it belongs
 * (a product along its path: the step that produced it times the mention or the member it came
 * through; a row reached by several paths is their noisy-or). The answer's confidence is the mean
 * row weight, the expected share of its rows that belong. With no rows, the probability of the
 * step whose answer led to nothing.
 */
export function setAnswerConfidence(rowWeights: readonly number[], whenEmpty: number): number {
  return rowWeights.length === 0 ? whenEmpty : rowWeights.reduce((a, b) => a + b, 0) / rowWeights.length;
}
