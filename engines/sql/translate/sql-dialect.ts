/**
 * Everything the SQL translator writes differently for SQLite, PostgreSQL and MySQL/MariaDB.
 * Small on purpose: the translator writes portable SQL and asks here only for what differs.
 */
import { placeholder, quoteIdentifier } from '../dialect.js';
import type { SqlProvider } from '../prisma-client.js';

export interface SqlDialect {
  readonly provider: SqlProvider;
  /** Quotes a table, column or alias name ("Order Details"). */
  identifier(name: string): string;
  /** The marker of the n-th bound parameter (1-based). */
  parameter(n: number): string;
  /**
   * A parameter compared with a date column. PostgreSQL will not compare a timestamp with text,
   * so the parameter is cast; SQLite stores dates as ISO text and MariaDB converts by itself.
   */
  dateParameter(n: number): string;
  /**
   * A bound number inside arithmetic. PostgreSQL infers a parameter's type from its neighbour (an
   * integer column would make 1.5 an error), so it is cast to NUMERIC there.
   */
  numberParameter(marker: string): string;
  /**
   * A date or date-time column as a value comparable with another such column: SQLite keeps dates
   * as text in more than one form (`1992-05-01`, `1996-07-04 00:00:00.000`), so it compares Julian days.
   */
  dateValue(expression: string): string;
  /** Whether parameters are numbered (`$1`, PostgreSQL), so one may be written twice. */
  readonly numberedParameters: boolean;
  /** What a SELECT with no table needs: MariaDB wants `FROM DUAL` before WHERE. */
  readonly noTable: string;
  /** How a boolean is bound: SQLite and MariaDB store booleans as 1/0. */
  booleanValue(value: boolean): boolean | number;
  /**
   * A column of numbers kept as text (engines/sql/numeric-text.ts) read as a number, so it sums,
   * compares and sorts as numbers do ('10' after '9'): a cast to a floating-point number.
   */
  textAsNumber(expression: string): string;
  /**
   * A column of dates kept as text (engines/sql/date-text.ts) read as dates: a blank is NULL (a
   * missing date, never the first one), and PostgreSQL and MariaDB cast the text to the type.
   */
  textAsDate(expression: string, type: 'date' | 'datetime'): string;
  /** An expression turned to lower-case text, for case-insensitive matching. */
  lowerText(expression: string): string;
  /**
   * An ORDER BY term with NULLs last whatever the direction (the databases' defaults differ).
   * MariaDB has no NULLS LAST; it sorts by `x IS NULL` first, which PostgreSQL would refuse
   * with SELECT DISTINCT.
   */
  orderTerm(expression: string, direction: 'ASC' | 'DESC'): string;
}

export function sqlDialect(provider: SqlProvider): SqlDialect {
  return {
    provider,
    identifier: (name) => quoteIdentifier(provider, name),
    parameter: (n) => placeholder(provider, n),
    dateParameter: (n) => (provider === 'postgresql' ? `CAST(${placeholder(provider, n)} AS DATE)` : placeholder(provider, n)),
    numberParameter: (marker) => (provider === 'postgresql' ? `CAST(${marker} AS NUMERIC)` : marker),
    dateValue: (expression) => (provider === 'sqlite' ? `julianday(${expression})` : expression),
    noTable: provider === 'mysql' ? ' FROM DUAL' : '',
    numberedParameters: provider === 'postgresql',
    booleanValue: (value) => (provider === 'postgresql' ? value : value ? 1 : 0),
    // A blank cell is a missing number: NULL, not the 0 a cast of '' gives (or the error PostgreSQL raises).
    textAsNumber: (expression) => {
      const present = `NULLIF(TRIM(${expression}), '')`;
      return provider === 'postgresql' ? `CAST(${present} AS DOUBLE PRECISION)` : provider === 'mysql' ? `CAST(${present} AS DOUBLE)` : `CAST(${present} AS REAL)`;
    },
    textAsDate: (expression, type) => {
      const present = `NULLIF(TRIM(${expression}), '')`;
      if (provider === 'sqlite') return present;
      return `CAST(${present} AS ${type === 'date' ? 'DATE' : provider === 'postgresql' ? 'TIMESTAMP' : 'DATETIME'})`;
    },
    lowerText: (expression) => `LOWER(${expression})`,
    orderTerm: (expression, direction) =>
      provider === 'mysql' ? `(${expression} IS NULL), ${expression} ${direction}` : `${expression} ${direction} NULLS LAST`,
  };
}
