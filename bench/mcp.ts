/**
 * `npm run bench -- mcp`: the same asks as MCP tool calls to `nlq mcp` (stdio, through the SDK's
 * client, as an agent makes them), as MCP tool calls to `/mcp` on `nlq serve` (streamable HTTP),
 * and as GraphQL requests to `nlq serve` (HTTP POST of the very operation the `ask` tool runs),
 * one call at a time, interleaved so all see the same machine: p50/p95 of each, the ratios to
 * GraphQL, the median paired difference, and calls per second. `/mcp` and GraphQL share one server
 * process, so that pair isolates the protocol; the cheap `sources` tool shows the protocol's own
 * cost where the gateway does almost nothing. MCP_ROUNDS (default 20) sets how many times each
 * question is asked per protocol.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startServeProcess } from '../cli/serve-process.js';
import { TOOL_OPERATIONS } from '../mcp/tools.js';
import { QUESTIONS } from './load.js';
import { latencySummary, percentile } from './stats.js';
import { scratchWorld } from './world.js';

const CLI = fileURLToPath(new URL('../cli/nlq.js', import.meta.url));

function operationOf(tool: string): string {
  const operation = TOOL_OPERATIONS.find((candidate) => candidate.name === tool);
  if (!operation) throw new Error(`no tool ${tool}`);
  return operation.operation;
}

async function timed(fn: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

function sorted(samples: readonly number[]): number[] {
  return [...samples].sort((a, b) => a - b);
}

interface Samples {
  readonly stdio: number[];
  readonly http: number[];
  readonly graphql: number[];
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** One MCP transport against GraphQL: ratios of p50 and p95, the median paired difference. */
function ratios(label: string, mcp: readonly number[], graphql: readonly number[]): void {
  const [m, g] = [sorted(mcp), sorted(graphql)];
  const deltas = sorted(mcp.map((value, i) => value - (graphql[i] ?? Number.NaN)));
  const p50 = percentile(m, 50) / percentile(g, 50);
  const p95 = percentile(m, 95) / percentile(g, 95);
  console.log(`    ${label} / GraphQL: p50 ${p50.toFixed(3)} (${p50 >= 1 ? '+' : ''}${((p50 - 1) * 100).toFixed(1)}%), p95 ${p95.toFixed(3)}; median paired difference ${percentile(deltas, 50).toFixed(2)} ms`);
}

/** The three ways on one kind of call. */
function report(label: string, samples: Samples): void {
  console.log(`  ${label}`);
  console.log(`    MCP stdio (nlq mcp)   ${latencySummary(samples.stdio)}; ${(1000 / mean(samples.stdio)).toFixed(1)} calls/s one at a time`);
  console.log(`    MCP HTTP (/mcp)       ${latencySummary(samples.http)}; ${(1000 / mean(samples.http)).toFixed(1)} calls/s one at a time`);
  console.log(`    GraphQL (HTTP /)      ${latencySummary(samples.graphql)}; ${(1000 / mean(samples.graphql)).toFixed(1)} requests/s one at a time`);
  ratios('MCP stdio', samples.stdio, samples.graphql);
  ratios('MCP HTTP ', samples.http, samples.graphql);
}

export async function mcpBenchmark(): Promise<void> {
  const rounds = Number(process.env.MCP_ROUNDS ?? 20);
  const { dir, config } = await scratchWorld();
  const served = await startServeProcess(CLI, ['--no-load', '--host', '127.0.0.1', '--port', '0', '--config', config.file], { startTimeoutMs: 180_000 });
  const stdio = new Client({ name: 'nlq-bench', version: '1.0.0' });
  const http = new Client({ name: 'nlq-bench', version: '1.0.0' });
  try {
    await stdio.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '--no-load', '--config', config.file], stderr: 'ignore' }));
    await http.connect(new StreamableHTTPClientTransport(new URL('mcp', served.url)));
    const overMcp = (client: Client) => async (tool: string, args: Record<string, unknown>) => {
      const result = await client.callTool({ name: tool, arguments: args });
      if (result.isError) throw new Error(`${tool} failed: ${JSON.stringify(result.content)}`);
    };
    const overGraphQL = async (tool: string, variables: Record<string, unknown>) => {
      const response = await fetch(served.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: operationOf(tool), variables }),
      });
      const body = (await response.json()) as { errors?: unknown };
      if (!response.ok || body.errors) throw new Error(`${tool} failed: ${JSON.stringify(body.errors)}`);
    };
    const ways = { stdio: overMcp(stdio), http: overMcp(http), graphql: overGraphQL } as const;
    const order = ['stdio', 'http', 'graphql'] as const;
    // Warm all three: models, caches, connections.
    for (const question of QUESTIONS) for (const way of order) await ways[way]('ask', { question });
    const asks: Samples = { stdio: [], http: [], graphql: [] };
    const lists: Samples = { stdio: [], http: [], graphql: [] };
    let turn = 0;
    for (let round = 0; round < rounds; round += 1) {
      for (const question of QUESTIONS) {
        // Rotate which goes first, so none always follows another's work.
        turn += 1;
        for (let i = 0; i < order.length; i += 1) {
          const way = order[(turn + i) % order.length]!;
          asks[way].push(await timed(() => ways[way]('ask', { question })));
        }
      }
      for (let i = 0; i < 10; i += 1) for (const way of order) lists[way].push(await timed(() => ways[way]('sources', {})));
    }
    console.log(`  ${QUESTIONS.length} questions x ${rounds} rounds per way, one call at a time, the same operation (the ask tool's)`);
    report('ask', asks);
    report('sources (the cost of the protocol alone)', lists);
  } finally {
    await stdio.close();
    await http.close();
    served.child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}
