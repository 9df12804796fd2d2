/**
 * Scratch databases on the PostgreSQL and MariaDB servers every developer and CI machine runs
 * (see docs/ARCHITECTURE.md). Each test gets a database with a unique name, dropped afterwards.
 * PG_URL and MARIADB_URL override the admin connections.
 */
import { randomBytes } from 'node:crypto';
import { silentProgress } from '../../engines/progress.js';
import { openSqlClient, type SqlClient, type SqlProvider } from '../../engines/sql/prisma-client.js';
import type { Seed } from '../../world/seed.js';

export const POSTGRES_ADMIN_URL = process.env.PG_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
export const MARIADB_ADMIN_URL = process.env.MARIADB_URL ?? 'mysql://root@127.0.0.1:3306/test';

export interface ScratchDatabase {
  readonly url: string;
  drop(): Promise<void>;
}

function withDatabase(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function scratchDatabase(kind: 'postgresql' | 'mysql'): Promise<ScratchDatabase> {
  const name = `nlq_test_${randomBytes(6).toString('hex')}`;
  const adminUrl = kind === 'postgresql' ? POSTGRES_ADMIN_URL : MARIADB_ADMIN_URL;
  const admin = openSqlClient(adminUrl, { readonly: false });
  try {
    await admin.$executeRawUnsafe(`CREATE DATABASE ${name}`);
  } finally {
    await admin.$disconnect();
  }
  return {
    url: withDatabase(adminUrl, name),
    async drop() {
      const client = openSqlClient(adminUrl, { readonly: false });
      try {
        await client.$executeRawUnsafe(kind === 'postgresql' ? `DROP DATABASE IF EXISTS ${name} WITH (FORCE)` : `DROP DATABASE IF EXISTS ${name}`);
      } finally {
        await client.$disconnect();
      }
    },
  };
}

/** A scratch database loaded through a SQL seed, with a client; `drop()` disconnects and drops it. */
export interface SeededDatabase {
  readonly url: string;
  readonly client: SqlClient;
  readonly provider: SqlProvider;
  drop(): Promise<void>;
}

export async function seededScratchDatabase(provider: 'postgresql' | 'mysql', seed: Seed): Promise<SeededDatabase> {
  const scratch = await scratchDatabase(provider);
  try {
    await seed.load({ id: seed.name, kind: 'sql', url: scratch.url, description: seed.summary, seed: seed.name }, silentProgress);
  } catch (error) {
    await scratch.drop();
    throw error;
  }
  const client = openSqlClient(scratch.url, { readonly: false });
  return {
    url: scratch.url,
    client,
    provider,
    async drop() {
      await client.$disconnect();
      await scratch.drop();
    },
  };
}
