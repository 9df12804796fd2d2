/**
 * Generating the entity types of a gateway: start it, read the schema graph of every structured
 * source that is ready, name one GraphQL type per class (schema/entity-types.ts), and tell the
 * resolvers which type stands for which class.
 */
import type { EntityTypeRegistry } from '../../resolvers/entities.js';
import { entityTypeDefs, planEntityTypes, type EntityTypeSpec } from '../../schema/entity-types.js';
import type { SchemaGraph } from '../../engines/schema-graph/types.js';
import type { Gateway } from './gateway.js';
import type { NlQueryOptions } from './options.js';

/** The generated entity types of a gateway. */
export interface EntityTypes {
  /** SDL of one `type X implements AskEntity` per class; merge it after the gateway's `typeDefs`. */
  readonly typeDefs: string;
  /** Every class and the type that stands for it (generated or the host's), in source order. */
  readonly types: readonly EntityTypeSpec[];
}

/**
 * Sources that are not ready now get no types: their entities resolve to `GenericEntity` (the
 * schema is fixed once the server runs, so a source that comes up later cannot add types).
 */
export async function generateEntityTypes(
  gateway: Gateway,
  registry: EntityTypeRegistry,
  options: Pick<NlQueryOptions, 'entityTypes' | 'reservedTypeNames'>,
): Promise<EntityTypes> {
  await gateway.start();
  const schemas: SchemaGraph[] = [];
  for (const source of gateway.listSources()) {
    if (!source.ready || source.kind === 'nldb') continue;
    schemas.push((await gateway.queryGraphEngineOf(source.id)).schema());
  }
  const types = planEntityTypes(schemas, {
    ...(options.entityTypes ? { hostTypes: options.entityTypes } : {}),
    ...(options.reservedTypeNames ? { reservedTypeNames: options.reservedTypeNames } : {}),
  });
  registry.use(types);
  return { typeDefs: entityTypeDefs(types), types };
}
