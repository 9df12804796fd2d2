/**
 * The calibration file (models/calibration.json) and what federation asks of it: the probability
 * that an interpretation's answer is right, from its features, per calibration group. A group with
 * no fitted model (no file, or nothing to fit it on yet) passes the raw score through, and says
 * so (`isFitted`), so a gateway without a calibration behaves as before.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { packagePath } from '../../../engines/package-path.js';
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
  'a logistic regression (Platt scaling) fitted by `npm run bench -- trust --write` on labelled questions asked through the gateway (bench/trust-sets.ts).';

/** The package's calibration file: models/calibration.json beside models/querygraph (from the sources or from dist/). */
export function defaultCalibrationFile(): string {
  return packagePath('models', 'calibration.json');
}

export class Calibrator {
  private constructor(private readonly file: CalibrationFile | null) {}

  /** No calibration: every probability is the raw score. */
  static none(): Calibrator {
    return new Calibrator(null);
  }

  static of(file: CalibrationFile): Calibrator {
    return new Calibrator(file);
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
    for (const group of Object.keys(file.groups)) {
      if (!CALIBRATION_GROUPS.includes(group as CalibrationGroup)) throw new Error(`calibration file ${path}: unknown group '${group}'`);
    }
    return new Calibrator(file);
  }

  isFitted(group: CalibrationGroup): boolean {
    return Boolean(this.file?.groups[group]);
  }

  /** p(right) for an interpretation of `group` with these features; the raw score when the group is not fitted. */
  probability(group: CalibrationGroup, features: readonly number[], rawScore: number): number {
    const fitted = this.file?.groups[group];
    return fitted ? predict(fitted, features) : Math.min(1, Math.max(0, rawScore));
  }
}

/** Writes a calibration file (stable key order, so an unchanged fit is an unchanged file). */
export function writeCalibrationFile(path: string, groups: Partial<Record<CalibrationGroup, FittedGroup>>): void {
  const ordered: Partial<Record<CalibrationGroup, FittedGroup>> = {};
  for (const group of CALIBRATION_GROUPS) if (groups[group]) ordered[group] = groups[group];
  const file: CalibrationFile = { version: 1, about: CALIBRATION_ABOUT, features: [...FEATURE_NAMES], groups: ordered };
  writeFileSync(path, `${JSON.stringify(file, null, 2)}\n`);
}
