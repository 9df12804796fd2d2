/**
 * The embedded vector index: usearch (HNSW, inner product) kept in one file per collection, with a
 * manifest naming the model that made the vectors, the ids, and a checksum of the index file. A
 * file whose checksum does not match is never handed to the native loader: the index is rebuilt.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type * as Usearch from 'usearch';
import type { Hit, IndexManifest, VectorIndex } from './vector-index.js';

// usearch's ESM entry finds its native build from a stack trace, which fails under loaders such
// as vitest's; its CommonJS entry uses __dirname and works everywhere.
const { Index, MetricKind, ScalarKind } = createRequire(import.meta.url)('usearch') as typeof Usearch;
type Index = Usearch.Index;

export interface EmbeddedIndexOptions {
  /** Folder for the index files. */
  readonly dir: string;
  /** File stem, usually the collection id. */
  readonly name: string;
  readonly dimensions: number;
  /** The model fingerprint; an index made by another model is discarded. */
  readonly model: string;
}

interface StoredManifest extends IndexManifest {
  readonly ids: readonly string[];
  readonly sha256: string;
}

export class EmbeddedIndex implements VectorIndex {
  readonly dimensions: number;
  private index: Index;
  private readonly held = new Set<string>();
  private dirty = false;

  private constructor(private readonly options: EmbeddedIndexOptions) {
    this.dimensions = options.dimensions;
    this.index = fresh(options.dimensions);
  }

  /** Opens the persisted index, or starts an empty one when it is missing, corrupt or stale. */
  static open(options: EmbeddedIndexOptions): EmbeddedIndex {
    mkdirSync(options.dir, { recursive: true });
    const index = new EmbeddedIndex(options);
    index.loadIfValid();
    return index;
  }

  /** Whether the last open found a usable file (false: the caller must rebuild from the store). */
  get loadedFromDisk(): boolean {
    return this.loaded;
  }

  private loaded = false;

  private get file(): string {
    return join(this.options.dir, `${this.options.name}.usearch`);
  }

  private get manifestFile(): string {
    return join(this.options.dir, `${this.options.name}.manifest.json`);
  }

  private loadIfValid(): void {
    try {
      if (!existsSync(this.file) || !existsSync(this.manifestFile)) return;
      const manifest = JSON.parse(readFileSync(this.manifestFile, 'utf8')) as StoredManifest;
      if (manifest.model !== this.options.model || manifest.dimensions !== this.dimensions) return;
      const bytes = readFileSync(this.file);
      if (createHash('sha256').update(bytes).digest('hex') !== manifest.sha256) return;
      const index = fresh(this.dimensions);
      index.load(this.file);
      this.index = index;
      for (const id of manifest.ids) this.held.add(id);
      this.loaded = true;
    } catch {
      // Unreadable: start empty; the caller rebuilds from the fact store.
      this.index = fresh(this.dimensions);
      this.held.clear();
    }
  }

  async ids(): Promise<ReadonlySet<string>> {
    return new Set(this.held);
  }

  async upsert(ids: readonly string[], vectors: Float32Array): Promise<void> {
    if (ids.length === 0) return;
    const existing = ids.filter((id) => this.held.has(id));
    if (existing.length > 0) this.index.remove(existing.map((id) => BigInt(id)));
    // one thread: inserted in order, the same facts make the same graph, so the same question
    // gets the same support sets from run to run (several threads race to link new nodes)
    this.index.add(
      BigUint64Array.from(ids.map((id) => BigInt(id))),
      vectors.subarray(0, ids.length * this.dimensions),
      1,
    );
    for (const id of ids) this.held.add(id);
    this.dirty = true;
  }

  async remove(ids: readonly string[]): Promise<void> {
    const present = ids.filter((id) => this.held.has(id));
    if (present.length === 0) return;
    this.index.remove(present.map((id) => BigInt(id)));
    for (const id of present) this.held.delete(id);
    this.dirty = true;
  }

  async clear(): Promise<void> {
    this.index = fresh(this.dimensions);
    this.held.clear();
    this.dirty = true;
  }

  async search(queries: Float32Array, k: number): Promise<readonly (readonly Hit[])[]> {
    const n = queries.length / this.dimensions;
    if (this.held.size === 0 || n === 0) return Array.from({ length: n }, () => []);
    const kk = Math.min(k, this.held.size);
    const out: Hit[][] = [];
    for (let q = 0; q < n; q++) {
      const m = this.index.search(queries.subarray(q * this.dimensions, (q + 1) * this.dimensions), kk, 1);
      const hits: Hit[] = [];
      for (let i = 0; i < m.keys.length; i++) {
        // usearch's "ip" distance is 1 - <a, b>.
        hits.push({ id: String(m.keys[i]), score: 1 - (m.distances[i] as number) });
      }
      out.push(hits);
    }
    return out;
  }

  async flush(): Promise<void> {
    if (!this.dirty) return;
    const tmp = `${this.file}.tmp`;
    this.index.save(tmp);
    const sha256 = createHash('sha256').update(readFileSync(tmp)).digest('hex');
    renameSync(tmp, this.file);
    const manifest: StoredManifest = { model: this.options.model, dimensions: this.dimensions, ids: [...this.held], sha256 };
    writeFileSync(`${this.manifestFile}.tmp`, JSON.stringify(manifest));
    renameSync(`${this.manifestFile}.tmp`, this.manifestFile);
    this.dirty = false;
  }

  async close(): Promise<void> {
    await this.flush();
  }

  /** Deletes the files (tests use this to simulate a lost index). */
  static remove(options: Pick<EmbeddedIndexOptions, 'dir' | 'name'>): void {
    rmSync(join(options.dir, `${options.name}.usearch`), { force: true });
    rmSync(join(options.dir, `${options.name}.manifest.json`), { force: true });
  }
}

function fresh(dimensions: number): Index {
  return new Index({
    dimensions,
    metric: MetricKind.IP,
    quantization: ScalarKind.F32,
    connectivity: 16,
    // 40 rather than 128: inserts about twice as fast; recall at 10,000 facts stays high
    expansion_add: 40,
    expansion_search: 256,
    multi: false,
  });
}
