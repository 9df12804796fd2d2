/**
 * `nlq serve`'s page at `/` is an explorer served from this server (GraphiQL bundled from npm at
 * build time), so it works offline: the page names no other host, and every file it and its bundle
 * load comes from here. GraphQL keeps answering at the same address.
 */
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explorerDir } from '../cli/explorer.js';
import { serveHttp } from '../cli/http-server.js';
import { EXAMPLE_OPERATION } from '../explorer/example-operation.js';
import { startEntityServer } from './entities/server.js';

let server: ApolloServer;
let url: string;

beforeAll(async () => {
  // npm test builds dist/explorer before the tests run (npm run build).
  if (!existsSync(join(explorerDir(), 'explorer.js'))) throw new Error('dist/explorer is not built: run npm run build');
  server = new ApolloServer({ typeDefs: 'type Query { hello: String }', resolvers: { Query: { hello: () => 'world' } }, plugins: [ApolloServerPluginLandingPageDisabled()] });
  url = await serveHttp(server, { host: '127.0.0.1', port: 0 }, 1024 * 1024);
});
afterAll(() => server?.stop());

describe('the explorer at /', () => {
  it('is a page that loads only this server\'s files', async () => {
    const response = await fetch(url, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).not.toMatch(/https?:\/\//);
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets).toEqual(['/explorer/explorer.css', '/explorer/explorer.js']);
    for (const asset of assets) {
      const file = await fetch(new URL(asset, url));
      expect(file.status, asset).toBe(200);
      expect((await file.arrayBuffer()).byteLength, asset).toBeGreaterThan(1000);
    }
  });

  it('serves the Monaco workers and fonts its bundle asks for', async () => {
    const bundle = await (await fetch(new URL('/explorer/explorer.js', url))).text();
    for (const worker of ['editor.worker.js', 'json.worker.js', 'graphql.worker.js']) {
      expect(bundle.includes(worker), worker).toBe(true);
      const response = await fetch(new URL(`/explorer/${worker}`, url));
      expect(response.status, worker).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    }
    const css = await (await fetch(new URL('/explorer/explorer.css', url))).text();
    for (const font of css.matchAll(/url\(([^)]+\.ttf)\)/g)) expect((await fetch(new URL(font[1]!, url))).status).toBe(200);
  });

  it('opens with an example operation that the default world answers', async () => {
    const bundle = await (await fetch(new URL('/explorer/explorer.js', url))).text();
    expect(bundle.includes('ask(question: "How many customers are there in Germany?")')).toBe(true);
    const world = await startEntityServer();
    try {
      const { data, errors } = await world.run<{ ask: { answer: { kind: string; rows: unknown[][] } } }>(EXAMPLE_OPERATION);
      expect(errors).toBeUndefined();
      expect(data!.ask.answer).toMatchObject({ kind: 'SCALAR', rows: [[expect.any(Number)]] });
    } finally {
      await world.stop();
    }
  });

  it('refuses paths outside the bundle', async () => {
    for (const path of ['/explorer/missing.js', '/explorer/.hidden.js']) expect((await fetch(new URL(path, url))).status, path).toBe(404);
    const escaped = await fetch(new URL('/explorer/..%2Fpackage.json', url));
    expect(escaped.status).not.toBe(200);
    expect(await escaped.text()).not.toContain('"name"');
  });

  it('leaves GraphQL at the same address', async () => {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ hello }' }) });
    expect(await response.json()).toEqual({ data: { hello: 'world' } });
  });
});
