/**
 * Taught examples stored in the fact store's database on each of the three dialects (SQLite, and
 * scratch PostgreSQL and MariaDB databases): stored in one transaction, listed in id order with
 * keyset pages, per source, removed by id with the others reported missing, ids never reused, and
 * still there when the store is opened again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FactStore } from '../../engines/nldb/fact-store.js';
import { ExampleStore } from '../../plugins/nl-query/teaching/example-store.js';
import { scratchDatabase, type ScratchDatabase } from '../helpers/databases.js';

const dir = mkdtempSync(join(tmpdir(), 'nlq-example-store-'));
const scratch: ScratchDatabase[] = [];

afterAll(async () => {
  await Promise.all(scratch.map((database) => database.drop()));
  rmSync(dir, { recursive: true, force: true });
});

async function urlOf(provider: 'sqlite' | 'postgresql' | 'mysql'): Promise<string> {
  if (provider === 'sqlite') return `file:${join(dir, 'facts.sqlite')}`;
  const database = await scratchDatabase(provider);
  scratch.push(database);
  return database.url;
}

describe.each(['sqlite', 'postgresql', 'mysql'] as const)('taught examples on %s', (provider) => {
  it('are stored, paged, kept per source, removed by id, never reuse ids, and survive reopening', async () => {
    const url = await urlOf(provider);
    let facts = await FactStore.open(url);
    let store = await ExampleStore.on(facts.connection());
    const stored = await store.add('northwind', [
      { question: "orders from 'Germany'; DROP TABLE nlq_examples; --", queryGraph: 'show Orders.OrderID ; where Orders.ShipCountry = "Germany"', origin: 'corrected' },
      { question: 'how many products', queryGraph: 'show count Products.*', origin: 'added' },
      { question: 'Ünïcødé 北京', queryGraph: 'show Products.ProductName', origin: 'confirmed' },
    ]);
    await store.add('royals', [{ question: 'who is the queen', queryGraph: 'show Person.name', origin: 'added' }]);
    expect(stored.map((e) => e.origin)).toEqual(['corrected', 'added', 'confirmed']);
    expect((await store.list('northwind', 2)).map((e) => e.question)).toEqual([stored[0]!.question, 'how many products']);
    expect((await store.list('northwind', 2, stored[1]!.id)).map((e) => e.question)).toEqual(['Ünïcødé 北京']);
    expect(await store.remove('northwind', [stored[1]!.id, '999999', 'not-an-id'])).toEqual({ removed: [stored[1]!.id], missing: ['999999', 'not-an-id'] });
    await facts.close();

    facts = await FactStore.open(url);
    store = await ExampleStore.on(facts.connection());
    expect((await store.all('northwind')).map((e) => e.id)).toEqual([stored[0]!.id, stored[2]!.id]);
    expect(await store.all('royals')).toHaveLength(1);
    const [next] = await store.add('northwind', [{ question: 'again', queryGraph: 'show count Products.*', origin: 'added' }]);
    expect(Number(next!.id)).toBeGreaterThan(Number(stored[2]!.id));
    await facts.close();
  });
});
