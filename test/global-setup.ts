/**
 * Loads the embedded default world once per test run into a scratch directory; tests that only
 * read it share it (inject('worldConfig')). Tests that write make their own stores.
 */
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../config/config.js';
import { silentProgress } from '../engines/progress.js';
import { loadSeeds } from '../world/seeds.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a config file whose seeded sources are loaded, in a scratch directory. */
    worldConfig: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'nlq-world-'));
  // The shipped config, with every store in the scratch directory.
  const shipped = JSON.parse(readFileSync(new URL('../nlq.config.json', import.meta.url), 'utf8'));
  const file = join(dir, 'nlq.config.json');
  writeFileSync(file, JSON.stringify(shipped, null, 2));
  const reports = await loadSeeds(await loadConfig(file), silentProgress);
  const failed = reports.filter((report) => report.status === 'failed');
  if (failed.length > 0) throw new Error(`loading the test world failed: ${JSON.stringify(failed)}`);
  project.provide('worldConfig', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
