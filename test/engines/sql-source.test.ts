/**
 * SQL sources reach SQLite, PostgreSQL and MariaDB through Prisma, by URL or through the host's
 * own client, and tell whether they are ready. Configured SQLite files are opened read-only.
 */
import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectProvider, openSqlClient, type SqlProvider } from '../../engines/sql/prisma-client.js';
import { SqlSource } from '../../engines/sql/sql-source.js';
import { scratchDatabase, type ScratchDatabase } from '../helpers/databases.js';

describe.each([
  ['PostgreSQL', 'postgresql'],
  ['MariaDB', 'mysql'],
] as const)('a SQL source on %s', (_, provider: 'postgresql' | 'mysql') => {
  let database: ScratchDatabase;
  beforeAll(async () => {
    database = await scratchDatabase(provider);
    const client = openSqlClient(database.url, { readonly: false });
    await client.$executeRawUnsafe('CREATE TABLE products (id INT PRIMARY KEY, name VARCHAR(40))');
    await client.$disconnect();
  });
  afterAll(() => database.drop());

  it('is ready when opened by URL', async () => {
    const source = new SqlSource({ id: 'db', description: '', connection: { url: database.url } });
    await source.start();
    expect(source.info()).toMatchObject({ ready: true, status: `connected (${provider}, 1 tables)` });
    await source.close();
  });

  it("uses the host's client as it is, finding its dialect, and leaves it open", async () => {
    const host = openSqlClient(database.url, { readonly: false });
    try {
      expect(await detectProvider(host)).toBe(provider);
      const source = new SqlSource({ id: 'db', description: '', connection: { prisma: host } });
      await source.start();
      expect(source.info().ready).toBe(true);
      await source.close();
      await expect(host.$queryRawUnsafe('SELECT 1 AS one')).resolves.toHaveLength(1);
    } finally {
      await host.$disconnect();
    }
  });
});

describe('a SQL source on a SQLite file', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'nlq-sqlsrc-')), 'shop.sqlite');
  beforeAll(() => {
    const db = new Database(file);
    db.exec('CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT)');
    db.close();
  });

  it('is opened read-only: the connection itself refuses writes', async () => {
    const source = new SqlSource({ id: 'shop', description: '', connection: { url: `file:${file}` } });
    await source.start();
    try {
      expect(source.info()).toMatchObject({ ready: true, status: 'connected (sqlite, 1 tables)' });
      const { client } = source.sqlClient()!;
      await expect(client.$executeRawUnsafe("INSERT INTO products (name) VALUES ('x')")).rejects.toThrow(/readonly/i);
    } finally {
      await source.close();
    }
  });

  it('is not ready when the database has no tables', async () => {
    const empty = join(mkdtempSync(join(tmpdir(), 'nlq-sqlsrc-')), 'empty.sqlite');
    new Database(empty).close();
    const source = new SqlSource({ id: 'empty', description: '', connection: { url: `file:${empty}` } });
    await source.start();
    expect(source.info()).toMatchObject({ ready: false, status: expect.stringMatching(/no tables/) });
    await source.close();
  });

  it.each([
    ['file:./x.sqlite', 'sqlite'],
    ['postgresql://u@h/db', 'postgresql'],
    ['postgres://u@h/db', 'postgresql'],
    ['mysql://u@h/db', 'mysql'],
    ['mariadb://u@h/db', 'mysql'],
  ] as [string, SqlProvider][])('tells %s is %s', async (url, provider) => {
    const { providerOf } = await import('../../engines/sql/prisma-client.js');
    expect(providerOf(url)).toBe(provider);
  });
});
