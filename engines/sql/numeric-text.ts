/**
 * Numbers stored as text. Databases made from CSV files and spreadsheets declare columns of
 * numbers as text (`age VARCHAR(20)`, `Open_Year TEXT`, `Rating TEXT`), and people ask for their
 * average, compare them with numbers and rank by them ("the average age of the dogs", "museums
 * opened before 2009"). Read as text they can be neither averaged nor compared as numbers; so a
 * text column is read as numbers when every value of a sample is one, and SQL reads it through a
 * cast (translate/sql-dialect.ts `textAsNumber`).
 *
 * A column is numbers when, in up to SAMPLE non-null values, every value is a decimal number (an
 * optional sign, digits, an optional fraction; spaces around it allowed) or blank, and at least
 * MIN_DISTINCT values differ. A blank is an empty cell of the file the table was loaded from: a
 * missing number, read as NULL (never as 0, which would pull averages and minimums down). Never numbers: a value with a leading zero (`02647`: a code whose
 * zeros a number would lose, like zip codes and phone extensions kept as text), a column of at most
 * two values (`'0'`/`'1'` flags: flags.ts reads those), and keys, declared or referring (an id
 * stored as text is compared with ids, never summed). Integers when no value has a fraction.
 * The read is one bounded statement per text column through the source's client, which also
 * tells dates kept as text (date-text.ts).
 */
import type { AttributeType } from '../schema-graph/types.js';
import type { Catalog } from './catalog.js';
import { dateTextType } from './date-text.js';
import { quoteIdentifier } from './dialect.js';
import type { SqlClient, SqlProvider } from './prisma-client.js';

/** Values read per text column. */
const SAMPLE = 1000;
/** Distinct values a column of numbers has at least (fewer are flags or codes). */
const MIN_DISTINCT = 3;

const NUMBER = /^\s*[-+]?(\d+)(\.\d+)?\s*$/;

/** Whether `values` read as numbers, and which type: null when any is not one (see above). */
export function numericTextType(values: readonly string[]): AttributeType | null {
  let fraction = false;
  const numbers = values.filter((value) => value.trim() !== '');
  for (const value of numbers) {
    const match = NUMBER.exec(value);
    if (!match) return null;
    if (match[1]!.length > 1 && match[1]!.startsWith('0')) return null;
    if (match[2] && !/^\.0+$/.test(match[2])) fraction = true;
  }
  if (new Set(numbers.map((v) => Number(v))).size < MIN_DISTINCT) return null;
  return fraction ? 'decimal' : 'integer';
}

/** What a text column holds, read from its values: numbers (this file) or dates (date-text.ts). */
export interface TextColumnType {
  readonly type: AttributeType;
  readonly kept: 'numbers' | 'dates';
}

/**
 * The text columns of `tables` that hold numbers or dates, keyed `table\0column`, with their type;
 * `typeOf` is the type the schema gives a column otherwise (introspect.ts). One read per column.
 */
export async function typesStoredAsText(client: SqlClient, provider: SqlProvider, catalog: Catalog, tables: readonly string[], typeOf: (table: string, column: string, nativeType: string) => AttributeType): Promise<Map<string, TextColumnType>> {
  const keys = new Set([
    ...catalog.primaryKeys.map((k) => `${k.table}\u0000${k.column}`),
    ...catalog.foreignKeys.flatMap((k) => [`${k.fromTable}\u0000${k.fromColumn}`, ...(k.toColumn ? [`${k.toTable}\u0000${k.toColumn}`] : [])]),
  ]);
  const q = (name: string) => quoteIdentifier(provider, name);
  const out = new Map<string, TextColumnType>();
  for (const column of catalog.columns) {
    const key = `${column.table}\u0000${column.name}`;
    if (!tables.includes(column.table) || keys.has(key)) continue;
    if (typeOf(column.table, column.name, column.nativeType) !== 'text') continue;
    const rows = await client.$queryRawUnsafe<{ v: unknown }[]>(`SELECT ${q(column.name)} AS v FROM ${q(column.table)} WHERE ${q(column.name)} IS NOT NULL LIMIT ${SAMPLE}`);
    if (rows.length === 0 || !rows.every((row) => typeof row.v === 'string')) continue;
    const values = rows.map((row) => row.v as string);
    const number = numericTextType(values);
    const date = number ? null : dateTextType(values);
    if (number) out.set(key, { type: number, kept: 'numbers' });
    else if (date) out.set(key, { type: date, kept: 'dates' });
  }
  return out;
}
