/**
 * Fits one model's own calibration (model-calibration.ts) at the end of `nlq train`: generated
 * questions on a seed training never used, asked through a gateway serving the new model exactly
 * as it will serve (reading checks, every name read, the answer's shape, self-correction), each
 * chosen answer judged against the rows of the question's own query graph, then Platt scaling
 * over the same features federation reads (deterministic: same model, same data, same file).
 */
import type { QueryGraphEngine } from '../../../engines/query-graph/engine.js';
import { QuestionGenerator } from '../../../engines/predictor/generator/generator.js';
import { ValueMemory } from '../../../engines/predictor/values/value-memory.js';
import { WordNet } from '../../../engines/english/wordnet.js';
import type { AskOptions, AskResult, SourceKind } from '../../../types.js';
import { chosenReadingFeatures } from './chosen-reading.js';
import type { CalibrationGroup } from './features.js';
import { fitGroups, MIN_SAMPLES_PER_GROUP, type CalibrationRecord } from './fit-groups.js';
import { predict } from './logistic.js';
import { expectedCalibrationError } from './metrics.js';
import { MODEL_CALIBRATION_ABOUT, type ModelCalibrationFile } from './model-calibration.js';
import { FEATURE_NAMES } from './features.js';
import { sameAnswer, type GoldAnswer } from './same-answer.js';

/**
 * The generator's seed for calibration questions: not training's (1, 1 + 7919 for its held-out
 * figures, 1 + 104729 when specialising) nor bench trust's synthetic set (99), so neither the
 * model nor the benchmark has seen them.
 */
export const CALIBRATION_SEED = 4099;

/** A generated question and the rows its own query graph returns. */
export interface CalibrationQuestion {
  readonly question: string;
  readonly gold: GoldAnswer;
}

/** Options of `heldOutQuestions`. */
export interface HeldOutQuestionOptions {
  /** Generator seed. Default CALIBRATION_SEED. */
  readonly seed?: number;
  /** Whether the model reads values whole across marks (its model.json's `valuesAcrossMarks`). */
  readonly valuesAcrossMarks: boolean;
  /** Rows a gold query may return at most (and the answers compared). Default 5000. */
  readonly maxRows?: number;
  /**
   * Keep only questions whose own graph returns rows. People ask about things that exist (no
   * question of questions-dev has an empty answer), while a generated question whose value
   * combination matches nothing is "answered right" by any reading that finds nothing: fitted on,
   * such questions teach the curve that an empty answer is a safe one.
   */
  readonly withRowsOnly: boolean;
}

/**
 * Up to `count` generated questions on `engine`'s schema and data, each with its graph's rows (a
 * graph that fails to run is skipped; with `withRowsOnly`, one that returns nothing too, and more
 * are drawn in batches, at most 5 times `count` in all).
 */
export async function heldOutQuestions(engine: QueryGraphEngine, count: number, options: HeldOutQuestionOptions): Promise<CalibrationQuestion[]> {
  const memory = await ValueMemory.read(engine);
  const generator = new QuestionGenerator(engine.schema(), memory, { seed: options.seed ?? CALIBRATION_SEED, lexicon: WordNet.shared(), valuesAcrossMarks: options.valuesAcrossMarks });
  const questions: CalibrationQuestion[] = [];
  for (let batch = 0; batch < (options.withRowsOnly ? 5 : 1) && questions.length < count; batch += 1) {
    const drawn = generator.generate(count);
    if (drawn.length === 0) break;
    for (const example of drawn) {
      if (questions.length >= count) break;
      const run = await engine.run(example.graph, { limit: options.maxRows ?? 5000, timeoutMs: 10_000 }).catch(() => null);
      if (!run || (options.withRowsOnly && run.result.rows.length === 0)) continue;
      questions.push({ question: example.question, gold: { columns: run.result.columns.map((c) => c.name), rows: run.result.rows, ordered: example.graph.orderBy.length > 0 } });
    }
  }
  return questions;
}

/** What fitting asks of a gateway (Gateway.ask, and its limits: answers are compared up to `maxRows` rows). */
export interface Asking {
  ask(question: string, options?: AskOptions | null): Promise<AskResult>;
  readonly limits: { readonly maxRows: number };
}

/** One source to ask and the group its readings belong to. */
export interface CalibratedSource {
  readonly id: string;
  readonly kind: SourceKind;
  readonly group: CalibrationGroup;
}

/**
 * Asks each question of `source` (top-3, every reading seen: minConfidence 0) and judges the chosen
 * answer (generate the questions with `maxRows` at most the gateway's, so gold and answer are cut alike). Records of questions no reading answered are left out (they carry no probability); the
 * count asked is returned beside them.
 */
export async function askAndJudge(gateway: Asking, source: CalibratedSource, questions: readonly CalibrationQuestion[], set: string): Promise<{ records: CalibrationRecord[]; asked: number }> {
  const records: CalibrationRecord[] = [];
  for (const q of questions) {
    const result = await gateway.ask(q.question, { sources: [source.id], topK: 3, limit: gateway.limits.maxRows, minConfidence: 0 });
    const answer = result.answer;
    const stated = answer?.source && answer.kind !== 'UNSURE' && answer.kind !== 'UNSUPPORTED' ? answer.rows : null;
    const listed = result.interpretations.filter((i) => i.source === source.id);
    const chosen = chosenReadingFeatures(listed, { rows: stated, kind: answer?.kind ?? null }, source.kind);
    if (!chosen) continue;
    records.push({ group: source.group, set, database: source.id, features: chosen.features, rawScore: chosen.rawScore, right: sameAnswer(q.gold, stated!) });
  }
  return { records, asked: questions.length };
}

/**
 * The calibration of the model trained at `modelTrainedAt` from its judged answers; null when
 * fewer than MIN_SAMPLES_PER_GROUP were answered (its group's curve then applies).
 */
export function fitModelCalibration(records: readonly CalibrationRecord[], group: CalibrationGroup, asked: number, modelTrainedAt: string): ModelCalibrationFile | null {
  const ofGroup = records.filter((r) => r.group === group);
  const curve = fitGroups(ofGroup)[group];
  if (!curve || ofGroup.length < MIN_SAMPLES_PER_GROUP) return null;
  const ece = expectedCalibrationError(ofGroup.map((r) => ({ probability: predict(curve, r.features), right: r.right })));
  return { version: 1, about: MODEL_CALIBRATION_ABOUT, features: [...FEATURE_NAMES], group, curve, ece: Math.round(ece * 10000) / 10000, asked, modelTrainedAt };
}
