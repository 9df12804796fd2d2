/**
 * A database holding the royals genealogy (people, marriages, relations) in any of the three SQL
 * dialects, for tests that compare results across them and with the graph store. SQLite: a file
 * in a scratch directory. PostgreSQL and MariaDB: a scratch database loaded through the royals
 * seed, dropped by `drop()`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig } from '../../config/config.js';
import { silentProgress } from '../../engines/progress.js';
import { openSqlClient, type SqlProvider } from '../../engines/sql/prisma-client.js';
import { loadSeeds } from '../../world/seeds.js';
import { royalsSql } from '../../world/royals.js';
import { seededScratchDatabase, type SeededDatabase } from './databases.js';

export type RoyalsDatabase = SeededDatabase;

export async function royalsDatabase(provider: SqlProvider): Promise<RoyalsDatabase> {
  if (provider === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'nlq-royals-sql-'));
    const config = parseConfig({ sources: [{ id: 'royals-sql', kind: 'sql', url: 'file:./royals.sqlite', seed: 'royals' }] }, join(dir, 'nlq.config.json'));
    await loadSeeds(config, silentProgress);
    const url = config.sources[0]!.url;
    const client = openSqlClient(url, { readonly: true });
    return {
      url,
      client,
      provider,
      async drop() {
        await client.$disconnect();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const database = await seededScratchDatabase(provider, royalsSql);
  const { client } = database;
  // The seed indexes the relation table in SQLite; copies keep no indexes (copy-database.ts).
  // MariaDB indexes foreign keys by itself; PostgreSQL gets the seed's indexes here, as a
  // deployment would have them.
  if (provider === 'postgresql') {
    await client.$executeRawUnsafe('CREATE INDEX relations_by_head ON relations (relation, head_id)');
    await client.$executeRawUnsafe('CREATE INDEX relations_by_tail ON relations (relation, tail_id)');
    await client.$executeRawUnsafe('CREATE INDEX people_by_name ON people (name)');
  }
  return database;
}
