/**
 * Generated GraphQL types for entities: one object type per class of every structured source,
 * implementing `AskEntity`, so clients select `... on Product { productName unitPrice }`.
 *
 * Naming rule (stable for a given configuration):
 * - a class's type is its human singular in PascalCase (Products -> `Product`, Order Details ->
 *   `OrderDetail`, Person -> `Person`);
 * - when that name is taken (by the gateway's own types, GraphQL's scalars, a host type, or a class
 *   of a source listed earlier), the source id is put in front (`NorthwindGraphProduct`), then the
 *   class id instead of its singular, then a number;
 * - so the first source in the configuration keeps the plain names.
 * A class mapped to a host type (`entityTypes` option) gets no generated type: the host's type,
 * which must implement `AskEntity`, stands for it.
 */
import { Kind, parse } from 'graphql';
import { BadInputError } from '../errors.js';
import type { AttributeType, SchemaGraph } from '../engines/schema-graph/types.js';
import { graphqlType } from '../engines/query-graph/columns.js';
import { entityAttributes } from '../engines/query-graph/entity-query.js';
import { entityFieldNames, pascalCase } from './entity-names.js';
import { typeDefs } from './type-defs.js';

/** One field of a generated entity type. */
export interface EntityFieldSpec {
  readonly name: string;
  /** The attribute it shows, by the database's own name. */
  readonly attributeId: string;
  /** The field's GraphQL scalar (`String`, `Float`); nullable. */
  readonly type: string;
  readonly description: string;
}

/** The GraphQL type standing for one class of one source. */
export interface EntityTypeSpec {
  readonly name: string;
  readonly source: string;
  readonly classId: string;
  /** True when the host app maps the class to its own type (no SDL is generated for it). */
  readonly host: boolean;
  /** Empty for host types. */
  readonly fields: readonly EntityFieldSpec[];
  readonly description: string;
}

export interface EntityTypeOptions {
  /** `'<source>.<class>'` -> the host's own type name, which must implement `AskEntity`. */
  readonly hostTypes?: Readonly<Record<string, string>>;
  /** Type names of the host schema a generated type must not take. */
  readonly reservedTypeNames?: readonly string[];
}

const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;
const BUILT_IN_NAMES = ['String', 'Int', 'Float', 'Boolean', 'ID', 'Query', 'Mutation', 'Subscription'];

/** Names of every type the gateway's static contract defines (Answer, Source, AskEntity, ...). */
function contractTypeNames(): string[] {
  return parse(typeDefs).definitions.flatMap((definition) => ('name' in definition && definition.name?.kind === Kind.NAME ? [definition.name.value] : []));
}

/** The type of each class of `schemas` (in order: sources, then classes), named by the rule above. */
export function planEntityTypes(schemas: readonly SchemaGraph[], options: EntityTypeOptions = {}): EntityTypeSpec[] {
  const hostTypes = options.hostTypes ?? {};
  for (const [key, name] of Object.entries(hostTypes)) {
    if (!key.includes('.')) throw new BadInputError(`entityTypes key '${key}' is not '<source>.<class>'`, 'entityTypes');
    if (!GRAPHQL_NAME.test(name)) throw new BadInputError(`entityTypes['${key}'] = '${name}' is not a GraphQL type name`, 'entityTypes');
  }
  const taken = new Set([...BUILT_IN_NAMES, ...contractTypeNames(), ...Object.values(hostTypes), ...(options.reservedTypeNames ?? [])]);
  const specs: EntityTypeSpec[] = [];
  for (const schema of schemas) {
    for (const schemaClass of schema.classes) {
      const description = `A ${schemaClass.name.singular} of source ${schema.source} (class ${schemaClass.id}).`;
      const host = hostTypes[`${schema.source}.${schemaClass.id}`];
      if (host) {
        specs.push({ name: host, source: schema.source, classId: schemaClass.id, host: true, fields: [], description });
        continue;
      }
      const base = pascalCase(schemaClass.name.singular || schemaClass.id);
      const prefix = pascalCase(schema.source);
      const candidates = [base, `${prefix}${base}`, `${prefix}${pascalCase(schemaClass.id)}`];
      let name = candidates.find((candidate) => !taken.has(candidate) && !candidate.startsWith('__'));
      for (let n = 2; !name; n += 1) if (!taken.has(`${prefix}${base}${n}`)) name = `${prefix}${base}${n}`;
      taken.add(name);
      const fieldNames = entityFieldNames(schemaClass);
      const fields = entityAttributes(schemaClass).map((attribute) => ({
        name: fieldNames.get(attribute.id) as string,
        attributeId: attribute.id,
        // Always nullable: GraphQL refuses one query selecting a same-named field of two types
        // (`... on Product { productName } ... on NorthwindGraphProduct { productName }`) when one
        // is `String!` and the other `String`, and classes of different sources often differ so.
        type: scalarOf(attribute.type),
        description: `${attribute.name.singular} (${attribute.id}, ${attribute.nativeType || attribute.type})`,
      }));
      specs.push({ name, source: schema.source, classId: schemaClass.id, host: false, fields, description });
    }
  }
  return specs;
}

/**
 * The GraphQL scalar of an attribute's values: the answer column's type, with DateTime written
 * as String (ISO-8601, as in answer rows; the schema declares no DateTime scalar) and `other`
 * (lists, maps, odd database types) as JSON.
 */
export function scalarOf(type: AttributeType): string {
  if (type === 'other') return 'JSON';
  const column = graphqlType(type);
  return column === 'DateTime' ? 'String' : column;
}

/** The SDL of the generated (non-host) types; merge it after the gateway's `typeDefs`. */
export function entityTypeDefs(specs: readonly EntityTypeSpec[]): string {
  return specs
    .filter((spec) => !spec.host)
    .map((spec) => {
      const fields = spec.fields.map((field) => `  ${JSON.stringify(field.description)}\n  ${field.name}: ${field.type}`);
      return [
        `${JSON.stringify(spec.description)}`,
        `type ${spec.name} implements AskEntity {`,
        '  "Stable id: <source>:<class>:<key>."',
        '  id: ID!',
        '  "The source it comes from."',
        '  source: ID!',
        '  "Its class in the source\'s schema graph (a table or node label)."',
        '  class: String!',
        ...fields,
        '}',
      ].join('\n');
    })
    .join('\n\n');
}
