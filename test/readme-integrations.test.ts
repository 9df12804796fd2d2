/**
 * The blocks of README.md's "Integrations" section, run as a user would run them: the curl request
 * against `nlq serve`, the subgraph and in-app MCP programs (importing the built `nlq-gateway`
 * package, started with tsx in a child process), and the agent configuration's command, started by
 * the MCP SDK's own client (with `npx nlq` resolving to this package's built CLI).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServeProcess } from '../cli/serve-process.js';
import { openSqlClient } from '../engines/sql/prisma-client.js';
import { worldConfig } from './helpers/world.js';

const root = new URL('..', import.meta.url).pathname;
const cli = join(root, 'dist', 'cli', 'nlq.js');
const appDir = join(root, 'test', '.tmp', `integrations-${process.pid}`);
const children: ChildProcess[] = [];
const clients: Client[] = [];

/** The block that follows `<!-- example:<name> ... -->` in README.md. */
function readmeBlock(name: string, language: string): string {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const match = new RegExp(`<!-- example:${name}[ >][^>]*-->\\s*\`\`\`${language}\\n([\\s\\S]*?)\`\`\``).exec(readme);
  if (!match?.[1]) throw new Error(`README.md has no ${name} example`);
  return match[1];
}

async function northwindUrl(): Promise<string> {
  const source = (await worldConfig()).sources.find((candidate) => candidate.id === 'northwind');
  return source!.url!;
}

async function germanCustomers(): Promise<number> {
  const client = openSqlClient(await northwindUrl(), { readonly: true });
  try {
    const [row] = await client.$queryRawUnsafe<{ n: number | bigint }[]>("SELECT COUNT(*) AS n FROM Customers WHERE Country = 'Germany'");
    return Number(row!.n);
  } finally {
    await client.$disconnect();
  }
}

/** Runs a README TypeScript block with tsx; resolves with the URL its ready line prints. */
async function runProgram(name: string, ready: RegExp): Promise<string> {
  const file = join(appDir, `${name}.ts`);
  writeFileSync(file, readmeBlock(name, 'ts'));
  const child = spawn(process.execPath, ['--import', 'tsx', file], { cwd: appDir, env: { ...process.env, PORT: '0', NORTHWIND_URL: await northwindUrl() } });
  children.push(child);
  let output = '';
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start:\n${output}`)), 90_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('exit', (code) => reject(new Error(`${name} exited with ${code}:\n${output}`)));
  });
}

async function graphql<T>(url: string, query: string): Promise<T> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data as T;
}

beforeAll(() => {
  rmSync(appDir, { recursive: true, force: true });
  mkdirSync(appDir, { recursive: true });
});

afterAll(async () => {
  for (const client of clients) await client.close();
  for (const child of children) child.kill('SIGTERM');
  rmSync(appDir, { recursive: true, force: true });
});

describe('README integrations', () => {
  it('standalone: the curl request gets an answer from nlq serve', async () => {
    const served = await startServeProcess(cli, ['--no-load', '--host', '127.0.0.1', '--port', '0', '--config', inject('worldConfig')]);
    children.push(served.child);
    const port = new URL(served.url).port;
    const curl = spawnSync('bash', ['-c', readmeBlock('standalone', 'sh')], { env: { ...process.env, PORT: port }, encoding: 'utf8', timeout: 60_000 });
    expect(curl.status, curl.stderr).toBe(0);
    const body = JSON.parse(curl.stdout) as { data: { ask: { answer: { kind: string; rows: unknown[][]; source: string } } } };
    // Both Northwind sources hold the answer; federation takes the one its calibrated probability ranks first.
    expect(body.data.ask.answer).toEqual({ kind: 'SCALAR', rows: [[await germanCustomers()]], source: expect.stringMatching(/^northwind(-graph)?$/) });
  });

  it('subgraph: serves the federation SDL, resolves Product references, and answers ask', async () => {
    const url = await runProgram('subgraph', /subgraph ready at (http:\/\/\S+)/);
    const { _service } = await graphql<{ _service: { sdl: string } }>(url, '{ _service { sdl } }');
    expect(_service.sdl).toMatch(/type Product implements AskEntity\s+@key\(fields: "productId"\)/);
    const { _entities } = await graphql<{ _entities: unknown[] }>(url, '{ _entities(representations: [{ __typename: "Product", productId: 1 }]) { ... on Product { id source class } } }');
    expect(_entities).toEqual([{ id: 'northwind:Products:1', source: 'northwind', class: 'Products' }]);
    const { ask } = await graphql<{ ask: { answer: { kind: string; rows: unknown[][] } } }>(url, '{ ask(question: "How many customers are there in Germany?") { answer { kind rows } } }');
    expect(ask.answer).toEqual({ kind: 'SCALAR', rows: [[await germanCustomers()]] });
  });

  it("mcp-stdio: the agent configuration's command serves the tools", async () => {
    const server = (JSON.parse(readmeBlock('mcp-stdio', 'json')) as { mcpServers: { nlq: { command: string; args: string[] } } }).mcpServers.nlq;
    // `npx nlq` as it resolves once the package is installed: its built CLI.
    const bin = join(appDir, 'bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, 'npx'), `#!/bin/sh\n[ "$1" = nlq ] || exit 127\nshift\nexec "${process.execPath}" "${cli}" "$@"\n`);
    chmodSync(join(bin, 'npx'), 0o755);
    const client = new Client({ name: 'readme', version: '1.0.0' });
    clients.push(client);
    await client.connect(
      new StdioClientTransport({ command: server.command, args: server.args, env: { PATH: `${bin}:${process.env.PATH}`, NLQ_CONFIG: inject('worldConfig'), HOME: process.env.HOME ?? '/' }, stderr: 'ignore' }),
    );
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('ask');
    const result = await client.callTool({ name: 'ask', arguments: { question: 'How many customers are there in Germany?', options: { sources: ['northwind'] } } });
    expect(result.structuredContent).toMatchObject({ ask: { answer: { kind: 'SCALAR', rows: [[await germanCustomers()]] } } });
  });

  it('mcp-http: the in-app endpoint applies the permissions hook to the caller its headers name', async () => {
    const url = new URL(await runProgram('mcp-http', /MCP ready at (http:\/\/\S+)/));
    const connect = async (role: string) => {
      const client = new Client({ name: 'readme', version: '1.0.0' });
      clients.push(client);
      await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { 'x-role': role } } }));
      return client;
    };
    const analyst = await connect('analyst');
    const guest = await connect('guest');
    expect((await analyst.callTool({ name: 'sources', arguments: {} })).structuredContent).toMatchObject({ sources: [{ id: 'northwind', ready: true }] });
    expect((await guest.callTool({ name: 'sources', arguments: {} })).structuredContent).toEqual({ sources: [] });
    const answered = await analyst.callTool({ name: 'ask', arguments: { question: 'How many customers are there in Germany?' } });
    expect(answered.structuredContent).toMatchObject({ ask: { answer: { kind: 'SCALAR', rows: [[await germanCustomers()]] } } });
  });
});
