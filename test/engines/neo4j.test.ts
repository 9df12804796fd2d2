/**
 * The Neo4j adapter against a real Neo4j server. No server can run on the development machines,
 * so this runs only when NEO4J_URI (and NEO4J_USER / NEO4J_PASSWORD) name one.
 */
import { describe, expect, it } from 'vitest';
import { CypherSource } from '../../engines/cypher/cypher-source.js';
import { Neo4jGraphStore } from '../../engines/cypher/neo4j-store.js';

const uri = process.env.NEO4J_URI;
if (!uri) console.log('skipped: set NEO4J_URI to run against Neo4j');

describe.skipIf(!uri)('the Neo4j source', () => {
  const auth = { user: process.env.NEO4J_USER ?? process.env.NEO4J_USERNAME ?? 'neo4j', password: process.env.NEO4J_PASSWORD ?? '' };

  it('connects and reports its graph', async () => {
    const source = new CypherSource({ id: 'neo', description: 'a Neo4j server', queryTimeoutMs: 5000, connection: { url: uri!, ...auth } });
    await source.start();
    try {
      const info = source.info();
      expect(info.status).toMatch(/neo4j/);
    } finally {
      await source.close();
    }
  });

  it('runs parameterised reads and refuses writes', async () => {
    const store = await Neo4jGraphStore.connect(uri!, auth, { queryTimeoutMs: 5000 });
    try {
      expect(await store.run('RETURN $x AS x', { x: 41 })).toEqual([{ x: 41 }]);
      await expect(store.run('CREATE (:NlqWriteProbe {at: $t})', { t: Date.now() })).rejects.toThrow();
    } finally {
      await store.close();
    }
  });
});
