/**
 * Studio, Sandbox and every explorer show SDL descriptions as the API's documentation: every type,
 * field, argument, input field and enum value the gateway contributes has one, in the contract,
 * in the generated entity types, and in the Federation subgraph. (The root types Query and
 * Mutation belong to the host's schema; Federation's own types and fields are its own.)
 */
import { makeExecutableSchema } from '@graphql-tools/schema';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { buildSchema, type GraphQLArgument, type GraphQLNamedType, type GraphQLSchema } from 'graphql';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nlQuery, type NlQuery } from '../plugins/nl-query/index.js';
import { nlQuerySubgraph } from '../plugins/nl-query/subgraph.js';
import { typeDefs } from '../schema/type-defs.js';
import { worldOptions } from './helpers/world.js';

const ROOT_TYPES = new Set(['Query', 'Mutation']);
/** Types and fields that @apollo/subgraph adds for the router. */
const FEDERATION = /^(_Service|_Any|_Entity|link__.*|federation__.*|_FieldSet)$/;

const BUILT_IN_SCALARS = new Set(['String', 'Int', 'Float', 'Boolean', 'ID']);

/**
 * The kind of a named type by its tag, not graphql's is* predicates: @apollo/subgraph and
 * @graphql-tools build their schemas with graphql's CommonJS build, this file imports its ESM one.
 */
function kindOf(type: GraphQLNamedType): string {
  return Object.prototype.toString.call(type).slice(8, -1);
}

interface Described {
  readonly name: string;
  readonly description?: string | null | undefined;
}

/** Every place of the schema that has no description, as `Type`, `Type.field`, `Type.field(arg)`, `Enum.VALUE`. */
function undescribed(schema: GraphQLSchema): string[] {
  const missing: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__') || BUILT_IN_SCALARS.has(type.name) || FEDERATION.test(type.name)) continue;
    if (!type.description && !ROOT_TYPES.has(type.name)) missing.push(type.name);
    const kind = kindOf(type);
    if (kind === 'GraphQLObjectType' || kind === 'GraphQLInterfaceType' || kind === 'GraphQLInputObjectType') {
      const fields = Object.values((type as unknown as { getFields(): Record<string, Described & { args?: readonly GraphQLArgument[] }> }).getFields());
      for (const field of fields) {
        if (ROOT_TYPES.has(type.name) && field.name.startsWith('_')) continue;
        if (!field.description) missing.push(`${type.name}.${field.name}`);
        for (const argument of field.args ?? []) if (!argument.description) missing.push(`${type.name}.${field.name}(${argument.name})`);
      }
    }
    if (kind === 'GraphQLEnumType') {
      for (const value of (type as unknown as { getValues(): readonly Described[] }).getValues()) if (!value.description) missing.push(`${type.name}.${value.name}`);
    }
  }
  return missing;
}

describe('SDL descriptions', () => {
  const gateways: NlQuery[] = [];
  const scratch = () => `file:${join(mkdtempSync(join(tmpdir(), 'nlq-descriptions-')), 'facts.sqlite')}`;
  afterAll(async () => {
    for (const nlq of gateways) await nlq.gateway.stop();
  });

  it('finds a missing description (the check can fail)', () => {
    expect(undescribed(buildSchema('type Query { "ok" a(x: Int): Int }  enum E { "yes" A B }'))).toEqual(['Query.a(x)', 'E', 'E.B']);
  });

  it('covers every type, field, argument and enum value of the contract', () => {
    expect(undescribed(buildSchema(typeDefs))).toEqual([]);
  });

  it('covers the generated entity types of the default world', async () => {
    const nlq = await nlQuery.withEntityTypes(await worldOptions(scratch()));
    gateways.push(nlq);
    expect(nlq.typeDefs).toMatch(/implements AskEntity/);
    expect(undescribed(makeExecutableSchema({ typeDefs: nlq.typeDefs, resolvers: nlq.resolvers }))).toEqual([]);
  });

  it('covers the Federation subgraph, host entity types included', async () => {
    const nlq = nlQuery({ ...(await worldOptions(scratch())), entityTypes: { 'northwind.Products': 'Product' } });
    gateways.push(nlq);
    const module = await nlQuerySubgraph(nlq);
    expect(module.entityKeys.map((key) => key.typeName)).toEqual(['Product']);
    expect(undescribed(buildSubgraphSchema(module))).toEqual([]);
  });
});
