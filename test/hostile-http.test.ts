/**
 * Hostile requests at the HTTP level of `nlq serve` (cli/server.ts): bodies too large for anything
 * the gateway accepts are refused with 413 before they are buffered, malformed bodies get 400,
 * CORS preflights are answered, no stack trace is ever sent, and the server keeps answering.
 * (hostile-inputs.test.ts covers the GraphQL values themselves.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxBodyBytes } from '../cli/http-server.js';
import { startServer, type RunningServer } from '../cli/server.js';
import { DEFAULT_LIMITS } from '../config/limits.js';
import { worldConfig } from './helpers/world.js';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer(await worldConfig(), { host: '127.0.0.1', port: 0 });
});

afterAll(() => server?.stop());

const post = (body: string, contentType = 'application/json') =>
  fetch(server.url, { method: 'POST', headers: { 'content-type': contentType }, body });

async function expectStillServing(): Promise<void> {
  const response = await post(JSON.stringify({ query: '{ sources { id ready } }' }));
  expect(response.status).toBe(200);
  const json = (await response.json()) as { data: { sources: unknown[] } };
  expect(json.data.sources.length).toBeGreaterThan(0);
}

describe('nlq serve over HTTP', () => {
  it('answers a question', async () => {
    const response = await post(JSON.stringify({ query: '{ ask(question: "How many customers are there in Germany?") { answer { rows } } }' }));
    expect(response.status).toBe(200);
    expect(((await response.json()) as { errors?: unknown }).errors).toBeUndefined();
  });

  it('refuses a body larger than any request the gateway accepts with 413, and keeps serving', async () => {
    const max = maxBodyBytes(DEFAULT_LIMITS);
    const huge = JSON.stringify({ query: 'query ($q: String!) { ask(question: $q) { question } }', variables: { q: 'x'.repeat(max + 1) } });
    const response = await post(huge);
    expect(response.status).toBe(413);
    const text = await response.text();
    expect(text).toContain('BAD_REQUEST');
    expect(text).not.toMatch(/\n\s+at /);
    await expectStillServing();
  });

  it('a megabyte question within the body limit gets BAD_USER_INPUT', async () => {
    const response = await post(JSON.stringify({ query: 'query ($q: String!) { ask(question: $q) { question } }', variables: { q: 'x'.repeat(1 << 20) } }));
    const json = (await response.json()) as { errors: { extensions: { code: string } }[] };
    expect(json.errors[0]!.extensions.code).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(json)).not.toMatch(/stacktrace/);
  });

  it.each([
    ['malformed JSON', '{"query": "{ sources { id } }"'],
    ['a JSON string', '"{ sources { id } }"'],
    ['a JSON array of 100 000 operations', JSON.stringify(Array.from({ length: 100_000 }, () => ({ query: '{ sources { id } }' })))],
    ['an empty body', ''],
    ['NUL bytes', '\u0000\u0000\u0000'],
  ])('%s gets a 4xx and no stack trace', async (_, body) => {
    const response = await post(body);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await response.text()).not.toMatch(/\n\s+at |stacktrace/);
    await expectStillServing();
  });

  it('too many gateway calls in one request: 400 with BAD_USER_INPUT, not a 5xx', async () => {
    const query = `{ ${Array.from({ length: 50 }, (_, i) => `a${i}: ask(question: "How many products?") { question }`).join(' ')} }`;
    const response = await post(JSON.stringify({ query }));
    expect(response.status).toBe(400);
    const json = (await response.json()) as { errors: { extensions: Record<string, unknown> }[] };
    expect(json.errors[0]!.extensions).toEqual({ code: 'BAD_USER_INPUT', argumentName: 'operation' });
  });

  it('answers a CORS preflight like the standalone server', async () => {
    const response = await fetch(server.url, {
      method: 'OPTIONS',
      headers: { origin: 'https://example.com', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toBe('content-type');
  });

  it('serves the landing page to a browser', async () => {
    const response = await fetch(server.url, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/<html|<!DOCTYPE/i);
  });
});
