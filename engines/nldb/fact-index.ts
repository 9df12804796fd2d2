/**
 * A collection's facts in memory plus their vectors in a vector index, kept in step with the fact
 * store. The store is the truth: `sync` adds what the index lacks, drops what the store no longer
 * has, and rebuilds everything when the index was lost or made by another model. After a crash,
 * the first sync re-embeds every acknowledged fact the index had not saved.
 */
import type { Fact } from '../../types.js';
import { fold } from '../english/normalize.js';
import type { FactStore } from './fact-store.js';
import { LexicalIndex } from './lexical-index.js';
import type { NldbModels } from './models.js';
import { retrievalBag } from './number-text.js';
import type { VectorIndex } from './vector-index.js';

/** What one sync did. */
export interface SyncReport {
  readonly added: number;
  readonly removed: number;
  readonly total: number;
  readonly millis: number;
}

/** Facts embedded per model call. */
const EMBED_BATCH = 256;
/** Facts read from the store per query. */
const PAGE = 2000;

export class FactIndex {
  private readonly facts = new Map<string, Fact>();
  /** BM25 over the same facts (the retriever's lexical half), rebuilt in memory on every start. */
  readonly lexical = new LexicalIndex();
  private maxId = 0n;
  private syncing: Promise<SyncReport> | null = null;

  constructor(
    private readonly collection: string,
    private readonly store: FactStore,
    private readonly models: NldbModels,
    readonly vectors: VectorIndex,
  ) {}

  get size(): number {
    return this.facts.size;
  }

  fact(id: string): Fact | undefined {
    return this.facts.get(id);
  }

  /**
   * The facts that name one of `values` (whole words, case and accents aside), in id order, at most
   * `limit`: what an answer given as values rests on. Numbers and yes/no name nothing.
   */
  naming(values: readonly string[], limit: number): Fact[] {
    const names = values.map((value) => fold(value).trim()).filter((value) => value !== '' && !/^(-?[\d.,]+|yes|no|true|false)$/.test(value));
    if (names.length === 0) return [];
    const escaped = names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    const pattern = new RegExp(`(?:^|[^\\p{L}\\p{N}])(?:${escaped.join('|')})(?:$|[^\\p{L}\\p{N}])`, 'u');
    const out: Fact[] = [];
    for (const fact of this.facts.values()) {
      if (out.length >= limit) break;
      if (pattern.test(fold(fact.text))) out.push(fact);
    }
    return out;
  }

  /** Brings memory and the index up to date with the store; concurrent calls share one run. */
  sync(): Promise<SyncReport> {
    const run = (this.syncing ?? Promise.resolve(null)).then(() => this.doSync());
    this.syncing = run.catch(() => ({ added: 0, removed: 0, total: this.facts.size, millis: 0 }));
    return run;
  }

  private async doSync(): Promise<SyncReport> {
    const started = performance.now();
    let removed = 0;
    // New facts have larger ids (ids are never reused): read only those, unless the count says
    // some were deleted, then read everything.
    let fresh = await this.readAll(this.maxId);
    const stored = await this.store.countFacts(this.collection);
    if (this.facts.size + fresh.length !== stored) {
      const all = await this.readAll(0n);
      const keep = new Set(all.map((f) => f.id));
      for (const id of [...this.facts.keys()]) {
        if (!keep.has(id)) {
          this.facts.delete(id);
          this.lexical.remove(id);
          removed++;
        }
      }
      fresh = all.filter((f) => !this.facts.has(f.id));
    }
    for (const fact of fresh) {
      this.facts.set(fact.id, fact);
      this.lexical.add(fact.id, fact.text);
      const id = BigInt(fact.id);
      if (id > this.maxId) this.maxId = id;
    }
    // The index may hold vectors the memory does not know about yet (a restart), or lack some.
    const held = await this.vectors.ids();
    const stale = [...held].filter((id) => !this.facts.has(id));
    if (stale.length > 0) await this.vectors.remove(stale);
    removed = Math.max(removed, stale.length);
    const missing = [...this.facts.values()].filter((f) => !held.has(f.id));
    for (let i = 0; i < missing.length; i += EMBED_BATCH) {
      const chunk = missing.slice(i, i + EMBED_BATCH);
      const vectors = await this.models.encodeFacts(chunk.map((f) => retrievalBag(f.text, this.models.vocab)));
      await this.vectors.upsert(
        chunk.map((f) => f.id),
        vectors,
      );
    }
    if (missing.length > 0 || stale.length > 0) await this.vectors.flush();
    return { added: missing.length, removed, total: this.facts.size, millis: performance.now() - started };
  }

  private async readAll(after: bigint): Promise<Fact[]> {
    const out: Fact[] = [];
    let cursor = after > 0n ? String(after) : undefined;
    for (;;) {
      const page = await this.store.listFacts(this.collection, PAGE, cursor);
      out.push(...page);
      if (page.length < PAGE) return out;
      cursor = page[page.length - 1]?.id;
    }
  }

  async close(): Promise<void> {
    await this.syncing;
    await this.vectors.close();
  }
}
