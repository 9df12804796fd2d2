/**
 * The in-app example of README.md, run as a user would run it: a host app with its own generated
 * PrismaClient, importing the built `nlq-gateway` package, started with tsx in a child process and
 * queried over HTTP.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;
const appDir = join(root, 'test', '.tmp', `host-app-${process.pid}`);
/** The fields the example's operations select. */
interface ExampleData {
  hello?: string;
  sources?: { id: string; kind: string; ready: boolean; status: string }[];
  addFacts?: { size: number };
  ask?: { sources: { source: string; status: string }[] };
}

let app: ChildProcess;
let url: string;

/** The TypeScript block that follows the example marker in README.md. */
function readmeExample(): string {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const match = /<!-- example:host-app[^>]*-->\s*```ts\n([\s\S]*?)```/.exec(readme);
  if (!match?.[1]) throw new Error('README.md has no host-app example');
  return match[1];
}

async function post(query: string, variables?: Record<string, unknown>) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: ExampleData; errors?: { extensions?: { code?: string } }[] };
}

beforeAll(async () => {
  rmSync(appDir, { recursive: true, force: true });
  mkdirSync(appDir, { recursive: true });
  // The host app's own Prisma schema and client, as `prisma generate` makes them.
  writeFileSync(
    join(appDir, 'schema.prisma'),
    `generator client {\n  provider = "prisma-client"\n  output = "./generated/prisma"\n}\n` +
      `datasource db {\n  provider = "sqlite"\n}\n` +
      `model Product {\n  id Int @id\n  name String\n  price Float\n}\n`,
  );
  const generate = spawnSync(process.execPath, [join(root, 'node_modules/prisma/build/index.js'), 'generate', '--schema', 'schema.prisma'], {
    cwd: appDir,
    env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.execPath, CHECKPOINT_DISABLE: '1', PRISMA_HIDE_UPDATE_MESSAGE: '1' },
    encoding: 'utf8',
  });
  expect(generate.status, generate.stderr).toBe(0);
  const shop = new Database(join(appDir, 'shop.sqlite'));
  shop.exec('CREATE TABLE Product (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL NOT NULL)');
  shop.prepare('INSERT INTO Product VALUES (?, ?, ?)').run(1, 'Chai', 18);
  shop.close();
  writeFileSync(join(appDir, 'app.ts'), readmeExample());

  app = spawn(process.execPath, ['--import', 'tsx', 'app.ts'], { cwd: appDir, env: { ...process.env, PORT: '0' } });
  let output = '';
  url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the example did not start:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /ready at (http:\/\/\S+)/.exec(output);
      if (ready?.[1]) {
        clearTimeout(timer);
        resolve(ready[1]);
      }
    };
    app.stdout?.on('data', read);
    app.stderr?.on('data', read);
    app.on('exit', (code) => reject(new Error(`the example exited with ${code}:\n${output}`)));
  });
});

afterAll(() => {
  app?.kill('SIGTERM');
  rmSync(appDir, { recursive: true, force: true });
});

describe('the README in-app example', () => {
  it('serves the host schema and the gateway side by side', async () => {
    const { data, errors } = await post('{ hello sources { id kind ready status } }');
    expect(errors).toBeUndefined();
    expect(data!.hello).toBe('world');
    expect(data!.sources).toEqual([
      // No model was trained for the host's shop: the shipped shared model reads its questions.
      { id: 'shop', kind: 'SQL', ready: true, status: 'connected (sqlite, 1 tables); questions: shared query-graph predictor (no model trained for this source)' },
      { id: 'notes', kind: 'NLDB', ready: true, status: '0 facts' },
    ]);
  });

  it('stores facts in the host database through the host client', async () => {
    const { data, errors } = await post('mutation { addFacts(collection: "notes", facts: ["Chai sells best in winter."]) { size } }');
    expect(errors).toBeUndefined();
    expect(data!.addFacts?.size).toBe(1);
    const shop = new Database(join(appDir, 'shop.sqlite'), { readonly: true });
    expect(shop.prepare('SELECT text FROM nlq_facts').all()).toEqual([{ text: 'Chai sells best in winter.' }]);
    shop.close();
  });

  it('answers ask() and applies the host limits', async () => {
    const ok = await post('{ ask(question: "Which products cost more than 10 dollars?") { answer { kind } sources { source status } } }');
    expect(ok.errors).toBeUndefined();
    expect(ok.data!.ask?.sources.map((outcome) => outcome.source)).toEqual(['shop', 'notes']);
    const tooMany = await post('{ ask(question: "Which products?", options: { limit: 501 }) { question } }');
    expect(tooMany.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});
