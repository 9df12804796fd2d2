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
import { EntityTypeRegistry } from '../../resolvers/entities.js';
import { createResolvers } from '../../resolvers/index.js';
import { typeDefs } from '../../schema/type-defs.js';
import { generateEntityTypes, type EntityTypes } from './entity-types.js';
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
  /**
   * Starts the gateway and generates one GraphQL type per class of every ready structured source
   * (`Product`, `Person`, ...), implementing `AskEntity`; merge `typeDefs` after this object's.
   * Until then (and for classes it does not cover) entities resolve to `GenericEntity`.
   * `nlQuery.withEntityTypes(options)` does both steps.
   */
  entityTypes(): Promise<EntityTypes>;
}

/** `TContext` is the host's GraphQL context type, as the `permissions` hook receives it. */
export function nlQuery<TContext = unknown>(options: NlQueryOptions<TContext> = {}): NlQuery {
  const gateway = new Gateway(resolveOptions(options));
  const entityTypes = new EntityTypeRegistry();
  return {
    typeDefs,
    resolvers: createResolvers(gateway, entityTypes),
    plugin: gatewayPlugin(gateway),
    gateway,
    entityTypes: () => generateEntityTypes(gateway, entityTypes, options),
  };
}

/**
 * `nlQuery(options)` with typed entities: starts the sources, then returns typeDefs that include a
 * generated type per class, so clients write `answer { entities { ... on Product { productName } } }`.
 *
 * ```ts
 * const nlq = await nlQuery.withEntityTypes({ sources, entityTypes: { 'shop.Customers': 'Customer' } });
 * const schema = makeExecutableSchema({ typeDefs: [myTypeDefs, nlq.typeDefs], resolvers: [myResolvers, nlq.resolvers] });
 * ```
 */
nlQuery.withEntityTypes = async function withEntityTypes<TContext = unknown>(options: NlQueryOptions<TContext> = {}): Promise<NlQuery> {
  const nlq = nlQuery(options);
  const generated = await nlq.entityTypes();
  return { ...nlq, typeDefs: `${nlq.typeDefs}\n${generated.typeDefs}\n` };
};
