import type { GatewayConfig } from '../../config/config.js';
import { loadSeeds } from '../../world/seeds.js';
import { terminalProgress } from '../progress.js';

/** `nlq load [--force] [--source id]`: loads the datasets of every seeded source. Exit code 1 if any failed. */
export async function loadCommand(config: GatewayConfig, options: { force: boolean; only?: string[] }): Promise<number> {
  const reports = await loadSeeds(config, terminalProgress(), { force: options.force, ...(options.only ? { only: options.only } : {}) });
  for (const report of reports) console.error(`${report.source}: ${report.status} (${report.message})`);
  return reports.some((report) => report.status === 'failed') ? 1 : 0;
}
