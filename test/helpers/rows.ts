/**
 * Comparing answers across engines as the dev-set scoring does: numbers to 2 decimals, dates as
 * days, text as is; rows as a multiset unless the graph orders them.
 */
import { expect } from 'vitest';

export function normalise(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'number') return Math.round(value * 100) / 100;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}([ T]00:00:00(\.0+)?Z?)?$/.test(value)) return value.slice(0, 10);
  return value;
}

export function normaliseRows(rows: readonly (readonly unknown[])[], ordered: boolean): unknown[][] {
  const normalised = rows.map((row) => row.map(normalise));
  return ordered ? normalised : normalised.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

/**
 * Rows equal, numbers within a cent: PostgreSQL's exact NUMERIC and the others' doubles may round
 * a sum of products on different sides of half a cent.
 */
export function expectSameRows(actual: unknown[][], expected: unknown[][], message: string): void {
  const close = (a: unknown, b: unknown) => (typeof a === 'number' && typeof b === 'number' ? Math.abs(a - b) <= 0.011 : a === b);
  const same = actual.length === expected.length && actual.every((row, i) => row.length === expected[i]!.length && row.every((cell, j) => close(cell, expected[i]![j])));
  if (!same) expect(actual, message).toEqual(expected);
}
