/**
 * Paths inside this package (models/, models/train/), found from the calling module whether it runs
 * from the sources (tsx, vitest) or from dist/: the folders differ in depth, so walk up from the
 * module to the first folder holding package.json.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package's root folder (the first folder above this module that holds package.json). */
export function packageRoot(): string {
  const start = dirname(fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return dirname(start);
  }
}

/** A path inside the package, e.g. `packagePath('models', 'nldb')`. */
export function packagePath(...segments: readonly string[]): string {
  return join(packageRoot(), ...segments);
}
