/**
 * A database holding Northwind, in any of the three dialects, for tests that compare results
 * across them. SQLite: the loaded test world's file, opened read-only (shared, never dropped).
 * PostgreSQL and MariaDB: a scratch database loaded through the northwind seed (a copy of the
 * same SQLite build), dropped by `drop()`.
 */
import { inject } from 'vitest';
import { loadConfig } from '../../config/config.js';
import { openSqlClient, type SqlClient, type SqlProvider } from '../../engines/sql/prisma-client.js';
import { northwindSql } from '../../world/northwind.js';
import { seededScratchDatabase } from './databases.js';

export interface NorthwindDatabase {
  readonly url: string;
  readonly client: SqlClient;
  readonly provider: SqlProvider;
  /** Disconnects, and drops the database when it was made for this test. */
  drop(): Promise<void>;
}

export async function northwindDatabase(provider: SqlProvider): Promise<NorthwindDatabase> {
  if (provider === 'sqlite') {
    const config = await loadConfig(inject('worldConfig'));
    const source = config.sources.find((candidate) => candidate.kind === 'sql' && candidate.seed === 'northwind');
    if (!source) throw new Error('the test world has no northwind SQL source');
    const client = openSqlClient(source.url, { readonly: true });
    return { url: source.url, client, provider, drop: () => client.$disconnect() };
  }
  return seededScratchDatabase(provider, northwindSql);
}
