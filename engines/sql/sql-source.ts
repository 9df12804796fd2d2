/**
 * A SQL database as a gateway source: SQLite, PostgreSQL or MariaDB through Prisma. The gateway
 * opens configured URLs read-only; a host app's own PrismaClient is used as it is and never closed
 * here.
 */
import { existsSync } from 'node:fs';
import type { SourceInfo } from '../../types.js';
import { Readiness, type QuestionInterpreter, type Source } from '../source.js';
import {
  detectProvider,
  openSqlClient,
  providerOf,
  redactUrl,
  sqliteFilePath,
  type SqlClient,
  type SqlProvider,
} from './prisma-client.js';
import { countTables } from './catalog.js';
import type { InterpreterFactory, QueryGraphEngine } from '../query-graph/engine.js';
import { SqlQueryEngine } from './sql-engine.js';
import type { RelationInference } from './inferred-relations.js';

/** How to reach the database: a URL the gateway opens, or a client the host already has. */
export type SqlConnection =
  | { readonly url: string }
  | { readonly prisma: SqlClient; readonly provider?: SqlProvider };

export type { InterpreterFactory };

export interface SqlSourceOptions {
  readonly id: string;
  readonly description: string;
  readonly connection: SqlConnection;
  /** Makes the interpreter once the engine is open; without one the source runs query graphs but cannot interpret questions. */
  readonly interpreter?: InterpreterFactory;
  /**
   * Whether to infer relations the database does not declare, from column names and the data
   * (engines/sql/inferred-relations.ts): `auto` (default) every kind when it declares no foreign
   * key, and beside declared keys only a column named after a table (`flights.Airline`) to that
   * table's declared key; `always` every kind also beside declared keys; `never` declared keys only.
   */
  readonly inferRelations?: RelationInference;
}

export class SqlSource implements Source {
  readonly kind = 'sql' as const;
  readonly id: string;
  readonly description: string;
  private readonly connection: SqlConnection;
  private readonly readiness = new Readiness();
  private client: SqlClient | null = null;
  private ownsClient = false;
  private provider: SqlProvider | null = null;
  private engine: SqlQueryEngine | null = null;
  private readonly interpreterFactory: InterpreterFactory | null;
  private readonly inferRelations: RelationInference;
  private interpreterState: Awaited<ReturnType<InterpreterFactory>> | null = null;

  constructor(options: SqlSourceOptions) {
    this.id = options.id;
    this.description = options.description;
    this.connection = options.connection;
    this.interpreterFactory = options.interpreter ?? null;
    this.inferRelations = options.inferRelations ?? 'auto';
  }

  async start(): Promise<void> {
    try {
      const { client, owned } = this.openClient();
      this.client = client;
      this.ownsClient = owned;
      this.provider =
        'prisma' in this.connection && this.connection.provider ? this.connection.provider : await this.resolveProvider(client);
      const tables = await countTables(client, this.provider);
      if (tables === 0) {
        this.readiness.down(`connected (${this.provider}) but the database has no tables: run \`nlq load\``);
        return;
      }
      this.engine = await SqlQueryEngine.open({
        sourceId: this.id,
        provider: this.provider,
        client,
        ...('url' in this.connection ? { url: this.connection.url } : {}),
      }, { inferRelations: this.inferRelations });
      this.interpreterState = this.interpreterFactory ? await this.interpreterFactory(this.id, this.engine) : null;
      const interpreting = this.interpreterState?.status ? `; ${this.interpreterState.status}` : '';
      const inference = this.engine.relationInference();
      const relations = inference ? `, ${inference}` : '';
      const status = `connected (${this.provider}, ${tables} tables${relations})${interpreting}`;
      // A model that failed to load leaves the source not ready (query graphs still run).
      if (this.interpreterState?.failed) this.readiness.down(status);
      else this.readiness.up(status);
    } catch (error) {
      this.readiness.down(`cannot connect: ${messageOf(error)}`);
    }
  }

  info(): SourceInfo {
    return {
      id: this.id,
      kind: this.kind,
      description: this.description,
      ready: this.readiness.ready,
      status: this.readiness.status,
    };
  }

  interpreter(): QuestionInterpreter | null {
    return this.interpreterState?.interpreter ?? null;
  }

  queryGraphs(): QueryGraphEngine | null {
    return this.engine;
  }

  /** The open client, for the engine parts that query this source. */
  sqlClient(): { client: SqlClient; provider: SqlProvider } | null {
    return this.client && this.provider ? { client: this.client, provider: this.provider } : null;
  }

  async close(): Promise<void> {
    const client = this.client;
    const engine = this.engine;
    const interpreting = this.interpreterState;
    this.client = null;
    this.engine = null;
    this.interpreterState = null;
    if (interpreting) await interpreting.release();
    if (engine) await engine.close();
    if (client && this.ownsClient) await client.$disconnect();
    this.readiness.down('closed');
  }

  private openClient(): { client: SqlClient; owned: boolean } {
    if ('prisma' in this.connection) return { client: this.connection.prisma, owned: false };
    const url = this.connection.url;
    if (providerOf(url) === 'sqlite' && !existsSync(sqliteFilePath(url))) {
      throw new Error(`no database file at ${sqliteFilePath(url)} (run \`nlq load\`)`);
    }
    return { client: openSqlClient(url, { readonly: true }), owned: true };
  }

  private async resolveProvider(client: SqlClient): Promise<SqlProvider> {
    return 'url' in this.connection ? providerOf(this.connection.url) : detectProvider(client);
  }
}

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  // Driver messages may echo the connection string; never show a password.
  return redactUrl(text).split('\n')[0] ?? 'unknown error';
}
