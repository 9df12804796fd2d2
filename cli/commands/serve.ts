import type { GatewayConfig } from '../../config/config.js';
import { startServer } from '../server.js';
import { loadCommand } from './load.js';

/** `nlq serve [--subgraph]`: loads what is missing, then serves GraphQL (and MCP at /mcp) until SIGINT/SIGTERM. */
export async function serveCommand(config: GatewayConfig, listen: { host: string; port: number; load: boolean; subgraph?: boolean }): Promise<number> {
  // A seed that fails to load leaves its source not ready; the others are served anyway.
  if (listen.load) await loadCommand(config, { force: false });
  const server = await startServer(config, { host: listen.host, port: listen.port }, { subgraph: listen.subgraph ?? false });
  for (const source of server.nlq.gateway.listSources()) {
    console.error(`  ${source.ready ? 'ready    ' : 'NOT READY'} ${source.id} (${source.kind}): ${source.status}`);
  }
  console.error(`nlq-gateway ready at ${server.url} (config ${config.file})`);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  console.error('stopping');
  await server.stop();
  return 0;
}
