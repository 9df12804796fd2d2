/**
 * Platt scaling generalised to a few features: a logistic regression fitted by Newton's method
 * (iteratively reweighted least squares) with a small L2 penalty on the weights. Newton's method
 * from a fixed start on a fixed data order is deterministic: the same samples always give the same
 * numbers, so a refit that changes nothing changes no file.
 */

/** One labelled example: the features of an answer, and whether the answer was right. */
export interface LabelledSample {
  readonly features: readonly number[];
  readonly right: boolean;
}

/** A fitted logistic model: p = sigmoid(bias + weights . features). */
export interface LogisticModel {
  readonly bias: number;
  readonly weights: readonly number[];
}

/** Options of `fitLogistic`. */
export interface FitOptions {
  /** L2 penalty on the weights (not the bias); keeps a feature that separates the data perfectly finite. Default 1. */
  readonly l2?: number;
  /** Newton steps at most (it converges in well under 20 on these sizes). Default 50. */
  readonly maxIterations?: number;
}

export const sigmoid = (z: number): number => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));

/** The probability a model gives to one feature vector. */
export function predict(model: LogisticModel, features: readonly number[]): number {
  let z = model.bias;
  for (let i = 0; i < model.weights.length; i += 1) z += (model.weights[i] ?? 0) * (features[i] ?? 0);
  return sigmoid(z);
}

/** Solves A x = b (A symmetric positive definite, small) by Gaussian elimination with partial pivoting. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i] ?? 0]);
  for (let col = 0; col < n; col += 1) {
    let pivot = col;
    for (let row = col + 1; row < n; row += 1) if (Math.abs(m[row]![col]!) > Math.abs(m[pivot]![col]!)) pivot = row;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const p = m[col]![col]!;
    if (Math.abs(p) < 1e-12) continue;
    for (let row = 0; row < n; row += 1) {
      if (row === col) continue;
      const factor = m[row]![col]! / p;
      for (let k = col; k <= n; k += 1) m[row]![k]! -= factor * m[col]![k]!;
    }
  }
  return m.map((row, i) => (Math.abs(row[i]!) < 1e-12 ? 0 : row[n]! / row[i]!));
}

/**
 * Fits p(right | features). With no samples the model says 0.5; with samples all of one label the
 * penalty keeps the weights finite and the bias says the observed rate (pulled slightly to 0.5).
 */
export function fitLogistic(samples: readonly LabelledSample[], options: FitOptions = {}): LogisticModel {
  const l2 = options.l2 ?? 1;
  const width = samples[0]?.features.length ?? 0;
  const size = width + 1; // bias first
  let theta = new Array<number>(size).fill(0);
  for (let iteration = 0; iteration < (options.maxIterations ?? 50); iteration += 1) {
    const gradient = new Array<number>(size).fill(0);
    const hessian = Array.from({ length: size }, () => new Array<number>(size).fill(0));
    for (const sample of samples) {
      const x = [1, ...sample.features];
      let z = 0;
      for (let i = 0; i < size; i += 1) z += theta[i]! * x[i]!;
      const p = sigmoid(z);
      const residual = (sample.right ? 1 : 0) - p;
      const w = Math.max(p * (1 - p), 1e-9);
      for (let i = 0; i < size; i += 1) {
        gradient[i]! += residual * x[i]!;
        for (let j = 0; j < size; j += 1) hessian[i]![j]! += w * x[i]! * x[j]!;
      }
    }
    // A tiny ridge on the bias too, so an empty or one-label set still has a solution.
    for (let i = 0; i < size; i += 1) {
      const penalty = i === 0 ? 1e-6 : l2;
      gradient[i]! -= penalty * theta[i]!;
      hessian[i]![i]! += penalty;
    }
    const step = solve(hessian, gradient);
    theta = theta.map((t, i) => t + step[i]!);
    if (Math.max(...step.map(Math.abs)) < 1e-10) break;
  }
  return { bias: theta[0]!, weights: theta.slice(1) };
}
