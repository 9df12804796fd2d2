/**
 * Kestrelford: free-text facts about a fictional town (the public NLDB dev set), one per line.
 */
import { FactStore } from '../engines/nldb/fact-store.js';
import { readDataFile } from './data-dir.js';
import type { Seed } from './seed.js';

function facts(): string[] {
  return readDataFile('kestrelford', 'facts.txt')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

export const kestrelfordFacts: Seed = {
  name: 'kestrelford',
  kind: 'nldb',
  summary: 'free-text facts about the fictional town of Kestrelford (people, companies, places)',
  async isLoaded(source) {
    const store = await FactStore.open(source.url);
    try {
      return (await store.getCollection(source.id))?.seed === this.name;
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
      const count = await store.seedCollection(source.id, this.name, texts);
      progress.advance(texts.length);
      progress.finish(`${count} facts`);
      return `${count} Kestrelford facts loaded into collection ${source.id}`;
    } finally {
      await store.close();
    }
  },
};
