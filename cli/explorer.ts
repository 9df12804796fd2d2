/**
 * The explorer `nlq serve` shows at `/`: GraphiQL, bundled from npm at build time into
 * dist/explorer/ (scripts/build-explorer.mjs) and served from here, so it works offline. A browser
 * asking for `/` (Accept: text/html) gets the page; `/explorer/<file>` its scripts, styles, fonts
 * and Monaco workers. Everything else goes to GraphQL.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, extname, join } from 'node:path';
import { dataDir } from '../world/data-dir.js';

const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
};

/** The page: the bundle's own files only, no address outside this server. */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>nlq-gateway</title>
<link rel="stylesheet" href="/explorer/explorer.css">
<style>html, body, #explorer { height: 100%; margin: 0; }</style>
</head>
<body>
<div id="explorer"></div>
<script type="module" src="/explorer/explorer.js"></script>
</body>
</html>
`;

/** Shown when the bundle was never built (an install without dev dependencies). */
const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>nlq-gateway</title></head>
<body><p>The explorer is not built here: run <code>npm run build</code> in nlq-gateway's folder. GraphQL is served
at this address (POST a JSON body with <code>query</code>).</p></body></html>
`;

/** dist/explorer/ at the package root. */
export function explorerDir(): string {
  return join(dirname(dataDir()), 'dist', 'explorer');
}

function send(response: ServerResponse, status: number, type: string, body: string | Buffer, head: boolean): void {
  response.statusCode = status;
  response.setHeader('content-type', type);
  response.setHeader('content-length', Buffer.byteLength(body));
  response.end(head ? undefined : body);
}

/** Answers `request` when it is for the explorer; false when it is GraphQL's. */
export function serveExplorer(request: IncomingMessage, response: ServerResponse, dir = explorerDir()): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const head = request.method === 'HEAD';
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname === '/' && !url.search && /text\/html/.test(request.headers.accept ?? '')) {
    const built = existsSync(join(dir, 'explorer.js'));
    send(response, 200, 'text/html; charset=utf-8', built ? PAGE : NOT_BUILT, head);
    return true;
  }
  const asset = /^\/explorer\/([\w.-]+)$/.exec(url.pathname)?.[1];
  if (!asset) return false;
  const file = join(dir, asset);
  const type = TYPES[extname(asset)];
  if (!type || asset.startsWith('.') || !existsSync(file)) {
    send(response, 404, 'text/plain; charset=utf-8', 'not found', head);
    return true;
  }
  response.setHeader('cache-control', 'public, max-age=3600');
  send(response, 200, type, readFileSync(file), head);
  return true;
}
