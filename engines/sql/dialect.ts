/**
 * The few places where the three SQL dialects differ in what the gateway writes by hand. The SQL
 * engine's translator keeps its own, larger dialect layer; this one serves the fact store and the
 * catalog.
 */
import type { SqlProvider } from './prisma-client.js';

/** The bound-parameter marker for the n-th value (1-based). */
export function placeholder(provider: SqlProvider, n: number): string {
  return provider === 'postgresql' ? `$${n}` : '?';
}

/** A comma-separated list of placeholders for values `from`..`from+count-1`. */
export function placeholders(provider: SqlProvider, count: number, from = 1): string {
  return Array.from({ length: count }, (_, i) => placeholder(provider, from + i)).join(', ');
}

/** Quotes an identifier (a table or column name, possibly with spaces). */
export function quoteIdentifier(provider: SqlProvider, name: string): string {
  return provider === 'mysql' ? `\`${name.replace(/`/g, '``')}\`` : `"${name.replace(/"/g, '""')}"`;
}

/** An auto-incrementing 64-bit primary key column whose values are never reused. */
export function autoIncrementKey(provider: SqlProvider, column: string): string {
  switch (provider) {
    case 'sqlite':
      return `${column} INTEGER PRIMARY KEY AUTOINCREMENT`;
    case 'postgresql':
      return `${column} BIGSERIAL PRIMARY KEY`;
    case 'mysql':
      return `${column} BIGINT AUTO_INCREMENT PRIMARY KEY`;
  }
}
