/**
 * Durability of fact collections and their vector index, with a real server process: facts are
 * added, the server is killed with SIGKILL (no shutdown hooks run), and a new server on the same
 * files has every acknowledged fact and finds it by a question. A deleted index is rebuilt from
 * the stored facts. Runs the built CLI (npm test builds first).
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServeProcess, type ServeProcess } from '../../cli/serve-process.js';

const cli = new URL('../../dist/cli/nlq.js', import.meta.url).pathname;

let dir: string;
let config: string;
const running: ChildProcess[] = [];

async function serve(): Promise<ServeProcess> {
  const server = await startServeProcess(cli, ['--no-load', '--port', '0', '--config', config]);
  running.push(server.child);
  return server;
}

async function kill(server: ServeProcess): Promise<void> {
  const exited = new Promise<unknown>((resolve) => server.child.on('exit', resolve));
  server.child.kill('SIGKILL');
  await exited;
}

async function gql<T>(server: ServeProcess, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data: T; errors?: unknown[] };
  expect(body.errors).toBeUndefined();
  return body.data;
}

const ADD = 'mutation ($f: [String!]!) { addFacts(collection: "people", facts: $f) { ids } }';
const LIST = '{ facts(collection: "people", limit: 1000) { id text } }';
const ASK = `query ($q: String!) { ask(question: $q, options: { sources: ["people"] }) { answer { kind rows support { id text } } } }`;

/** 40 people, each born in one of four towns; the fact we look for is among the last written. */
const facts = Array.from({ length: 40 }, (_, i) => `Person${String.fromCharCode(65 + (i % 26))}${i} Hallam was born in ${['Ashcombe', 'Dunholt', 'Fernby', 'Wexley'][i % 4]} in ${1940 + i}.`);
const needle = 'Rowena Tillbrook was born in Quarrendon in 1977.';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'nlq-nldb-crash-'));
  config = join(dir, 'nlq.config.json');
  writeFileSync(config, JSON.stringify({ factStore: 'file:./facts.sqlite', sources: [] }));
});

afterAll(() => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

async function findsNeedle(server: ServeProcess, acknowledged: readonly string[]): Promise<void> {
  const listed = await gql<{ facts: { id: string; text: string }[] }>(server, LIST);
  const stored = new Set(listed.facts.map((f) => f.id));
  expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
  const asked = await gql<{ ask: { answer: { kind: string; rows: unknown[][]; support: { text: string }[] } | null } }>(server, ASK, {
    q: 'Who was born in Quarrendon?',
  });
  expect(asked.ask.answer?.support.map((f) => f.text)).toContain(needle);
}

describe('facts and their index survive a crash', () => {
  it('every acknowledged fact is there after SIGKILL and is found by a question; a deleted index is rebuilt', async () => {
    const first = await serve();
    await gql(first, 'mutation { createFactCollection(id: "people", description: "who was born where") { id } }');
    const acknowledged: string[] = [];
    for (let i = 0; i < facts.length; i += 10) {
      const written = await gql<{ addFacts: { ids: string[] } }>(first, ADD, { f: facts.slice(i, i + 10) });
      acknowledged.push(...written.addFacts.ids);
    }
    const last = await gql<{ addFacts: { ids: string[] } }>(first, ADD, { f: [needle] });
    acknowledged.push(...last.addFacts.ids);
    // a write in flight when the process dies may or may not land; it must not corrupt anything
    void fetch(first.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: ADD, variables: { f: ['Odd Fellow was born in Nowhere in 1900.'] } }),
    }).catch(() => undefined);
    await kill(first);

    const second = await serve();
    await findsNeedle(second, acknowledged);
    await kill(second);

    const vectors = join(dir, 'facts.sqlite.vectors');
    expect(readdirSync(vectors)).toContain('people.usearch');
    rmSync(vectors, { recursive: true, force: true });
    const third = await serve();
    await findsNeedle(third, acknowledged);
    expect(existsSync(join(vectors, 'people.usearch'))).toBe(true);
    await kill(third);
  });

  it('a corrupt index file is discarded and rebuilt, not loaded', async () => {
    const vectors = join(dir, 'facts.sqlite.vectors');
    writeFileSync(join(vectors, 'people.usearch'), 'not an index');
    const server = await serve();
    const listed = await gql<{ facts: { id: string }[] }>(server, LIST);
    await findsNeedle(
      server,
      listed.facts.map((f) => f.id),
    );
    await kill(server);
  });
});
