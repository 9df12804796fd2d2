/**
 * The gateway at run time: the sources, the fact stores, and the operations the GraphQL schema
 * exposes. One instance per `nlQuery()` call; nothing is global, so several gateways can live in
 * one process (tests do exactly that).
 */
import { BadInputError, SourceExistsError, SourceNotFoundError, SourceUnavailableError } from '../../errors.js';
import { CypherSource } from '../../engines/cypher/cypher-source.js';
import { FactStore } from '../../engines/nldb/fact-store.js';
import { NldbSource } from '../../engines/nldb/nldb-source.js';
import type { Source } from '../../engines/source.js';
import { SqlSource } from '../../engines/sql/sql-source.js';
import { parseQueryGraph } from '../../engines/query-graph/canonical.js';
import type { QueryGraphEngine } from '../../engines/query-graph/engine.js';
import type { SchemaGraph } from '../../engines/schema-graph/types.js';
import type { Answer, AskOptions, AskResult, Fact, FactWrite, SourceInfo } from '../../types.js';
import type { ResolvedOptions, SourceSpec } from './options.js';
import { askSources } from './pipeline.js';
import {
  SOURCE_ID_PATTERN,
  validateAsk,
  validateCollectionId,
  validateFacts,
  validateIds,
  validatePageSize,
  validateQueryGraphText,
} from './validate.js';
import { tryLoadPredictor } from './predictor/load.js';

/** The query-graph predictor of a structured source, when a model was trained for it (else the reason). */
async function predictorInterpreter(sourceId: string, engine: QueryGraphEngine) {
  const { loaded, status } = await tryLoadPredictor(sourceId, engine);
  return { interpreter: loaded?.interpreter ?? null, status, release: async () => loaded?.release() };
}

export class Gateway {
  private readonly sources = new Map<string, Source>();
  /** Fact stores by location; collections stored in the same database share one. */
  private readonly factStores = new Map<string, Promise<FactStore>>();
  private starting: Promise<void> | null = null;

  constructor(private readonly options: ResolvedOptions) {
    for (const spec of options.sources) {
      if (!SOURCE_ID_PATTERN.test(spec.id)) throw new BadInputError(`invalid source id '${spec.id}'`, 'sources');
      if (this.sources.has(spec.id)) throw new SourceExistsError(spec.id);
      this.sources.set(spec.id, this.makeSource(spec));
    }
  }

  get limits() {
    return this.options.limits;
  }

  /**
   * Opens every source (in parallel; a failing one is marked not ready) and registers the
   * collections found in the default fact store. Safe to call more than once.
   */
  start(): Promise<void> {
    this.starting ??= (async () => {
      await Promise.all([...this.sources.values()].map((source) => source.start()));
      await this.discoverCollections();
    })();
    return this.starting;
  }

  async stop(): Promise<void> {
    const starting = this.starting;
    this.starting = null;
    if (starting) await starting.catch(() => undefined);
    await Promise.all([...this.sources.values()].map((source) => source.close()));
    const stores = [...this.factStores.values()];
    this.factStores.clear();
    await Promise.all(stores.map(async (store) => (await store.catch(() => null))?.close()));
  }

  listSources(): readonly SourceInfo[] {
    return [...this.sources.values()].map((source) => source.info());
  }

  async ask(question: string, options?: AskOptions | null): Promise<AskResult> {
    await this.start();
    const request = validateAsk(question, options, this.options.limits);
    const selected = request.sources
      ? request.sources.map((id) => {
          const source = this.sources.get(id);
          if (!source) throw new BadInputError(`unknown source '${id}' in options.sources`, 'options.sources');
          return source;
        })
      : [...this.sources.values()];
    return askSources(selected, request, this.options.limits.sourceTimeoutMs);
  }

  /** Runs a query graph (canonical form) on one structured source, read-only, under the limits. */
  async runQueryGraph(sourceId: string, text: string, options?: { limit?: number | null } | null): Promise<Answer> {
    await this.start();
    const limit = validatePageSize(options?.limit, this.options.limits);
    const graph = parseQueryGraph(validateQueryGraphText(text, this.options.limits));
    const engine = this.queryGraphEngine(sourceId);
    const run = await engine.run(graph, { limit, timeoutMs: this.options.limits.sourceTimeoutMs });
    return {
      ...run.result,
      source: sourceId,
      // The caller chose this reading: no uncertainty from interpretation is left.
      confidence: 1,
      explanation: run.explanation,
      query: run.query,
      queryGraph: text.trim(),
    };
  }

  /** The schema graph of a structured source. */
  async schemaGraph(sourceId: string): Promise<SchemaGraph> {
    await this.start();
    return this.queryGraphEngine(sourceId).schema();
  }

  /** The engine that runs query graphs on a source, once the sources have started (training uses it). */
  async queryGraphEngineOf(sourceId: string): Promise<QueryGraphEngine> {
    await this.start();
    return this.queryGraphEngine(sourceId);
  }

  private queryGraphEngine(sourceId: string): QueryGraphEngine {
    const source = this.sources.get(sourceId);
    if (!source) throw new SourceNotFoundError(sourceId);
    const engine = source.queryGraphs();
    if (engine) return engine;
    if (!source.info().ready) throw new SourceUnavailableError(sourceId, `source '${sourceId}' is not ready: ${source.info().status}`);
    throw new BadInputError(`source '${sourceId}' (${source.kind}) does not run query graphs`, 'source');
  }

  async createFactCollection(id: string, description: string | null | undefined): Promise<SourceInfo> {
    await this.start();
    validateCollectionId(id, 'id');
    if (this.sources.has(id)) throw new SourceExistsError(id);
    const store = await this.defaultFactStore();
    const text = (description ?? '').trim() || `facts in collection ${id}`;
    await store.createCollection(id, text);
    const source = new NldbSource({ id, description: text, store: async () => store });
    this.sources.set(id, source);
    await source.start();
    return source.info();
  }

  async addFacts(collection: string, facts: readonly string[]): Promise<FactWrite> {
    await this.start();
    const texts = validateFacts(facts, this.options.limits);
    const { source, store } = this.collection(collection);
    const written = await store.addFacts(collection, texts);
    await source.refresh();
    return { collection, ids: written.map((fact) => fact.id), missing: [], size: await store.countFacts(collection) };
  }

  async removeFacts(collection: string, ids: readonly string[]): Promise<FactWrite> {
    await this.start();
    const unique = validateIds(ids, this.options.limits);
    const { source, store } = this.collection(collection);
    const { removed, missing } = await store.removeFacts(collection, unique);
    await source.refresh();
    return { collection, ids: removed, missing, size: await store.countFacts(collection) };
  }

  async listFacts(collection: string, limit: number | null | undefined, after: string | null | undefined): Promise<readonly Fact[]> {
    await this.start();
    const pageSize = validatePageSize(limit, this.options.limits);
    const { store } = this.collection(collection);
    return store.listFacts(collection, pageSize, after ?? undefined);
  }

  /** The started collection `id` and its store, or a clear error. */
  private collection(id: string): { source: NldbSource; store: FactStore } {
    const source = this.sources.get(id);
    if (!source) throw new SourceNotFoundError(id);
    if (!(source instanceof NldbSource)) {
      throw new BadInputError(`source '${id}' is a ${source.kind} source, not a fact collection`, 'collection');
    }
    const store = source.factStore();
    if (!store) throw new BadInputError(`fact collection '${id}' is not ready: ${source.info().status}`, 'collection');
    return { source, store };
  }

  private makeSource(spec: SourceSpec): Source {
    const description = spec.description ?? '';
    switch (spec.kind) {
      case 'sql':
        return new SqlSource({
          id: spec.id,
          description,
          connection: 'prisma' in spec ? { prisma: spec.prisma, ...(spec.provider ? { provider: spec.provider } : {}) } : { url: spec.url },
          interpreter: predictorInterpreter,
        });
      case 'cypher':
        return new CypherSource({
          id: spec.id,
          description,
          queryTimeoutMs: this.options.limits.sourceTimeoutMs,
          interpreter: predictorInterpreter,
          connection:
            'driver' in spec
              ? { driver: spec.driver, ...(spec.database ? { database: spec.database } : {}) }
              : {
                  url: spec.url,
                  ...(spec.user ? { user: spec.user } : {}),
                  ...(spec.password ? { password: spec.password } : {}),
                  ...(spec.database ? { database: spec.database } : {}),
                },
        });
      case 'nldb': {
        const store =
          'prisma' in spec
            ? () => this.factStoreFor(`prisma:${spec.id}`, () => FactStore.withClient(spec.prisma, spec.provider))
            : () => (spec.url ? this.factStoreFor(spec.url, () => FactStore.open(spec.url as string)) : this.defaultFactStore());
        return new NldbSource({ id: spec.id, description, store });
      }
    }
  }

  private defaultFactStore(): Promise<FactStore> {
    const location = this.options.factStore;
    if (typeof location === 'string') return this.factStoreFor(location, () => FactStore.open(location));
    return this.factStoreFor('prisma:default', () => FactStore.withClient(location.prisma, location.provider));
  }

  private factStoreFor(key: string, open: () => Promise<FactStore>): Promise<FactStore> {
    let store = this.factStores.get(key);
    if (!store) {
      store = open();
      this.factStores.set(key, store);
      // A failed open is not cached: the next call tries again (the database may come back).
      store.catch(() => this.factStores.delete(key));
    }
    return store;
  }

  /** Collections created earlier through the API live in the default store: serve them again. */
  private async discoverCollections(): Promise<void> {
    let store: FactStore;
    try {
      store = await this.defaultFactStore();
    } catch {
      return; // the default store cannot be opened; createFactCollection will report why
    }
    for (const record of await store.listCollections()) {
      if (this.sources.has(record.id)) continue;
      const source = new NldbSource({ id: record.id, description: record.description, store: async () => store });
      this.sources.set(record.id, source);
      await source.start();
    }
  }
}
