/** A scratch copy of the default world for benchmarks, loaded with progress on the terminal. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { terminalProgress } from '../cli/progress.js';
import { loadConfig, type GatewayConfig } from '../config/config.js';
import { dataDir } from '../world/data-dir.js';
import { loadSeeds } from '../world/seeds.js';

export async function scratchWorld(): Promise<{ dir: string; config: GatewayConfig; loadMs: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'nlq-bench-'));
  const file = join(dir, 'nlq.config.json');
  writeFileSync(file, readFileSync(join(dataDir(), '..', 'nlq.config.json')));
  const config = await loadConfig(file);
  const started = performance.now();
  await loadSeeds(config, terminalProgress());
  return { dir, config, loadMs: performance.now() - started };
}
