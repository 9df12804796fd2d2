/**
 * Durable storage of fact collections in a SQL database through Prisma. A write is acknowledged
 * only after its transaction commits; SQLite runs in WAL mode with synchronous=FULL so an
 * acknowledged write survives a crash. Vector indexes (engines/nldb, later) are derived data and
 * can always be rebuilt from here.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { SourceExistsError, SourceNotFoundError } from '../../errors.js';
import type { Fact } from '../../types.js';
import { autoIncrementKey, placeholder as p, placeholders } from '../sql/dialect.js';
import {
  detectProvider,
  openSqlClient,
  providerOf,
  sqliteFilePath,
  type SqlClient,
  type SqlProvider,
} from '../sql/prisma-client.js';

/** A client that can also run interactive transactions (every PrismaClient can). */
export interface TransactionalSqlClient extends SqlClient {
  $transaction<R>(fn: (tx: SqlClientInTransaction) => Promise<R>, options?: { maxWait?: number; timeout?: number }): Promise<R>;
}

export type SqlClientInTransaction = Pick<SqlClient, '$queryRawUnsafe' | '$executeRawUnsafe'>;

/** A collection as stored. */
export interface CollectionRecord {
  readonly id: string;
  readonly description: string;
  readonly createdAt: string;
  /** The dataset that was loaded into it, if it was seeded (see world/). */
  readonly seed: string | null;
}

interface FactRow {
  id: bigint | number;
  collection: string;
  text: string;
  created_at: string;
}

export class FactStore {
  private constructor(
    private readonly client: TransactionalSqlClient,
    private readonly provider: SqlProvider,
    private readonly ownsClient: boolean,
    /** The SQLite file holding the facts, when there is one (vector indexes are kept beside it). */
    readonly file: string | null = null,
  ) {}

  /** Opens (creating if needed) the fact store at a database URL. */
  static async open(url: string): Promise<FactStore> {
    const provider = providerOf(url);
    if (provider === 'sqlite') mkdirSync(dirname(sqliteFilePath(url)), { recursive: true });
    const client = openSqlClient(url, { readonly: false, fileMustExist: false }) as TransactionalSqlClient;
    const store = new FactStore(client, provider, true, provider === 'sqlite' ? sqliteFilePath(url) : null);
    try {
      await store.prepare();
    } catch (error) {
      await client.$disconnect();
      throw error;
    }
    return store;
  }

  /** Uses a host app's PrismaClient; the gateway creates its two tables there if missing. */
  static async withClient(client: TransactionalSqlClient, provider?: SqlProvider): Promise<FactStore> {
    const store = new FactStore(client, provider ?? (await detectProvider(client)), false);
    await store.prepare();
    return store;
  }

  async close(): Promise<void> {
    if (this.ownsClient) await this.client.$disconnect();
  }

  /**
   * The store's client and dialect, for the other tables the gateway keeps in the same database
   * (taught examples: plugins/nl-query/teaching/example-store.ts). Closed with the store.
   */
  connection(): { readonly client: TransactionalSqlClient; readonly provider: SqlProvider } {
    return { client: this.client, provider: this.provider };
  }

  async listCollections(): Promise<readonly CollectionRecord[]> {
    const rows = await this.client.$queryRawUnsafe<{ id: string; description: string; created_at: string; seed: string | null }[]>(
      'SELECT id, description, created_at, seed FROM nlq_fact_collections ORDER BY id',
    );
    return rows.map((row) => ({ id: row.id, description: row.description, createdAt: row.created_at, seed: row.seed }));
  }

  async getCollection(id: string): Promise<CollectionRecord | null> {
    const rows = await this.client.$queryRawUnsafe<{ id: string; description: string; created_at: string; seed: string | null }[]>(
      `SELECT id, description, created_at, seed FROM nlq_fact_collections WHERE id = ${p(this.provider, 1)}`,
      id,
    );
    const row = rows[0];
    return row ? { id: row.id, description: row.description, createdAt: row.created_at, seed: row.seed } : null;
  }

  /** Creates an empty collection; fails with SourceExistsError when the id is taken. */
  async createCollection(id: string, description: string): Promise<CollectionRecord> {
    const createdAt = new Date().toISOString();
    try {
      await this.client.$executeRawUnsafe(
        `INSERT INTO nlq_fact_collections (id, description, created_at) VALUES (${placeholders(this.provider, 3)})`,
        id,
        description,
        createdAt,
      );
    } catch (error) {
      if (await this.getCollection(id)) throw new SourceExistsError(id);
      throw error;
    }
    return { id, description, createdAt, seed: null };
  }

  /** Creates the collection unless it exists; returns it either way. */
  async ensureCollection(id: string, description: string): Promise<CollectionRecord> {
    return (await this.getCollection(id)) ?? this.createCollection(id, description);
  }

  /** Appends facts in one transaction; returns them with their new ids, in input order. */
  async addFacts(collection: string, texts: readonly string[]): Promise<readonly Fact[]> {
    return this.client.$transaction(async (tx) => {
      await this.requireCollection(tx, collection);
      return this.insertFacts(tx, collection, texts);
    });
  }

  /** Removes facts by id; returns the ids that were removed and those that were not there. */
  async removeFacts(collection: string, ids: readonly string[]): Promise<{ removed: string[]; missing: string[] }> {
    const numeric = ids.filter((id) => /^\d{1,18}$/.test(id));
    return this.client.$transaction(async (tx) => {
      await this.requireCollection(tx, collection);
      const removed: string[] = [];
      for (const id of numeric) {
        const count = await tx.$executeRawUnsafe(
          `DELETE FROM nlq_facts WHERE collection = ${p(this.provider, 1)} AND id = ${p(this.provider, 2)}`,
          collection,
          BigInt(id),
        );
        if (count > 0) removed.push(id);
      }
      const removedSet = new Set(removed);
      return { removed, missing: ids.filter((id) => !removedSet.has(id)) };
    });
  }

  /**
   * Replaces a collection's facts with a dataset's, marking it seeded, in one transaction: a load
   * that dies half-way leaves the collection as it was, and the next load starts over.
   */
  async seedCollection(collection: string, seed: string, texts: readonly string[]): Promise<number> {
    return this.client.$transaction(
      async (tx) => {
        await this.requireCollection(tx, collection);
        await tx.$executeRawUnsafe(`DELETE FROM nlq_facts WHERE collection = ${p(this.provider, 1)}`, collection);
        const facts = await this.insertFacts(tx, collection, texts);
        await tx.$executeRawUnsafe(
          `UPDATE nlq_fact_collections SET seed = ${p(this.provider, 1)} WHERE id = ${p(this.provider, 2)}`,
          seed,
          collection,
        );
        return facts.length;
      },
      { timeout: 120_000 },
    );
  }

  async countFacts(collection: string): Promise<number> {
    const rows = await this.client.$queryRawUnsafe<{ n: bigint | number }[]>(
      `SELECT COUNT(*) AS n FROM nlq_facts WHERE collection = ${p(this.provider, 1)}`,
      collection,
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** Facts in id order, `limit` at most, starting after the id `after` (keyset pagination). */
  async listFacts(collection: string, limit: number, after?: string): Promise<readonly Fact[]> {
    const afterId = after && /^\d{1,18}$/.test(after) ? BigInt(after) : 0n;
    const rows = await this.client.$queryRawUnsafe<FactRow[]>(
      `SELECT id, collection, text, created_at FROM nlq_facts WHERE collection = ${p(this.provider, 1)} AND id > ${p(this.provider, 2)} ORDER BY id LIMIT ${p(this.provider, 3)}`,
      collection,
      afterId,
      limit,
    );
    return rows.map(toFact);
  }

  private async insertFacts(tx: SqlClientInTransaction, collection: string, texts: readonly string[]): Promise<Fact[]> {
    const createdAt = new Date().toISOString();
    const facts: Fact[] = [];
    for (const text of texts) {
      const rows = await tx.$queryRawUnsafe<{ id: bigint | number }[]>(
        `INSERT INTO nlq_facts (collection, text, created_at) VALUES (${placeholders(this.provider, 3)}) RETURNING id`,
        collection,
        text,
        createdAt,
      );
      facts.push({ id: String(rows[0]?.id), collection, text, createdAt });
    }
    return facts;
  }

  private async requireCollection(tx: SqlClientInTransaction, collection: string): Promise<void> {
    const rows = await tx.$queryRawUnsafe<unknown[]>(
      `SELECT id FROM nlq_fact_collections WHERE id = ${p(this.provider, 1)}`,
      collection,
    );
    if (rows.length === 0) throw new SourceNotFoundError(collection);
  }

  private async prepare(): Promise<void> {
    if (this.provider === 'sqlite') {
      // WAL lets readers run beside the writer; FULL makes every commit durable before we ack it.
      await this.client.$queryRawUnsafe('PRAGMA journal_mode = WAL');
      await this.client.$executeRawUnsafe('PRAGMA synchronous = FULL');
      await this.client.$queryRawUnsafe('PRAGMA busy_timeout = 5000');
    }
    const text = this.provider === 'mysql' ? 'LONGTEXT' : 'TEXT';
    await this.client.$executeRawUnsafe(
      `CREATE TABLE IF NOT EXISTS nlq_fact_collections (
         id VARCHAR(64) PRIMARY KEY, description ${text} NOT NULL, created_at VARCHAR(32) NOT NULL, seed VARCHAR(255))`,
    );
    await this.client.$executeRawUnsafe(
      `CREATE TABLE IF NOT EXISTS nlq_facts (
         ${autoIncrementKey(this.provider, 'id')}, collection VARCHAR(64) NOT NULL, text ${text} NOT NULL,
         created_at VARCHAR(32) NOT NULL)`,
    );
    await this.client.$executeRawUnsafe('CREATE INDEX IF NOT EXISTS nlq_facts_by_collection ON nlq_facts (collection, id)');
  }
}

function toFact(row: FactRow): Fact {
  return { id: String(row.id), collection: row.collection, text: row.text, createdAt: row.created_at };
}
