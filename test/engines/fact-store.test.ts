/**
 * The fact store on the three SQL databases it supports, against real servers: facts written in
 * one connection are there, in order and with stable ids, in the next.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FactStore } from '../../engines/nldb/fact-store.js';
import { scratchDatabase, type ScratchDatabase } from '../helpers/databases.js';

const backends: [string, () => Promise<ScratchDatabase>][] = [
  [
    'SQLite',
    async () => ({ url: `file:${join(mkdtempSync(join(tmpdir(), 'nlq-fs-')), 'facts.sqlite')}`, drop: async () => undefined }),
  ],
  ['PostgreSQL', () => scratchDatabase('postgresql')],
  ['MariaDB', () => scratchDatabase('mysql')],
];

describe.each(backends)('the fact store on %s', (_, makeDatabase) => {
  let database: ScratchDatabase;
  beforeAll(async () => {
    database = await makeDatabase();
  });
  afterAll(() => database.drop());

  it('keeps collections and facts across connections', async () => {
    const first = await FactStore.open(database.url);
    await first.createCollection('people', 'who lives where');
    const written = await first.addFacts('people', ['Ada lives in Kestrelford.', "O'Brien works at the mill."]);
    expect(written.map((fact) => fact.text)).toEqual(['Ada lives in Kestrelford.', "O'Brien works at the mill."]);
    await first.close();

    const second = await FactStore.open(database.url);
    try {
      expect((await second.listCollections()).map((c) => [c.id, c.description])).toEqual([['people', 'who lives where']]);
      const facts = await second.listFacts('people', 10);
      expect(facts.map((fact) => [fact.id, fact.text])).toEqual(written.map((fact) => [fact.id, fact.text]));
      expect(await second.countFacts('people')).toBe(2);
    } finally {
      await second.close();
    }
  });

  it('never reuses the id of a removed fact', async () => {
    const store = await FactStore.open(database.url);
    try {
      await store.ensureCollection('ids', '');
      const [a, b] = await store.addFacts('ids', ['a.', 'b.']);
      const { removed } = await store.removeFacts('ids', [b!.id]);
      expect(removed).toEqual([b!.id]);
      const [c] = await store.addFacts('ids', ['c.']);
      expect(BigInt(c!.id)).toBeGreaterThan(BigInt(b!.id));
      expect((await store.listFacts('ids', 10)).map((fact) => fact.id)).toEqual([a!.id, c!.id]);
    } finally {
      await store.close();
    }
  });

  it('replaces a seeded collection atomically', async () => {
    const store = await FactStore.open(database.url);
    try {
      await store.ensureCollection('seeded', '');
      await store.addFacts('seeded', ['old.']);
      expect(await store.seedCollection('seeded', 'demo', ['new one.', 'new two.'])).toBe(2);
      expect((await store.listFacts('seeded', 10)).map((fact) => fact.text)).toEqual(['new one.', 'new two.']);
      expect((await store.getCollection('seeded'))?.seed).toBe('demo');
    } finally {
      await store.close();
    }
  });
});
