/**
 * Fits one logistic model per calibration group from labelled answers (each the chosen
 * interpretation of one question, with whether its rows matched the gold answer), and per group the
 * transfer that maps models' own curves to people's questions.
 */
import { stageFeatures, transferFeature, type EvidenceStage, type FittedGroup, type Transfer } from './calibrator.js';
import type { EvidenceName } from './evidence.js';
import type { CalibrationGroup } from './features.js';
import { fitLogistic, type FitOptions } from './logistic.js';

/** One question asked through the gateway and judged. */
export interface CalibrationRecord {
  readonly group: CalibrationGroup;
  /** The labelled set it came from ("questions-dev northwind"). */
  readonly set: string;
  /** The database or collection, for splitting by database. */
  readonly database: string;
  readonly features: readonly number[];
  readonly rawScore: number;
  readonly right: boolean;
}

/** Groups with fewer samples than this are left unfitted (the raw score passes through). */
export const MIN_SAMPLES_PER_GROUP = 20;

export function fitGroups(records: readonly CalibrationRecord[], options: FitOptions = {}): Partial<Record<CalibrationGroup, FittedGroup>> {
  const groups: Partial<Record<CalibrationGroup, FittedGroup>> = {};
  const byGroup = new Map<CalibrationGroup, CalibrationRecord[]>();
  for (const record of records) byGroup.set(record.group, [...(byGroup.get(record.group) ?? []), record]);
  for (const [group, list] of byGroup) {
    if (list.length < MIN_SAMPLES_PER_GROUP) continue;
    const model = fitLogistic(list, options);
    groups[group] = {
      ...model,
      fittedOn: { sets: [...new Set(list.map((r) => r.set))].sort(), samples: list.length, right: list.filter((r) => r.right).length },
    };
  }
  return groups;
}

/** A question of people's, answered by a model with a calibration of its own: what that curve said, and whether the answer was right. */
export interface TransferRecord {
  readonly group: CalibrationGroup;
  readonly set: string;
  /** The source asked (for per-source transfers). */
  readonly source?: string;
  readonly ownProbability: number;
  readonly right: boolean;
}

/**
 * Per group, the transfer from models' own curves (fitted on generated questions) to people's
 * questions: a one-feature logistic on the own probability's logit. Groups with fewer than
 * MIN_SAMPLES_PER_GROUP records get none (the own probability then stands).
 */
export function fitTransfers(records: readonly TransferRecord[], options: FitOptions = {}): Partial<Record<CalibrationGroup, Transfer>> {
  const transfers: Partial<Record<CalibrationGroup, Transfer>> = {};
  for (const group of new Set(records.map((r) => r.group))) {
    const list = records.filter((r) => r.group === group);
    if (list.length < MIN_SAMPLES_PER_GROUP) continue;
    const model = fitLogistic(list.map((r) => ({ features: [transferFeature(r.ownProbability)], right: r.right })), options);
    transfers[group] = {
      bias: model.bias,
      weight: model.weights[0] ?? 0,
      fittedOn: { sets: [...new Set(list.map((r) => r.set))].sort(), samples: list.length, right: list.filter((r) => r.right).length },
    };
  }
  return transfers;
}

/**
 * Per source, the transfer of a source's own model (group `querygraph`: each source's model has
 * a curve of its own, fitted on its own generated questions): the same one-feature logistic as
 * the group's, fitted on that source's people's questions. Sources with fewer than
 * MIN_SAMPLES_PER_GROUP records get none (the group's transfer then applies).
 */
export function fitSourceTransfers(records: readonly TransferRecord[], options: FitOptions = {}): Record<string, Transfer> {
  const bySource: Record<string, Transfer> = {};
  const own = records.filter((r) => r.group === 'querygraph' && r.source !== undefined);
  for (const source of [...new Set(own.map((r) => r.source!))].sort()) {
    const transfer = fitTransfers(own.filter((r) => r.source === source), options).querygraph;
    if (transfer) bySource[source] = transfer;
  }
  return bySource;
}

/** An answer for a second stage: the probability the curves gave it, the evidence about it, whether it was right. */
export interface EvidenceRecord {
  readonly set: string;
  readonly probability: number;
  readonly evidence: Readonly<Record<EvidenceName, number>>;
  readonly right: boolean;
}

/**
 * A group's second stage (calibrator.ts `EvidenceStage`): a logistic on the curves' probability
 * (as a logit) and the named evidence, fitted on `records`; null with fewer than
 * MIN_SAMPLES_PER_GROUP of them. Deterministic, as every fit here.
 */
export function fitEvidenceStage(records: readonly EvidenceRecord[], features: readonly EvidenceName[], options: FitOptions = {}): EvidenceStage | null {
  if (records.length < MIN_SAMPLES_PER_GROUP) return null;
  const model = fitLogistic(
    records.map((r) => ({ features: stageFeatures(features, r.probability, r.evidence), right: r.right })),
    options,
  );
  return {
    features: [...features],
    bias: model.bias,
    weights: model.weights,
    fittedOn: { sets: [...new Set(records.map((r) => r.set))].sort(), samples: records.length, right: records.filter((r) => r.right).length },
  };
}
