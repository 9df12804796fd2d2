/**
 * The one way the gateway reaches a SQL database: a PrismaClient with its driver adapter. The host
 * app may pass its own client; for configured URLs the gateway makes one here. The clients are
 * generated without models (scripts/prisma-generate.mjs): all traffic is raw, parameterised SQL.
 */
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaMariaDb } from '@prisma/adapter-mariadb';
import { PrismaPg } from '@prisma/adapter-pg';
import { ConfigError } from '../../errors.js';
import { PrismaClient as MysqlPrismaClient } from './prisma/generated/mysql/client.js';
import { PrismaClient as PostgresPrismaClient } from './prisma/generated/postgresql/client.js';
import { PrismaClient as SqlitePrismaClient } from './prisma/generated/sqlite/client.js';

/** The SQL dialects the gateway speaks. `mysql` covers MariaDB. */
export type SqlProvider = 'sqlite' | 'postgresql' | 'mysql';

/**
 * The part of a PrismaClient the gateway uses. Any generated PrismaClient satisfies it, so a host
 * app passes its own client unchanged.
 */
export interface SqlClient {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
  $transaction<R>(fn: (tx: SqlTransaction) => Promise<R>, options?: { maxWait?: number; timeout?: number }): Promise<R>;
  $disconnect(): Promise<void>;
}

/** What a client offers inside an interactive transaction. */
export type SqlTransaction = Pick<SqlClient, '$queryRawUnsafe' | '$executeRawUnsafe'>;

/** Options for opening a client on a configured URL. */
export interface OpenSqlOptions {
  /**
   * Open the database so that it cannot be written. SQLite enforces this on the connection
   * itself; PostgreSQL and MariaDB enforce it per statement in the executor (issue: SQL engine).
   */
  readonly readonly: boolean;
  /** SQLite only: fail when the file does not exist instead of creating an empty database. */
  readonly fileMustExist?: boolean;
  /** SQLite only: how long a statement waits for another process's lock before failing (default 5000). */
  readonly busyTimeoutMs?: number;
}

/** Tells the dialect from a database URL. */
export function providerOf(url: string): SqlProvider {
  if (url.startsWith('file:')) return 'sqlite';
  if (/^postgres(ql)?:\/\//i.test(url)) return 'postgresql';
  if (/^(mysql|mariadb):\/\//i.test(url)) return 'mysql';
  throw new ConfigError(`cannot tell the database from URL '${redactUrl(url)}' (file:, postgresql:// or mysql://)`, 'url');
}

/** The file path of a `file:` URL. */
export function sqliteFilePath(url: string): string {
  return url.slice('file:'.length);
}

/** Opens a Prisma client for a database URL, with the adapter its dialect needs. */
export function openSqlClient(url: string, options: OpenSqlOptions): SqlClient {
  const provider = providerOf(url);
  switch (provider) {
    case 'sqlite': {
      const adapter = new PrismaBetterSqlite3({
        url: sqliteFilePath(url),
        readonly: options.readonly,
        fileMustExist: options.fileMustExist ?? options.readonly,
        ...(options.busyTimeoutMs !== undefined ? { timeout: options.busyTimeoutMs } : {}),
      });
      return new SqlitePrismaClient({ adapter });
    }
    case 'postgresql':
      return new PostgresPrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
    case 'mysql':
      // The MariaDB driver wants the mariadb:// scheme; both spellings mean the same server.
      return new MysqlPrismaClient({ adapter: new PrismaMariaDb(url.replace(/^mysql:/i, 'mariadb:')) });
  }
}

/**
 * Finds out which dialect a client speaks by asking the database itself, for host-supplied
 * clients whose provider the host did not state.
 */
export async function detectProvider(client: SqlClient): Promise<SqlProvider> {
  try {
    await client.$queryRawUnsafe('SELECT sqlite_version() AS v');
    return 'sqlite';
  } catch {
    // not SQLite: fall through
  }
  const rows = await client.$queryRawUnsafe<{ v: string }[]>('SELECT version() AS v');
  const version = String(rows[0]?.v ?? '');
  if (/postgres/i.test(version)) return 'postgresql';
  if (/mariadb|mysql|^\d+\.\d+/i.test(version)) return 'mysql';
  throw new ConfigError(`cannot tell the database dialect from version '${version}'`, 'prisma');
}

/** A URL with its password replaced, fit for messages and logs. */
export function redactUrl(url: string): string {
  return url.replace(/(\/\/[^:/@]+:)[^@]*@/, '$1***@');
}
