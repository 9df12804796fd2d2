/**
 * Teaching the gateway as an outside client does: GraphQL mutations POSTed over HTTP to a running
 * `nlq serve` (correctAnswer with the gold SQL, removeExamples), and the source's schema graph as
 * `schemaGraph` returns it, for reading gold SQL the way the server will.
 */
import type { SchemaGraph } from '../engines/schema-graph/types.js';

interface GraphQLResponse<T> {
  readonly data?: T | null;
  readonly errors?: readonly { readonly message: string; readonly extensions?: { readonly code?: string } }[];
}

async function post<T>(url: string, query: string, variables: Record<string, unknown>): Promise<GraphQLResponse<T>> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
  return (await response.json()) as GraphQLResponse<T>;
}

/** A correction stored (its id and graph), or refused (its code). */
export type Taught = { readonly id: string; readonly queryGraph: string } | { readonly refused: string };

export async function correctOverHttp(url: string, source: string, question: string, sql: string): Promise<Taught> {
  const body = await post<{ correctAnswer: { id: string; queryGraph: string } }>(
    url,
    'mutation ($q: String!, $s: ID!, $sql: String) { correctAnswer(question: $q, source: $s, query: $sql) { id queryGraph } }',
    { q: question, s: source, sql },
  );
  if (body.data?.correctAnswer) return body.data.correctAnswer;
  return { refused: String(body.errors?.[0]?.extensions?.code ?? 'ERROR') };
}

export async function removeOverHttp(url: string, source: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const body = await post(url, 'mutation ($s: ID!, $ids: [ID!]!) { removeExamples(source: $s, ids: $ids) { removed } }', { s: source, ids });
  if (body.errors) throw new Error(`removeExamples failed: ${body.errors[0]?.message}`);
}

interface SchemaGraphResponse {
  schemaGraph: {
    source: string;
    classes: { id: string; primaryKey: string[]; rowCount: number; attributes: { id: string; type: string; nullable: boolean; primaryKey: boolean }[] }[];
    relations: { id: string; from: string; to: string; fromColumns: string[]; toColumns: string[] }[];
  };
}

/** The source's schema graph as GraphQL gives it, in the shape the query readers take (names left plain). */
export async function schemaOverHttp(url: string, source: string): Promise<SchemaGraph> {
  const body = await post<SchemaGraphResponse>(
    url,
    'query ($s: ID!) { schemaGraph(source: $s) { source classes { id primaryKey rowCount attributes { id type nullable primaryKey } } relations { id from to fromColumns toColumns } } }',
    { s: source },
  );
  const graph = body.data?.schemaGraph;
  if (!graph) throw new Error(`schemaGraph(${source}) failed: ${body.errors?.[0]?.message}`);
  const name = (id: string) => ({ singular: id, plural: id });
  return {
    source: graph.source,
    classes: graph.classes.map((c) => ({ ...c, name: name(c.id), attributes: c.attributes.map((a) => ({ ...a, name: name(a.id) })) })),
    relations: graph.relations.map((r) => ({ ...r, name: name(r.id) })),
  } as unknown as SchemaGraph;
}
