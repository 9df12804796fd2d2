/**
 * Where fact vectors live. Vectors are derived data: every index can be rebuilt from the facts in
 * the fact store, so an index that is missing, corrupt, or built by another model is rebuilt.
 */

/** One hit of a maximum-inner-product search. */
export interface Hit {
  readonly id: string;
  /** Inner product of the query and the fact vector. */
  readonly score: number;
}

export interface VectorIndex {
  /** The vectors' length. */
  readonly dimensions: number;
  /** Ids held, for checking against the fact store. */
  ids(): Promise<ReadonlySet<string>>;
  /** Adds (or replaces) vectors; `vectors` holds one row of `dimensions` per id. */
  upsert(ids: readonly string[], vectors: Float32Array): Promise<void>;
  remove(ids: readonly string[]): Promise<void>;
  /** Drops everything (before a rebuild). */
  clear(): Promise<void>;
  /** For each query row, the `k` facts with the largest inner product, best first. */
  search(queries: Float32Array, k: number): Promise<readonly (readonly Hit[])[]>;
  /** Makes what was written so far survive a restart. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** The state an index was built in: vectors from another model must not be mixed in. */
export interface IndexManifest {
  readonly model: string;
  readonly dimensions: number;
}
