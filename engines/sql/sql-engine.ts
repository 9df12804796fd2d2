/**
 * The SQL engine of one source: the schema graph introspected at start, query graphs translated
 * for the source's dialect and run read-only under the request's limits, results typed.
 */
import type { QueryGraphEngine, QueryGraphRun, RunLimits } from '../query-graph/engine.js';
import type { QueryGraph } from '../query-graph/types.js';
import type { SchemaGraph } from '../schema-graph/types.js';
import { createExecutor, type ExecutorTarget, type SqlExecutor } from './execute/executor.js';
import { queryGraphRun } from '../query-graph/results.js';
import { introspectSqlSchema } from './introspect.js';
import { withRelationTables } from './relation-tables.js';
import { translateToSql } from './translate/translate.js';

export class SqlQueryEngine implements QueryGraphEngine {
  private constructor(
    private readonly target: ExecutorTarget,
    private readonly schemaGraph: SchemaGraph,
    private readonly executor: SqlExecutor,
  ) {}

  /** Introspects the database and prepares the executor. */
  static async open(target: ExecutorTarget): Promise<SqlQueryEngine> {
    const catalog = await introspectSqlSchema(target.client, target.provider, target.sourceId);
    const schema = await withRelationTables(target.client, target.provider, catalog);
    return new SqlQueryEngine(target, schema, createExecutor(target));
  }

  schema(): SchemaGraph {
    return this.schemaGraph;
  }

  translate(graph: QueryGraph, limit: number): string {
    return translateToSql(graph, this.schemaGraph, this.target.provider, { rowLimit: limit }).text;
  }

  async run(graph: QueryGraph, limits: RunLimits): Promise<QueryGraphRun> {
    const statement = translateToSql(graph, this.schemaGraph, this.target.provider, { rowLimit: limits.limit });
    return queryGraphRun(graph, this.schemaGraph, statement, await this.executor.run(statement, limits.timeoutMs));
  }

  close(): Promise<void> {
    return this.executor.close();
  }
}
