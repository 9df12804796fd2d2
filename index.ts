/**
 * nlq-gateway: ask a company's data questions in plain English from GraphQL.
 * This is the whole public surface; everything else is internal and may change.
 */
export { nlQuery, type NlQuery } from './plugins/nl-query/index.js';
export { nlQuerySubgraph, type SubgraphModule } from './plugins/nl-query/subgraph.js';
export type { EntityKeySpec } from './schema/federation.js';
export { nlqMcpServer, type NlqMcpOptions, type McpRequestInfo } from './mcp/server.js';
export { mcpHttpHandler, type McpHttpHandler } from './mcp/http.js';
export type { Gateway } from './plugins/nl-query/gateway.js';
export type {
  CypherSourceSpec,
  NldbSourceSpec,
  NlQueryOptions,
  SourceSpec,
  SqlSourceSpec,
} from './plugins/nl-query/options.js';
export { DEFAULT_LIMITS, type Limits } from './config/limits.js';
export { loadConfig, parseConfig, type GatewayConfig, type SourceConfig } from './config/config.js';
export { typeDefs } from './schema/type-defs.js';
export { formatError, INTERNAL_ERROR_MESSAGE } from './resolvers/graphql-errors.js';
export type { Permissions, SourceRef } from './plugins/nl-query/permissions.js';
export type { EntityTypes } from './plugins/nl-query/entity-types.js';
export type { SourceScore, SourceSelection } from './plugins/nl-query/selection/source-selector.js';
export type { EntityFieldSpec, EntityTypeSpec } from './schema/entity-types.js';
export * from './errors.js';
export type * from './types.js';
