/** A SQL source over a small table a test writes, on SQLite, PostgreSQL or MariaDB alike. */
import { join } from 'node:path';
import { openSqlClient, type SqlClient, type SqlProvider } from '../../engines/sql/prisma-client.js';
import { SqlQueryEngine } from '../../engines/sql/sql-engine.js';
import { scratchDatabase } from './databases.js';

export interface ScratchEngine {
  readonly engine: SqlQueryEngine;
  readonly client: SqlClient;
  /** Closes the engine and drops the database. */
  drop(): Promise<void>;
}

/**
 * An engine, reading as a user's source does (a read-only client), over a scratch database of
 * `provider` made by `statements` (SQLite: `<sourceId>.sqlite` in `dir`).
 */
export async function scratchEngine(provider: SqlProvider, sourceId: string, dir: string, statements: readonly string[]): Promise<ScratchEngine> {
  const scratch = provider === 'sqlite' ? null : await scratchDatabase(provider);
  const url = scratch?.url ?? `file:${join(dir, `${sourceId}.sqlite`)}`;
  const writer = openSqlClient(url, { readonly: false });
  for (const statement of statements) await writer.$executeRawUnsafe(statement);
  await writer.$disconnect();
  const client = openSqlClient(url, { readonly: true });
  const engine = await SqlQueryEngine.open({ sourceId, provider, client, ...(provider === 'sqlite' ? { url } : {}) });
  return {
    engine,
    client,
    drop: async () => {
      await engine.close();
      await client.$disconnect();
      await scratch?.drop();
    },
  };
}
