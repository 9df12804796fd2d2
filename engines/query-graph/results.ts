/**
 * Database values -> JSON values of the answer's declared column types. The drivers disagree
 * (BigInt counts, Prisma Decimals, Dates, ISO text dates in SQLite, 1/0 booleans in MariaDB,
 * the graph stores' own shapes); answers do not.
 */
import type { JsonValue } from '../../types.js';
import type { SchemaGraph } from '../schema-graph/types.js';
import { answerKind } from './answer-kind.js';
import type { OutputColumn } from './columns.js';
import type { QueryGraphRun } from './engine.js';
import { explainQueryGraph } from './explain.js';
import type { QueryGraph } from './types.js';

export type RawRow = Readonly<Record<string, unknown>>;

export function convertRows(rows: readonly RawRow[], columns: readonly OutputColumn[]): JsonValue[][] {
  return rows.map((row) => columns.map((column) => convertValue(row[column.name], column)));
}

export function convertValue(value: unknown, column: OutputColumn): JsonValue {
  if (value === null || value === undefined) return null;
  switch (column.type) {
    case 'Int':
    case 'Float':
    case 'BigInt': {
      const number = toNumber(value);
      if (number === null) return String(value);
      if (column.type === 'Int' && !Number.isSafeInteger(number)) return String(value);
      return number;
    }
    case 'Boolean':
      if (typeof value === 'boolean') return value;
      return toNumber(value) !== 0;
    case 'DateTime':
      return toIsoDate(value, column.attributeType === 'date');
    default:
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
      if (typeof value === 'bigint') return value.toString();
      if (value instanceof Date) return value.toISOString();
      if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
      return String(value);
  }
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  // Prisma's Decimal (PostgreSQL NUMERIC, MariaDB DECIMAL).
  if (typeof value === 'object' && value !== null && 'toNumber' in value && typeof value.toNumber === 'function') {
    return (value as { toNumber(): number }).toNumber();
  }
  return null;
}

/** A date as `YYYY-MM-DD`, a date-time as a full ISO string (UTC), whatever form it arrived in. */
function toIsoDate(value: unknown, dateOnly: boolean): string {
  let date: Date | null = null;
  if (value instanceof Date) date = value;
  else if (typeof value === 'string') {
    // SQLite keeps dates as text such as '1996-07-04 00:00:00.000': read it as UTC.
    const match = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?))?(Z|[+-]\d{2}:?\d{2})?$/.exec(value.trim());
    if (match) date = new Date(`${match[1]}T${match[2] ?? '00:00:00'}${match[3] ?? 'Z'}`);
  } else if (typeof value === 'number') date = new Date(value);
  if (!date || Number.isNaN(date.getTime())) return String(value);
  const iso = date.toISOString();
  return dateOnly ? iso.slice(0, 10) : iso;
}

/** A run's answer from the rows a statement returned: typed cells, the kind the graph asked for, its explanation. */
export function queryGraphRun(
  graph: QueryGraph,
  schema: SchemaGraph,
  statement: { readonly text: string; readonly columns: readonly OutputColumn[] },
  rawRows: readonly RawRow[],
): QueryGraphRun {
  const rows = convertRows(rawRows, statement.columns);
  return {
    query: statement.text,
    explanation: explainQueryGraph(graph, schema),
    result: {
      kind: answerKind(graph, rows.length),
      columns: statement.columns.map((column) => ({ name: column.name, type: column.type })),
      rows,
      support: [],
    },
  };
}
