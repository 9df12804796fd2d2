/**
 * The features of the answer `ask` chose, from what `ask` returns about one source (its readings'
 * raw scores and statuses, the answer's rows and kind): what federation computed when it ranked
 * that reading. The benchmark (as an outside client) and the fit of a model's own calibration (in
 * process, at the end of `nlq train`) both read answers this way, so what they fit on is what
 * serving computes.
 */
import type { AnswerKind, JsonValue, SourceKind } from '../../../types.js';
import { byRawScore, readingFeatures } from './features.js';

/** One reading of the asked source as `ask` lists it. */
export interface ListedReading {
  readonly score: number;
  /** CHOSEN, ANSWERED, EMPTY, FAILED, NOT_RUN. */
  readonly status: string;
}

/** The chosen reading's features and raw score, or null when no reading was chosen or no rows were stated. */
export function chosenReadingFeatures(
  listed: readonly ListedReading[],
  answer: { readonly rows: readonly (readonly JsonValue[])[] | null; readonly kind: string | null },
  sourceKind: SourceKind,
): { features: number[]; rawScore: number } | null {
  const readings = byRawScore(listed);
  const chosen = readings.findIndex((r) => r.status === 'CHOSEN');
  if (chosen < 0 || answer.rows === null) return null;
  // Only the chosen reading's rows and kind are known; of the others, whether they found anything.
  const summaries = readings.map((r, i) => ({
    score: r.score,
    rows: i === chosen ? answer.rows!.length : r.status === 'EMPTY' ? 0 : r.status === 'ANSWERED' ? 1 : null,
    kind: i === chosen ? (answer.kind as AnswerKind) : null,
  }));
  return { features: readingFeatures(summaries, chosen, sourceKind), rawScore: readings[chosen]!.score };
}
