/**
 * The dev questions (data/questions-dev, a copy of shared/datasets/questions-dev) and their scoring, exactly as its README and
 * build.py's `matches` say: values normalised (strings lower-cased and whitespace-collapsed, numbers
 * and numeric strings rounded to 2 decimals); every gold column must equal some predicted column,
 * as sets, or as lists when the question is ordered. For measuring only: never for training.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JsonValue } from '../types.js';
import { dataDir } from '../world/data-dir.js';
import { sameAnswer } from '../plugins/nl-query/calibration/same-answer.js';

export interface DevQuestion {
  readonly id: string;
  readonly question: string;
  readonly sql: string;
  readonly answer: { readonly columns: readonly string[]; readonly rows: readonly (readonly JsonValue[])[] };
  readonly tags: readonly string[];
  readonly ordered: boolean;
}

/** The dev set folder: data/questions-dev, shipped with the package so a fresh clone measures it. */
export function devQuestionsDir(): string {
  return join(dataDir(), 'questions-dev');
}

export function readDevQuestions(dir: string, name: 'northwind' | 'royals'): DevQuestion[] {
  return readFileSync(join(dir, `${name}.jsonl`), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as DevQuestion);
}

/** build.py's matches(gold, pred_rows, ordered) (not strict): calibration/same-answer.ts, which fitting a model's calibration judges by too. */
export function matchesGold(question: DevQuestion, rows: readonly (readonly JsonValue[])[]): boolean {
  return sameAnswer({ columns: question.answer.columns, rows: question.answer.rows, ordered: question.ordered }, rows);
}
