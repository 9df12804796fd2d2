/**
 * Where the benchmarks find their data. What the tests and the everyday benches need ships in
 * data/ (the dev questions, the 130 Kestrelford facts and their questions). The larger sets (the
 * facts padded to 1,000 and 10,000 facts, the validation sets others wrote) are read from a
 * `shared/datasets` folder beside the repository's own folder when one is there; a bench that
 * needs one and finds none says so and skips that part.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { dataDir } from '../world/data-dir.js';

/** `shared/datasets/<name>` beside the repository (found from data/, never an absolute path), or null. */
export function sharedDataset(name: string): string | null {
  const dir = join(dataDir(), '..', '..', 'shared', 'datasets', name);
  return existsSync(dir) ? dir : null;
}

/** The message a bench prints for a part it skips because `sharedDataset(name)` is missing. */
export function missingShared(name: string, what: string): string {
  return `skipped ${what}: shared/datasets/${name} not found beside the repository (${join(dataDir(), '..', '..', 'shared')})`;
}
