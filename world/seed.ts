/**
 * A seed is a dataset the project carries (data/) and the way to put it into one kind of source.
 * `nlq load` (and the first `npm start`) loads every configured source that names a seed.
 */
import type { SourceConfig } from '../config/config.js';
import type { Progress } from '../engines/progress.js';
import type { SourceKind } from '../types.js';

export interface Seed {
  /** The name a source's `seed` field uses. */
  readonly name: string;
  readonly kind: SourceKind;
  /** What the dataset is, for `nlq load --help` and logs. */
  readonly summary: string;
  /** True when the source already holds this dataset completely. */
  isLoaded(source: SourceConfig): Promise<boolean>;
  /** Loads the dataset; returns a one-line summary of what was loaded. */
  load(source: SourceConfig, progress: Progress): Promise<string>;
}
