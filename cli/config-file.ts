/**
 * Which config file a command uses: `--config`, else `NLQ_CONFIG`, else `nlq.config.json` in the
 * working directory, else the one shipped with the package (the embedded default world).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig, type GatewayConfig } from '../config/config.js';
import { dataDir } from '../world/data-dir.js';

export function configPath(flag: string | undefined): string {
  if (flag) return resolve(flag);
  if (process.env.NLQ_CONFIG) return resolve(process.env.NLQ_CONFIG);
  const local = resolve('nlq.config.json');
  if (existsSync(local)) return local;
  return join(dataDir(), '..', 'nlq.config.json');
}

export function readConfig(flag: string | undefined): Promise<GatewayConfig> {
  return loadConfig(configPath(flag));
}
