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

type Norm = string | number | null;

function norm(value: JsonValue | undefined): Norm {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Math.round(value * 100) / 100;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = (typeof value === 'string' ? value : JSON.stringify(value)).split(/\s+/).filter(Boolean).join(' ').toLowerCase();
  const n = Number(text);
  return text !== '' && Number.isFinite(n) ? Math.round(n * 100) / 100 : text;
}

function same(a: readonly Norm[], b: readonly Norm[], ordered: boolean): boolean {
  if (ordered) return a.length === b.length && a.every((v, i) => v === b[i]);
  const sa = new Set(a);
  const sb = new Set(b);
  return sa.size === sb.size && [...sa].every((v) => sb.has(v));
}

/** build.py's matches(gold, pred_rows, ordered) (not strict). */
export function matchesGold(question: DevQuestion, rows: readonly (readonly JsonValue[])[]): boolean {
  const g = question.answer.rows.map((r) => r.map(norm));
  const p = rows.map((r) => r.map(norm));
  if (g.length === 0 || p.length === 0) return g.length === 0 && p.length === 0;
  const goldColumns = question.answer.columns.map((_, i) => g.map((r) => r[i] ?? null));
  const width = p[0]?.length ?? 0;
  const predictedColumns = Array.from({ length: width }, (_, j) => p.map((r) => r[j] ?? null));
  return goldColumns.every((gc) => predictedColumns.some((pc) => same(pc, gc, question.ordered)));
}
