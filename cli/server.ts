/**
 * The standalone gateway: Apollo Server with the nlq schema and the offline explorer (explorer.ts),
 * answering from the sources of a config file.
 */
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GatewayConfig, SourceConfig } from '../config/config.js';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { mcpHttpHandler } from '../mcp/http.js';
import { nlQuery, type NlQuery } from '../plugins/nl-query/index.js';
import { nlQuerySubgraph } from '../plugins/nl-query/subgraph.js';
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
      return { ...common, kind: 'sql', ...(source.inferRelations ? { inferRelations: source.inferRelations } : {}) };
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

/** How the standalone gateway serves its schema. */
export interface ServeOptions {
  /** Serve the schema as an Apollo Federation subgraph (`_service`, `_entities`), for a router to compose. */
  readonly subgraph?: boolean;
}

/**
 * The standalone gateway's Apollo Server, not yet started: the nlq schema (with a type per class:
 * the sources start before the schema is built), as a plain schema or a Federation subgraph.
 * `nlq serve` serves it over HTTP, `nlq mcp` over MCP's stdio transport.
 */
export async function createGatewayServer(config: GatewayConfig, options: ServeOptions = {}): Promise<{ server: ApolloServer; nlq: NlQuery }> {
  const nlq = options.subgraph ? nlQuery(optionsFromConfig(config)) : await nlQuery.withEntityTypes(optionsFromConfig(config));
  const schema = options.subgraph
    ? buildSubgraphSchema(await nlQuerySubgraph(nlq))
    : makeExecutableSchema({ typeDefs: nlq.typeDefs, resolvers: nlq.resolvers });
  const server = new ApolloServer({
    schema,
    introspection: true,
    // No stack traces in responses; unexpected errors masked when NODE_ENV=production.
    formatError,
    includeStacktraceInErrorResponses: false,
    // The CLI handles SIGINT/SIGTERM itself, so it can stop the gateway and exit with code 0.
    stopOnTerminationSignals: false,
    plugins: [nlq.plugin, ApolloServerPluginLandingPageDisabled()],
  });
  return { server, nlq };
}

export async function startServer(config: GatewayConfig, listen: { host: string; port: number }, options: ServeOptions = {}): Promise<RunningServer> {
  const { server, nlq } = await createGatewayServer(config, options);
  // MCP tool calls run through the same Apollo Server, with the context a GraphQL request gets here.
  const routes = { '/mcp': mcpHttpHandler({ apollo: server }) };
  // Not startStandaloneServer: its 50 MB body limit is far above anything the gateway accepts.
  const url = await serveHttp(server, listen, maxBodyBytes(config.limits), routes);
  return { url, nlq, stop: () => server.stop() };
}
