/**
 * `nlQuerySubgraph(nlq)`: the gateway as a part of an Apollo Federation subgraph, for
 * `buildSubgraphSchema` from @apollo/subgraph (alone, or next to the host's own modules).
 *
 * ```ts
 * const nlq = nlQuery({ sources, entityTypes: { 'shop.Products': 'Product' } });
 * const schema = buildSubgraphSchema(await nlQuerySubgraph(nlq));
 * const server = new ApolloServer({ schema, plugins: [nlq.plugin] });
 * ```
 *
 * Classes the host maps to its own types (`entityTypes`) become entities keyed by their primary
 * key (`Product @key(fields: "productId")`): the router takes the things an answer is about and
 * asks the host's subgraph for the rest of their fields. Every other class gets its generated type,
 * as in `nlQuery.withEntityTypes`.
 */
import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper/resolverMap.js';
import { parse, type DocumentNode } from 'graphql';
import { FEDERATION_LINK, entityKeyOf, entityKeyTypeDefs, type EntityKeySpec } from '../../schema/federation.js';
import { typeDefs as contractTypeDefs } from '../../schema/type-defs.js';
import type { EntityParent } from '../../resolvers/entities.js';
import type { JsonValue } from '../../types.js';
import type { NlQuery } from './index.js';

/** A module for `buildSubgraphSchema`: the SDL with the federation link, and its resolvers. */
export interface SubgraphModule {
  readonly typeDefs: DocumentNode;
  readonly resolvers: GraphQLResolverMap<unknown>;
  /** The host entity types the subgraph declares, with their keys. */
  readonly entityKeys: readonly EntityKeySpec[];
}

/**
 * Starts the gateway (entity types are generated from the sources ready now, as
 * `nlQuery.withEntityTypes` does) and returns its subgraph module. A class mapped to a host type
 * that has no primary key is refused (BAD_USER_INPUT naming `entityTypes`).
 */
export async function nlQuerySubgraph(nlq: NlQuery): Promise<SubgraphModule> {
  const generated = await nlq.entityTypes();
  const entityKeys: EntityKeySpec[] = [];
  for (const spec of generated.types.filter((type) => type.host)) {
    const schemaClass = (await nlq.gateway.queryGraphEngineOf(spec.source)).schema().classes.find((candidate) => candidate.id === spec.classId);
    if (schemaClass) entityKeys.push(entityKeyOf(spec.name, spec.source, schemaClass));
  }
  const sdl = [FEDERATION_LINK, contractTypeDefs, generated.typeDefs, entityKeyTypeDefs(entityKeys)].join('\n\n');
  const references = Object.fromEntries(entityKeys.map((key) => [key.typeName, { __resolveReference: (reference: Record<string, unknown>) => entityOfReference(key, reference) }]));
  // The resolver map's type is @apollo/subgraph's; ours are plain objects of the same shape.
  return { typeDefs: parse(sdl), resolvers: { ...nlq.resolvers, ...references } as unknown as GraphQLResolverMap<unknown>, entityKeys };
}

/**
 * The entity a reference from another subgraph names (`{ __typename: 'Product', productId: 1 }`),
 * shaped as `Answer.entities` gives it (values under attribute ids and field names), so the
 * same fields resolve the same way. Its id, source and class follow from the key alone.
 */
function entityOfReference(key: EntityKeySpec, reference: Record<string, unknown>): EntityParent {
  const fields: Record<string, JsonValue> = {};
  const named: Record<string, JsonValue> = {};
  for (const field of key.keyFields) {
    const value = (reference[field.name] ?? null) as JsonValue;
    fields[field.attributeId] = value;
    named[field.name] = value;
  }
  const id = `${key.source}:${key.classId}:${key.keyFields.map((field) => String(fields[field.attributeId] ?? '')).join(',')}`;
  return { ...fields, ...named, id, source: key.source, class: key.classId, fields };
}
