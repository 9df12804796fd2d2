/**
 * An Apollo server over the test world with generated entity types (`nlQuery.withEntityTypes`),
 * optionally merged with a host app's own types and resolvers, run through executeOperation.
 */
import { ApolloServer } from '@apollo/server';
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { IResolvers } from '@graphql-tools/utils';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nlQuery, type NlQuery } from '../../plugins/nl-query/index.js';
import type { NlQueryOptions } from '../../plugins/nl-query/options.js';
import { runOperation, type GraphQLResult } from '../helpers/graphql.js';
import { worldOptions } from '../helpers/world.js';

export interface EntityServer {
  readonly nlq: NlQuery;
  run<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>): Promise<GraphQLResult<T>>;
  stop(): Promise<void>;
}

export interface HostApp {
  readonly typeDefs?: string;
  readonly resolvers?: IResolvers;
  /** Generate entity types (default) or serve the static contract only. */
  readonly generated?: boolean;
  readonly options?: Partial<NlQueryOptions>;
}

export async function startEntityServer(host: HostApp = {}): Promise<EntityServer> {
  const factStore = `file:${join(mkdtempSync(join(tmpdir(), 'nlq-entities-')), 'facts.sqlite')}`;
  const options = { ...(await worldOptions(factStore)), ...host.options };
  const nlq = host.generated === false ? nlQuery(options) : await nlQuery.withEntityTypes(options);
  const server = new ApolloServer({
    schema: makeExecutableSchema({
      typeDefs: [...(host.typeDefs ? [host.typeDefs] : []), nlq.typeDefs],
      resolvers: [...(host.resolvers ? [host.resolvers] : []), nlq.resolvers],
    }),
    plugins: [nlq.plugin],
  });
  await server.start();
  return {
    nlq,
    run: <T>(query: string, variables?: Record<string, unknown>) => runOperation<T>(server, query, variables),
    stop: () => server.stop(),
  };
}
