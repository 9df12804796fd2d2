/**
 * Dates stored as text. Databases made from CSV files keep dates as text in columns whose names do
 * not say "date" (`OperationalFrom`, `ConstructionStartAt`, `LastUpdatedAt`), often with no type at
 * all; people still ask "which country first started", "plants built after 2000", "when". Read as
 * text, the column is neither a date to the predictor (which ranks "first" and "latest" by dates)
 * nor a missing date where a cell is blank: '' sorts before every date. So a text column is read
 * as dates when every value of a sample is one, and SQL reads it through `textAsDate`
 * (translate/sql-dialect.ts): a blank is NULL, and PostgreSQL and MariaDB cast the text.
 *
 * A column is dates when, in the sample numeric-text.ts reads, every value is an ISO 8601 date
 * (`1957-12-01`) or date and time (`2015-05-24T04:51:37+03:00`, `2018-08-24 22:22:01`), or blank,
 * and at least MIN_DISTINCT values differ; date-times when any value has a time.
 */
import type { AttributeType } from '../schema-graph/types.js';

/** Distinct values a column of dates has at least (fewer are rather codes or one import's stamp). */
const MIN_DISTINCT = 3;

const DATE = /^\s*\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(?<time>[T ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?\s*$/;

/** Whether `values` read as dates, and which type ('date' or 'datetime'): null when any is not one (see above). */
export function dateTextType(values: readonly string[]): AttributeType | null {
  const dates = values.filter((value) => value.trim() !== '');
  let time = false;
  for (const value of dates) {
    const match = DATE.exec(value);
    if (!match) return null;
    if (match.groups?.time) time = true;
  }
  if (new Set(dates.map((v) => v.trim())).size < MIN_DISTINCT) return null;
  return time ? 'datetime' : 'date';
}
