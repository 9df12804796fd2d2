/**
 * A property graph as a gateway source: the embedded store at a path, or Neo4j at a bolt/neo4j
 * URL, or the host app's own neo4j Driver.
 */
import type { Driver } from 'neo4j-driver';
import type { SourceInfo } from '../../types.js';
import type { InterpreterFactory, QueryGraphEngine } from '../query-graph/engine.js';
import { Readiness, type QuestionInterpreter, type Source } from '../source.js';
import { CypherQueryEngine } from './cypher-engine.js';
import { EmbeddedGraphStore } from './embedded-store.js';
import type { GraphStore } from './graph-store.js';
import { Neo4jGraphStore } from './neo4j-store.js';

/** How to reach the graph. */
export type CypherConnection =
  | { readonly url: string; readonly user?: string; readonly password?: string; readonly database?: string }
  | { readonly driver: Driver; readonly database?: string };

export interface CypherSourceOptions {
  readonly id: string;
  readonly description: string;
  readonly connection: CypherConnection;
  /** Time limit for one query, in milliseconds. */
  readonly queryTimeoutMs: number;
  /** Makes the interpreter once the engine is open; without one the source runs query graphs but cannot interpret questions. */
  readonly interpreter?: InterpreterFactory;
}

/** True for URLs that name a Neo4j server rather than an embedded store path. */
export function isNeo4jUrl(url: string): boolean {
  return /^(bolt|neo4j)(\+s|\+ssc)?:\/\//i.test(url);
}

export class CypherSource implements Source {
  readonly kind = 'cypher' as const;
  readonly id: string;
  readonly description: string;
  private readonly readiness = new Readiness();
  private store: GraphStore | null = null;
  private engine: CypherQueryEngine | null = null;
  private interpreterState: Awaited<ReturnType<InterpreterFactory>> | null = null;

  constructor(private readonly options: CypherSourceOptions) {
    this.id = options.id;
    this.description = options.description;
  }

  async start(): Promise<void> {
    try {
      this.store = await this.openStore();
      const catalog = await this.store.catalog();
      const nodes = catalog.nodeLabels.reduce((sum, label) => sum + label.count, 0);
      if (catalog.nodeLabels.length === 0) {
        this.readiness.down(`connected (${this.store.backend}) but the graph is empty: run \`nlq load\``);
      } else {
        this.engine = await CypherQueryEngine.open(this.id, this.store);
        this.interpreterState = this.options.interpreter ? await this.options.interpreter(this.id, this.engine) : null;
        const interpreting = this.interpreterState?.status ? `; ${this.interpreterState.status}` : '';
        const status =
          `connected (${this.store.backend}, ${catalog.nodeLabels.length} node labels, ` +
          `${catalog.relationshipTypes.length} relationship types, ${nodes} nodes)${interpreting}`;
        // A model that failed to load leaves the source not ready (query graphs still run).
        if (this.interpreterState?.failed) this.readiness.down(status);
        else this.readiness.up(status);
      }
    } catch (error) {
      this.readiness.down(`cannot open: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
  }

  info(): SourceInfo {
    return {
      id: this.id,
      kind: this.kind,
      description: this.description,
      ready: this.readiness.ready,
      status: this.readiness.status,
    };
  }

  queryGraphs(): QueryGraphEngine | null {
    return this.engine;
  }

  interpreter(): QuestionInterpreter | null {
    return this.interpreterState?.interpreter ?? null;
  }

  /** The open store, for the engine parts that query this source. */
  graphStore(): GraphStore | null {
    return this.store;
  }

  async close(): Promise<void> {
    const store = this.store;
    const interpreting = this.interpreterState;
    this.store = null;
    this.engine = null;
    this.interpreterState = null;
    if (interpreting) await interpreting.release();
    if (store) await store.close();
    this.readiness.down('closed');
  }

  private async openStore(): Promise<GraphStore> {
    const { connection, queryTimeoutMs } = this.options;
    if ('driver' in connection) {
      return new Neo4jGraphStore(connection.driver, false, { queryTimeoutMs, ...databaseOf(connection) });
    }
    if (isNeo4jUrl(connection.url)) {
      return Neo4jGraphStore.connect(
        connection.url,
        {
          user: connection.user ?? process.env.NEO4J_USER ?? process.env.NEO4J_USERNAME,
          password: connection.password ?? process.env.NEO4J_PASSWORD,
        },
        { queryTimeoutMs, ...databaseOf(connection) },
      );
    }
    return EmbeddedGraphStore.open(connection.url, { queryTimeoutMs });
  }
}

function databaseOf(connection: { database?: string }): { database?: string } {
  return connection.database ? { database: connection.database } : {};
}
