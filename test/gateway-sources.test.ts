/**
 * `sources` tells the truth: every configured kind is listed, ready when its data is there and
 * not ready, with the reason, when it is not.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/graphql.js';
import { worldOptions } from './helpers/world.js';

interface SourcesData {
  sources: { id: string; kind: string; description: string; ready: boolean; status: string }[];
}

const SOURCES = 'query { sources { id kind description ready status } }';
const scratch = () => mkdtempSync(join(tmpdir(), 'nlq-sources-'));

describe('sources on the embedded default world', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(await worldOptions(`file:${join(scratch(), 'facts.sqlite')}`));
  });
  afterAll(() => server.stop());

  it('lists at least one ready source of each kind', async () => {
    const { data, errors } = await server.run<SourcesData>(SOURCES);
    expect(errors).toBeUndefined();
    const ready = data!.sources.filter((source) => source.ready);
    expect(new Set(ready.map((source) => source.kind))).toEqual(new Set(['SQL', 'CYPHER', 'NLDB']));
    for (const source of data!.sources) expect(source.description.length).toBeGreaterThan(10);
  });

  it('says what each ready source holds', async () => {
    const { data } = await server.run<SourcesData>(SOURCES);
    const byId = new Map(data!.sources.map((source) => [source.id, source]));
    expect(byId.get('northwind')?.status).toMatch(/sqlite, 13 tables/);
    expect(byId.get('royals')?.status).toMatch(/3010 nodes/);
    expect(byId.get('kestrelford')?.status).toBe('143 facts');
  });
});

describe('sources whose data is missing or unreachable', () => {
  let server: TestServer;
  beforeAll(async () => {
    const dir = scratch();
    server = await startTestServer({
      factStore: `file:${join(dir, 'facts.sqlite')}`,
      limits: { sourceTimeoutMs: 5000 },
      sources: [
        { id: 'missing-file', kind: 'sql', url: `file:${join(dir, 'nope.sqlite')}`, description: 'a file that is not there' },
        { id: 'refused', kind: 'sql', url: 'postgresql://nobody:secret@127.0.0.1:1/none', description: 'nothing listens here' },
        { id: 'no-graph', kind: 'cypher', url: join(dir, 'nope.lbug'), description: 'no store here' },
      ],
    });
  });
  afterAll(() => server.stop());

  it('are listed as not ready with the reason, and never leak a password', async () => {
    const { data, errors } = await server.run<SourcesData>(SOURCES);
    expect(errors).toBeUndefined();
    const byId = new Map(data!.sources.map((source) => [source.id, source]));
    expect(byId.get('missing-file')).toMatchObject({ ready: false, status: expect.stringMatching(/no database file/) });
    expect(byId.get('refused')).toMatchObject({ ready: false, status: expect.stringMatching(/cannot connect/) });
    expect(byId.get('no-graph')).toMatchObject({ ready: false, status: expect.stringMatching(/no embedded graph store/) });
    expect(JSON.stringify(data)).not.toContain('secret');
  });

  it('are reported UNAVAILABLE by ask, and the server keeps serving', async () => {
    const { data, errors } = await server.run<{ ask: { answer: unknown; sources: { source: string; status: string }[] } }>(
      'query { ask(question: "How many products are there?") { answer { kind source explanation } sources { source status message } } }',
    );
    expect(errors).toBeUndefined();
    expect(data!.ask.answer).toEqual({ kind: 'EMPTY', source: null, explanation: 'No source could answer. Sources not ready: missing-file, refused, no-graph.' });
    expect(data!.ask.sources.map((outcome) => outcome.status)).toEqual(['UNAVAILABLE', 'UNAVAILABLE', 'UNAVAILABLE']);
    const again = await server.run<SourcesData>(SOURCES);
    expect(again.data!.sources).toHaveLength(3);
  });
});
