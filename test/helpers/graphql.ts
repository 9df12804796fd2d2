/**
 * Runs operations against an ApolloServer the way a client would see them (executeOperation goes
 * through the whole request pipeline: parsing, validation, plugins, error formatting).
 */
import { ApolloServer } from '@apollo/server';
import { makeExecutableSchema } from '@graphql-tools/schema';
import assert from 'node:assert/strict';
import { nlQuery, type NlQuery } from '../../plugins/nl-query/index.js';
import type { NlQueryOptions } from '../../plugins/nl-query/options.js';

export interface TestServer {
  readonly nlq: NlQuery;
  readonly server: ApolloServer;
  /** Runs an operation; returns data and errors as an HTTP client would receive them. */
  run<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>): Promise<GraphQLResult<T>>;
  stop(): Promise<void>;
}

export interface GraphQLResult<T> {
  readonly data: T | null | undefined;
  readonly errors: readonly { message: string; extensions?: Record<string, unknown> }[] | undefined;
}

export async function startTestServer(options: NlQueryOptions): Promise<TestServer> {
  const nlq = nlQuery(options);
  const server = new ApolloServer({
    schema: makeExecutableSchema({ typeDefs: nlq.typeDefs, resolvers: nlq.resolvers }),
    plugins: [nlq.plugin],
  });
  await server.start();
  return {
    nlq,
    server,
    run: <T>(query: string, variables?: Record<string, unknown>) => runOperation<T>(server, query, variables),
    stop: () => server.stop(),
  };
}

/** One operation through the whole Apollo pipeline, as data and errors a client would receive. */
export async function runOperation<T>(server: ApolloServer, query: string, variables?: Record<string, unknown>): Promise<GraphQLResult<T>> {
  const response = await server.executeOperation({ query, ...(variables ? { variables } : {}) });
  assert.equal(response.body.kind, 'single');
  const { data, errors } = response.body.singleResult;
  return { data: data as T | null | undefined, errors: errors as GraphQLResult<T>['errors'] };
}

/** The `extensions.code` of the first error, for asserting on error kinds. */
export function errorCode(result: GraphQLResult<unknown>): unknown {
  return result.errors?.[0]?.extensions?.code;
}
