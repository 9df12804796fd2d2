/**
 * The schema graph of any SQL database the gateway reaches, from its catalog (and from the data
 * only for row counts, for the type of a SQLite column declared with none, which SQLite allows:
 * tables imported from CSV files often have no types, and for numbers and dates stored as text:
 * numeric-text.ts, date-text.ts): base tables become classes, columns attributes, foreign keys relations, each
 * with human names.
 *
 * Order is deterministic and the same in every dialect: classes sorted by id (code-point order, not
 * the database's collation), attributes in column order (as declared), relations sorted by
 * referencing table, its columns, then the referenced table. A copy of a database into another
 * dialect (engines/sql/copy-database.ts) therefore introspects to the same graph, modulo native
 * type names. Relation ids are `from(cols)->to(cols)` in every dialect, never the constraint name
 * (SQLite's keys have none; PostgreSQL and MariaDB name them as the DDL or the copy chose): the
 * schema fingerprint a trained model carries, and its relation tokens, hold these ids, so one
 * schema must give the same ids wherever it lives.
 */
import { attributeHumanName, classHumanName, relationHumanName } from '../schema-graph/names.js';
import type { AttributeType, SchemaAttribute, SchemaClass, SchemaGraph, SchemaRelation } from '../schema-graph/types.js';
import { countRows, readCatalog, type Catalog, type CatalogForeignKeyColumn } from './catalog.js';
import { quoteIdentifier } from './dialect.js';
import { typesStoredAsText, type TextColumnType } from './numeric-text.js';
import type { SqlClient, SqlProvider } from './prisma-client.js';

/** The gateway's own tables (the fact store, seed markers): never part of a source's schema. */
export function isInternalTable(table: string): boolean {
  return table === 'nlq_fact_collections' || table === 'nlq_facts' || table.startsWith('_nlq');
}

/** Introspects the schema the client is connected to (current_schema() / DATABASE() / the SQLite file). */
export async function introspectSqlSchema(client: SqlClient, provider: SqlProvider, sourceId: string): Promise<SchemaGraph> {
  const catalog = await readCatalog(client, provider);
  const tables = catalog.tables.filter((table) => !isInternalTable(table)).sort(byCodePoint);
  const rowCounts = await countRows(client, provider, tables);
  const stored = provider === 'sqlite' ? await storedTypes(client, catalog, tables) : new Map<string, AttributeType>();
  const kept = await typesStoredAsText(client, provider, catalog, tables, (table, column, nativeType) => stored.get(`${table}\u0000${column}`) ?? attributeTypeOf(nativeType));
  const classes = tables.map((table) => schemaClass(catalog, table, rowCounts.get(table) ?? 0, stored, kept));
  return Object.freeze({ source: sourceId, classes: Object.freeze(classes), relations: Object.freeze(schemaRelations(catalog, classes)) });
}

/** Values read per untyped column to tell its type. */
const TYPE_SAMPLE = 1000;

/**
 * The types of SQLite columns declared with no type, from the storage classes of (a sample of)
 * their values: all text is text, all whole numbers integer, reals (with or without whole
 * numbers) float; a mix of text and numbers, or nothing stored, stays 'other'. Digits stored as
 * text are text here; numeric-text.ts decides which of them are numbers.
 */
async function storedTypes(client: SqlClient, catalog: Catalog, tables: readonly string[]): Promise<Map<string, AttributeType>> {
  const out = new Map<string, AttributeType>();
  for (const column of catalog.columns) {
    if (column.nativeType.trim() !== '' || !tables.includes(column.table)) continue;
    const q = (name: string) => quoteIdentifier('sqlite', name);
    const rows = await client.$queryRawUnsafe<{ t: string }[]>(
      `SELECT DISTINCT typeof(v) AS t FROM (SELECT ${q(column.name)} AS v FROM ${q(column.table)} WHERE ${q(column.name)} IS NOT NULL LIMIT ${TYPE_SAMPLE})`,
    );
    const kinds = new Set(rows.map((row) => String(row.t)));
    const type: AttributeType =
      kinds.size === 1 && kinds.has('text') ? 'text' : kinds.size === 1 && kinds.has('integer') ? 'integer' : kinds.size > 0 && [...kinds].every((k) => k === 'real' || k === 'integer') ? 'float' : 'other';
    out.set(`${column.table}\u0000${column.name}`, type);
  }
  return out;
}

function schemaClass(catalog: Catalog, table: string, rowCount: number, stored: ReadonlyMap<string, AttributeType>, kept: ReadonlyMap<string, TextColumnType>): SchemaClass {
  const primaryKey = catalog.primaryKeys
    .filter((key) => key.table === table)
    .sort((a, b) => a.position - b.position)
    .map((key) => key.column);
  const attributes = catalog.columns
    .filter((column) => column.table === table)
    .sort((a, b) => a.position - b.position)
    .map(
      (column): SchemaAttribute =>
        Object.freeze({
          id: column.name,
          classId: table,
          type: kept.get(`${table}\u0000${column.name}`)?.type ?? stored.get(`${table}\u0000${column.name}`) ?? attributeTypeOf(column.nativeType),
          ...(kept.get(`${table}\u0000${column.name}`)?.kept === 'numbers' ? { numericText: true as const } : {}),
          ...(kept.get(`${table}\u0000${column.name}`)?.kept === 'dates' ? { dateText: true as const } : {}),
          nativeType: column.nativeType,
          nullable: column.nullable && !primaryKey.includes(column.name),
          primaryKey: primaryKey.includes(column.name),
          name: Object.freeze(attributeHumanName(column.name)),
        }),
    );
  return Object.freeze({
    id: table,
    name: Object.freeze(classHumanName(table)),
    attributes: Object.freeze(attributes),
    primaryKey: Object.freeze(primaryKey),
    rowCount,
  });
}

function schemaRelations(catalog: Catalog, classes: readonly SchemaClass[]): SchemaRelation[] {
  const byId = new Map(classes.map((schemaClass) => [schemaClass.id, schemaClass]));
  // SQLite keeps the referenced table's name as the DDL spelled it, and its names are case-insensitive.
  const byLowerId = new Map(classes.map((schemaClass) => [schemaClass.id.toLowerCase(), schemaClass]));
  const groups = new Map<string, CatalogForeignKeyColumn[]>();
  for (const column of catalog.foreignKeys) {
    if (!byId.has(column.fromTable)) continue;
    const group = `${column.fromTable}\u0000${column.key}`;
    groups.set(group, [...(groups.get(group) ?? []), column]);
  }
  const relations: SchemaRelation[] = [];
  const ids = new Set<string>();
  for (const columns of groups.values()) {
    const sorted = [...columns].sort((a, b) => a.position - b.position);
    const first = sorted[0];
    if (!first) continue;
    const target = byId.get(first.toTable) ?? byLowerId.get(first.toTable.toLowerCase());
    // A key that references a missing table (SQLite allows it) cannot be joined on: leave it out.
    if (!target) continue;
    const fromColumns = sorted.map((column) => column.fromColumn);
    // SQLite's REFERENCES t without columns means t's primary key.
    const toColumns = sorted.every((column) => column.toColumn !== null)
      ? sorted.map((column) => column.toColumn ?? '')
      : [...target.primaryKey];
    if (toColumns.length !== fromColumns.length) continue;
    const id = relationId(first.fromTable, fromColumns, target.id, toColumns);
    // The same key declared twice (two constraints on the same columns) is one relation.
    if (ids.has(id)) continue;
    ids.add(id);
    relations.push({
      id,
      from: first.fromTable,
      to: target.id,
      fromColumns: Object.freeze(fromColumns),
      toColumns: Object.freeze(toColumns),
      name: Object.freeze(relationHumanName(fromColumns, target.id)),
    });
  }
  relations.sort(
    (a, b) =>
      byCodePoint(a.from, b.from) ||
      byCodePoint(a.fromColumns.join('\u0000'), b.fromColumns.join('\u0000')) ||
      byCodePoint(a.to, b.to) ||
      byCodePoint(a.toColumns.join('\u0000'), b.toColumns.join('\u0000')),
  );
  return relations.map((relation) => Object.freeze(relation));
}

/** `Orders(ShipVia)->Shippers(ShipperID)`: the id of a foreign key, the same in every dialect. */
function relationId(from: string, fromColumns: readonly string[], to: string, toColumns: readonly string[]): string {
  return `${from}(${fromColumns.join(',')})->${to}(${toColumns.join(',')})`;
}

/**
 * The kind of values a column holds, from its native type name in any of the three dialects:
 * SQLite declared types ("INTEGER", "NUMERIC", "nvarchar(20)", "DATETIME"; the affinity rules,
 * with dates told apart), PostgreSQL data_type ("character varying", "timestamp without time
 * zone") and MariaDB column_type ("tinyint(1)", "decimal(19,4)", "longblob").
 */
export function attributeTypeOf(nativeType: string): AttributeType {
  const type = nativeType.trim().toUpperCase();
  if (type === '') return 'other';
  if (/BOOL/.test(type) || /^TINYINT\(1\)/.test(type) || /^BIT(\(1\))?$/.test(type)) return 'boolean';
  if (/INTERVAL|POINT/.test(type)) return 'other';
  if (/INT/.test(type) || type === 'YEAR') return 'integer';
  if (/DATETIME|TIMESTAMP/.test(type)) return 'datetime';
  if (/^DATE\b/.test(type)) return 'date';
  if (/TIME/.test(type)) return 'other';
  if (/CHAR|TEXT|CLOB|STRING|UUID|CITEXT|^ENUM|^SET\b|^NAME$/.test(type)) return 'text';
  if (/BLOB|BYTEA|BINARY/.test(type)) return 'binary';
  if (/REAL|FLOA|DOUB/.test(type)) return 'float';
  if (/NUMERIC|DECIMAL|MONEY|NUMBER/.test(type)) return 'decimal';
  return 'other';
}

function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
