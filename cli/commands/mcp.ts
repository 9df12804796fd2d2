import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { GatewayConfig } from '../../config/config.js';
import { nlqMcpServer } from '../../mcp/server.js';
import { createGatewayServer } from '../server.js';
import { loadCommand } from './load.js';

/**
 * `nlq mcp`: the gateway as an MCP server over stdio, for agents that start it as a process.
 * Runs until the client closes stdin (or SIGINT/SIGTERM). Standard output carries the protocol
 * alone, so everything else the process says goes to standard error.
 */
export async function mcpCommand(config: GatewayConfig, options: { load: boolean }): Promise<number> {
  // A library writing to console.log would corrupt the JSON-RPC stream.
  console.log = console.error;
  if (options.load) await loadCommand(config, { force: false });
  const { server, nlq } = await createGatewayServer(config);
  await server.start();
  for (const source of nlq.gateway.listSources()) {
    console.error(`  ${source.ready ? 'ready    ' : 'NOT READY'} ${source.id} (${source.kind}): ${source.status}`);
  }
  const mcp = nlqMcpServer({ apollo: server });
  const closed = new Promise<void>((resolve) => {
    mcp.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  await mcp.connect(new StdioServerTransport());
  console.error(`nlq-gateway MCP server on stdio (config ${config.file})`);
  await closed;
  await mcp.close();
  await server.stop();
  return 0;
}
