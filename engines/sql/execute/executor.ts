/**
 * Runs translated statements read-only, under a time limit, on each database:
 *
 * - SQLite opened by the gateway: read-only connection, in a worker thread that is terminated at
 *   the time limit (better-sqlite3 is synchronous; on the main thread a slow query would block the
 *   server and could not be interrupted).
 * - SQLite through a host's client: `PRAGMA query_only` around the statement, on the host's
 *   connection (no time limit can be enforced there; documented).
 * - PostgreSQL: a READ ONLY transaction with a local statement_timeout.
 * - MariaDB: `SET STATEMENT tx_read_only=1, max_statement_time=… FOR <select>`, per statement.
 */
import { QueryFailedError, QueryTimeoutError } from '../../../errors.js';
import type { SqlClient, SqlProvider } from '../prisma-client.js';
import type { SqlStatement } from '../translate/translate.js';
import type { RawRow } from '../../query-graph/results.js';
import { SqliteWorker } from './sqlite-worker-pool.js';

export interface SqlExecutor {
  /** Runs one statement; rejects with QueryTimeoutError past `timeoutMs`, QueryFailedError on errors. */
  run(statement: SqlStatement, timeoutMs: number): Promise<readonly RawRow[]>;
  close(): Promise<void>;
}

export interface ExecutorTarget {
  readonly sourceId: string;
  readonly provider: SqlProvider;
  readonly client: SqlClient;
  /** The URL the gateway opened the client from; absent for a host's client. */
  readonly url?: string;
}

export function createExecutor(target: ExecutorTarget): SqlExecutor {
  switch (target.provider) {
    case 'sqlite':
      return target.url ? new SqliteWorker(target.sourceId, target.url) : new SqliteHostExecutor(target);
    case 'postgresql':
      return new PostgresExecutor(target);
    case 'mysql':
      return new MariaDbExecutor(target);
  }
}

class PostgresExecutor implements SqlExecutor {
  constructor(private readonly target: ExecutorTarget) {}

  async run(statement: SqlStatement, timeoutMs: number): Promise<readonly RawRow[]> {
    const ms = Math.max(1, Math.ceil(timeoutMs));
    try {
      return await this.target.client.$transaction(
        async (tx) => {
          await tx.$executeRawUnsafe('SET TRANSACTION READ ONLY');
          // SET takes no parameters; `ms` is an integer computed here.
          await tx.$executeRawUnsafe(`SET LOCAL statement_timeout = ${ms}`);
          return tx.$queryRawUnsafe<RawRow[]>(statement.text, ...statement.parameters);
        },
        { maxWait: ms, timeout: ms + 2000 },
      );
    } catch (error) {
      throw mapError(this.target.sourceId, statement, error, timeoutMs, /canceling statement due to statement timeout|57014/);
    }
  }

  async close(): Promise<void> {}
}

class MariaDbExecutor implements SqlExecutor {
  constructor(private readonly target: ExecutorTarget) {}

  async run(statement: SqlStatement, timeoutMs: number): Promise<readonly RawRow[]> {
    const seconds = Math.max(0.001, timeoutMs / 1000).toFixed(3);
    // Per statement, so nothing sticks to the pooled connection (a SET SESSION would).
    const text = `SET STATEMENT tx_read_only=1, max_statement_time=${seconds} FOR ${statement.text}`;
    try {
      return await this.target.client.$queryRawUnsafe<RawRow[]>(text, ...statement.parameters);
    } catch (error) {
      throw mapError(this.target.sourceId, statement, error, timeoutMs, /max_statement_time|1969|interrupted/i);
    }
  }

  async close(): Promise<void> {}
}

class SqliteHostExecutor implements SqlExecutor {
  constructor(private readonly target: ExecutorTarget) {}

  async run(statement: SqlStatement, timeoutMs: number): Promise<readonly RawRow[]> {
    try {
      return await this.target.client.$transaction(async (tx) => {
        await tx.$queryRawUnsafe('PRAGMA query_only = ON');
        try {
          return await tx.$queryRawUnsafe<RawRow[]>(statement.text, ...statement.parameters);
        } finally {
          await tx.$queryRawUnsafe('PRAGMA query_only = OFF');
        }
      });
    } catch (error) {
      throw mapError(this.target.sourceId, statement, error, timeoutMs, /interrupt/i);
    }
  }

  async close(): Promise<void> {}
}

export function mapError(sourceId: string, statement: SqlStatement, error: unknown, timeoutMs: number, timeoutPattern: RegExp): Error {
  if (error instanceof QueryTimeoutError || error instanceof QueryFailedError) return error;
  const message = databaseMessage(error);
  if (timeoutPattern.test(message)) return new QueryTimeoutError(sourceId, timeoutMs);
  return new QueryFailedError(sourceId, statement.text, firstLine(message), { cause: error });
}

/**
 * The database's own words. Prisma wraps them ("Invalid `prisma.$queryRawUnsafe()` invocation:
 * Raw query failed. Code: `42P10`. Message: `…`"); the driver adapter's error carries them plainly.
 */
function databaseMessage(error: unknown): string {
  const meta = (error as { meta?: { driverAdapterError?: { cause?: { originalMessage?: string; message?: string } } } })?.meta;
  const cause = meta?.driverAdapterError?.cause;
  if (cause?.originalMessage ?? cause?.message) return (cause.originalMessage ?? cause.message) as string;
  const text = error instanceof Error ? error.message : String(error);
  return /Message: `([^`]*)`/.exec(text)?.[1] ?? text.replace(/^\s*Invalid `prisma[^\n]*\n/, '');
}

function firstLine(message: string): string {
  return message.split('\n').find((line) => line.trim() !== '')?.trim() ?? 'query failed';
}
