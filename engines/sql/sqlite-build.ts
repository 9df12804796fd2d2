/**
 * Builds a SQLite database file through Prisma: written to a `.partial` file and renamed into
 * place only when complete, so a half-finished load never looks loaded.
 */
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Progress } from '../progress.js';
import { openSqlClient, type SqlClient } from './prisma-client.js';
import { splitSqlStatements } from './sql-script.js';

/** Creates `file` by running `fill` on a fresh database; replaces any earlier partial attempt. */
export async function buildSqliteFile(file: string, fill: (client: SqlClient) => Promise<void>): Promise<void> {
  const partial = `${file}.partial`;
  removeSqlite(partial);
  mkdirSync(dirname(file), { recursive: true });
  const client = openSqlClient(`file:${partial}`, { readonly: false, fileMustExist: false });
  try {
    // The file only counts once renamed, so crash safety inside the build buys nothing: go fast.
    await client.$queryRawUnsafe('PRAGMA journal_mode = OFF');
    await client.$executeRawUnsafe('PRAGMA synchronous = OFF');
    await fill(client);
    // Statistics for the query planner: without them SQLite may start a multi-join chain from the
    // wrong end and take seconds instead of milliseconds.
    await client.$executeRawUnsafe('ANALYZE');
  } catch (error) {
    await client.$disconnect();
    removeSqlite(partial);
    throw error;
  }
  await client.$disconnect();
  removeSqlite(file);
  renameSync(partial, file);
}

/** Runs a SQL script statement by statement (SELECTs in the script are skipped). */
export async function runSqlScript(client: SqlClient, script: string, progress: Progress): Promise<number> {
  const statements = splitSqlStatements(script).filter((statement) => !/^select\b/i.test(statement));
  progress.phase('statements', statements.length);
  for (const statement of statements) {
    await client.$executeRawUnsafe(statement);
    progress.advance();
  }
  return statements.length;
}

export function sqliteFileExists(file: string): boolean {
  return existsSync(file);
}

function removeSqlite(file: string): void {
  for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
}
