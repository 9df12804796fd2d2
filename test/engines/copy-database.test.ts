/**
 * Copying a database across dialects: Northwind built in SQLite and copied into PostgreSQL and
 * MariaDB holds the same rows with the same values, and copies back into SQLite.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentProgress, type Progress } from '../../engines/progress.js';
import { copySqlDatabase, targetValue } from '../../engines/sql/copy-database.js';
import { quoteIdentifier } from '../../engines/sql/dialect.js';
import { introspectSqlSchema } from '../../engines/sql/introspect.js';
import { openSqlClient, type SqlProvider } from '../../engines/sql/prisma-client.js';
import { northwindDatabase, type NorthwindDatabase } from '../helpers/northwind.js';

const PROVIDERS: readonly SqlProvider[] = ['sqlite', 'postgresql', 'mysql'];
const databases = new Map<SqlProvider, NorthwindDatabase>();

beforeAll(async () => {
  for (const provider of PROVIDERS) databases.set(provider, await northwindDatabase(provider));
});

afterAll(async () => {
  for (const database of databases.values()) await database.drop();
});

function database(provider: SqlProvider): NorthwindDatabase {
  const found = databases.get(provider);
  if (!found) throw new Error(`no ${provider} database`);
  return found;
}

/** The same query in each dialect: identifiers quoted for it, nothing else differs. */
async function query(provider: SqlProvider, sql: (q: (name: string) => string) => string): Promise<Record<string, unknown>[]> {
  const q = (name: string) => quoteIdentifier(provider, name);
  const rows = await database(provider).client.$queryRawUnsafe<Record<string, unknown>[]>(sql(q));
  return rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, plain(v)])));
}

/**
 * Counts come back as BigInt everywhere and decimals as Prisma Decimal objects in PostgreSQL and
 * MariaDB (numbers in SQLite): compare them as numbers, as the SQL engine's executor returns them.
 */
function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'object' && value !== null && 'toNumber' in value && typeof value.toNumber === 'function') return Number(value.toNumber());
  return value;
}

async function inAllDialects(sql: (q: (name: string) => string) => string): Promise<Record<string, unknown>[][]> {
  return Promise.all(PROVIDERS.map((provider) => query(provider, sql)));
}

describe('Northwind copied from SQLite into PostgreSQL and MariaDB', () => {
  it('has the same number of rows in every table', async () => {
    const graph = await introspectSqlSchema(database('sqlite').client, 'sqlite', 'northwind');
    for (const schemaClass of graph.classes) {
      const counts = await inAllDialects((q) => `SELECT COUNT(*) AS n FROM ${q(schemaClass.id)}`);
      expect(counts.map((rows) => rows[0]?.n), schemaClass.id).toEqual([schemaClass.rowCount, schemaClass.rowCount, schemaClass.rowCount]);
    }
  });

  it('gives the same totals over the order lines', async () => {
    // Rounded here, not in SQL: PostgreSQL has no ROUND(double precision, int).
    const [sqlite, ...others] = await inAllDialects(
      (q) => `SELECT SUM(${q('UnitPrice')} * ${q('Quantity')}) AS gross,
                     SUM(${q('UnitPrice')} * ${q('Quantity')} * (1 - ${q('Discount')})) AS net,
                     SUM(${q('Quantity')}) AS quantity
                FROM ${q('Order Details')}`,
    );
    const cents = (value: unknown) => Math.round(Number(value) * 100) / 100;
    const normal = (rows: Record<string, unknown>[] | undefined) => rows?.map((row) => ({ gross: cents(row.gross), net: cents(row.net), quantity: Number(row.quantity) }));
    expect(normal(sqlite)).toEqual([{ gross: 1354458.59, net: 1265793.04, quantity: 51317 }]);
    for (const rows of others) expect(normal(rows)).toEqual(normal(sqlite));
  });

  it('keeps every order line value exactly', async () => {
    const [sqlite, ...others] = await inAllDialects((q) => `SELECT * FROM ${q('Order Details')} ORDER BY ${q('OrderID')}, ${q('ProductID')}`);
    expect(sqlite).toHaveLength(2155);
    for (const rows of others) expect(rows).toEqual(sqlite);
  });

  it('keeps dates as dates and text as written', async () => {
    const [sqlite, ...others] = await inAllDialects((q) => `SELECT * FROM ${q('Employees')} ORDER BY ${q('EmployeeID')}`);
    expect(sqlite?.[0]?.BirthDate).toEqual(new Date('1948-12-08T00:00:00.000Z'));
    for (const rows of others) expect(rows).toEqual(sqlite);
    const [orders, ...otherOrders] = await inAllDialects((q) => `SELECT * FROM ${q('Orders')} ORDER BY ${q('OrderID')}`);
    expect(orders?.[0]).toMatchObject({ OrderID: 10248, OrderDate: new Date('1996-07-04T00:00:00.000Z'), Freight: 32.38, ShipCity: 'Reims' });
    for (const rows of otherOrders) expect(rows).toEqual(orders);
  });

  it('sorts and compares text by code point in every dialect', async () => {
    const [sqlite, ...others] = await inAllDialects((q) => `SELECT ${q('ProductName')} AS name FROM ${q('Products')} ORDER BY ${q('ProductName')}`);
    for (const rows of others) expect(rows).toEqual(sqlite);
    const matches = await inAllDialects((q) => `SELECT COUNT(*) AS n FROM ${q('Customers')} WHERE ${q('Country')} = 'germany'`);
    expect(matches.map((rows) => rows[0]?.n)).toEqual([0, 0, 0]);
  });

  it('enforces the foreign keys it added after the data', async () => {
    const { client } = database('postgresql');
    await expect(client.$executeRawUnsafe('INSERT INTO "Order Details" ("OrderID", "ProductID", "UnitPrice", "Quantity", "Discount") VALUES ($1, $2, $3, $4, $5)', 1, 1, 1, 1, 0)).rejects.toThrow();
  });
});

describe('copying into SQLite', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'nlq-copy-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('copies PostgreSQL Northwind into a SQLite file with the same graph and rows, reporting progress', async () => {
    const source = database('postgresql');
    const graph = await introspectSqlSchema(source.client, 'postgresql', 'northwind');
    const target = openSqlClient(`file:${join(dir, 'copy.sqlite')}`, { readonly: false, fileMustExist: false });
    const phases: string[] = [];
    let advanced = 0;
    const progress: Progress = { phase: (label) => phases.push(label), advance: (n = 1) => (advanced += n), finish: () => {} };
    try {
      const report = await copySqlDatabase({ client: source.client, provider: 'postgresql' }, { client: target, provider: 'sqlite' }, graph, progress);
      expect(report).toEqual({ tables: 13, rows: 3310 });
      expect(phases).toEqual(['creating tables', 'copying rows']);
      expect(advanced).toBe(13 + 3310);
      const copy = await introspectSqlSchema(target, 'sqlite', 'northwind');
      expect(copy.classes.map((c) => [c.id, c.rowCount, c.attributes.map((a) => a.type)])).toEqual(graph.classes.map((c) => [c.id, c.rowCount, c.attributes.map((a) => a.type)]));
      expect(copy.relations.map((r) => [r.from, r.fromColumns, r.to, r.toColumns])).toEqual(graph.relations.map((r) => [r.from, r.fromColumns, r.to, r.toColumns]));
      const rows = await target.$queryRawUnsafe<Record<string, unknown>[]>('SELECT * FROM Employees ORDER BY EmployeeID');
      expect(rows).toEqual(await query('sqlite', (q) => `SELECT * FROM ${q('Employees')} ORDER BY ${q('EmployeeID')}`));
    } finally {
      await target.$disconnect();
    }
  });

  it('copies into an empty database without touching silent progress', async () => {
    const target = openSqlClient(`file:${join(dir, 'empty.sqlite')}`, { readonly: false, fileMustExist: false });
    try {
      const report = await copySqlDatabase(
        { client: database('sqlite').client, provider: 'sqlite' },
        { client: target, provider: 'sqlite' },
        { source: 'none', classes: [], relations: [] },
        silentProgress,
      );
      expect(report).toEqual({ tables: 0, rows: 0 });
    } finally {
      await target.$disconnect();
    }
  });
});

describe('values made fit for the target column', () => {
  it('turns SQLite loose values into the column kind', () => {
    expect(targetValue(5, { type: 'text' }, 'postgresql')).toBe('5');
    expect(targetValue('42', { type: 'integer' }, 'mysql')).toBe(42n);
    expect(targetValue(1, { type: 'boolean' }, 'postgresql')).toBe(true);
    expect(targetValue('0', { type: 'boolean' }, 'postgresql')).toBe(false);
    expect(targetValue(7n, { type: 'float' }, 'mysql')).toBe(7);
    expect(targetValue(null, { type: 'date' }, 'mysql')).toBeNull();
  });

  it('writes dates as ISO text into SQLite and as dates elsewhere', () => {
    const date = new Date('1996-07-04T13:14:15.123Z');
    expect(targetValue(date, { type: 'date' }, 'sqlite')).toBe('1996-07-04');
    expect(targetValue(date, { type: 'datetime' }, 'sqlite')).toBe('1996-07-04 13:14:15.123');
    expect(targetValue(date, { type: 'datetime' }, 'postgresql')).toBe(date);
  });
});
