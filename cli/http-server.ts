/**
 * The HTTP side of `nlq serve`: what Apollo's startStandaloneServer does (JSON bodies, CORS for
 * any origin, draining on stop), with a body limit that fits the gateway's own limits instead of
 * its 50 MB: a few concurrent 50 MB bodies are gigabytes of parsed JSON, enough to bring the
 * process down before any validation runs. A larger body gets 413 without being read. A browser's
 * GET of `/` gets the offline explorer (explorer.ts).
 */
import { HeaderMap, type ApolloServer, type BaseContext } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Limits } from '../config/limits.js';
import { serveExplorer } from './explorer.js';

/**
 * The largest body a legitimate request needs: a full `addFacts` call (every fact at its longest,
 * 4 bytes per character in the worst UTF-8 and JSON escaping case) plus room for the query text.
 */
export function maxBodyBytes(limits: Limits): number {
  return limits.maxFactsPerWrite * limits.maxFactLength * 4 + 256 * 1024;
}

class BodyTooLarge extends Error {}

/** The body as text, or BodyTooLarge as soon as it passes `max` bytes (the rest is never buffered). */
function readBody(request: IncomingMessage, max: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > max) {
      reject(new BodyTooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        request.removeAllListeners('data');
        request.resume();
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function sendError(response: ServerResponse, status: number, message: string, code: string): void {
  response.statusCode = status;
  response.setHeader('content-type', 'application/json; charset=utf-8');
  response.end(JSON.stringify({ errors: [{ message, extensions: { code } }] }));
}

/** Same CORS answers as the `cors` package's defaults, which startStandaloneServer uses. */
function cors(request: IncomingMessage, response: ServerResponse): boolean {
  response.setHeader('access-control-allow-origin', '*');
  if (request.method !== 'OPTIONS') return false;
  response.setHeader('access-control-allow-methods', 'GET,HEAD,PUT,PATCH,POST,DELETE');
  const asked = request.headers['access-control-request-headers'];
  if (asked) {
    response.setHeader('access-control-allow-headers', asked);
    response.setHeader('vary', 'Access-Control-Request-Headers');
  }
  response.setHeader('content-length', '0');
  response.statusCode = 204;
  response.end();
  return true;
}

/** A handler for one path, given the body already read (JSON parsed) under the same size limit. */
export type Route = (request: IncomingMessage, response: ServerResponse, body: unknown) => Promise<void>;

async function handle(server: ApolloServer<BaseContext>, request: IncomingMessage, response: ServerResponse, maxBytes: number, routes: Readonly<Record<string, Route>>): Promise<void> {
  if (cors(request, response)) return;
  if (serveExplorer(request, response)) return;
  let body: unknown;
  try {
    const text = await readBody(request, maxBytes);
    const json = /^application\/(.+\+)?json/i.test(request.headers['content-type'] ?? '');
    body = json && text.length > 0 ? JSON.parse(text) : text.length > 0 ? text : undefined;
  } catch (error) {
    if (error instanceof BodyTooLarge) return sendError(response, 413, `the request body is larger than ${maxBytes} bytes`, 'BAD_REQUEST');
    return sendError(response, 400, 'the request body is not valid JSON', 'BAD_REQUEST');
  }
  const url = new URL(request.url ?? '/', 'http://localhost');
  const route = routes[url.pathname];
  if (route) return route(request, response, body);
  const headers = new HeaderMap();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  const result = await server.executeHTTPGraphQLRequest({
    httpGraphQLRequest: { method: (request.method ?? 'GET').toUpperCase(), headers, search: url.search, body },
    context: async () => ({}),
  });
  for (const [key, value] of result.headers) response.setHeader(key, value);
  response.statusCode = result.status ?? 200;
  if (result.body.kind === 'complete') {
    response.end(result.body.string);
    return;
  }
  for await (const chunk of result.body.asyncIterator) response.write(chunk);
  response.end();
}

/** Starts `server` (not yet started) and serves it on `listen`, with `routes` by exact path; returns its URL. */
export async function serveHttp(
  server: ApolloServer<BaseContext>,
  listen: { host: string; port: number },
  maxBytes: number,
  routes: Readonly<Record<string, Route>> = {},
): Promise<string> {
  const httpServer = createServer((request, response) => {
    handle(server, request, response, maxBytes, routes).catch(() => {
      // Apollo answers GraphQL errors itself; anything reaching here is ours, and its text stays here.
      if (!response.headersSent) sendError(response, 500, 'Internal server error', 'INTERNAL_SERVER_ERROR');
      else response.end();
    });
  });
  server.addPlugin(ApolloServerPluginDrainHttpServer({ httpServer }));
  await server.start();
  await new Promise<void>((resolve) => httpServer.listen(listen, resolve));
  const { address, port } = httpServer.address() as AddressInfo;
  const host = address === '' || address === '::' || address === '0.0.0.0' ? 'localhost' : address.includes(':') ? `[${address}]` : address;
  return `http://${host}:${port}/`;
}
