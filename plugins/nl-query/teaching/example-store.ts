/**
 * Taught examples (a question and the query graph that answers it, per source), stored durably in
 * the gateway's fact store database: the table `nlq_examples`, beside the fact tables, in SQLite,
 * PostgreSQL or MariaDB, on the fact store's own connection. A write is acknowledged after it
 * commits (SQLite: WAL + synchronous=FULL, as the fact store). Ids are never reused.
 */
import { autoIncrementKey, placeholder as p, placeholders } from '../../../engines/sql/dialect.js';
import type { SqlClient, SqlProvider } from '../../../engines/sql/prisma-client.js';

/** How an example was taught. */
export type ExampleOrigin = 'confirmed' | 'corrected' | 'added';

/** One taught example as stored. */
export interface TaughtExample {
  readonly id: string;
  readonly source: string;
  readonly question: string;
  /** The query graph in canonical form. */
  readonly queryGraph: string;
  readonly origin: ExampleOrigin;
  readonly createdAt: string;
}

interface ExampleRow {
  id: bigint | number;
  source: string;
  question: string;
  query_graph: string;
  origin: string;
  created_at: string;
}

export class ExampleStore {
  private constructor(
    private readonly client: SqlClient,
    private readonly provider: SqlProvider,
  ) {}

  /**
   * The store in a database the fact store has opened (its connection: the fact store owns and
   * closes it), with the table created if needed.
   */
  static async on(connection: { readonly client: SqlClient; readonly provider: SqlProvider }): Promise<ExampleStore> {
    const store = new ExampleStore(connection.client, connection.provider);
    await store.prepare();
    return store;
  }

  /** Stores examples of one source in one transaction; returns them with their ids, in input order. */
  async add(source: string, examples: readonly { question: string; queryGraph: string; origin: ExampleOrigin }[]): Promise<TaughtExample[]> {
    const createdAt = new Date().toISOString();
    return this.client.$transaction(async (tx) => {
      const out: TaughtExample[] = [];
      for (const example of examples) {
        const rows = await tx.$queryRawUnsafe<{ id: bigint | number }[]>(
          `INSERT INTO nlq_examples (source, question, query_graph, origin, created_at) VALUES (${placeholders(this.provider, 5)}) RETURNING id`,
          source,
          example.question,
          example.queryGraph,
          example.origin,
          createdAt,
        );
        out.push({ id: String(rows[0]?.id), source, question: example.question, queryGraph: example.queryGraph, origin: example.origin, createdAt });
      }
      return out;
    });
  }

  /** Removes examples of `source` by id; ids of other sources or of none are `missing`. */
  async remove(source: string, ids: readonly string[]): Promise<{ removed: string[]; missing: string[] }> {
    const numeric = ids.filter((id) => /^\d{1,18}$/.test(id));
    const removed = await this.client.$transaction(async (tx) => {
      const done: string[] = [];
      for (const id of numeric) {
        const count = await tx.$executeRawUnsafe(`DELETE FROM nlq_examples WHERE source = ${p(this.provider, 1)} AND id = ${p(this.provider, 2)}`, source, BigInt(id));
        if (count > 0) done.push(id);
      }
      return done;
    });
    const gone = new Set(removed);
    return { removed, missing: ids.filter((id) => !gone.has(id)) };
  }

  /** Examples of `source` in id order, at most `limit`, after the id `after` (keyset pagination). */
  async list(source: string, limit: number, after?: string): Promise<TaughtExample[]> {
    const afterId = after && /^\d{1,18}$/.test(after) ? BigInt(after) : 0n;
    const rows = await this.client.$queryRawUnsafe<ExampleRow[]>(
      `SELECT id, source, question, query_graph, origin, created_at FROM nlq_examples WHERE source = ${p(this.provider, 1)} AND id > ${p(this.provider, 2)} ORDER BY id LIMIT ${p(this.provider, 3)}`,
      source,
      afterId,
      limit,
    );
    return rows.map(toExample);
  }

  /** Changes whenever an example of `source` is added or removed (its count and latest id): cheap to ask often. */
  async version(source: string): Promise<string> {
    const rows = await this.client.$queryRawUnsafe<{ n: bigint | number; latest: bigint | number | null }[]>(
      `SELECT COUNT(*) AS n, MAX(id) AS latest FROM nlq_examples WHERE source = ${p(this.provider, 1)}`,
      source,
    );
    return `${rows[0]?.n ?? 0}:${rows[0]?.latest ?? ''}`;
  }

  /** Every example of `source` (what serving and training read). */
  async all(source: string): Promise<TaughtExample[]> {
    const rows = await this.client.$queryRawUnsafe<ExampleRow[]>(
      `SELECT id, source, question, query_graph, origin, created_at FROM nlq_examples WHERE source = ${p(this.provider, 1)} ORDER BY id`,
      source,
    );
    return rows.map(toExample);
  }

  private async prepare(): Promise<void> {
    // SQLite's WAL and synchronous=FULL were set by the fact store on this connection.
    const text = this.provider === 'mysql' ? 'LONGTEXT' : 'TEXT';
    await this.client.$executeRawUnsafe(
      `CREATE TABLE IF NOT EXISTS nlq_examples (
         ${autoIncrementKey(this.provider, 'id')}, source VARCHAR(64) NOT NULL, question ${text} NOT NULL,
         query_graph ${text} NOT NULL, origin VARCHAR(16) NOT NULL, created_at VARCHAR(32) NOT NULL)`,
    );
    await this.client.$executeRawUnsafe('CREATE INDEX IF NOT EXISTS nlq_examples_by_source ON nlq_examples (source, id)');
  }
}

function toExample(row: ExampleRow): TaughtExample {
  const origin = row.origin === 'confirmed' || row.origin === 'corrected' ? row.origin : 'added';
  return { id: String(row.id), source: row.source, question: row.question, queryGraph: row.query_graph, origin, createdAt: row.created_at };
}
