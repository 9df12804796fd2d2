/**
 * Fact collections through the GraphQL mutations: created, written, read back, removed, and
 * still there after the server restarts (a new gateway on the same store).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../config/limits.js';
import { errorCode, startTestServer, type TestServer } from './helpers/graphql.js';

const CREATE = 'mutation ($id: ID!, $d: String) { createFactCollection(id: $id, description: $d) { id kind description ready status } }';
const ADD = 'mutation ($c: ID!, $f: [String!]!) { addFacts(collection: $c, facts: $f) { collection ids missing size } }';
const REMOVE = 'mutation ($c: ID!, $ids: [ID!]!) { removeFacts(collection: $c, ids: $ids) { collection ids missing size } }';
const FACTS = 'query ($c: ID!, $after: ID, $limit: Int) { facts(collection: $c, after: $after, limit: $limit) { id collection text createdAt } }';

interface FactWriteData {
  collection: string;
  ids: string[];
  missing: string[];
  size: number;
}

let dir: string;
let server: TestServer;
const factStore = () => `file:${join(dir, 'facts.sqlite')}`;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nlq-facts-'));
  server = await startTestServer({
    factStore: factStore(),
    sources: [{ id: 'northwind', kind: 'sql', url: `file:${join(dir, 'absent.sqlite')}` }],
  });
});
afterEach(() => server.stop());

describe('fact collections', () => {
  it('are created empty and become a source', async () => {
    const { data, errors } = await server.run<{ createFactCollection: Record<string, unknown> }>(CREATE, {
      id: 'town',
      d: 'Facts about the town',
    });
    expect(errors).toBeUndefined();
    expect(data!.createFactCollection).toEqual({ id: 'town', kind: 'NLDB', description: 'Facts about the town', ready: true, status: '0 facts' });
    const sources = await server.run<{ sources: { id: string }[] }>('{ sources { id } }');
    expect(sources.data!.sources.map((source) => source.id)).toContain('town');
  });

  it('store facts with ids and report the size', async () => {
    await server.run(CREATE, { id: 'town' });
    const first = await server.run<{ addFacts: FactWriteData }>(ADD, { c: 'town', f: ['Ada lives in Kestrelford.', 'Bo is a baker.'] });
    expect(first.errors).toBeUndefined();
    expect(first.data!.addFacts.ids).toHaveLength(2);
    expect(first.data!.addFacts.size).toBe(2);
    const second = await server.run<{ addFacts: FactWriteData }>(ADD, { c: 'town', f: ['Cy plays chess.'] });
    expect(second.data!.addFacts.size).toBe(3);
    const listed = await server.run<{ facts: { id: string; text: string }[] }>(FACTS, { c: 'town' });
    expect(listed.data!.facts.map((fact) => fact.text)).toEqual(['Ada lives in Kestrelford.', 'Bo is a baker.', 'Cy plays chess.']);
    expect(listed.data!.facts.map((fact) => fact.id)).toEqual([...first.data!.addFacts.ids, ...second.data!.addFacts.ids]);
  });

  it('page through facts with after and limit', async () => {
    await server.run(CREATE, { id: 'town' });
    const written = await server.run<{ addFacts: FactWriteData }>(ADD, { c: 'town', f: ['one.', 'two.', 'three.'] });
    const ids = written.data!.addFacts.ids;
    const page = await server.run<{ facts: { text: string }[] }>(FACTS, { c: 'town', after: ids[0], limit: 1 });
    expect(page.data!.facts.map((fact) => fact.text)).toEqual(['two.']);
  });

  it('survive a restart of the server', async () => {
    await server.run(CREATE, { id: 'town', d: 'Facts about the town' });
    await server.run(ADD, { c: 'town', f: ['Ada lives in Kestrelford.', 'Bo is a baker.'] });
    await server.stop();

    server = await startTestServer({ factStore: factStore() });
    const sources = await server.run<{ sources: { id: string; kind: string; description: string; ready: boolean; status: string }[] }>(
      '{ sources { id kind description ready status } }',
    );
    expect(sources.data!.sources).toEqual([
      { id: 'town', kind: 'NLDB', description: 'Facts about the town', ready: true, status: '2 facts' },
    ]);
    const listed = await server.run<{ facts: { text: string }[] }>(FACTS, { c: 'town' });
    expect(listed.data!.facts.map((fact) => fact.text)).toEqual(['Ada lives in Kestrelford.', 'Bo is a baker.']);
  });

  it('remove facts by id and report ids that were not there', async () => {
    await server.run(CREATE, { id: 'town' });
    const written = await server.run<{ addFacts: FactWriteData }>(ADD, { c: 'town', f: ['one.', 'two.'] });
    const [first] = written.data!.addFacts.ids;
    const removed = await server.run<{ removeFacts: FactWriteData }>(REMOVE, { c: 'town', ids: [first, '999999', 'not-an-id'] });
    expect(removed.errors).toBeUndefined();
    expect(removed.data!.removeFacts).toEqual({ collection: 'town', ids: [first], missing: ['999999', 'not-an-id'], size: 1 });
  });

  it('keep facts of different collections apart', async () => {
    await server.run(CREATE, { id: 'a' });
    await server.run(CREATE, { id: 'b' });
    const inA = await server.run<{ addFacts: FactWriteData }>(ADD, { c: 'a', f: ['in a.'] });
    const fromB = await server.run<{ removeFacts: FactWriteData }>(REMOVE, { c: 'b', ids: inA.data!.addFacts.ids });
    expect(fromB.data!.removeFacts.missing).toEqual(inA.data!.addFacts.ids);
    const listed = await server.run<{ facts: unknown[] }>(FACTS, { c: 'a' });
    expect(listed.data!.facts).toHaveLength(1);
  });
});

describe('fact collection errors', () => {
  it('refuse a second collection with the same id', async () => {
    await server.run(CREATE, { id: 'town' });
    const again = await server.run(CREATE, { id: 'town' });
    expect(errorCode(again)).toBe('SOURCE_EXISTS');
  });

  it('refuse an id taken by another source', async () => {
    expect(errorCode(await server.run(CREATE, { id: 'northwind' }))).toBe('SOURCE_EXISTS');
  });

  it.each([[''], ['has space'], ['1starts-with-digit'], ["x'; DROP TABLE nlq_facts; --"], ['a'.repeat(65)]])(
    'refuse the collection id %j',
    async (id) => {
      expect(errorCode(await server.run(CREATE, { id }))).toBe('BAD_USER_INPUT');
    },
  );

  it('refuse writes to a collection that does not exist', async () => {
    expect(errorCode(await server.run(ADD, { c: 'nowhere', f: ['x.'] }))).toBe('SOURCE_NOT_FOUND');
  });

  it('refuse writes to a source that is not a fact collection', async () => {
    expect(errorCode(await server.run(ADD, { c: 'northwind', f: ['x.'] }))).toBe('BAD_USER_INPUT');
  });

  it.each([
    ['no facts', []],
    ['an empty fact', ['fine.', '   ']],
    ['a fact over the length limit', ['x'.repeat(DEFAULT_LIMITS.maxFactLength + 1)]],
    ['too many facts', Array.from({ length: DEFAULT_LIMITS.maxFactsPerWrite + 1 }, (_, i) => `fact ${i}.`)],
  ])('refuse %s, writing nothing', async (_, facts) => {
    await server.run(CREATE, { id: 'town' });
    expect(errorCode(await server.run(ADD, { c: 'town', f: facts }))).toBe('BAD_USER_INPUT');
    const listed = await server.run<{ facts: unknown[] }>(FACTS, { c: 'town' });
    expect(listed.data!.facts).toEqual([]);
  });

  it('store text with quotes and SQL in it as text', async () => {
    await server.run(CREATE, { id: 'town' });
    const hostile = "Robert'); DROP TABLE nlq_facts; -- lives here.";
    await server.run(ADD, { c: 'town', f: [hostile] });
    const listed = await server.run<{ facts: { text: string }[] }>(FACTS, { c: 'town' });
    expect(listed.data!.facts.map((fact) => fact.text)).toEqual([hostile]);
  });
});
