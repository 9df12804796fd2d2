/**
 * The second calibration stage (calibrator.ts EvidenceStage, fit-groups.ts fitEvidenceStage): fitted
 * deterministically, it recovers known rates of a synthetic case, round-trips the file, and a file
 * naming evidence the code does not compute is refused.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Random } from '../../engines/query-graph/random-walk.js';
import { Calibrator, writeCalibrationFile } from '../../plugins/nl-query/calibration/calibrator.js';
import { EVIDENCE_NAMES, type EvidenceName } from '../../plugins/nl-query/calibration/evidence.js';
import { FEATURE_NAMES } from '../../plugins/nl-query/calibration/features.js';
import { fitEvidenceStage, fitGroups, type EvidenceRecord } from '../../plugins/nl-query/calibration/fit-groups.js';

function seeded(seed: number): () => number {
  const random = new Random(seed);
  return () => random.next();
}

const evidenceOf = (unaccounted: number): Record<EvidenceName, number> => Object.fromEntries(EVIDENCE_NAMES.map((n) => [n, n === 'unaccounted' ? unaccounted : 0])) as Record<EvidenceName, number>;

/**
 * Answers the curves all state at 0.6; those that leave a word unread are right 30% of the time,
 * the others 80%: the curve's figure is their mean, the evidence tells them apart.
 */
function synthetic(n: number, random: () => number): EvidenceRecord[] {
  return Array.from({ length: n }, (_, i) => {
    const unread = i % 2;
    return { set: 'synthetic', probability: 0.6, evidence: evidenceOf(unread), right: random() < (unread ? 0.3 : 0.8) };
  });
}

describe('the evidence stage', () => {
  it('is deterministic', () => {
    const records = synthetic(2000, seeded(17));
    expect(fitEvidenceStage(records, ['unaccounted'])).toEqual(fitEvidenceStage(records, ['unaccounted']));
  });

  it('recovers the known rates the evidence separates, and is not fitted on too few answers', () => {
    const stage = fitEvidenceStage(synthetic(20_000, seeded(19)), ['unaccounted'])!;
    expect(stage.fittedOn.samples).toBe(20_000);
    const groups = { ...fitGroups([]), querygraph: { bias: 0, weights: FEATURE_NAMES.map(() => 0), fittedOn: { sets: [], samples: 0, right: 0 }, evidence: stage } };
    const calibrator = Calibrator.of({ version: 1, about: '', features: [...FEATURE_NAMES], groups });
    expect(Math.abs(calibrator.answerProbability('querygraph', 0.6, evidenceOf(0)) - 0.8)).toBeLessThan(0.015);
    expect(Math.abs(calibrator.answerProbability('querygraph', 0.6, evidenceOf(1)) - 0.3)).toBeLessThan(0.015);
    // a group without a stage leaves the probability as the curves gave it
    expect(calibrator.hasEvidenceStage('nldb')).toBe(false);
    expect(calibrator.answerProbability('nldb', 0.6, evidenceOf(1))).toBe(0.6);
    expect(fitEvidenceStage(synthetic(19, seeded(1)), ['unaccounted'])).toBeNull();
  });

  it('round-trips the calibration file, and a file with evidence the code does not know is refused', () => {
    const stage = fitEvidenceStage(synthetic(400, seeded(23)), ['unaccounted'])!;
    const file = join(mkdtempSync(join(tmpdir(), 'nlq-evidence-')), 'calibration.json');
    writeCalibrationFile(file, { querygraph: { bias: 0, weights: FEATURE_NAMES.map(() => 0), fittedOn: { sets: [], samples: 0, right: 0 }, evidence: stage } });
    const loaded = Calibrator.load(file);
    expect(loaded.answerProbability('querygraph', 0.6, evidenceOf(1))).toBe(Calibrator.of(JSON.parse(readFileSync(file, 'utf8'))).answerProbability('querygraph', 0.6, evidenceOf(1)));
    const json = JSON.parse(readFileSync(file, 'utf8'));
    json.groups.querygraph.evidence.features = ['somethingElse'];
    writeFileSync(file, JSON.stringify(json));
    expect(() => Calibrator.load(file)).toThrow(/evidence the code does not compute/);
  });
});
