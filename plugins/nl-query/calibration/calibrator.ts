/**
 * The calibration file (models/calibration.json) and what federation asks of it: the probability
 * that an interpretation's answer is right, from its features, per calibration group. A reading
 * of a model with a calibration of its own (model-calibration.ts, written by `nlq train`) is
 * calibrated by that curve, through the group's transfer to people's questions when fitted. A
 * group with no fitted model (no file, or nothing to fit it on yet) passes the raw score through,
 * and says so (`isFitted`), so a gateway without a calibration behaves as before.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { packagePath } from '../../../engines/package-path.js';
import { EVIDENCE_NAMES, type EvidenceName } from './evidence.js';
import { CALIBRATION_GROUPS, FEATURE_NAMES, type CalibrationGroup } from './features.js';
import { predict, type LogisticModel } from './logistic.js';

/** What a group was fitted on, for the file's reader. */
export interface FittedOn {
  /** The labelled sets the samples came from ("questions-dev northwind", "facts-dev"). */
  readonly sets: readonly string[];
  readonly samples: number;
  /** How many of the samples' answers were right. */
  readonly right: number;
}

/** One group's fitted model. */
export interface FittedGroup extends LogisticModel {
  readonly fittedOn: FittedOn;
  /**
   * For readings of a model with a calibration of its own (model-calibration.ts, fitted on its
   * generated held-out questions): p = sigmoid(bias + weight * logit(p_own)), fitted on people's
   * questions, because generated questions are answered right far more often than people's. Absent:
   * the model's own probability stands.
   */
  readonly transfer?: Transfer;
  /**
   * Per source, for a model of the source's own (group `querygraph`) measured on people's questions
   * of that source: its own transfer, used instead of the group's. Each model's own curve is fitted
   * on its own generated questions and over-states people's by its own amount, so one transfer for
   * every source's model under-states some and over-states others. A source not listed (a model
   * trained by a user) gets the group's transfer.
   */
  readonly sourceTransfers?: Readonly<Record<string, Transfer>>;
  /**
   * A second stage on the answer's probability, from evidence about the answer beyond its score
   * (evidence.ts): p' = sigmoid(bias + weights[0] * logit(p) + weights[1..] . evidence), where p is
   * what the curves above give. Applied to the reading a source answers with only (it is fitted on
   * those), after the answer is chosen: it changes the answer's confidence, never which answer.
   */
  readonly evidence?: EvidenceStage;
}

/** The second stage of a group (`FittedGroup.evidence`). */
export interface EvidenceStage {
  /** The evidence it reads, in weight order after the probability's logit. */
  readonly features: readonly EvidenceName[];
  readonly bias: number;
  readonly weights: readonly number[];
  readonly fittedOn: FittedOn;
}

/** A one-feature logistic map from a model's own probability to the probability on people's questions. */
export interface Transfer {
  readonly bias: number;
  readonly weight: number;
  readonly fittedOn: FittedOn;
}

/** The JSON file, as written by `npm run bench -- trust --write`. */
export interface CalibrationFile {
  readonly version: 1;
  readonly about: string;
  /** Feature names in vector order; a file whose list differs from the code's is not used. */
  readonly features: readonly string[];
  readonly groups: Partial<Record<CalibrationGroup, FittedGroup>>;
}

export const CALIBRATION_ABOUT =
  'Calibrated confidence (plugins/nl-query/calibration): per group, p(answer right) = sigmoid(bias + weights . features), ' +
  'a logistic regression (Platt scaling) fitted by `npm run bench -- trust --write` on labelled questions asked through the gateway (bench/trust-sets.ts). ' +
  "A reading of a model with a calibration of its own (calibration.json beside the model, written by nlq train) is calibrated by that curve instead, mapped by its group's transfer: " +
  "p = sigmoid(transfer.bias + transfer.weight * logit(p_own)), fitted on people's questions (questions-dev); " +
  "a source listed in sourceTransfers (its own model measured on its own people's questions) is mapped by its own transfer instead.";

/** The package's calibration file: models/calibration.json beside models/querygraph (from the sources or from dist/). */
export function defaultCalibrationFile(): string {
  return packagePath('models', 'calibration.json');
}

/** The key under which the shared model's own curve is kept (source ids cannot contain a colon). */
const SHARED_MODEL = ':shared';

export class Calibrator {
  /** Models' own curves (model-calibration.ts): per source id for its own model, and the shared model's. */
  private readonly models = new Map<string, LogisticModel>();

  private constructor(private readonly file: CalibrationFile | null, private readonly enabled = true) {}

  /** No calibration: every probability is the raw score (models' own curves are not used either). */
  static none(): Calibrator {
    return new Calibrator(null, false);
  }

  static of(file: CalibrationFile): Calibrator {
    return new Calibrator(file);
  }

  /**
   * The own calibration of the model that reads `sourceId` (null: it has none, its group's curve
   * applies). Set when the source's model is loaded, so it always belongs to the model serving.
   */
  useModelCurve(sourceId: string, curve: LogisticModel | null): void {
    if (!this.enabled) return;
    if (curve) this.models.set(sourceId, curve);
    else this.models.delete(sourceId);
  }

  /** The shared model's own calibration, for its readings on sources it was not specialised to. */
  useSharedModelCurve(curve: LogisticModel | null): void {
    this.useModelCurve(SHARED_MODEL, curve);
  }

  /** Whether readings of `group` on `sourceId` are calibrated by their model's own curve. */
  hasModelCurve(group: CalibrationGroup, sourceId: string | undefined): boolean {
    return this.modelCurve(group, sourceId) !== null;
  }

  private modelCurve(group: CalibrationGroup, sourceId: string | undefined): LogisticModel | null {
    if (group === 'querygraph' && sourceId !== undefined) return this.models.get(sourceId) ?? null;
    if (group === 'shared-querygraph') return this.models.get(SHARED_MODEL) ?? null;
    return null;
  }

  /**
   * Reads a calibration file; a missing one means no calibration. A file that cannot be read or
   * whose features are not the code's throws: a stale calibration must not pass for a fitted one.
   */
  static load(path: string): Calibrator {
    if (!existsSync(path)) return Calibrator.none();
    const file = JSON.parse(readFileSync(path, 'utf8')) as CalibrationFile;
    if (file.version !== 1 || JSON.stringify(file.features) !== JSON.stringify(FEATURE_NAMES)) {
      throw new Error(`calibration file ${path} was written for other features (${JSON.stringify(file.features)}); refit with \`npm run bench -- trust --write\``);
    }
    for (const [group, fitted] of Object.entries(file.groups)) {
      if (!CALIBRATION_GROUPS.includes(group as CalibrationGroup)) throw new Error(`calibration file ${path}: unknown group '${group}'`);
      const unknown = fitted?.evidence?.features.filter((f) => !EVIDENCE_NAMES.includes(f));
      if (unknown && unknown.length > 0) throw new Error(`calibration file ${path}: group '${group}' reads evidence the code does not compute (${unknown.join(', ')}); refit with \`npm run bench -- trust --write\``);
    }
    return new Calibrator(file);
  }

  isFitted(group: CalibrationGroup): boolean {
    return Boolean(this.file?.groups[group]);
  }

  /**
   * p(right) for an interpretation of `group` with these features, made for `sourceId`: by its
   * model's own curve (through the group's transfer when fitted) when the model has one, else by
   * the group's curve; the raw score when neither is there.
   */
  probability(group: CalibrationGroup, features: readonly number[], rawScore: number, sourceId?: string): number {
    const fitted = this.file?.groups[group];
    const own = this.modelCurve(group, sourceId);
    if (own) return transferred((sourceId !== undefined ? fitted?.sourceTransfers?.[sourceId] : undefined) ?? fitted?.transfer, predict(own, features));
    return fitted ? predict(fitted, features) : Math.min(1, Math.max(0, rawScore));
  }

  /** Whether `group` has a second stage (`FittedGroup.evidence`). */
  hasEvidenceStage(group: CalibrationGroup): boolean {
    return Boolean(this.file?.groups[group]?.evidence);
  }

  /**
   * The probability of an answer of `group` (what `probability` gave it) with the evidence about it
   * (evidence.ts) through the group's second stage; unchanged when the group has none.
   */
  answerProbability(group: CalibrationGroup, probability: number, evidence: Readonly<Record<EvidenceName, number>>): number {
    const stage = this.file?.groups[group]?.evidence;
    return stage ? stagedProbability(stage, probability, evidence) : probability;
  }
}

/** The features a second stage reads: the probability's logit, then the named evidence. */
export function stageFeatures(features: readonly EvidenceName[], probability: number, evidence: Readonly<Record<EvidenceName, number>>): number[] {
  return [logitOf(probability), ...features.map((f) => evidence[f])];
}

/** A probability through a second stage. */
export function stagedProbability(stage: EvidenceStage, probability: number, evidence: Readonly<Record<EvidenceName, number>>): number {
  return predict(stage, stageFeatures(stage.features, probability, evidence));
}

const logitOf = (p: number) => {
  const q = Math.min(1 - 1e-6, Math.max(1e-6, p));
  return Math.log(q / (1 - q));
};

/** The feature a transfer reads: the model's own probability as a logit. */
export function transferFeature(ownProbability: number): number {
  return logitOf(ownProbability);
}

/** A model's own probability mapped through its group's transfer (unchanged without one). */
export function transferred(transfer: Transfer | undefined, ownProbability: number): number {
  return transfer ? predict({ bias: transfer.bias, weights: [transfer.weight] }, [transferFeature(ownProbability)]) : ownProbability;
}

/** Writes a calibration file (stable key order, so an unchanged fit is an unchanged file). */
export function writeCalibrationFile(path: string, groups: Partial<Record<CalibrationGroup, FittedGroup>>): void {
  const ordered: Partial<Record<CalibrationGroup, FittedGroup>> = {};
  for (const group of CALIBRATION_GROUPS) if (groups[group]) ordered[group] = groups[group];
  const file: CalibrationFile = { version: 1, about: CALIBRATION_ABOUT, features: [...FEATURE_NAMES], groups: ordered };
  writeFileSync(path, `${JSON.stringify(file, null, 2)}\n`);
}
