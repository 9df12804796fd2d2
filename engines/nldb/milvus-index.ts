/**
 * Fact vectors in a Milvus server (@zilliz/milvus2-sdk-node), for collections too large for one
 * machine. One Milvus collection per fact collection and model: its name carries the model
 * fingerprint, so vectors made by another model are never mixed in (the old collection is dropped
 * and the vectors rebuilt from the fact store). Inner-product metric, strong consistency, so a
 * fact is searchable as soon as its write is acknowledged.
 */
import { ConsistencyLevelEnum, DataType, MilvusClient } from '@zilliz/milvus2-sdk-node';
import { SourceUnavailableError } from '../../errors.js';
import type { Hit, VectorIndex } from './vector-index.js';

export interface MilvusIndexOptions {
  /** host:port (or an http(s) URL) of the Milvus server. */
  readonly address: string;
  readonly collection: string;
  readonly dimensions: number;
  readonly model: string;
  /** MILVUS_TOKEN / user:password, when the server wants one. */
  readonly token?: string;
}

/** Rows per upsert request. */
const UPSERT_BATCH = 500;
/** Ids per query page when listing what the server holds. */
const PAGE = 10_000;

export class MilvusIndex implements VectorIndex {
  readonly dimensions: number;

  private constructor(
    private readonly client: MilvusClient,
    private readonly name: string,
    dimensions: number,
  ) {
    this.dimensions = dimensions;
  }

  static async open(options: MilvusIndexOptions): Promise<MilvusIndex> {
    const client = new MilvusClient({ address: options.address, ...(options.token ? { token: options.token } : {}) });
    const prefix = `nlq_${options.collection.replace(/[^A-Za-z0-9_]/g, '_')}_`;
    const name = `${prefix}${options.model.slice(0, 12)}`;
    try {
      // Drop collections made for this fact collection by other models: their vectors are stale.
      const listed = await client.showCollections();
      for (const c of listed.data ?? []) {
        if (c.name.startsWith(prefix) && c.name !== name) await client.dropCollection({ collection_name: c.name });
      }
      const exists = await client.hasCollection({ collection_name: name });
      if (!exists.value) {
        await client.createCollection({
          collection_name: name,
          dimension: options.dimensions,
          primary_field_name: 'id',
          id_type: DataType.Int64,
          vector_field_name: 'vector',
          metric_type: 'IP',
          auto_id: false,
          consistency_level: 'Strong',
          description: `nlq-gateway fact vectors of '${options.collection}' (model ${options.model})`,
        });
      }
      await client.loadCollectionSync({ collection_name: name });
    } catch (error) {
      await client.closeConnection().catch(() => undefined);
      throw new SourceUnavailableError(options.collection, `cannot open the Milvus index at ${options.address}`, { cause: error });
    }
    return new MilvusIndex(client, name, options.dimensions);
  }

  async ids(): Promise<ReadonlySet<string>> {
    const out = new Set<string>();
    for (let last = -1n; ; ) {
      const page = await this.client.query({
        collection_name: this.name,
        filter: `id > ${last}`,
        output_fields: ['id'],
        limit: PAGE,
        consistency_level: ConsistencyLevelEnum.Strong,
      });
      const ids = (page.data ?? []).map((row) => BigInt(String(row.id))).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      for (const id of ids) out.add(String(id));
      if (ids.length < PAGE) return out;
      last = ids[ids.length - 1] as bigint;
    }
  }

  async upsert(ids: readonly string[], vectors: Float32Array): Promise<void> {
    for (let i = 0; i < ids.length; i += UPSERT_BATCH) {
      const rows = ids.slice(i, i + UPSERT_BATCH).map((id, j) => ({
        id,
        vector: Array.from(vectors.subarray((i + j) * this.dimensions, (i + j + 1) * this.dimensions)),
      }));
      await this.client.upsert({ collection_name: this.name, data: rows });
    }
  }

  async remove(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.client.delete({ collection_name: this.name, filter: `id in [${ids.map((id) => BigInt(id)).join(',')}]` });
  }

  async clear(): Promise<void> {
    await this.client.delete({ collection_name: this.name, filter: 'id >= 0' });
  }

  async search(queries: Float32Array, k: number): Promise<readonly (readonly Hit[])[]> {
    const n = queries.length / this.dimensions;
    if (n === 0) return [];
    const data = Array.from({ length: n }, (_, q) => Array.from(queries.subarray(q * this.dimensions, (q + 1) * this.dimensions)));
    const res = await this.client.search({
      collection_name: this.name,
      data,
      limit: k,
      metric_type: 'IP',
      output_fields: ['id'],
      consistency_level: ConsistencyLevelEnum.Strong,
    });
    // One query gives a flat list; several give one list per query.
    const results = res.results as unknown as { id: string | number; score: number }[] | { id: string | number; score: number }[][];
    const lists = n === 1 && !Array.isArray(results[0]) ? [results as { id: string | number; score: number }[]] : (results as { id: string | number; score: number }[][]);
    return lists.map((list) => list.map((r) => ({ id: String(r.id), score: r.score })));
  }

  async flush(): Promise<void> {
    await this.client.flushSync({ collection_names: [this.name] });
  }

  async close(): Promise<void> {
    await this.client.closeConnection();
  }

  /** Drops the Milvus collection (tests use this to simulate a lost index). */
  async drop(): Promise<void> {
    await this.client.dropCollection({ collection_name: this.name });
  }
}
