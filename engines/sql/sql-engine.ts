/**
 * The SQL engine of one source: the schema graph introspected at start, query graphs translated
 * for the source's dialect and run read-only under the request's limits, results typed.
 */
import type { QueryGraphEngine, QueryGraphRun, RunLimits } from '../query-graph/engine.js';
import type { QueryGraph } from '../query-graph/types.js';
import type { SchemaGraph } from '../schema-graph/types.js';
import { createExecutor, type ExecutorTarget, type SqlExecutor } from './execute/executor.js';
import { queryGraphRun, type RawRow } from '../query-graph/results.js';
import { introspectSqlSchema } from './introspect.js';
import { withInferredRelations, type RelationInference } from './inferred-relations.js';
import { withRelationTables } from './relation-tables.js';
import { translateToSql } from './translate/translate.js';

export class SqlQueryEngine implements QueryGraphEngine {
  private constructor(
    private readonly target: ExecutorTarget,
    private readonly schemaGraph: SchemaGraph,
    private readonly executor: SqlExecutor,
    private readonly inferenceStopped: string | null = null,
  ) {}

  /**
   * Introspects the database and prepares the executor. Relations the database does not declare
   * are inferred from names and data as `inferRelations` says (default `auto`: only when it declares
   * no foreign key), through the executor, so every probe is read-only and under a time limit;
   * relation tables are found after, so inferred keys can make one.
   */
  static async open(target: ExecutorTarget, options: { readonly inferRelations?: RelationInference } = {}): Promise<SqlQueryEngine> {
    const executor = createExecutor(target);
    try {
      const catalog = await introspectSqlSchema(target.client, target.provider, target.sourceId);
      const inferred = await withInferredRelations(executor, target.provider, catalog, { mode: options.inferRelations ?? 'auto' });
      const schema = await withRelationTables(target.client, target.provider, inferred.schema);
      return new SqlQueryEngine(target, schema, executor, inferred.stopped ?? null);
    } catch (error) {
      await executor.close();
      throw error;
    }
  }

  /** What relation inference did, for the source's status: how many were inferred, or why none was. */
  relationInference(): string | null {
    if (this.inferenceStopped) return this.inferenceStopped;
    const inferred = this.schemaGraph.relations.filter((relation) => relation.inferred === true).length;
    return inferred > 0 ? `${inferred} relation${inferred === 1 ? '' : 's'} inferred from names and data` : null;
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

  /**
   * The rows a SELECT written as text gives, run read-only under the time limit like a graph's
   * statement (gold SQL compared with its reading as a query graph: gold-shapes.ts).
   */
  rowsOfText(text: string, timeoutMs: number): Promise<readonly RawRow[]> {
    return this.executor.run({ text, parameters: [], columns: [], limit: 0 }, timeoutMs);
  }

  /** The rows a graph's statement gives, as the database returns them (to compare with `rowsOfText`). */
  rowsOfGraph(graph: QueryGraph, limits: RunLimits): Promise<readonly RawRow[]> {
    return this.executor.run(translateToSql(graph, this.schemaGraph, this.target.provider, { rowLimit: limits.limit }), limits.timeoutMs);
  }

  close(): Promise<void> {
    return this.executor.close();
  }
}
