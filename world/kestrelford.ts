/**
 * Kestrelford: free-text facts about a fictional town, one per line: the public NLDB dev set
 * (facts.txt) and the facts that tie the town to the other sources of the world (links.txt:
 * people who work for Northwind suppliers, royals the town remembers), which cross-source
 * questions need.
 */
import { createHash } from 'node:crypto';
import { FactStore } from '../engines/nldb/fact-store.js';
import { readDataFile } from './data-dir.js';
import type { Seed } from './seed.js';

function facts(): string[] {
  return ['facts.txt', 'links.txt'].flatMap((file) =>
    readDataFile('kestrelford', file)
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== ''),
  );
}

/** The seed's name with a digest of its facts: a store loaded from older data is loaded again. */
function seedVersion(texts: readonly string[]): string {
  return `kestrelford:${createHash('sha256').update(texts.join('\n')).digest('hex').slice(0, 12)}`;
}

export const kestrelfordFacts: Seed = {
  name: 'kestrelford',
  kind: 'nldb',
  summary: 'free-text facts about the fictional town of Kestrelford (people, companies, places)',
  async isLoaded(source) {
    const store = await FactStore.open(source.url);
    try {
      return (await store.getCollection(source.id))?.seed === seedVersion(facts());
    } finally {
      await store.close();
    }
  },
  async load(source, progress) {
    const texts = facts();
    const store = await FactStore.open(source.url);
    try {
      progress.phase(`facts into ${source.id}`, texts.length);
      await store.ensureCollection(source.id, source.description);
      // One transaction: a load that dies half-way leaves the collection as it was.
      const count = await store.seedCollection(source.id, seedVersion(texts), texts);
      progress.advance(texts.length);
      progress.finish(`${count} facts`);
      return `${count} Kestrelford facts loaded into collection ${source.id}`;
    } finally {
      await store.close();
    }
  },
};
