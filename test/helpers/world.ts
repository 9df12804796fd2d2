import { inject } from 'vitest';
import { loadConfig, type GatewayConfig } from '../../config/config.js';
import { optionsFromConfig } from '../../cli/server.js';
import type { NlQueryOptions } from '../../plugins/nl-query/options.js';

/** The loaded test world (see global-setup.ts). */
export function worldConfig(): Promise<GatewayConfig> {
  return loadConfig(inject('worldConfig'));
}

/** nlQuery options serving the test world, with created collections going to `factStore`. */
export async function worldOptions(factStore: string): Promise<NlQueryOptions> {
  return { ...optionsFromConfig(await worldConfig()), factStore };
}
