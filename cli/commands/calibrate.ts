/**
 * The end of every `nlq train` run (and `nlq train --calibrate` alone): the trained model's own
 * calibration, fitted on held-out generated questions asked through a gateway that serves the
 * model exactly as `nlq serve` will (plugins/nl-query/calibration/fit-model.ts), written beside the
 * model (`calibration.json`) with a section of its MODEL_CARD.md.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nlQuery } from '../../plugins/nl-query/index.js';
import type { NlQueryOptions, SourceSpec } from '../../plugins/nl-query/options.js';
import { askAndJudge, fitModelCalibration, heldOutQuestions, type CalibratedSource } from '../../plugins/nl-query/calibration/fit-model.js';
import type { CalibrationRecord } from '../../plugins/nl-query/calibration/fit-groups.js';
import { calibrationSection, modelTrainedAt, withCalibrationSection, writeModelCalibration, type ModelCalibrationFile } from '../../plugins/nl-query/calibration/model-calibration.js';
import { MODEL_FILE, modelDirectory } from '../../engines/predictor/model/model-files.js';

/** Held-out questions asked of a source's own model. */
export const SOURCE_CALIBRATION_QUESTIONS = 300;
/** Held-out questions asked per held-out database of the shared model. */
export const SHARED_CALIBRATION_QUESTIONS_PER_DATABASE = 60;

/** Options of `calibrateSourceModel`. */
export interface CalibrateSourceOptions {
  /** The source, as the gateway opens it. */
  readonly source: Exclude<SourceSpec, { kind: 'nldb' }>;
  /** The folder of the model trained for it. */
  readonly modelDirectory: string;
  /** Held-out questions to generate. Default SOURCE_CALIBRATION_QUESTIONS. */
  readonly questions?: number;
  /** The fact store the fitting gateway opens (nothing is written to it). Default: a temporary file. */
  readonly factStore?: NlQueryOptions['factStore'];
  /** Lines of what is done (the CLI prints them). */
  readonly log?: (line: string) => void;
}

/**
 * Fits and stores the calibration of the model in `modelDirectory` for `source`. Returns what was
 * written, or null when too few held-out questions were answered to fit (the model card says so;
 * serving then uses the group's curve).
 */
export async function calibrateSourceModel(options: CalibrateSourceOptions): Promise<ModelCalibrationFile | null> {
  const { source } = options;
  // The gateway reads models from a folder of per-source folders: point one at this model.
  const root = mkdtempSync(join(tmpdir(), 'nlq-calibrate-'));
  try {
    symlinkSync(options.modelDirectory, modelDirectory(root, source.id), 'dir');
    const manifest = JSON.parse(readFileSync(join(options.modelDirectory, MODEL_FILE), 'utf8')) as { valuesAcrossMarks?: boolean };
    const { gateway } = nlQuery({ sources: [source], models: root, calibration: false, factStore: options.factStore ?? `file:${join(root, 'facts.sqlite')}` });
    try {
      const engine = await gateway.queryGraphEngineOf(source.id);
      const questions = await heldOutQuestions(engine, options.questions ?? SOURCE_CALIBRATION_QUESTIONS, { valuesAcrossMarks: manifest.valuesAcrossMarks ?? false, maxRows: gateway.limits.maxRows, withRowsOnly: true });
      const asked: CalibratedSource = { id: source.id, kind: source.kind, group: 'querygraph' };
      const { records } = await askAndJudge(gateway, asked, questions, `held-out generated questions with an answer on ${source.id}`);
      return store(options.modelDirectory, fitModelCalibration(records, 'querygraph', questions.length, trainedAtOf(options.modelDirectory)), records, questions.length, options.log);
    } finally {
      await gateway.stop();
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** Options of `calibrateSharedModel`. */
export interface CalibrateSharedOptions {
  /** The shared model's folder. */
  readonly modelDirectory: string;
  /** The databases training held out whole (SQLite files by id): the shared model never saw them, as it never sees a user's. */
  readonly heldOut: readonly { readonly id: string; readonly file: string }[];
  /** Held-out questions per database. Default SHARED_CALIBRATION_QUESTIONS_PER_DATABASE. */
  readonly questionsPerDatabase?: number;
  readonly log?: (line: string) => void;
}

/** Fits and stores the shared model's calibration on its held-out databases (read as sources with no model of their own). */
export async function calibrateSharedModel(options: CalibrateSharedOptions): Promise<ModelCalibrationFile | null> {
  const root = mkdtempSync(join(tmpdir(), 'nlq-calibrate-shared-'));
  try {
    const sources = options.heldOut.map((db): SourceSpec => ({ id: `heldout_${db.id.replace(/[^A-Za-z0-9_]/g, '_')}`, kind: 'sql', url: `file:${db.file}` }));
    // An empty models folder: every held-out database is read by the shared model.
    const { gateway } = nlQuery({ sources, models: root, sharedModel: options.modelDirectory, calibration: false, factStore: `file:${join(root, 'facts.sqlite')}` });
    try {
      const records: CalibrationRecord[] = [];
      let asked = 0;
      for (const source of sources) {
        const engine = await gateway.queryGraphEngineOf(source.id);
        const questions = await heldOutQuestions(engine, options.questionsPerDatabase ?? SHARED_CALIBRATION_QUESTIONS_PER_DATABASE, { valuesAcrossMarks: true, maxRows: gateway.limits.maxRows, withRowsOnly: true });
        const judged = await askAndJudge(gateway, { id: source.id, kind: 'sql', group: 'shared-querygraph' }, questions, `held-out generated questions with an answer on ${options.heldOut.length} held-out databases`);
        records.push(...judged.records);
        asked += judged.asked;
      }
      return store(options.modelDirectory, fitModelCalibration(records, 'shared-querygraph', asked, trainedAtOf(options.modelDirectory)), records, asked, options.log);
    } finally {
      await gateway.stop();
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** The model's training date, which its calibration is tied to. */
function trainedAtOf(directory: string): string {
  const trainedAt = modelTrainedAt(directory);
  if (!trainedAt) throw new Error(`no trained model in ${directory} (model.json with training.trainedAt)`);
  return trainedAt;
}

function store(directory: string, calibration: ModelCalibrationFile | null, records: readonly CalibrationRecord[], asked: number, log?: (line: string) => void): ModelCalibrationFile | null {
  const cardFile = join(directory, 'MODEL_CARD.md');
  if (!calibration) {
    rmSync(join(directory, 'calibration.json'), { force: true });
    const section = `## Calibration\n\nNone of its own: ${records.length} of ${asked} held-out questions answered, too few to fit; serving uses its group's curve (models/calibration.json).\n`;
    if (existsSync(cardFile)) writeFileSync(cardFile, withCalibrationSection(readFileSync(cardFile, 'utf8'), section));
    log?.(`calibration: too few answered held-out questions to fit (${records.length} of ${asked})`);
    return null;
  }
  writeModelCalibration(directory, calibration);
  if (existsSync(cardFile)) writeFileSync(cardFile, withCalibrationSection(readFileSync(cardFile, 'utf8'), calibrationSection(calibration)));
  const { samples, right } = calibration.curve.fittedOn;
  log?.(`calibration: fitted on ${samples} answered of ${asked} held-out questions (right ${((100 * right) / Math.max(1, samples)).toFixed(1)}%), ECE on them ${calibration.ece.toFixed(3)}`);
  return calibration;
}
