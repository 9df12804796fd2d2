/**
 * A model's own calibration, stored with the model (`calibration.json` in its folder, beside
 * model.json, and a section of its MODEL_CARD.md): p(answer right) = sigmoid(bias + weights .
 * features) fitted on that model's held-out questions asked through the gateway's serving path
 * (fit-model.ts), written by `nlq train` at the end of every training run. Serving uses it for the
 * model's readings instead of its group's curve in models/calibration.json, which was fitted on
 * other models; the group's `transfer` (fitted on people's questions by `npm run bench -- trust
 * --write`) then maps it from generated questions to people's (calibrator.ts).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FittedGroup } from './calibrator.js';
import { FEATURE_NAMES, type CalibrationGroup } from './features.js';
import { MODEL_FILE } from '../../../engines/predictor/model/model-files.js';

/** The file's name in a model's folder. */
export const MODEL_CALIBRATION_FILE = 'calibration.json';

/** What `calibration.json` in a model's folder holds. No date: refitting an unchanged model writes an unchanged file. */
export interface ModelCalibrationFile {
  readonly version: 1;
  readonly about: string;
  /** Feature names in vector order; a file whose list differs from the code's is not used. */
  readonly features: readonly string[];
  /** The group whose readings the model makes (querygraph: a source's own model; shared-querygraph: the shared model on sources it was not specialised to). */
  readonly group: CalibrationGroup;
  readonly curve: FittedGroup;
  /** Expected calibration error of the curve on the questions it was fitted on (10 bins). */
  readonly ece: number;
  /** Held-out questions asked, including those no reading answered (which are not fitted on). */
  readonly asked: number;
  /**
   * When the model it was fitted for was trained (its model.json's `training.trainedAt`): a model
   * retrained since has other scores, and its folder's old calibration is not used.
   */
  readonly modelTrainedAt: string;
}

export const MODEL_CALIBRATION_ABOUT =
  "This model's calibration (plugins/nl-query/calibration/model-calibration.ts): p(answer right) = sigmoid(bias + weights . features), " +
  'fitted by `nlq train` on held-out generated questions asked through the gateway and judged by their own query graphs\' rows. ' +
  'Generated questions are easier than people\'s: serving maps it through its group\'s transfer in models/calibration.json when there is one.';

/** When the model in `directory` was trained (model.json's `training.trainedAt`), or null when it cannot be read. */
export function modelTrainedAt(directory: string): string | null {
  try {
    return (JSON.parse(readFileSync(join(directory, MODEL_FILE), 'utf8')) as { training?: { trainedAt?: string } }).training?.trainedAt ?? null;
  } catch {
    return null;
  }
}

/**
 * The calibration of the model in `directory`, or null when there is none, it was written for
 * other features, or for a model trained before the one there now (retrained without refitting).
 */
export function readModelCalibration(directory: string): ModelCalibrationFile | null {
  const file = join(directory, MODEL_CALIBRATION_FILE);
  if (!existsSync(file)) return null;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as ModelCalibrationFile;
    const current = parsed.version === 1 && JSON.stringify(parsed.features) === JSON.stringify(FEATURE_NAMES) && parsed.modelTrainedAt === modelTrainedAt(directory);
    return current ? parsed : null;
  } catch {
    // An unreadable calibration must not keep the model from serving: its group's curve applies.
    return null;
  }
}

export function writeModelCalibration(directory: string, calibration: ModelCalibrationFile): void {
  writeFileSync(join(directory, MODEL_CALIBRATION_FILE), `${JSON.stringify(calibration, null, 2)}\n`);
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** The model card's calibration section (replaced, not repeated, when the calibration is refitted). */
export function calibrationSection(calibration: ModelCalibrationFile): string {
  const { samples, right, sets } = calibration.curve.fittedOn;
  return [
    '## Calibration',
    '',
    `\`${MODEL_CALIBRATION_FILE}\`: fitted on ${samples} answered held-out questions (${calibration.asked} asked; ${sets.join(', ')}), ` +
      `right ${pct(right / Math.max(1, samples))}; ECE on them ${calibration.ece.toFixed(3)} (n = ${samples}). ` +
      'People\'s questions are answered right far less often than generated ones, so serving maps this curve through its group\'s transfer ' +
      '(models/calibration.json, fitted on questions-dev by `npm run bench -- trust --write`); the ECE on people\'s questions is measured there.',
    '',
  ].join('\n');
}

/** `card` with its calibration section replaced by `section` (or added at the end). */
export function withCalibrationSection(card: string, section: string): string {
  const start = card.indexOf('\n## Calibration\n');
  if (start < 0) return `${card.replace(/\n*$/, '\n')}\n${section}`;
  const next = card.indexOf('\n## ', start + 1);
  return `${card.slice(0, start + 1)}${section}${next < 0 ? '' : card.slice(next)}`;
}
