/**
 * Northwind (MIT), the classic trading-company sample, as a SQL database (SQLite, PostgreSQL or
 * MariaDB) and as a property graph (Product, Category, Supplier, Customer, Order, Employee, Shipper).
 */
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SourceConfig } from '../config/config.js';
import { LoadError } from '../errors.js';
import {
  buildGraphStore,
  graphStoreExists,
  type GraphPropertySpec,
  type GraphPropertyType,
  type GraphScalar,
  type GraphSpec,
  type NodeTableSpec,
  type RelTableSpec,
} from '../engines/cypher/bulk-load.js';
import { isNeo4jUrl } from '../engines/cypher/cypher-source.js';
import { silentProgress, type Progress } from '../engines/progress.js';
import { tableExists } from '../engines/sql/catalog.js';
import { copySqlDatabase, dropSqlTables } from '../engines/sql/copy-database.js';
import { placeholder, quoteIdentifier } from '../engines/sql/dialect.js';
import { introspectSqlSchema } from '../engines/sql/introspect.js';
import { openSqlClient, providerOf, sqliteFilePath, type SqlClient, type SqlProvider } from '../engines/sql/prisma-client.js';
import { buildSqliteFile, runSqlScript, sqliteFileExists } from '../engines/sql/sqlite-build.js';
import { readDataFile } from './data-dir.js';
import type { Seed } from './seed.js';

export const northwindSql: Seed = {
  name: 'northwind',
  kind: 'sql',
  summary: 'Northwind trading company: products, orders, customers, suppliers, employees (SQLite, PostgreSQL or MariaDB)',
  isLoaded(source) {
    return isSqlSeedLoaded(source, 'northwind');
  },
  load(source, progress) {
    return loadSqlSeed(source, 'northwind', progress, async (client, fillProgress) => {
      const count = await runSqlScript(client, readDataFile('northwind', 'northwind.sql'), fillProgress);
      return `${count} statements`;
    });
  },
};

/**
 * Fills a fresh SQLite database with a seed's tables; returns a summary of what it wrote. Every SQL
 * seed is written this way once, then copied into PostgreSQL or MariaDB when the source is there.
 */
export type SqliteFill = (client: SqlClient, progress: Progress) => Promise<string>;

/** The table that records which seeds a PostgreSQL or MariaDB database holds completely. */
export const SEED_MARKER_TABLE = '_nlq_seed';

/**
 * True when the source holds the seed completely: its SQLite file exists (files are renamed into
 * place only when complete), or its server database has the seed's marker row (written last).
 */
export async function isSqlSeedLoaded(source: SourceConfig, seed: string): Promise<boolean> {
  const provider = providerOf(source.url);
  if (provider === 'sqlite') return sqliteFileExists(sqliteFilePath(source.url));
  const client = openSqlClient(source.url, { readonly: true });
  try {
    if (!(await tableExists(client, provider, SEED_MARKER_TABLE))) return false;
    const rows = await client.$queryRawUnsafe<{ n: bigint | number }[]>(
      `SELECT COUNT(*) AS n FROM ${quoteIdentifier(provider, SEED_MARKER_TABLE)} WHERE name = ${placeholder(provider, 1)}`,
      seed,
    );
    return Number(rows[0]?.n ?? 0) > 0;
  } finally {
    await client.$disconnect();
  }
}

/**
 * Loads a seed into the source's database. SQLite: built in place by `fill` (atomically, see
 * buildSqliteFile). PostgreSQL/MariaDB: built by `fill` in a scratch SQLite file, then copied: the
 * seed's marker row is removed first and written last, and tables a dead earlier load left behind
 * are dropped before the copy, so a load killed half-way is redone in full on the next start.
 */
export async function loadSqlSeed(source: SourceConfig, seed: string, progress: Progress, fill: SqliteFill): Promise<string> {
  const provider = providerOf(source.url);
  if (provider === 'sqlite') {
    const file = sqliteFilePath(source.url);
    let summary = '';
    await buildSqliteFile(file, async (client) => {
      summary = await fill(client, progress);
    });
    progress.finish(summary);
    return `${seed} loaded into ${file}`;
  }
  const scratch = join(tmpdir(), `nlq-${seed}-${process.pid}-${Date.now()}.sqlite`);
  try {
    await buildSqliteFile(scratch, async (client) => {
      await fill(client, silentProgress);
    });
    const from = openSqlClient(`file:${scratch}`, { readonly: true });
    const to = openSqlClient(source.url, { readonly: false });
    try {
      const schema = await introspectSqlSchema(from, 'sqlite', source.id);
      await clearSeedMarker(to, provider, seed);
      await dropSqlTables({ client: to, provider }, schema.classes.map((schemaClass) => schemaClass.id));
      const report = await copySqlDatabase({ client: from, provider: 'sqlite' }, { client: to, provider }, schema, progress);
      await to.$executeRawUnsafe(
        `INSERT INTO ${quoteIdentifier(provider, SEED_MARKER_TABLE)} (name, loaded_at) VALUES (${placeholder(provider, 1)}, ${placeholder(provider, 2)})`,
        seed,
        new Date().toISOString(),
      );
      return `${seed} loaded into ${source.id} (${provider}): ${report.tables} tables, ${report.rows} rows`;
    } finally {
      await from.$disconnect();
      await to.$disconnect();
    }
  } catch (error) {
    throw new LoadError(source.id, `loading ${seed}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  } finally {
    rmSync(scratch, { force: true });
  }
}

/** Creates the marker table if needed and removes the seed's row: from here on the seed counts as not loaded. */
async function clearSeedMarker(client: SqlClient, provider: SqlProvider, seed: string): Promise<void> {
  const table = quoteIdentifier(provider, SEED_MARKER_TABLE);
  await client.$executeRawUnsafe(`CREATE TABLE IF NOT EXISTS ${table} (name VARCHAR(100) PRIMARY KEY, loaded_at VARCHAR(40) NOT NULL)`);
  await client.$executeRawUnsafe(`DELETE FROM ${table} WHERE name = ${placeholder(provider, 1)}`, seed);
}

export const northwindGraph: Seed = {
  name: 'northwind',
  kind: 'cypher',
  summary: 'Northwind trading company as a property graph (embedded store)',
  async isLoaded(source) {
    return graphStoreExists(graphTarget(source));
  },
  async load(source, progress) {
    const path = graphTarget(source);
    await buildGraphStore(path, await northwindGraphSpec(), progress);
    return `Northwind graph loaded into ${path}`;
  },
};

/** Northwind as a property graph, read from a scratch SQLite copy (independent of any SQL source). */
export async function northwindGraphSpec(): Promise<GraphSpec> {
  const scratch = join(tmpdir(), `nlq-northwind-${process.pid}-${Date.now()}.sqlite`);
  try {
    await buildSqliteFile(scratch, async (client) => {
      await runSqlScript(client, readDataFile('northwind', 'northwind.sql'), silentProgress);
    });
    const client = openSqlClient(`file:${scratch}`, { readonly: true });
    try {
      return await graphSpecFromTables(client);
    } finally {
      await client.$disconnect();
    }
  } finally {
    rmSync(scratch, { force: true });
  }
}

/** Node label, source table, key column, and foreign-key columns that become relationships. */
const NODE_TABLES: readonly { label: string; table: string; key: string; dropped: readonly string[] }[] = [
  { label: 'Category', table: 'Categories', key: 'CategoryID', dropped: ['Picture'] },
  { label: 'Supplier', table: 'Suppliers', key: 'SupplierID', dropped: [] },
  { label: 'Product', table: 'Products', key: 'ProductID', dropped: ['SupplierID', 'CategoryID'] },
  { label: 'Customer', table: 'Customers', key: 'CustomerID', dropped: [] },
  { label: 'Employee', table: 'Employees', key: 'EmployeeID', dropped: ['Photo', 'ReportsTo'] },
  { label: 'Shipper', table: 'Shippers', key: 'ShipperID', dropped: [] },
  { label: 'Order', table: 'Orders', key: 'OrderID', dropped: ['CustomerID', 'EmployeeID', 'ShipVia'] },
];

/** Relationship type, endpoint labels, and the SQL that lists its pairs (with properties). */
const RELATIONSHIPS: readonly { type: string; from: string; to: string; sql: string; properties: readonly GraphPropertySpec[] }[] = [
  { type: 'PART_OF', from: 'Product', to: 'Category', sql: 'SELECT ProductID AS "from", CategoryID AS "to" FROM Products WHERE CategoryID IS NOT NULL', properties: [] },
  { type: 'SUPPLIES', from: 'Supplier', to: 'Product', sql: 'SELECT SupplierID AS "from", ProductID AS "to" FROM Products WHERE SupplierID IS NOT NULL', properties: [] },
  { type: 'PURCHASED', from: 'Customer', to: 'Order', sql: 'SELECT CustomerID AS "from", OrderID AS "to" FROM Orders WHERE CustomerID IS NOT NULL', properties: [] },
  {
    type: 'CONTAINS',
    from: 'Order',
    to: 'Product',
    sql: 'SELECT OrderID AS "from", ProductID AS "to", UnitPrice AS unitPrice, Quantity AS quantity, Discount AS discount FROM "Order Details"',
    properties: [
      { name: 'unitPrice', type: 'DOUBLE' },
      { name: 'quantity', type: 'INT64' },
      { name: 'discount', type: 'DOUBLE' },
    ],
  },
  { type: 'SOLD_BY', from: 'Order', to: 'Employee', sql: 'SELECT OrderID AS "from", EmployeeID AS "to" FROM Orders WHERE EmployeeID IS NOT NULL', properties: [] },
  { type: 'SHIPPED_BY', from: 'Order', to: 'Shipper', sql: 'SELECT OrderID AS "from", ShipVia AS "to" FROM Orders WHERE ShipVia IS NOT NULL', properties: [] },
  { type: 'REPORTS_TO', from: 'Employee', to: 'Employee', sql: 'SELECT EmployeeID AS "from", ReportsTo AS "to" FROM Employees WHERE ReportsTo IS NOT NULL', properties: [] },
];

async function graphSpecFromTables(client: SqlClient): Promise<GraphSpec> {
  const nodes: NodeTableSpec[] = [];
  for (const table of NODE_TABLES) {
    const info = await client.$queryRawUnsafe<{ name: string; type: string }[]>(`SELECT name, type FROM pragma_table_info('${table.table}')`);
    const columns = info.filter((column) => !table.dropped.includes(column.name));
    const properties = columns.map((column) => ({ name: propertyName(column.name), type: graphType(column.type) }));
    const rows = await client.$queryRawUnsafe<Record<string, unknown>[]>(
      `SELECT ${columns.map((c) => `"${c.name}"`).join(', ')} FROM "${table.table}"`,
    );
    nodes.push({
      label: table.label,
      key: propertyName(table.key),
      properties,
      rows: rows.map((row) =>
        Object.fromEntries(columns.map((column, i) => [properties[i]?.name ?? column.name, graphValue(row[column.name], graphType(column.type))])),
      ),
    });
  }
  const relationships: RelTableSpec[] = [];
  for (const rel of RELATIONSHIPS) {
    const rows = await client.$queryRawUnsafe<Record<string, unknown>[]>(rel.sql);
    relationships.push({
      type: rel.type,
      from: rel.from,
      to: rel.to,
      properties: rel.properties,
      rows: rows.map((row) =>
        Object.fromEntries(
          ['from', 'to', ...rel.properties.map((p) => p.name)].map((name) => [name, graphValue(row[name], null)]),
        ),
      ),
    });
  }
  return { nodes, relationships };
}

/** `ProductName` -> `productName`, `CategoryID` -> `categoryID`: the usual graph spelling. */
function propertyName(column: string): string {
  return column.charAt(0).toLowerCase() + column.slice(1);
}

function graphType(sqlType: string): GraphPropertyType {
  const type = sqlType.toUpperCase();
  if (type.includes('INT')) return 'INT64';
  if (type.includes('NUMERIC') || type.includes('REAL') || type.includes('DOUBLE') || type.includes('DECIMAL')) return 'DOUBLE';
  if (type.includes('DATE')) return 'DATE';
  return 'STRING';
}

function graphValue(value: unknown, type: GraphPropertyType | null): GraphScalar {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (type === 'DATE' && typeof value === 'string') return value.slice(0, 10);
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string') return value;
  return String(value);
}

function graphTarget(source: SourceConfig): string {
  if (isNeo4jUrl(source.url)) {
    throw new LoadError(source.id, 'seeds load into the embedded graph store only; load Neo4j with its own tools');
  }
  return source.url;
}

export { graphTarget };
