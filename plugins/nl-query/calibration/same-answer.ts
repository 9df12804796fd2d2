/**
 * Whether rows answer a question whose right answer is known (questions-dev's scoring, as its
 * README and build.py's `matches` say): values normalised (strings lower-cased and
 * whitespace-collapsed, numbers and numeric strings rounded to 2 decimals); every gold column must
 * equal some returned column, as sets, or as lists when the question is ordered. The benchmarks
 * judge labelled questions with it, and a model's calibration is fitted on answers it judged, so
 * the probability a model states means what the benchmarks measure.
 */
import type { JsonValue } from '../../../types.js';

/** A known right answer: its columns' names and rows, and whether their order matters. */
export interface GoldAnswer {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly JsonValue[])[];
  readonly ordered: boolean;
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
export function sameAnswer(gold: GoldAnswer, rows: readonly (readonly JsonValue[])[]): boolean {
  const g = gold.rows.map((r) => r.map(norm));
  const p = rows.map((r) => r.map(norm));
  if (g.length === 0 || p.length === 0) return g.length === 0 && p.length === 0;
  const goldColumns = gold.columns.map((_, i) => g.map((r) => r[i] ?? null));
  const width = p[0]?.length ?? 0;
  const predictedColumns = Array.from({ length: width }, (_, j) => p.map((r) => r[j] ?? null));
  return goldColumns.every((gc) => predictedColumns.some((pc) => same(pc, gc, gold.ordered)));
}
