/**
 * The Cypher engine of one graph source: the schema graph described by the store when the source
 * starts, query graphs translated to Cypher and run read-only (the embedded store is opened
 * read-only; Neo4j runs READ sessions) with the store's time limit, results typed.
 */
import type { QueryGraphEngine, QueryGraphRun, RunLimits } from '../query-graph/engine.js';
import { queryGraphRun } from '../query-graph/results.js';
import type { QueryGraph } from '../query-graph/types.js';
import type { SchemaGraph } from '../schema-graph/types.js';
import type { GraphStore } from './graph-store.js';
import { introspectGraphSchema } from './introspect.js';
import { translateToCypher } from './translate.js';
import { QueryFailedError, QueryTimeoutError } from '../../errors.js';

export class CypherQueryEngine implements QueryGraphEngine {
  private constructor(
    private readonly sourceId: string,
    private readonly store: GraphStore,
    private readonly schemaGraph: SchemaGraph,
  ) {}

  static async open(sourceId: string, store: GraphStore): Promise<CypherQueryEngine> {
    return new CypherQueryEngine(sourceId, store, await introspectGraphSchema(store, sourceId));
  }

  schema(): SchemaGraph {
    return this.schemaGraph;
  }

  translate(graph: QueryGraph, limit: number): string {
    return translateToCypher(graph, this.schemaGraph, { rowLimit: limit }).text;
  }

  async run(graph: QueryGraph, limits: RunLimits): Promise<QueryGraphRun> {
    const statement = translateToCypher(graph, this.schemaGraph, { rowLimit: limits.limit });
    let records;
    try {
      records = await this.store.run(statement.text, statement.parameters);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (/interrupt|timeout|terminated/i.test(message)) throw new QueryTimeoutError(this.sourceId, limits.timeoutMs);
      throw new QueryFailedError(this.sourceId, statement.text, message.split('\n')[0] ?? 'query failed', { cause: error });
    }
    return queryGraphRun(graph, this.schemaGraph, statement, records);
  }
}
