/**
 * The gateway's MCP server, exercised with the SDK's own client over both transports: `nlq mcp`
 * (stdio, the built CLI as an agent would start it) and `/mcp` on `nlq serve` (streamable HTTP).
 * Tool schemas come from the GraphQL contract, results equal the same operation over GraphQL,
 * errors carry the GraphQL codes, and over HTTP the host's permissions hook sees the caller's
 * identity from the MCP request's headers.
 */
import { ApolloServer } from '@apollo/server';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServer, type RunningServer } from '../../cli/server.js';
import { mcpHttpHandler } from '../../mcp/http.js';
import { nlQuery } from '../../plugins/nl-query/index.js';
import { runOperation } from '../helpers/graphql.js';
import { worldConfig, worldOptions } from '../helpers/world.js';

const cli = new URL('../../dist/cli/nlq.js', import.meta.url).pathname;
const QUESTION = 'How many customers are there in Germany?';

function scratchFactStore(): string {
  return `file:${join(mkdtempSync(join(tmpdir(), 'nlq-mcp-')), 'facts.sqlite')}`;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The GraphQL error codes of a failed tool call (its text is `{ errors: [...] }`). */
function errorCodes(result: CallToolResult): unknown[] {
  expect(result.isError).toBe(true);
  const text = result.content.find((part) => part.type === 'text');
  const body = JSON.parse(text && 'text' in text ? text.text : '{}') as { errors: { extensions?: { code?: string } }[] };
  return body.errors.map((error) => error.extensions?.code);
}

interface Transport {
  readonly name: string;
  connect(): Promise<Client>;
}

let served: RunningServer;
const clients: Client[] = [];

async function connected(transport: StdioClientTransport | StreamableHTTPClientTransport): Promise<Client> {
  const client = new Client({ name: 'nlq-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

const transports: Transport[] = [
  {
    name: 'stdio (nlq mcp)',
    connect: () => connected(new StdioClientTransport({ command: process.execPath, args: [cli, 'mcp', '--no-load', '--config', inject('worldConfig')], stderr: 'ignore' })),
  },
  {
    name: 'streamable HTTP (/mcp on nlq serve)',
    connect: () => connected(new StreamableHTTPClientTransport(new URL('mcp', served.url))),
  },
];

beforeAll(async () => {
  // Writes (fact collections) go to a scratch store, never the shared test world's.
  served = await startServer({ ...(await worldConfig()), factStore: scratchFactStore() }, { host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  for (const client of clients) await client.close();
  await served?.stop();
});

describe.each(transports)('MCP over $name', (transport) => {
  let client: Client;
  beforeAll(async () => {
    client = await transport.connect();
  });

  it('lists the tools with schemas derived from the GraphQL contract', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['ask', 'sources', 'run_interpretation', 'create_fact_collection', 'add_facts', 'remove_facts']);
    const ask = tools.find((tool) => tool.name === 'ask')!;
    expect(ask.inputSchema.required).toEqual(['question']);
    expect(ask.inputSchema.properties).toMatchObject({
      question: { type: 'string' },
      options: { type: ['object', 'null'], properties: { limit: { type: ['integer', 'null'], description: 'Maximum rows in the answer (default 100).' } } },
    });
    expect(ask.outputSchema).toMatchObject({ properties: { ask: { properties: { answer: { type: ['object', 'null'] } } } } });
    expect(ask.annotations).toMatchObject({ readOnlyHint: true });
    expect(tools.find((tool) => tool.name === 'remove_facts')!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
  });

  it('answers ask with the same structured result as the GraphQL field', async () => {
    const result = await call(client, 'ask', { question: QUESTION, options: { sources: ['northwind'] } });
    expect(result.isError).toBeFalsy();
    const structured = result.structuredContent as { ask: { answer: { kind: string; rows: unknown[][]; queryGraph: string } } };
    const overGraphQL = await fetch(served.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ ask(question: "${QUESTION}", options: { sources: ["northwind"] }) { answer { kind rows queryGraph } } }` }),
    });
    const { data } = (await overGraphQL.json()) as { data: { ask: { answer: unknown } } };
    expect(structured.ask.answer).toMatchObject(data.ask.answer as object);
    expect(structured.ask.answer.kind).toBe('SCALAR');
    // The text content carries the same JSON for clients that read only text.
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(structured);
  });

  it('lists sources and runs an interpretation of an answer', async () => {
    const sources = (await call(client, 'sources', {})).structuredContent as { sources: { id: string; ready: boolean }[] };
    expect(sources.sources.map((source) => source.id)).toEqual(expect.arrayContaining(['northwind', 'royals', 'kestrelford']));
    const asked = (await call(client, 'ask', { question: QUESTION, options: { sources: ['northwind'] } })).structuredContent as {
      ask: { answer: { rows: unknown[][]; queryGraph: string }; interpretations: { id: string; status: string; queryGraph: string }[] };
    };
    const chosen = asked.ask.interpretations.find((interpretation) => interpretation.status === 'CHOSEN')!;
    expect(chosen.queryGraph).toBe(asked.ask.answer.queryGraph);
    const run = await call(client, 'run_interpretation', { id: chosen.id });
    expect(run.isError).toBeFalsy();
    expect((run.structuredContent as { answer: { rows: unknown[][] } }).answer.rows).toEqual(asked.ask.answer.rows);
  });

  it('refuses bad input with the GraphQL error codes, and keeps serving', async () => {
    expect(errorCodes(await call(client, 'ask', { question: '' }))).toEqual(['BAD_USER_INPUT']);
    expect(errorCodes(await call(client, 'ask', { question: QUESTION, options: { limit: 1_000_000 } }))).toEqual(['BAD_USER_INPUT']);
    expect(errorCodes(await call(client, 'ask', { question: 7 }))).toEqual(['BAD_USER_INPUT']);
    expect(errorCodes(await call(client, 'ask', { question: QUESTION, limit: 5 }))).toEqual(['BAD_USER_INPUT']);
    expect(errorCodes(await call(client, 'run_interpretation', { id: 'no such reading' }))).toEqual(['BAD_USER_INPUT']);
    expect((await call(client, 'sources', {})).isError).toBeFalsy();
  });
});

describe('fact mutations over MCP (streamable HTTP)', () => {
  it('creates a collection, adds and removes facts, and asks it', async () => {
    const client = await transports[1]!.connect();
    const created = await call(client, 'create_fact_collection', { id: 'mcp-notes', description: 'Notes written by an agent' });
    expect(created.structuredContent).toMatchObject({ createFactCollection: { id: 'mcp-notes', kind: 'NLDB' } });
    const added = await call(client, 'add_facts', { collection: 'mcp-notes', facts: ['Ada Quill was born in Dunmere.', 'Ben Oakes was born in Harwick.'] });
    const ids = (added.structuredContent as { addFacts: { ids: string[]; size: number } }).addFacts;
    expect(ids.size).toBe(2);
    const removed = await call(client, 'remove_facts', { collection: 'mcp-notes', ids: [ids.ids[1], '999999'] });
    expect(removed.structuredContent).toEqual({ removeFacts: { collection: 'mcp-notes', ids: [ids.ids[1]], missing: ['999999'], size: 1 } });
    expect(errorCodes(await call(client, 'create_fact_collection', { id: 'mcp-notes' }))).toEqual(['SOURCE_EXISTS']);
  });
});

describe('permissions over MCP: the caller from the request headers', () => {
  let http: Server;
  let apollo: ApolloServer<{ role: string }>;
  let url: URL;

  beforeAll(async () => {
    const nlq = nlQuery<{ role: string }>({
      ...(await worldOptions(scratchFactStore())),
      permissions: { canAsk: (source, { role }) => role === 'analyst' || source.id !== 'northwind', canSee: () => true },
    });
    apollo = new ApolloServer<{ role: string }>({ schema: makeExecutableSchema({ typeDefs: nlq.typeDefs, resolvers: nlq.resolvers }), plugins: [nlq.plugin] });
    await apollo.start();
    // As the host's GraphQL context function would read it: the role from a header.
    const handler = mcpHttpHandler({ apollo, context: ({ headers }) => ({ role: String(headers['x-role'] ?? 'guest') }) });
    http = createServer((request, response) => void handler(request, response));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = new URL(`http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`);
  });

  afterAll(async () => {
    await new Promise((resolve) => http?.close(resolve));
    await apollo?.stop();
  });

  it('refuses a guest what the hook forbids and answers an analyst, as GraphQL does', async () => {
    const guest = await connected(new StreamableHTTPClientTransport(url, { requestInit: { headers: { 'x-role': 'guest' } } }));
    const analyst = await connected(new StreamableHTTPClientTransport(url, { requestInit: { headers: { 'x-role': 'analyst' } } }));
    const args = { question: QUESTION, options: { sources: ['northwind'] } };
    expect(errorCodes(await call(guest, 'ask', args))).toEqual(['FORBIDDEN_SOURCE']);
    const overGraphQL = await runOperation(apollo as unknown as ApolloServer, `{ ask(question: "${QUESTION}", options: { sources: ["northwind"] }) { question } }`);
    expect(overGraphQL.errors).toBeDefined(); // no context at all: the hook denies too
    const answered = await call(analyst, 'ask', args);
    expect(answered.isError).toBeFalsy();
    const result = (answered.structuredContent as { ask: { answer: { kind: string }; interpretations: { id: string }[] } }).ask;
    expect(result.answer.kind).toBe('SCALAR');
    // A reading the analyst got is still the guest's to be refused.
    expect(errorCodes(await call(guest, 'run_interpretation', { id: result.interpretations[0]!.id }))).toEqual(['FORBIDDEN_SOURCE']);
    expect((await call(analyst, 'run_interpretation', { id: result.interpretations[0]!.id })).isError).toBeFalsy();
  });
});
