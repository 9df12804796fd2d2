/**
 * A Neo4j server holding the embedded world's graphs, for the suites that also run on Neo4j.
 * Runs only when NEO4J_URI (and NEO4J_USER / NEO4J_PASSWORD) name a server; that database is
 * WIPED and refilled, so point it at a disposable instance.
 */
import neo4j from 'neo4j-driver';
import { Neo4jGraphStore } from '../../engines/cypher/neo4j-store.js';
import { writeGraphToNeo4j } from '../../engines/cypher/neo4j-load.js';
import { silentProgress } from '../../engines/progress.js';
import { northwindGraphSpec } from '../../world/northwind.js';
import { royalsGraphSpec } from '../../world/royals.js';

export const NEO4J_URI = process.env.NEO4J_URI;
export const NEO4J_SKIPPED = 'skipped: set NEO4J_URI to run against Neo4j';

let loaded: Promise<void> | null = null;

/** A read-only store on the test Neo4j, loaded with the royals and Northwind graphs once per file. */
export async function neo4jWorld(): Promise<Neo4jGraphStore> {
  if (!NEO4J_URI) throw new Error(NEO4J_SKIPPED);
  const auth = { user: process.env.NEO4J_USER ?? process.env.NEO4J_USERNAME ?? 'neo4j', password: process.env.NEO4J_PASSWORD ?? '' };
  loaded ??= (async () => {
    const driver = neo4j.driver(NEO4J_URI, neo4j.auth.basic(auth.user, auth.password));
    try {
      const session = driver.session({ defaultAccessMode: neo4j.session.WRITE });
      await session.run('MATCH (n) CALL { WITH n DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS');
      await session.close();
      await writeGraphToNeo4j(driver, royalsGraphSpec(), silentProgress);
      await writeGraphToNeo4j(driver, await northwindGraphSpec(), silentProgress);
    } finally {
      await driver.close();
    }
  })();
  await loaded;
  return Neo4jGraphStore.connect(NEO4J_URI, auth, { queryTimeoutMs: 20_000 });
}
