/**
 * Catalog look-ups, per dialect: which tables a database holds, their columns, primary and foreign
 * keys, and row counts, read from the catalog of the schema the client is connected to (SQLite:
 * sqlite_master and the pragma table-valued functions; PostgreSQL: pg_catalog and
 * information_schema in current_schema(); MariaDB: information_schema in DATABASE()). Raw rows
 * only; engines/sql/introspect.ts turns them into a schema graph.
 */
import { quoteIdentifier } from './dialect.js';
import type { SqlClient, SqlProvider } from './prisma-client.js';

const TABLE_COUNT: Record<SqlProvider, string> = {
  sqlite: "SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'",
  postgresql:
    "SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
  mysql: "SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE'",
};

/** Number of user tables in the database the client is connected to. */
export async function countTables(client: SqlClient, provider: SqlProvider): Promise<number> {
  const rows = await client.$queryRawUnsafe<{ n: bigint | number }[]>(TABLE_COUNT[provider]);
  return Number(rows[0]?.n ?? 0);
}

/** One column as the catalog lists it. */
export interface CatalogColumn {
  readonly table: string;
  readonly name: string;
  /** The declared (SQLite), data_type (PostgreSQL) or column_type (MariaDB) name. */
  readonly nativeType: string;
  readonly nullable: boolean;
  /** 1-based position in the table. */
  readonly position: number;
}

/** One column of a primary key. */
export interface CatalogKeyColumn {
  readonly table: string;
  readonly column: string;
  /** 1-based position in the key. */
  readonly position: number;
}

/** One column pair of a foreign key. */
export interface CatalogForeignKeyColumn {
  /**
   * Tells the keys of one table apart: the constraint name, or SQLite's pragma id (its keys have no
   * names). Only for grouping columns: relation ids never use it (see introspect.ts).
   */
  readonly key: string;
  readonly fromTable: string;
  readonly fromColumn: string;
  /** As written in the constraint; SQLite keeps the case the DDL used. */
  readonly toTable: string;
  /** Null when SQLite's constraint names no columns: it then means the referenced primary key. */
  readonly toColumn: string | null;
  /** 1-based position in the key. */
  readonly position: number;
}

/** Everything the catalog says about the base tables of one schema. */
export interface Catalog {
  /** Base tables (no views), in no particular order. */
  readonly tables: readonly string[];
  readonly columns: readonly CatalogColumn[];
  readonly primaryKeys: readonly CatalogKeyColumn[];
  readonly foreignKeys: readonly CatalogForeignKeyColumn[];
}

type Row = Record<string, unknown>;

const text = (value: unknown): string => (value instanceof Uint8Array ? Buffer.from(value).toString('utf8') : String(value ?? ''));
const num = (value: unknown): number => Number(value);

/** Reads the tables, columns and keys of the schema the client is connected to. */
export async function readCatalog(client: SqlClient, provider: SqlProvider): Promise<Catalog> {
  switch (provider) {
    case 'sqlite':
      return readSqliteCatalog(client);
    case 'postgresql':
      return readPostgresCatalog(client);
    case 'mysql':
      return readMariaDbCatalog(client);
  }
}

async function readSqliteCatalog(client: SqlClient): Promise<Catalog> {
  // Virtual tables (FTS and the like) are skipped: their shadow tables are listed as ordinary ones.
  const tables = (
    await client.$queryRawUnsafe<Row[]>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND sql NOT LIKE 'CREATE VIRTUAL%'",
    )
  ).map((row) => text(row.name));
  const columns: CatalogColumn[] = [];
  const primaryKeys: CatalogKeyColumn[] = [];
  const foreignKeys: CatalogForeignKeyColumn[] = [];
  for (const table of tables) {
    const info = await client.$queryRawUnsafe<Row[]>('SELECT cid, name, type, "notnull" AS not_null, pk FROM pragma_table_info(?) ORDER BY cid', table);
    for (const column of info) {
      const primary = num(column.pk);
      // SQLite lets a non-INTEGER primary-key column hold NULL (a historical bug it keeps); the other
      // dialects never do, and no Northwind-like data relies on it, so a key column counts as NOT NULL.
      columns.push({ table, name: text(column.name), nativeType: text(column.type), nullable: num(column.not_null) === 0 && primary === 0, position: num(column.cid) + 1 });
      if (primary > 0) primaryKeys.push({ table, column: text(column.name), position: primary });
    }
    const keys = await client.$queryRawUnsafe<Row[]>(
      'SELECT id, seq, "table" AS to_table, "from" AS from_column, "to" AS to_column FROM pragma_foreign_key_list(?) ORDER BY id, seq',
      table,
    );
    for (const key of keys) {
      foreignKeys.push({
        key: String(key.id),
        fromTable: table,
        fromColumn: text(key.from_column),
        toTable: text(key.to_table),
        toColumn: key.to_column === null || key.to_column === undefined ? null : text(key.to_column),
        position: num(key.seq) + 1,
      });
    }
  }
  return { tables, columns, primaryKeys, foreignKeys };
}

async function readPostgresCatalog(client: SqlClient): Promise<Catalog> {
  const tables = (
    await client.$queryRawUnsafe<Row[]>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
    )
  ).map((row) => text(row.table_name));
  const columns = (
    await client.$queryRawUnsafe<Row[]>(
      `SELECT table_name, column_name, data_type, udt_name, is_nullable, ordinal_position
         FROM information_schema.columns WHERE table_schema = current_schema()`,
    )
  ).map(
    (row): CatalogColumn => ({
      table: text(row.table_name),
      name: text(row.column_name),
      // Domains, enums and arrays say USER-DEFINED / ARRAY; their underlying name says more.
      nativeType: row.data_type === 'USER-DEFINED' || row.data_type === 'ARRAY' ? text(row.udt_name) : text(row.data_type),
      nullable: row.is_nullable === 'YES',
      position: num(row.ordinal_position),
    }),
  );
  // pg_constraint keeps the key's columns as arrays in key order; information_schema cannot pair
  // the columns of a composite foreign key reliably (constraint names are unique per table only).
  const primaryKeys = (
    await client.$queryRawUnsafe<Row[]>(
      `SELECT cl.relname::text AS table_name, a.attname::text AS column_name, k.ord AS position
         FROM pg_constraint c
         JOIN pg_class cl ON cl.oid = c.conrelid
         JOIN pg_namespace n ON n.oid = cl.relnamespace
         CROSS JOIN LATERAL unnest(c.conkey) WITH ORDINALITY AS k(attnum, ord)
         JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum
        WHERE c.contype = 'p' AND n.nspname = current_schema()`,
    )
  ).map((row): CatalogKeyColumn => ({ table: text(row.table_name), column: text(row.column_name), position: num(row.position) }));
  const foreignKeys = (
    await client.$queryRawUnsafe<Row[]>(
      `SELECT c.conname::text AS name, cl.relname::text AS from_table, rf.relname::text AS to_table,
              a.attname::text AS from_column, af.attname::text AS to_column, k.ord AS position
         FROM pg_constraint c
         JOIN pg_class cl ON cl.oid = c.conrelid
         JOIN pg_namespace n ON n.oid = cl.relnamespace
         JOIN pg_class rf ON rf.oid = c.confrelid
         JOIN pg_namespace rn ON rn.oid = rf.relnamespace
         CROSS JOIN LATERAL unnest(c.conkey, c.confkey) WITH ORDINALITY AS k(attnum, fattnum, ord)
         JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum
         JOIN pg_attribute af ON af.attrelid = c.confrelid AND af.attnum = k.fattnum
        WHERE c.contype = 'f' AND n.nspname = current_schema() AND rn.nspname = current_schema()`,
    )
  ).map(
    (row): CatalogForeignKeyColumn => ({
      key: text(row.name),
      fromTable: text(row.from_table),
      fromColumn: text(row.from_column),
      toTable: text(row.to_table),
      toColumn: text(row.to_column),
      position: num(row.position),
    }),
  );
  return { tables, columns, primaryKeys, foreignKeys };
}

async function readMariaDbCatalog(client: SqlClient): Promise<Catalog> {
  const tables = (
    await client.$queryRawUnsafe<Row[]>(
      "SELECT TABLE_NAME AS table_name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE'",
    )
  ).map((row) => text(row.table_name));
  const columns = (
    await client.$queryRawUnsafe<Row[]>(
      `SELECT TABLE_NAME AS table_name, COLUMN_NAME AS column_name, COLUMN_TYPE AS column_type,
              IS_NULLABLE AS is_nullable, ORDINAL_POSITION AS ordinal_position
         FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE()`,
    )
  ).map(
    (row): CatalogColumn => ({
      table: text(row.table_name),
      name: text(row.column_name),
      // column_type, not data_type: only it tells tinyint(1) (a boolean) from tinyint.
      nativeType: text(row.column_type),
      nullable: text(row.is_nullable) === 'YES',
      position: num(row.ordinal_position),
    }),
  );
  const primaryKeys = (
    await client.$queryRawUnsafe<Row[]>(
      `SELECT TABLE_NAME AS table_name, COLUMN_NAME AS column_name, ORDINAL_POSITION AS position
         FROM information_schema.KEY_COLUMN_USAGE WHERE TABLE_SCHEMA = DATABASE() AND CONSTRAINT_NAME = 'PRIMARY'`,
    )
  ).map((row): CatalogKeyColumn => ({ table: text(row.table_name), column: text(row.column_name), position: num(row.position) }));
  const foreignKeys = (
    await client.$queryRawUnsafe<Row[]>(
      `SELECT CONSTRAINT_NAME AS name, TABLE_NAME AS from_table, COLUMN_NAME AS from_column,
              REFERENCED_TABLE_NAME AS to_table, REFERENCED_COLUMN_NAME AS to_column, ORDINAL_POSITION AS position
         FROM information_schema.KEY_COLUMN_USAGE
        WHERE TABLE_SCHEMA = DATABASE() AND REFERENCED_TABLE_SCHEMA = DATABASE() AND REFERENCED_TABLE_NAME IS NOT NULL`,
    )
  ).map(
    (row): CatalogForeignKeyColumn => ({
      key: text(row.name),
      fromTable: text(row.from_table),
      fromColumn: text(row.from_column),
      toTable: text(row.to_table),
      toColumn: text(row.to_column),
      position: num(row.position),
    }),
  );
  return { tables, columns, primaryKeys, foreignKeys };
}

/**
 * Tables whose estimated size is below this get an exact COUNT(*); bigger ones keep the
 * database's estimate. An exact count of a very large table is a full scan (PostgreSQL, InnoDB),
 * which introspection at start-up must not pay; the estimate is what the planner uses anyway.
 */
export const EXACT_COUNT_LIMIT = 1_000_000;

/**
 * Row counts of the given tables: exact in SQLite (COUNT(*) there is cheap enough for the files
 * the gateway serves); in PostgreSQL and MariaDB exact unless the catalog's estimate is at least
 * EXACT_COUNT_LIMIT. A table never analysed (PostgreSQL reltuples -1) is counted exactly.
 */
export async function countRows(client: SqlClient, provider: SqlProvider, tables: readonly string[]): Promise<ReadonlyMap<string, number>> {
  const estimates = await estimateRows(client, provider);
  const counts = new Map<string, number>();
  for (const table of tables) {
    const estimate = estimates.get(table);
    if (estimate !== undefined && estimate >= EXACT_COUNT_LIMIT) {
      counts.set(table, Math.round(estimate));
      continue;
    }
    const rows = await client.$queryRawUnsafe<{ n: bigint | number }[]>(`SELECT COUNT(*) AS n FROM ${quoteIdentifier(provider, table)}`);
    counts.set(table, Number(rows[0]?.n ?? 0));
  }
  return counts;
}

async function estimateRows(client: SqlClient, provider: SqlProvider): Promise<ReadonlyMap<string, number>> {
  if (provider === 'sqlite') return new Map();
  const rows =
    provider === 'postgresql'
      ? await client.$queryRawUnsafe<Row[]>(
          `SELECT c.relname::text AS table_name, c.reltuples::float8 AS estimate
             FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')`,
        )
      : await client.$queryRawUnsafe<Row[]>(
          'SELECT TABLE_NAME AS table_name, TABLE_ROWS AS estimate FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()',
        );
  return new Map(rows.filter((row) => row.estimate !== null).map((row) => [text(row.table_name), num(row.estimate)]));
}

/** True when the schema the client is connected to has a base table of exactly this name. */
export async function tableExists(client: SqlClient, provider: SqlProvider, table: string): Promise<boolean> {
  const query: Record<SqlProvider, string> = {
    sqlite: "SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = ?",
    postgresql:
      "SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name = $1",
    mysql:
      "SELECT COUNT(*) AS n FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE' AND BINARY TABLE_NAME = ?",
  };
  const rows = await client.$queryRawUnsafe<{ n: bigint | number }[]>(query[provider], table);
  return Number(rows[0]?.n ?? 0) > 0;
}
