/**
 * A model's own calibration (fitted at the end of `nlq train`, stored beside the model): fitting it
 * from judged answers is deterministic and recovers known rates; serving uses it for that model's
 * readings instead of the group's curve, through the group's transfer from generated questions to
 * people's; the model card's section is replaced, not repeated, on a refit.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Random } from '../../engines/query-graph/random-walk.js';
import { Calibrator, transferred, type CalibrationFile } from '../../plugins/nl-query/calibration/calibrator.js';
import { FEATURE_NAMES } from '../../plugins/nl-query/calibration/features.js';
import { fitSourceTransfers, fitTransfers, type CalibrationRecord } from '../../plugins/nl-query/calibration/fit-groups.js';
import { fitModelCalibration } from '../../plugins/nl-query/calibration/fit-model.js';
import { predict, sigmoid } from '../../plugins/nl-query/calibration/logistic.js';
import { calibrationSection, readModelCalibration, withCalibrationSection, writeModelCalibration } from '../../plugins/nl-query/calibration/model-calibration.js';

/** Answers whose chance of being right is known: empty ones 30%, the others 90% (seeded). */
function judged(n: number, seed: number): CalibrationRecord[] {
  const random = new Random(seed);
  return Array.from({ length: n }, (_, i) => {
    const empty = i % 3 === 0 ? 1 : 0;
    const features = FEATURE_NAMES.map((name) => (name === 'empty' ? empty : 0));
    return { group: 'querygraph', set: 'held-out generated questions', database: 'shop', features, rawScore: 0.8, right: random.next() < (empty ? 0.3 : 0.9) };
  });
}

const TRAINED = '2026-11-27T10:00:00.000Z';
const modelJson = (dir: string, trainedAt: string) => writeFileSync(join(dir, 'model.json'), JSON.stringify({ format: 1, training: { trainedAt } }));

const EMPTY = FEATURE_NAMES.map((name) => (name === 'empty' ? 1 : 0));
const FOUND = FEATURE_NAMES.map(() => 0);

describe("a model's own calibration", () => {
  it('is fitted deterministically and recovers known rates', () => {
    const records = judged(6000, 17);
    const fitted = fitModelCalibration(records, 'querygraph', 6100, TRAINED)!;
    expect(fitModelCalibration(records, 'querygraph', 6100, TRAINED)).toEqual(fitted);
    expect(Math.abs(predict(fitted.curve, EMPTY) - 0.3)).toBeLessThan(0.03);
    expect(Math.abs(predict(fitted.curve, FOUND) - 0.9)).toBeLessThan(0.02);
    expect(fitted.curve.fittedOn).toMatchObject({ samples: 6000, sets: ['held-out generated questions'] });
    expect(fitted.asked).toBe(6100);
    expect(fitted.ece).toBeLessThan(0.03);
  });

  it('is not fitted on too few answers (the group curve then applies)', () => {
    expect(fitModelCalibration(judged(10, 3), 'querygraph', 300, TRAINED)).toBeNull();
  });

  it("is used for its model's readings instead of the group curve, and the file round-trips", () => {
    const dir = mkdtempSync(join(tmpdir(), 'nlq-model-calibration-'));
    modelJson(dir, TRAINED);
    writeModelCalibration(dir, fitModelCalibration(judged(2000, 5), 'querygraph', 2000, TRAINED)!);
    const own = readModelCalibration(dir)!;
    expect(own.modelTrainedAt).toBe(TRAINED);
    // The model retrained since: its old calibration is not used.
    modelJson(dir, '2026-11-28T10:00:00.000Z');
    expect(readModelCalibration(dir)).toBeNull();
    // A group curve that says 0.5 for everything.
    const file: CalibrationFile = { version: 1, about: '', features: [...FEATURE_NAMES], groups: { querygraph: { bias: 0, weights: FEATURE_NAMES.map(() => 0), fittedOn: { sets: [], samples: 100, right: 50 } } } };
    const calibrator = Calibrator.of(file);
    calibrator.useModelCurve('shop', own.curve);
    expect(calibrator.probability('querygraph', EMPTY, 0.8, 'shop')).toBeCloseTo(predict(own.curve, EMPTY), 12);
    expect(calibrator.probability('querygraph', EMPTY, 0.8, 'other')).toBeCloseTo(0.5, 12);
    expect(calibrator.hasModelCurve('querygraph', 'shop')).toBe(true);
    calibrator.useModelCurve('shop', null);
    expect(calibrator.probability('querygraph', EMPTY, 0.8, 'shop')).toBeCloseTo(0.5, 12);
    // The shared model's curve serves every source it reads, in its own group only.
    calibrator.useSharedModelCurve(own.curve);
    expect(calibrator.probability('shared-querygraph', FOUND, 0.8, 'anything')).toBeCloseTo(predict(own.curve, FOUND), 12);
    expect(calibrator.probability('querygraph', FOUND, 0.8, 'anything')).toBeCloseTo(0.5, 12);
    // No calibration at all: raw scores, whatever the models carry.
    const none = Calibrator.none();
    none.useModelCurve('shop', own.curve);
    expect(none.probability('querygraph', EMPTY, 0.8, 'shop')).toBe(0.8);
  });

  it("maps a model's own probability through its group's transfer, fitted on people's questions", () => {
    // People's questions: right at sigmoid(0.5 * logit(own) - 1), far less often than the own curve says.
    const random = new Random(23);
    const records = Array.from({ length: 20_000 }, () => {
      const own = 0.05 + 0.9 * random.next();
      return { group: 'querygraph' as const, set: 'dev', ownProbability: own, right: random.next() < sigmoid(0.5 * Math.log(own / (1 - own)) - 1) };
    });
    const transfer = fitTransfers(records, { l2: 0 }).querygraph!;
    expect(transfer.weight).toBeCloseTo(0.5, 1);
    expect(transfer.bias).toBeCloseTo(-1, 1);
    expect(transferred(transfer, 0.9)).toBeLessThan(0.9);
    expect(transferred(undefined, 0.9)).toBe(0.9);
    const calibrator = Calibrator.of({ version: 1, about: '', features: [...FEATURE_NAMES], groups: { querygraph: { bias: 0, weights: FEATURE_NAMES.map(() => 0), fittedOn: { sets: [], samples: 0, right: 0 }, transfer } } });
    const curve = { bias: 2, weights: FEATURE_NAMES.map(() => 0) };
    calibrator.useModelCurve('shop', curve);
    expect(calibrator.probability('querygraph', FOUND, 0.5, 'shop')).toBeCloseTo(sigmoid(transfer.bias + transfer.weight * 2), 10);
    expect(fitTransfers(records.slice(0, 10)).querygraph).toBeUndefined();
  });

  it("maps each source's own model by that source's transfer when it has one, else by the group's", () => {
    // Two sources' models whose own curves over-state people's questions by different amounts.
    const random = new Random(31);
    const people = (source: string, shift: number) =>
      Array.from({ length: 20_000 }, () => {
        const own = 0.05 + 0.9 * random.next();
        return { group: 'querygraph' as const, set: `dev ${source}`, source, ownProbability: own, right: random.next() < sigmoid(Math.log(own / (1 - own)) + shift) };
      });
    const records = [...people('shop', -0.2), ...people('zoo', -1.5), ...people('few', 0).slice(0, 10)];
    const bySource = fitSourceTransfers(records, { l2: 0 });
    expect(Object.keys(bySource)).toEqual(['shop', 'zoo']); // 'few' has too few questions
    expect(bySource.shop!.bias).toBeCloseTo(-0.2, 1);
    expect(bySource.zoo!.bias).toBeCloseTo(-1.5, 1);
    expect(bySource.zoo!.weight).toBeCloseTo(1, 1);
    expect(fitSourceTransfers(records, { l2: 0 })).toEqual(bySource); // deterministic
    const group = fitTransfers(records, { l2: 0 }).querygraph!;
    const calibrator = Calibrator.of({
      version: 1,
      about: '',
      features: [...FEATURE_NAMES],
      groups: { querygraph: { bias: 0, weights: FEATURE_NAMES.map(() => 0), fittedOn: { sets: [], samples: 0, right: 0 }, transfer: group, sourceTransfers: bySource } },
    });
    const curve = { bias: 1, weights: FEATURE_NAMES.map(() => 0) };
    for (const source of ['shop', 'zoo', 'few']) calibrator.useModelCurve(source, curve);
    expect(calibrator.probability('querygraph', FOUND, 0.5, 'shop')).toBeCloseTo(transferred(bySource.shop, sigmoid(1)), 10);
    expect(calibrator.probability('querygraph', FOUND, 0.5, 'zoo')).toBeCloseTo(transferred(bySource.zoo, sigmoid(1)), 10);
    expect(calibrator.probability('querygraph', FOUND, 0.5, 'few')).toBeCloseTo(transferred(group, sigmoid(1)), 10);
    expect(calibrator.probability('querygraph', FOUND, 0.5, 'zoo')).toBeLessThan(calibrator.probability('querygraph', FOUND, 0.5, 'shop'));
  });

  it("writes its section of the model card once, replacing it on a refit", () => {
    const fitted = fitModelCalibration(judged(300, 9), 'querygraph', 320, TRAINED)!;
    const card = '# Query-graph predictor\n\n- Files: x\n\n## Held-out synthetic questions\n\n| top-1 |\n';
    const once = withCalibrationSection(card, calibrationSection(fitted));
    expect(once).toContain(`ECE on them ${fitted.ece.toFixed(3)} (n = 300)`);
    expect(once.startsWith(card.trimEnd())).toBe(true);
    const again = withCalibrationSection(once, calibrationSection({ ...fitted, ece: 0.5 }));
    expect(again.match(/## Calibration/g)).toHaveLength(1);
    expect(again).toContain('ECE on them 0.500');
    // A section in the middle is replaced in place, the rest kept.
    const middle = withCalibrationSection('# T\n\n## Calibration\n\nold\n\n## Other\n\nkept\n', calibrationSection(fitted));
    expect(middle).not.toContain('old');
    expect(middle).toContain('## Other\n\nkept');
  });
});
