/**
 * The datasets the project carries, and loading them into the configured sources: idempotent
 * (a loaded source is left alone) and atomic per source (a half-finished load is redone).
 */
import type { GatewayConfig, SourceConfig } from '../config/config.js';
import { LoadError } from '../errors.js';
import type { Progress } from '../engines/progress.js';
import { kestrelfordFacts } from './kestrelford.js';
import { northwindGraph, northwindSql } from './northwind.js';
import { royalsGraph, royalsSql } from './royals.js';
import type { Seed } from './seed.js';

export const SEEDS: readonly Seed[] = [northwindSql, northwindGraph, royalsSql, royalsGraph, kestrelfordFacts];

export function findSeed(source: SourceConfig): Seed {
  const seed = SEEDS.find((candidate) => candidate.name === source.seed && candidate.kind === source.kind);
  if (!seed) {
    const known = SEEDS.filter((candidate) => candidate.kind === source.kind).map((candidate) => candidate.name);
    throw new LoadError(source.id, `no ${source.kind} seed named '${source.seed}' (known: ${known.join(', ') || 'none'})`);
  }
  return seed;
}

export interface LoadReport {
  readonly source: string;
  readonly status: 'loaded' | 'already loaded' | 'failed';
  readonly message: string;
}

/** Loads every source that names a seed and does not hold it yet (all of them with `force`). */
export async function loadSeeds(
  config: GatewayConfig,
  progress: Progress,
  options: { force?: boolean; only?: readonly string[] } = {},
): Promise<readonly LoadReport[]> {
  const reports: LoadReport[] = [];
  for (const source of config.sources) {
    if (!source.seed) continue;
    if (options.only && !options.only.includes(source.id)) continue;
    try {
      const seed = findSeed(source);
      if (!options.force && (await seed.isLoaded(source))) {
        reports.push({ source: source.id, status: 'already loaded', message: seed.summary });
        continue;
      }
      progress.phase(`loading ${source.id}: ${seed.summary}`);
      const message = await seed.load(source, progress);
      reports.push({ source: source.id, status: 'loaded', message });
    } catch (error) {
      reports.push({ source: source.id, status: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  }
  return reports;
}
