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
  /** How a boolean is bound: SQLite and MariaDB store booleans as 1/0. */
  booleanValue(value: boolean): boolean | number;
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
    booleanValue: (value) => (provider === 'postgresql' ? value : value ? 1 : 0),
    lowerText: (expression) => `LOWER(${expression})`,
    orderTerm: (expression, direction) =>
      provider === 'mysql' ? `(${expression} IS NULL), ${expression} ${direction}` : `${expression} ${direction} NULLS LAST`,
  };
}
