import type { GatewayConfig } from '../../config/config.js';
import { nlQuery } from '../../plugins/nl-query/index.js';
import { optionsFromConfig } from '../server.js';

/** `nlq sources [--json]`: lists the sources and whether each is ready. */
export async function sourcesCommand(config: GatewayConfig, options: { json: boolean }): Promise<number> {
  const { gateway } = nlQuery(optionsFromConfig(config));
  try {
    await gateway.start();
    const sources = gateway.listSources();
    if (options.json) console.log(JSON.stringify(sources, null, 2));
    else for (const s of sources) console.log(`${s.ready ? 'ready    ' : 'NOT READY'} ${s.id} (${s.kind}) ${s.description}\n          ${s.status}`);
    return sources.every((source) => source.ready) ? 0 : 1;
  } finally {
    await gateway.stop();
  }
}
