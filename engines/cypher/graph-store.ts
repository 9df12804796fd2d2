/**
 * One interface over the two Cypher backends: the embedded store (@ladybugdb/core) and Neo4j
 * (neo4j-driver). Queries always carry their values as parameters. Results come back as plain
 * JSON-like records whatever the backend, so the rest of the gateway sees one shape.
 */
import type { JsonValue } from '../../types.js';

/** A value bound to a query parameter. */
export type GraphParam = string | number | boolean | null | readonly GraphParam[];

/** One result row, keyed by the RETURN aliases. */
export type GraphRecord = Readonly<Record<string, JsonValue>>;

/** The labels and relationship types a graph holds, with counts. */
export interface GraphCatalog {
  readonly nodeLabels: readonly { readonly label: string; readonly count: number }[];
  readonly relationshipTypes: readonly string[];
}

/** A property and the store's own name of its type ("INT64", "String"). */
export interface GraphProperty {
  readonly name: string;
  readonly type: string;
}

/** What a graph holds, as its store describes it: the raw material of its schema graph. */
export interface GraphDescription {
  readonly nodes: readonly {
    readonly label: string;
    readonly properties: readonly GraphProperty[];
    /** The primary-key property, when the store has one (the embedded store does, Neo4j not). */
    readonly key: string | null;
    readonly count: number;
  }[];
  readonly relationships: readonly {
    readonly type: string;
    readonly from: string;
    readonly to: string;
    readonly properties: readonly GraphProperty[];
  }[];
}

export interface GraphStore {
  readonly backend: 'embedded' | 'neo4j';
  /** Runs one read-only query with bound parameters. */
  run(query: string, params?: Readonly<Record<string, GraphParam>>): Promise<readonly GraphRecord[]>;
  catalog(): Promise<GraphCatalog>;
  /** Labels with their properties and keys, relationship types with their end labels and properties. */
  describe(): Promise<GraphDescription>;
  close(): Promise<void>;
}
