/**
 * Copies the tables of a schema graph from one SQL database into another, across dialects (how
 * Northwind, built in SQLite, gets into PostgreSQL and MariaDB). Tables and primary keys are
 * created first, rows copied in batches of multi-row INSERTs with bound parameters, foreign keys
 * added last (so rows can arrive in any order and a self-reference such as Employees.ReportsTo
 * needs no care). Views, indexes, defaults and CHECK constraints are not copied.
 *
 * The copy is meant to answer the same queries with the same results in every dialect, so:
 * - integer columns are INTEGER unless their values (or those of a column joined to them by a
 *   foreign key) need 64 bits: PostgreSQL and MariaDB then return plain numbers, as SQLite does;
 * - decimals are DECIMAL(19,4): exact, and identical in PostgreSQL and MariaDB (values with more
 *   than 4 decimals are rounded, the same way in both);
 * - text compares and sorts by code point, as in SQLite: COLLATE "C" in PostgreSQL, utf8mb4_nopad_bin
 *   in MariaDB (whose default collations ignore case, accents and, with PAD SPACE, trailing spaces);
 * - MariaDB cannot index TEXT, so key text columns (primary and foreign keys) are VARCHAR(255).
 */
import type { Progress } from '../progress.js';
import type { AttributeType, SchemaAttribute, SchemaClass, SchemaGraph } from '../schema-graph/types.js';
import { storedType } from '../schema-graph/lookup.js';
import { placeholders, quoteIdentifier } from './dialect.js';
import type { SqlClient, SqlProvider } from './prisma-client.js';

/** One end of a copy: a client and the dialect it speaks. */
export interface SqlEndpoint {
  readonly client: SqlClient;
  readonly provider: SqlProvider;
}

export interface CopyReport {
  readonly tables: number;
  readonly rows: number;
}

/** Bound parameters per INSERT: well under every dialect's limit (SQLite 32766, the others 65535). */
const MAX_PARAMETERS = 10_000;
/** Rows per INSERT (and per page read from the source). */
const MAX_BATCH_ROWS = 500;
/** INSERT batches per page read from the source. */
const PAGES_PER_READ = 20;
const INT32_MAX = 2_147_483_647;
const INT32_MIN = -2_147_483_648;

/**
 * Creates every class of `schema` as a table in `target` and copies its rows from `source`. The
 * target must not hold tables of the same names (see dropSqlTables).
 */
export async function copySqlDatabase(source: SqlEndpoint, target: SqlEndpoint, schema: SchemaGraph, progress: Progress): Promise<CopyReport> {
  const wide = await wideIntegerColumns(source, schema);
  const keyColumns = keyColumnsOf(schema);
  progress.phase('creating tables', schema.classes.length);
  for (const schemaClass of schema.classes) {
    await target.client.$executeRawUnsafe(createTableSql(target.provider, schema, schemaClass, wide, keyColumns));
    progress.advance();
  }
  progress.finish();
  const total = schema.classes.reduce((sum, schemaClass) => sum + schemaClass.rowCount, 0);
  progress.phase('copying rows', total);
  let rows = 0;
  // Prisma's SQLite adapter turns foreign keys on, and SQLite keys are declared with the table:
  // switch them off while rows arrive in any order, check them all at the end.
  if (target.provider === 'sqlite') await target.client.$executeRawUnsafe('PRAGMA foreign_keys = OFF');
  try {
    for (const schemaClass of schema.classes) rows += await copyRows(source, target, schemaClass, progress);
  } finally {
    if (target.provider === 'sqlite') await target.client.$executeRawUnsafe('PRAGMA foreign_keys = ON');
  }
  if (target.provider === 'sqlite') {
    const violations = await target.client.$queryRawUnsafe<unknown[]>('SELECT * FROM pragma_foreign_key_check');
    if (violations.length > 0) throw new Error(`the copy breaks ${violations.length} foreign key references`);
  }
  progress.finish(`${rows} rows`);
  if (target.provider !== 'sqlite') {
    progress.phase('adding foreign keys', schema.relations.length);
    for (const [i, relation] of schema.relations.entries()) {
      const q = (name: string) => quoteIdentifier(target.provider, name);
      await target.client.$executeRawUnsafe(
        `ALTER TABLE ${q(relation.from)} ADD CONSTRAINT ${q(foreignKeyName(relation.from, relation.fromColumns, i))}
           FOREIGN KEY (${relation.fromColumns.map(q).join(', ')}) REFERENCES ${q(relation.to)} (${relation.toColumns.map(q).join(', ')})`,
      );
      progress.advance();
    }
    progress.finish();
  }
  return { tables: schema.classes.length, rows };
}

/**
 * Drops the named tables from the database if they exist, with the foreign keys between them
 * (a half-finished copy leaves some of them behind).
 */
export async function dropSqlTables(target: SqlEndpoint, tables: readonly string[]): Promise<void> {
  const q = (name: string) => quoteIdentifier(target.provider, name);
  if (tables.length === 0) return;
  if (target.provider === 'postgresql') {
    // CASCADE drops the foreign keys that reference them, never other tables.
    await target.client.$executeRawUnsafe(`DROP TABLE IF EXISTS ${tables.map(q).join(', ')} CASCADE`);
    return;
  }
  if (target.provider === 'mysql') {
    // MariaDB refuses to drop a referenced table: drop the foreign keys that touch these tables first.
    const keys = await target.client.$queryRawUnsafe<{ table_name: string; name: string }[]>(
      `SELECT DISTINCT TABLE_NAME AS table_name, CONSTRAINT_NAME AS name FROM information_schema.KEY_COLUMN_USAGE
        WHERE TABLE_SCHEMA = DATABASE() AND REFERENCED_TABLE_NAME IS NOT NULL
          AND (TABLE_NAME IN (${placeholders('mysql', tables.length)}) OR REFERENCED_TABLE_NAME IN (${placeholders('mysql', tables.length)}))`,
      ...tables,
      ...tables,
    );
    for (const key of keys) await target.client.$executeRawUnsafe(`ALTER TABLE ${q(String(key.table_name))} DROP FOREIGN KEY ${q(String(key.name))}`);
  }
  for (const table of tables) await target.client.$executeRawUnsafe(`DROP TABLE IF EXISTS ${q(table)}`);
}

/** The SQL type a column gets in the target dialect. */
export function targetColumnType(provider: SqlProvider, type: AttributeType, options: { wide: boolean; key: boolean }): string {
  switch (type) {
    case 'integer':
      if (provider === 'sqlite') return 'INTEGER';
      return options.wide ? 'BIGINT' : provider === 'postgresql' ? 'INTEGER' : 'INT';
    case 'decimal':
      return provider === 'sqlite' ? 'NUMERIC' : provider === 'postgresql' ? 'NUMERIC(19,4)' : 'DECIMAL(19,4)';
    case 'float':
      return provider === 'sqlite' ? 'REAL' : provider === 'postgresql' ? 'DOUBLE PRECISION' : 'DOUBLE';
    case 'boolean':
      return 'BOOLEAN';
    case 'date':
      return 'DATE';
    case 'datetime':
      return provider === 'sqlite' ? 'DATETIME' : provider === 'postgresql' ? 'TIMESTAMP(3)' : 'DATETIME(3)';
    case 'binary':
      return provider === 'sqlite' ? 'BLOB' : provider === 'postgresql' ? 'BYTEA' : 'LONGBLOB';
    case 'text':
    case 'other':
      if (provider === 'postgresql') return 'TEXT COLLATE "C"';
      // LONGTEXT: MariaDB's TEXT stops at 64 KB.
      if (provider === 'mysql') return options.key ? 'VARCHAR(255)' : 'LONGTEXT';
      return 'TEXT';
  }
}

function createTableSql(
  provider: SqlProvider,
  schema: SchemaGraph,
  schemaClass: SchemaClass,
  wide: ReadonlySet<string>,
  keyColumns: ReadonlySet<string>,
): string {
  const q = (name: string) => quoteIdentifier(provider, name);
  const columns = schemaClass.attributes.map((attribute) => {
    const id = columnKey(schemaClass.id, attribute.id);
    const type = targetColumnType(provider, storedType(attribute), { wide: wide.has(id), key: keyColumns.has(id) });
    return `${q(attribute.id)} ${type}${attribute.nullable ? '' : ' NOT NULL'}`;
  });
  if (schemaClass.primaryKey.length > 0) columns.push(`PRIMARY KEY (${schemaClass.primaryKey.map(q).join(', ')})`);
  if (provider === 'sqlite') {
    // SQLite cannot add a constraint later; it only checks keys when foreign_keys is on.
    for (const relation of schema.relations.filter((r) => r.from === schemaClass.id)) {
      columns.push(`FOREIGN KEY (${relation.fromColumns.map(q).join(', ')}) REFERENCES ${q(relation.to)} (${relation.toColumns.map(q).join(', ')})`);
    }
  }
  const suffix = provider === 'mysql' ? ' ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin' : '';
  return `CREATE TABLE ${q(schemaClass.id)} (\n  ${columns.join(',\n  ')}\n)${suffix}`;
}

async function copyRows(source: SqlEndpoint, target: SqlEndpoint, schemaClass: SchemaClass, progress: Progress): Promise<number> {
  const attributes = schemaClass.attributes;
  if (attributes.length === 0) return 0;
  const qs = (name: string) => quoteIdentifier(source.provider, name);
  const qt = (name: string) => quoteIdentifier(target.provider, name);
  const batch = Math.max(1, Math.min(MAX_BATCH_ROWS, Math.floor(MAX_PARAMETERS / attributes.length)));
  // A stable order makes LIMIT/OFFSET paging see every row once; without a key, order by every column.
  const order = (schemaClass.primaryKey.length > 0 ? schemaClass.primaryKey : attributes.filter((a) => a.type !== 'binary').map((a) => a.id)).map(qs);
  const select = `SELECT ${attributes.map((a) => qs(a.id)).join(', ')} FROM ${qs(schemaClass.id)}${order.length > 0 ? ` ORDER BY ${order.join(', ')}` : ''} LIMIT ${pagePlaceholders(source.provider)}`;
  const insertHead = `INSERT INTO ${qt(schemaClass.id)} (${attributes.map((a) => qt(a.id)).join(', ')}) VALUES `;
  // Pages are read much larger than inserts are written: each page of a table without a key
  // re-sorts it in the source.
  const pageSize = batch * PAGES_PER_READ;
  let copied = 0;
  for (;;) {
    const page = await source.client.$queryRawUnsafe<Record<string, unknown>[]>(select, pageSize, copied);
    for (let start = 0; start < page.length; start += batch) {
      const rows = page.slice(start, start + batch);
      const values = rows.flatMap((row) => attributes.map((attribute) => targetValue(row[attribute.id], attribute, target.provider)));
      const tuples = rows.map((_, i) => `(${placeholders(target.provider, attributes.length, i * attributes.length + 1)})`);
      await target.client.$executeRawUnsafe(insertHead + tuples.join(', '), ...values);
      progress.advance(rows.length);
    }
    copied += page.length;
    if (page.length < pageSize) break;
  }
  return copied;
}

function pagePlaceholders(provider: SqlProvider): string {
  return provider === 'postgresql' ? '$1 OFFSET $2' : '? OFFSET ?';
}

/**
 * A value read from the source, made fit for the target column. Prisma returns numbers, BigInt
 * for 64-bit integers, Date for date and datetime columns (even in SQLite), Uint8Array for binary;
 * SQLite's loose typing may also hand over a number in a TEXT column or text in a numeric one.
 */
export function targetValue(value: unknown, attribute: Pick<SchemaAttribute, 'type' | 'numericText' | 'dateText'>, provider: SqlProvider): unknown {
  if (value === null || value === undefined) return null;
  switch (storedType(attribute)) {
    case 'integer':
      if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return BigInt(value.trim());
      if (typeof value === 'boolean') return value ? 1 : 0;
      return value;
    case 'float':
      return typeof value === 'bigint' || typeof value === 'string' ? Number(value) : value;
    case 'decimal':
      // Prisma's Decimal (and any other object) is passed in its exact text form.
      return typeof value === 'object' && !(value instanceof Date) ? String(value) : value;
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (typeof value === 'number') return value !== 0;
      if (typeof value === 'bigint') return value !== 0n;
      return ['1', 'true', 't', 'yes', 'y'].includes(String(value).trim().toLowerCase());
    case 'date':
      // SQLite has no date type: store the ISO text, as Northwind's own script does.
      if (value instanceof Date && provider === 'sqlite') return value.toISOString().slice(0, 10);
      return value;
    case 'datetime':
      if (value instanceof Date && provider === 'sqlite') return value.toISOString().replace('T', ' ').replace('Z', '');
      return value;
    case 'binary':
      if (value instanceof Uint8Array) return Buffer.from(value);
      return Buffer.from(String(value), 'utf8');
    case 'text':
    case 'other':
      if (typeof value === 'string') return value;
      if (value instanceof Date) return value.toISOString();
      if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8');
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** `table\0column`: one column of the whole schema. */
function columnKey(table: string, column: string): string {
  return `${table}\u0000${column}`;
}

/** Columns of a primary or foreign key (either end): MariaDB must be able to index them. */
function keyColumnsOf(schema: SchemaGraph): ReadonlySet<string> {
  const keys = new Set<string>();
  for (const schemaClass of schema.classes) for (const column of schemaClass.primaryKey) keys.add(columnKey(schemaClass.id, column));
  for (const relation of schema.relations) {
    for (const column of relation.fromColumns) keys.add(columnKey(relation.from, column));
    for (const column of relation.toColumns) keys.add(columnKey(relation.to, column));
  }
  return keys;
}

/**
 * Integer columns whose values need 64 bits, and every column joined to one of them by a foreign
 * key (MariaDB refuses a foreign key between INT and BIGINT).
 */
async function wideIntegerColumns(source: SqlEndpoint, schema: SchemaGraph): Promise<ReadonlySet<string>> {
  const q = (name: string) => quoteIdentifier(source.provider, name);
  const wide = new Set<string>();
  for (const schemaClass of schema.classes) {
    const integers = schemaClass.attributes.filter((attribute) => storedType(attribute) === 'integer');
    if (integers.length === 0) continue;
    const [row] = await source.client.$queryRawUnsafe<Record<string, unknown>[]>(
      `SELECT ${integers.map((a, i) => `MIN(${q(a.id)}) AS lo${i}, MAX(${q(a.id)}) AS hi${i}`).join(', ')} FROM ${q(schemaClass.id)}`,
    );
    integers.forEach((attribute, i) => {
      const lo = row?.[`lo${i}`];
      const hi = row?.[`hi${i}`];
      if ((lo !== null && lo !== undefined && Number(lo) < INT32_MIN) || (hi !== null && hi !== undefined && Number(hi) > INT32_MAX)) {
        wide.add(columnKey(schemaClass.id, attribute.id));
      }
    });
  }
  // Spread width along foreign keys until nothing changes (chains of keys are short).
  for (let changed = true; changed; ) {
    changed = false;
    for (const relation of schema.relations) {
      relation.fromColumns.forEach((from, i) => {
        const a = columnKey(relation.from, from);
        const b = columnKey(relation.to, relation.toColumns[i] ?? '');
        if (wide.has(a) !== wide.has(b)) {
          wide.add(a);
          wide.add(b);
          changed = true;
        }
      });
    }
  }
  return wide;
}

/** `Orders_ShipVia_fkey`, PostgreSQL's own naming, numbered so names are unique in the database (MariaDB). */
function foreignKeyName(table: string, columns: readonly string[], index: number): string {
  const base = `${table}_${columns.join('_')}`.replace(/[^A-Za-z0-9_]+/g, '_').slice(0, 48);
  return `${base}_fkey${index + 1}`;
}
