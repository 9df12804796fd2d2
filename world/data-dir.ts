/**
 * Where the datasets the project carries live (data/ at the package root), found from this
 * module's own location so it works from the sources (tsx, vitest) and from dist/ alike.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | null = null;

export function dataDir(): string {
  if (cached) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'data', 'northwind')) && existsSync(join(dir, 'package.json'))) {
      cached = join(dir, 'data');
      return cached;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('cannot find the data/ folder of nlq-gateway');
    dir = parent;
  }
}

export function readDataFile(...parts: string[]): string {
  return readFileSync(join(dataDir(), ...parts), 'utf8');
}
