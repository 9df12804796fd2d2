/**
 * Whether rows answer a question whose right answer is known (questions-dev's scoring, as its
 * README and build.py's `matches` say): values normalised (strings lower-cased and
 * whitespace-collapsed, numbers and numeric strings rounded to 2 decimals, a date-time in any of
 * the forms databases and ISO 8601 write it as one form); every gold column must
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

/**
 * A date-time in one form: SQLite keeps '2017-04-15 09:25:31' where the gateway answers a DATETIME
 * column with the same instant as ISO 8601 ('2017-04-15T09:25:31.000Z'); both are
 * '2017-04-15 09:25:31', and midnight is the date alone. Other text comes back as it is.
 */
function sameInstant(text: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})[ t](\d{2}:\d{2})(?::(\d{2})(?:\.(\d+))?)?z?$/.exec(text);
  if (!match) return text;
  const seconds = match[3] ?? '00';
  const fraction = (match[4] ?? '').replace(/0+$/, '');
  const time = `${match[2]}:${seconds}${fraction ? `.${fraction}` : ''}`;
  return time === '00:00:00' ? (match[1] as string) : `${match[1]} ${time}`;
}

function norm(value: JsonValue | undefined): Norm {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Math.round(value * 100) / 100;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = (typeof value === 'string' ? value : JSON.stringify(value)).split(/\s+/).filter(Boolean).join(' ').toLowerCase();
  const n = Number(text);
  return text !== '' && Number.isFinite(n) ? Math.round(n * 100) / 100 : sameInstant(text);
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
