/**
 * What an engine offers to run query graphs: its schema graph, and running a graph read-only
 * under limits. The SQL engine implements it; a graph engine implements the same interface, so
 * the predictor and the gateway never care which kind of store answers.
 */
import type { SchemaGraph } from '../schema-graph/types.js';
import type { QuestionInterpreter, ResultSet } from '../source.js';
import type { QueryGraph } from './types.js';

export interface RunLimits {
  /** The most rows to return. */
  readonly limit: number;
  /** Time limit for the statement, in milliseconds. */
  readonly timeoutMs: number;
}

/** One query graph, run. */
export interface QueryGraphRun {
  /** The SQL or Cypher text that ran (values are bound separately and not in here). */
  readonly query: string;
  readonly explanation: string;
  readonly result: ResultSet;
}

export interface QueryGraphEngine {
  /** The schema graph the engine introspected when its source started. */
  schema(): SchemaGraph;
  /** The query text a graph translates to, without running it. */
  translate(graph: QueryGraph, limit: number): string;
  run(graph: QueryGraph, limits: RunLimits): Promise<QueryGraphRun>;
}

/**
 * Makes the question interpreter of a started structured source from its query-graph engine, or
 * says why there is none. The gateway passes the query-graph predictor's loader
 * (engines/predictor), so engines never depend on the plugin.
 */
export type InterpreterFactory = (
  sourceId: string,
  engine: QueryGraphEngine,
) => Promise<{
  readonly interpreter: QuestionInterpreter | null;
  /** Added to the source's status (why there is no interpreter, or which one); null adds nothing. */
  readonly status: string | null;
  /**
   * True when a model is there but could not be used (corrupt, made for another schema): the
   * source is then not ready (its status says why), though it still runs query graphs. No model
   * at all is not a failure: the source is ready and cannot interpret questions.
   */
  readonly failed?: boolean;
  release(): Promise<void>;
}>;
