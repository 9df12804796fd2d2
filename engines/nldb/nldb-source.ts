/**
 * A collection of free-text facts as a gateway source. The facts live in a FactStore (shared by
 * every collection stored in the same database); the source only names its collection. Questions
 * go to the NeuralDB interpreter (SSG + SPJ + aggregation) over a vector index that is synced from
 * the store on start and after every write.
 */
import { resolve } from 'node:path';
import type { SourceInfo } from '../../types.js';
import type { QueryGraphEngine } from '../query-graph/engine.js';
import { Readiness, type QuestionInterpreter, type Source, type SourceTerms } from '../source.js';
import { FactIndex } from './fact-index.js';
import type { FactStore } from './fact-store.js';
import { NldbInterpreter } from './interpreter.js';
import type { NldbModels } from './models.js';
import type { KindsOf } from './selection.js';
import type { VectorIndex } from './vector-index.js';

export interface NldbSourceOptions {
  readonly id: string;
  readonly description: string;
  /** Resolves the store lazily, so many collections can share one connection opened on start. */
  readonly store: () => Promise<FactStore>;
  /**
   * The trained models; default: models/nldb of this package, loaded on start. Pass one loader to
   * many sources to share the sessions.
   */
  readonly models?: () => Promise<NldbModels>;
  /**
   * Opens the collection's vector index; default: Milvus when MILVUS_ADDRESS (or the older
   * NLQ_MILVUS_ADDRESS) names a server,
   * else the embedded usearch index in a folder beside the SQLite fact store (`<file>.vectors/`),
   * or `./.nlq/vectors` for server databases.
   */
  readonly vectorIndex?: (collection: string, dimensions: number, model: string, store: FactStore) => Promise<VectorIndex>;
  /** Words for kinds of a question's word, for the selection check (see NldbInterpreterOptions). */
  readonly kindsOf?: KindsOf;
  /** Other words for a verb of a question's event (the interpreter's `eventSynonyms`). */
  readonly eventSynonyms?: (word: string) => readonly string[];
  /** Wraps the engine's interpreter (the gateway answers taught questions before it: plugins/nl-query/teaching/fact-answers.ts). */
  readonly wrapInterpreter?: (interpreter: QuestionInterpreter) => QuestionInterpreter;
}

/** The Milvus server named by MILVUS_ADDRESS (NLQ_MILVUS_ADDRESS is still read), or null. */
export function milvusAddress(env: NodeJS.ProcessEnv = process.env): string | null {
  return env.MILVUS_ADDRESS?.trim() || env.NLQ_MILVUS_ADDRESS?.trim() || null;
}

/** The default index: Milvus if MILVUS_ADDRESS is set, else embedded, persisted next to the facts. */
export async function defaultIndexFor(collection: string, dimensions: number, model: string, store: FactStore): Promise<VectorIndex> {
  const milvus = milvusAddress();
  if (milvus) {
    // Loaded only when used: the SDK brings gRPC along.
    const { MilvusIndex } = await import('./milvus-index.js');
    return MilvusIndex.open({ address: milvus, collection, dimensions, model, ...(process.env.MILVUS_TOKEN ? { token: process.env.MILVUS_TOKEN } : {}) });
  }
  const dir = store.file ? `${store.file}.vectors` : resolve('.nlq', 'vectors');
  const { EmbeddedIndex } = await import('./embedded-index.js');
  return EmbeddedIndex.open({ dir, name: collection, dimensions, model });
}

export class NldbSource implements Source {
  readonly kind = 'nldb' as const;
  readonly id: string;
  readonly description: string;
  private readonly readiness = new Readiness();
  private store: FactStore | null = null;
  private facts: FactIndex | null = null;
  private engine: NldbInterpreter | null = null;
  private problem: string | null = null;
  /** Where the models run when it is not where they were asked to (the CUDA fallback). */
  private deviceNote: string | null = null;
  /** Bumped on every refresh (after each write), so source selection knows to re-read the facts. */
  private version = 0;

  constructor(private readonly options: NldbSourceOptions) {
    this.id = options.id;
    this.description = options.description;
  }

  async start(): Promise<void> {
    try {
      this.store = await this.options.store();
      await this.store.ensureCollection(this.id, this.description);
    } catch (error) {
      this.readiness.down(`cannot open the fact store: ${firstLine(error)}`);
      return;
    }
    await this.openEngine(this.store);
    await this.refresh();
  }

  /** Models and vector index; without them facts can still be written, but not asked about. */
  private async openEngine(store: FactStore): Promise<void> {
    try {
      // Native modules (onnxruntime, usearch) load only when a collection opens, not with the CLI.
      const models = await (this.options.models ?? (async () => (await import('./models.js')).NldbModels.load()))();
      const vectors = await (this.options.vectorIndex ?? defaultIndexFor)(this.id, models.dimensions, models.fingerprint, store);
      const facts = new FactIndex(this.id, store, models, vectors);
      await facts.sync();
      this.facts = facts;
      this.engine = new NldbInterpreter({ collection: this.id, facts, models, ...(this.options.kindsOf ? { kindsOf: this.options.kindsOf } : {}), ...(this.options.eventSynonyms ? { eventSynonyms: this.options.eventSynonyms } : {}) });
      this.problem = null;
      this.deviceNote = models.deviceNote;
    } catch (error) {
      this.problem = `cannot answer questions: ${firstLine(error)}`;
    }
  }

  /**
   * Re-reads the collection after a write: its size, so `info()` stays truthful, and the vector
   * index, so a fact is findable as soon as its write is acknowledged.
   */
  async refresh(): Promise<void> {
    if (!this.store) return;
    this.version += 1;
    if (this.facts) await this.facts.sync();
    const size = await this.store.countFacts(this.id);
    const notes = [this.problem, this.deviceNote].filter((n): n is string => n !== null);
    this.readiness.up(`${size} fact${size === 1 ? '' : 's'}${notes.map((n) => `; ${n}`).join('')}`);
  }

  /** The collection's facts and vectors, once started (tests and the benchmark look inside). */
  factIndex(): FactIndex | null {
    return this.facts;
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

  queryGraphs(): QueryGraphEngine | null {
    return null;
  }

  interpreter(): QuestionInterpreter | null {
    if (!this.engine) return null;
    return this.options.wrapInterpreter ? this.options.wrapInterpreter(this.engine) : this.engine;
  }

  /** The collection's sentences, for source selection (read from the store, page by page). */
  async profileTerms(): Promise<SourceTerms> {
    const texts: string[] = [];
    if (this.store) {
      for (let page = await this.store.listFacts(this.id, 1000); page.length > 0; page = await this.store.listFacts(this.id, 1000, page.at(-1)?.id)) {
        texts.push(...page.map((fact) => fact.text));
      }
    }
    return { names: [], values: [], texts };
  }

  termsVersion(): number {
    return this.version;
  }

  /** The store holding this collection, once started. */
  factStore(): FactStore | null {
    return this.store;
  }

  async close(): Promise<void> {
    // The store is shared and owned by the gateway, which closes it; the index is ours.
    const facts = this.facts;
    this.facts = null;
    this.engine = null;
    await facts?.close();
    this.store = null;
    this.readiness.down('closed');
  }
}

function firstLine(error: unknown): string {
  return error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
}
