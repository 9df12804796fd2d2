/**
 * The gateway's contract as a Federation 2 subgraph: the same SDL with a `@link` to the federation
 * spec, plus, for each class the host maps to one of its own entity types, that type declared as
 * an entity (`@key` on the class's primary key), so a supergraph resolves the host's fields of the
 * things `ask` returns from the host's own subgraph.
 */
import type { SchemaClass } from '../engines/schema-graph/types.js';
import { entityAttributes } from '../engines/query-graph/entity-query.js';
import { BadInputError } from '../errors.js';
import { entityFieldNames } from './entity-names.js';
import { scalarOf } from './entity-types.js';

/** The federation spec version the subgraph SDL links to (2.3: `@key`, `@shareable`, `@interfaceObject`). */
export const FEDERATION_SPEC_URL = 'https://specs.apollo.dev/federation/v2.3';

/** The `extend schema @link(...)` line every subgraph SDL starts with. */
export const FEDERATION_LINK = `extend schema @link(url: "${FEDERATION_SPEC_URL}", import: ["@key"])`;

/** One class answered as another subgraph's entity. */
export interface EntityKeySpec {
  /** The host's entity type (`Product`). */
  readonly typeName: string;
  readonly source: string;
  readonly classId: string;
  /** Key fields in key order: the GraphQL field name and the class attribute it holds. */
  readonly keyFields: readonly { readonly name: string; readonly attributeId: string; readonly type: string }[];
}

/**
 * The key of a class mapped to a host entity type: its primary key attributes, named as the
 * gateway names entity fields (`ProductID` -> `productId`). The host's type must have the same
 * fields (it may keep other keys of its own: Federation allows several `@key`s).
 */
export function entityKeyOf(typeName: string, source: string, schemaClass: SchemaClass): EntityKeySpec {
  if (schemaClass.primaryKey.length === 0) {
    throw new BadInputError(`class ${source}.${schemaClass.id} has no primary key, so ${typeName} cannot be a federated entity`, 'entityTypes');
  }
  const names = entityFieldNames(schemaClass);
  const attributes = new Map(entityAttributes(schemaClass).map((attribute) => [attribute.id, attribute]));
  const keyFields = schemaClass.primaryKey.map((attributeId) => {
    const attribute = attributes.get(attributeId);
    const name = names.get(attributeId);
    if (!attribute || !name) throw new BadInputError(`the key ${attributeId} of ${source}.${schemaClass.id} cannot be a GraphQL field`, 'entityTypes');
    return { name, attributeId, type: scalarOf(attribute.type) };
  });
  return { typeName, source, classId: schemaClass.id, keyFields };
}

/** The SDL of the host entity types as the gateway's subgraph knows them: the key and `AskEntity`. */
export function entityKeyTypeDefs(keys: readonly EntityKeySpec[]): string {
  return keys
    .map((key) => {
      const fields = key.keyFields.map((field) => `  "The key ${field.attributeId} of class ${key.classId} of source ${key.source}."\n  ${field.name}: ${field.type}!`);
      return [
        `"A ${key.classId} of source ${key.source}, an entity of the host's subgraph; \`ask\` answers name it by its key."`,
        `type ${key.typeName} implements AskEntity @key(fields: "${key.keyFields.map((field) => field.name).join(' ')}") {`,
        '  "Stable id: <source>:<class>:<key>."',
        '  id: ID!',
        '  "The source it comes from."',
        '  source: ID!',
        '  "Its class in the source\'s schema graph."',
        '  class: String!',
        ...fields,
        '}',
      ].join('\n');
    })
    .join('\n\n');
}
