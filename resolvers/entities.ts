/**
 * `Answer.entities` and the `AskEntity` interface: entities are loaded only when a client selects
 * them (one more statement on the answer's source, under the same limits), and each is resolved
 * to the type standing for its class: a generated type, the host's own type, or `GenericEntity`.
 */
import type { GraphQLAbstractType, GraphQLResolveInfo } from 'graphql';
import { parseQueryGraph } from '../engines/query-graph/canonical.js';
import { entitiesFromRows, entityQuery } from '../engines/query-graph/entity-query.js';
import type { Gateway } from '../plugins/nl-query/gateway.js';
import { entityFieldNames } from '../schema/entity-names.js';
import type { EntityTypeSpec } from '../schema/entity-types.js';
import type { Answer, Entity, JsonValue } from '../types.js';
import { withErrors } from './graphql-errors.js';

/**
 * What an entity resolver receives as its parent: the entity, plus its values under the attribute
 * ids (`ProductName`) and the generated field names (`productName`), so generated types and a
 * host's own types both read them with default resolvers. `id`, `source` and `class` are the
 * entity's own and win over attributes of those names.
 */
export type EntityParent = Entity & Readonly<Record<string, JsonValue | Entity['fields']>>;

const GENERIC = 'GenericEntity';

/** Which GraphQL type stands for each (source, class); filled when entity types are generated. */
export class EntityTypeRegistry {
  private readonly names = new Map<string, string>();

  use(specs: readonly EntityTypeSpec[]): void {
    for (const spec of specs) this.names.set(key(spec.source, spec.classId), spec.name);
  }

  typeOf(source: string, classId: string): string | undefined {
    return this.names.get(key(source, classId));
  }
}

function key(source: string, classId: string): string {
  return `${source}\u0000${classId}`;
}

export function createEntityResolvers(gateway: Gateway, registry: EntityTypeRegistry) {
  // Per answer object: a client selecting `entities` twice (aliases) runs one statement.
  const loaded = new WeakMap<Answer, Promise<EntityParent[]>>();
  return {
    Answer: {
      entities: withErrors((answer: Answer) => {
        let entities = loaded.get(answer);
        if (!entities) {
          entities = loadEntities(gateway, answer);
          loaded.set(answer, entities);
        }
        return entities;
      }),
    },
    AskEntity: {
      /**
       * The registered type when this schema has it and it implements AskEntity (a host type that
       * forgot `implements AskEntity`, or typeDefs merged without the generated ones, fall back).
       */
      __resolveType(entity: EntityParent, _context: unknown, info: GraphQLResolveInfo, abstractType: GraphQLAbstractType): string {
        const name = registry.typeOf(entity.source, entity.class);
        const type = name ? info.schema.getType(name) : undefined;
        return type && 'getInterfaces' in type && info.schema.isSubType(abstractType, type) ? (name as string) : GENERIC;
      },
    },
  };
}

/** The entities of an ENTITIES answer from a structured source; empty for anything else. */
export async function loadEntities(gateway: Gateway, answer: Answer): Promise<EntityParent[]> {
  if (answer.kind !== 'ENTITIES' || !answer.queryGraph || answer.rows.length === 0) return [];
  const engine = await gateway.queryGraphEngineOf(answer.source);
  const schema = engine.schema();
  const query = entityQuery(parseQueryGraph(answer.queryGraph), schema);
  if (!query) return [];
  // As many rows as the answer has: the same things, never more than the caller was given.
  const run = await engine.run(query.graph, { limit: answer.rows.length, timeoutMs: gateway.limits.sourceTimeoutMs });
  const fieldNames = entityFieldNames(query.schemaClass);
  return entitiesFromRows(answer.source, query, run.result.rows).map((entity) => {
    const named = Object.fromEntries(Object.entries(entity.fields).map(([id, value]) => [fieldNames.get(id) ?? id, value]));
    return { ...entity.fields, ...named, id: entity.id, source: entity.source, class: entity.class, fields: entity.fields };
  });
}
