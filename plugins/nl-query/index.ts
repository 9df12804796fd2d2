/**
 * `nlQuery(options)`: everything a host app needs to add `ask(question)` to its GraphQL API.
 *
 * ```ts
 * const nlq = nlQuery({ sources: [{ id: 'shop', kind: 'sql', prisma }] });
 * const schema = makeExecutableSchema({ typeDefs: [myTypeDefs, nlq.typeDefs], resolvers: [myResolvers, nlq.resolvers] });
 * const server = new ApolloServer({ schema, plugins: [nlq.plugin] });
 * ```
 */
import type { ApolloServerPlugin } from '@apollo/server';
import { createResolvers } from '../../resolvers/index.js';
import { typeDefs } from '../../schema/type-defs.js';
import { Gateway } from './gateway.js';
import { resolveOptions, type NlQueryOptions } from './options.js';
import { gatewayPlugin } from './plugin.js';

export interface NlQuery {
  /** SDL of ask(), sources and the fact-collection mutations; merge it into the host schema. */
  readonly typeDefs: string;
  /** Resolvers for `typeDefs`. */
  readonly resolvers: ReturnType<typeof createResolvers>;
  /** Opens sources in `serverWillStart`, closes them in `serverWillStop`. */
  readonly plugin: ApolloServerPlugin;
  /** The gateway itself, for use outside GraphQL (the CLI, tests, a REST route). */
  readonly gateway: Gateway;
}

/** `TContext` is the host's GraphQL context type, as the `permissions` hook receives it. */
export function nlQuery<TContext = unknown>(options: NlQueryOptions<TContext> = {}): NlQuery {
  const gateway = new Gateway(resolveOptions(options));
  return { typeDefs, resolvers: createResolvers(gateway), plugin: gatewayPlugin(gateway), gateway };
}
