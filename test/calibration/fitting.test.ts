/**
 * Calibration fitting: the same samples always give the same model, and on synthetic answers
 * whose chance of being right is known the fitted probabilities recover it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Random } from '../../engines/query-graph/random-walk.js';
import { Calibrator, writeCalibrationFile } from '../../plugins/nl-query/calibration/calibrator.js';
import { FEATURE_NAMES } from '../../plugins/nl-query/calibration/features.js';
import { fitGroups, type CalibrationRecord } from '../../plugins/nl-query/calibration/fit-groups.js';
import { fitLogistic, predict, sigmoid, type LabelledSample } from '../../plugins/nl-query/calibration/logistic.js';
import { accuracyAtCoverage, eceNoiseFloor, expectedCalibrationError, riskCoverage } from '../../plugins/nl-query/calibration/metrics.js';

/** The project's seeded generator, so the synthetic data is the same on every run. */
function seeded(seed: number): () => number {
  const random = new Random(seed);
  return () => random.next();
}

/** Answers of two kinds: empty ones right 20% of the time, the others 80%. */
function twoRates(n: number, random: () => number): LabelledSample[] {
  return Array.from({ length: n }, (_, i) => {
    const empty = i % 2;
    return { features: [empty], right: random() < (empty ? 0.2 : 0.8) };
  });
}

describe('calibration fitting', () => {
  it('is deterministic: the same samples give the same numbers', () => {
    const samples = twoRates(2000, seeded(7));
    expect(fitLogistic(samples)).toEqual(fitLogistic(samples));
  });

  it('recovers known rates of a binary feature', () => {
    const model = fitLogistic(twoRates(20_000, seeded(11)));
    expect(predict(model, [0])).toBeCloseTo(0.8, 1);
    expect(predict(model, [1])).toBeCloseTo(0.2, 1);
    expect(Math.abs(predict(model, [0]) - 0.8)).toBeLessThan(0.015);
    expect(Math.abs(predict(model, [1]) - 0.2)).toBeLessThan(0.015);
  });

  it('recovers a known logistic curve of a raw score', () => {
    const random = seeded(3);
    // True chance of being right: sigmoid(2 * logit(score) - 1): an overconfident raw score.
    const samples = Array.from({ length: 20_000 }, () => {
      const score = 0.02 + 0.96 * random();
      const x = Math.log(score / (1 - score));
      return { features: [x], right: random() < sigmoid(2 * x - 1) };
    });
    const model = fitLogistic(samples, { l2: 0 });
    expect(model.weights[0]).toBeCloseTo(2, 1);
    expect(model.bias).toBeCloseTo(-1, 1);
  });

  it('fits per group, leaves a group with too few samples unfitted, and round-trips the file', () => {
    const random = seeded(5);
    const records: CalibrationRecord[] = Array.from({ length: 400 }, (_, i) => {
      const features = FEATURE_NAMES.map((_, f) => (f === 3 ? i % 2 : 0));
      return { group: 'querygraph', set: 'synthetic', database: `db${i % 4}`, features, rawScore: 0.9, right: random() < (i % 2 ? 0.25 : 0.75) };
    });
    records.push({ group: 'nldb', set: 'synthetic', database: 'x', features: FEATURE_NAMES.map(() => 0), rawScore: 0.5, right: true });
    const groups = fitGroups(records);
    expect(Object.keys(groups)).toEqual(['querygraph']);
    expect(groups.querygraph!.fittedOn).toMatchObject({ sets: ['synthetic'], samples: 400 });
    const file = join(mkdtempSync(join(tmpdir(), 'nlq-calibration-')), 'calibration.json');
    writeCalibrationFile(file, groups);
    const calibrator = Calibrator.load(file);
    expect(calibrator.isFitted('querygraph')).toBe(true);
    expect(calibrator.isFitted('nldb')).toBe(false);
    // unfitted: the raw score passes through
    expect(calibrator.probability('nldb', [], 0.37)).toBe(0.37);
    const empty = FEATURE_NAMES.map((_, f) => (f === 3 ? 1 : 0));
    expect(Math.abs(calibrator.probability('querygraph', empty, 0.9) - 0.25)).toBeLessThan(0.08);
  });

  it('fitted on many worlds whose rates its features do not see, gives a new world the rate of all of them', () => {
    // The nldb group's case (bench trust's generated fact worlds): each world's answers right at its
    // own rate, the features the same in every world. A fit on one world gives a new world that
    // world's rate; a fit on many gives their pooled rate, the best a domain-blind fit can do.
    const random = seeded(13);
    const rates = [0.35, 0.45, 0.55, 0.6, 0.65, 0.75];
    const records: CalibrationRecord[] = rates.flatMap((rate, w) =>
      Array.from({ length: 2000 }, (): CalibrationRecord => ({ group: 'nldb', set: 'synthetic facts', database: `world${w}`, features: FEATURE_NAMES.map(() => 0), rawScore: 0.7, right: random() < rate })),
    );
    const p = (list: readonly CalibrationRecord[]) => Calibrator.of({ version: 1, about: '', features: [...FEATURE_NAMES], groups: fitGroups(list) }).probability('nldb', FEATURE_NAMES.map(() => 0), 0.7);
    const pooled = records.filter((r) => r.right).length / records.length;
    expect(Math.abs(p(records) - pooled)).toBeLessThan(0.005);
    expect(Math.abs(p(records.filter((r) => r.database === 'world5')) - 0.75)).toBeLessThan(0.03);
    // deterministic: the same records give the same fit
    expect(fitGroups(records)).toEqual(fitGroups(records));
  });
});

describe('calibration metrics', () => {
  it('computes ECE and the risk-coverage curve of a known case', () => {
    // 10 answers at 0.9 of which 9 are right, 10 at 0.3 of which 3 are right: perfectly calibrated.
    const judged = [
      ...Array.from({ length: 10 }, (_, i) => ({ probability: 0.9, right: i < 9 })),
      ...Array.from({ length: 10 }, (_, i) => ({ probability: 0.3, right: i < 3 })),
    ];
    expect(expectedCalibrationError(judged)).toBeCloseTo(0, 10);
    expect(expectedCalibrationError(judged.map((j) => ({ ...j, probability: 0.5 })))).toBeCloseTo(0.1, 10);
    const curve = riskCoverage(judged, [0, 0.5]);
    expect(curve).toEqual([
      { threshold: 0, coverage: 1, accuracy: 0.6, answered: 20 },
      { threshold: 0.5, coverage: 0.5, accuracy: 0.9, answered: 10 },
    ]);
    expect(accuracyAtCoverage(judged, 0.5)).toEqual({ accuracy: 0.9, coverage: 0.5, threshold: 0.9 });
  });

  it('says what ECE perfectly calibrated probabilities show by chance, the same every time', () => {
    const random = seeded(13);
    const probabilities = Array.from({ length: 80 }, () => 0.05 + 0.9 * random());
    // outcomes drawn from the probabilities themselves: calibrated, yet 80 questions in 10 bins show an error
    const calibrated = probabilities.map((probability) => ({ probability, right: random() < probability }));
    const observed = expectedCalibrationError(calibrated);
    const noise = eceNoiseFloor(calibrated, observed);
    expect(eceNoiseFloor(calibrated, observed)).toEqual(noise);
    expect(noise.floor).toBeGreaterThan(0.06);
    expect(noise.floor).toBeLessThan(0.16);
    // calibrated outcomes reach the error of other calibrated outcomes about half the time (p-values spread evenly)
    const pValues = Array.from({ length: 40 }, () => {
      const draw = probabilities.map((probability) => ({ probability, right: random() < probability }));
      return eceNoiseFloor(draw, expectedCalibrationError(draw), 200).pValue;
    });
    const meanP = pValues.reduce((a, b) => a + b, 0) / pValues.length;
    expect(meanP).toBeGreaterThan(0.35);
    expect(meanP).toBeLessThan(0.65);
    // the same probabilities for answers that are all wrong: no calibrated draw comes near
    const wrong = probabilities.map((probability) => ({ probability, right: false }));
    expect(eceNoiseFloor(wrong, expectedCalibrationError(wrong)).pValue).toBe(0);
    // many questions: the floor shrinks
    const many = Array.from({ length: 5000 }, () => ({ probability: 0.05 + 0.9 * random(), right: true }));
    expect(eceNoiseFloor(many, 0, 50).floor).toBeLessThan(0.03);
  });
});
