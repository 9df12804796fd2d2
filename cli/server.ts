/**
 * The standalone gateway: Apollo Server with the nlq schema and the Sandbox landing page,
 * answering from the sources of a config file.
 */
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GatewayConfig, SourceConfig } from '../config/config.js';
import { nlQuery, type NlQuery } from '../plugins/nl-query/index.js';
import { formatError } from '../resolvers/graphql-errors.js';
import { maxBodyBytes, serveHttp } from './http-server.js';
import type { SourceSpec } from '../plugins/nl-query/options.js';

export interface RunningServer {
  readonly url: string;
  readonly nlq: NlQuery;
  stop(): Promise<void>;
}

/** The nlQuery options that serve a config file's sources. */
export function optionsFromConfig(config: GatewayConfig) {
  return { sources: config.sources.map(specOf), factStore: config.factStore, limits: config.limits };
}

function specOf(source: SourceConfig): SourceSpec {
  const common = { id: source.id, url: source.url, description: source.description };
  switch (source.kind) {
    case 'sql':
      return { ...common, kind: 'sql' };
    case 'nldb':
      return { ...common, kind: 'nldb' };
    case 'cypher':
      return {
        ...common,
        kind: 'cypher',
        ...(source.user ? { user: source.user } : {}),
        ...(source.password ? { password: source.password } : {}),
      };
  }
}

export async function startServer(config: GatewayConfig, listen: { host: string; port: number }): Promise<RunningServer> {
  // With a type per class (Product, Customer, Person, ...): the sources start before the schema is built.
  const nlq = await nlQuery.withEntityTypes(optionsFromConfig(config));
  const server = new ApolloServer({
    schema: makeExecutableSchema({ typeDefs: nlq.typeDefs, resolvers: nlq.resolvers }),
    introspection: true,
    // No stack traces in responses; unexpected errors masked when NODE_ENV=production.
    formatError,
    includeStacktraceInErrorResponses: false,
    // The CLI handles SIGINT/SIGTERM itself, so it can stop the gateway and exit with code 0.
    stopOnTerminationSignals: false,
    plugins: [nlq.plugin, ApolloServerPluginLandingPageLocalDefault({ embed: true })],
  });
  // Not startStandaloneServer: its 50 MB body limit is far above anything the gateway accepts.
  const url = await serveHttp(server, listen, maxBodyBytes(config.limits));
  return { url, nlq, stop: () => server.stop() };
}
