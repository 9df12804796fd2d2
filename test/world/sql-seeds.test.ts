/**
 * The SQL seeds in PostgreSQL and MariaDB: loaded once, never twice, and a load that died
 * half-way is redone in full.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { SourceConfig } from '../../config/config.js';
import { silentProgress } from '../../engines/progress.js';
import { quoteIdentifier } from '../../engines/sql/dialect.js';
import { openSqlClient } from '../../engines/sql/prisma-client.js';
import { northwindSql } from '../../world/northwind.js';
import { royalsSql } from '../../world/royals.js';
import { loadSeeds } from '../../world/seeds.js';
import { scratchDatabase, type ScratchDatabase } from '../helpers/databases.js';

const scratches: ScratchDatabase[] = [];

afterEach(async () => {
  for (const scratch of scratches.splice(0)) await scratch.drop();
});

async function northwindSource(kind: 'postgresql' | 'mysql'): Promise<SourceConfig> {
  const scratch = await scratchDatabase(kind);
  scratches.push(scratch);
  return { id: 'northwind', kind: 'sql', url: scratch.url, description: 'Northwind', seed: 'northwind' };
}

async function count(source: SourceConfig, kind: 'postgresql' | 'mysql', table: string): Promise<number> {
  const client = openSqlClient(source.url, { readonly: true });
  try {
    const rows = await client.$queryRawUnsafe<{ n: bigint }[]>(`SELECT COUNT(*) AS n FROM ${quoteIdentifier(kind, table)}`);
    return Number(rows[0]?.n);
  } finally {
    await client.$disconnect();
  }
}

async function execute(source: SourceConfig, sql: string): Promise<void> {
  const client = openSqlClient(source.url, { readonly: false });
  try {
    await client.$executeRawUnsafe(sql);
  } finally {
    await client.$disconnect();
  }
}

describe.each(['postgresql', 'mysql'] as const)('the northwind SQL seed in %s', (kind) => {
  it('loads once and is then left alone', async () => {
    const source = await northwindSource(kind);
    expect(await northwindSql.isLoaded(source)).toBe(false);
    const config = { sources: [source] } as unknown as Parameters<typeof loadSeeds>[0];
    expect((await loadSeeds(config, silentProgress)).map((r) => r.status)).toEqual(['loaded']);
    expect(await northwindSql.isLoaded(source)).toBe(true);
    expect((await loadSeeds(config, silentProgress)).map((r) => r.status)).toEqual(['already loaded']);
    expect(await count(source, kind, 'Orders')).toBe(830);
    expect(await count(source, kind, 'Order Details')).toBe(2155);
  });

  it('reloads in full after a load that died half-way', async () => {
    const source = await northwindSource(kind);
    await northwindSql.load(source, silentProgress);
    // What a load killed while copying leaves: no marker row, some tables, some of their rows.
    const q = (name: string) => quoteIdentifier(kind, name);
    await execute(source, `DELETE FROM ${q('_nlq_seed')}`);
    await execute(source, `DELETE FROM ${q('Order Details')} WHERE ${q('OrderID')} > 10500`);
    await execute(source, kind === 'postgresql' ? `DROP TABLE ${q('Products')} CASCADE` : `ALTER TABLE ${q('Order Details')} DROP FOREIGN KEY ${q('Order_Details_ProductID_fkey7')}`);
    expect(await northwindSql.isLoaded(source)).toBe(false);
    await northwindSql.load(source, silentProgress);
    expect(await northwindSql.isLoaded(source)).toBe(true);
    expect(await count(source, kind, 'Order Details')).toBe(2155);
    expect(await count(source, kind, 'Products')).toBe(77);
  });

  it('loads over leftovers of a load that died before the marker table existed', async () => {
    const source = await northwindSource(kind);
    await execute(source, `CREATE TABLE ${quoteIdentifier(kind, 'Orders')} (junk INTEGER)`);
    await execute(source, `INSERT INTO ${quoteIdentifier(kind, 'Orders')} (junk) VALUES (1)`);
    expect(await northwindSql.isLoaded(source)).toBe(false);
    await northwindSql.load(source, silentProgress);
    expect(await count(source, kind, 'Orders')).toBe(830);
  });
});

describe('the royals SQL seed in PostgreSQL', () => {
  it('loads people, marriages and relations next to Northwind in the same database', async () => {
    const source = await northwindSource('postgresql');
    await northwindSql.load(source, silentProgress);
    const royals = { ...source, id: 'royals', seed: 'royals' };
    expect(await royalsSql.isLoaded(royals)).toBe(false);
    await royalsSql.load(royals, silentProgress);
    expect(await royalsSql.isLoaded(royals)).toBe(true);
    expect(await northwindSql.isLoaded(source)).toBe(true);
    expect(await count(source, 'postgresql', 'people')).toBe(3010);
    expect(await count(source, 'postgresql', 'Orders')).toBe(830);
  });
});
