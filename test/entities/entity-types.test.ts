/**
 * Naming and SDL of the generated entity types, on small schema graphs made in the test: the
 * collision rule, field names and scalars, host mappings, and that the SDL builds a valid schema.
 */
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { classHumanName, attributeHumanName } from '../../engines/schema-graph/names.js';
import type { AttributeType, SchemaClass, SchemaGraph } from '../../engines/schema-graph/types.js';
import { camelCase, entityFieldNames, pascalCase } from '../../schema/entity-names.js';
import { entityTypeDefs, planEntityTypes } from '../../schema/entity-types.js';
import { typeDefs } from '../../schema/type-defs.js';

function schemaClass(id: string, attributes: [string, AttributeType, boolean?][], primaryKey: string[] = []): SchemaClass {
  return {
    id,
    name: classHumanName(id),
    primaryKey,
    rowCount: 1,
    attributes: attributes.map(([attributeId, type, nullable]) => ({
      id: attributeId,
      classId: id,
      type,
      nativeType: type.toUpperCase(),
      nullable: nullable ?? true,
      primaryKey: primaryKey.includes(attributeId),
      name: attributeHumanName(attributeId),
    })),
  };
}

const shop: SchemaGraph = {
  source: 'shop',
  classes: [
    schemaClass('Products', [['ProductID', 'integer', false], ['ProductName', 'text', false], ['UnitPrice', 'decimal'], ['Picture', 'binary'], ['Discontinued', 'boolean']], ['ProductID']),
    schemaClass('Order Details', [['OrderID', 'integer', false], ['ProductID', 'integer', false], ['Quantity', 'integer']], ['OrderID', 'ProductID']),
    schemaClass('Sources', [['id', 'text', false], ['class', 'text'], ['birth_date', 'date'], ['Unit Price', 'float'], ['unitPrice', 'float'], ['extra', 'other']], ['id']),
  ],
  relations: [],
};
const graph: SchemaGraph = {
  source: 'shop-graph',
  classes: [schemaClass('Product', [['productName', 'text']]), schemaClass('Person', [['name', 'text']])],
  relations: [],
};

describe('entity names', () => {
  it('PascalCases classes and camelCases attributes', () => {
    expect(pascalCase('order detail')).toBe('OrderDetail');
    expect(pascalCase('northwind-graph')).toBe('NorthwindGraph');
    expect(camelCase('UnitPrice')).toBe('unitPrice');
    expect(camelCase('CustomerID')).toBe('customerId');
    expect(camelCase('birth_date')).toBe('birthDate');
    expect(camelCase('productName')).toBe('productName');
    // GraphQL names cannot start with a digit.
    expect(camelCase('2nd line')).toBe('_2NdLine');
  });

  it('renames attributes that clash with the interface fields or with each other, and leaves binary ones out', () => {
    const names = entityFieldNames(shop.classes[2] as SchemaClass);
    expect(Object.fromEntries(names)).toEqual({
      id: 'idAttribute',
      class: 'classAttribute',
      birth_date: 'birthDate',
      'Unit Price': 'unitPrice',
      unitPrice: 'unitPrice2',
      extra: 'extra',
    });
    expect(entityFieldNames(shop.classes[0] as SchemaClass).has('Picture')).toBe(false);
  });
});

describe('planEntityTypes', () => {
  it('names types by singular; the first source keeps the plain name, later ones get their source id in front', () => {
    const specs = planEntityTypes([shop, graph]);
    expect(specs.map((spec) => `${spec.source}.${spec.classId} -> ${spec.name}`)).toEqual([
      'shop.Products -> Product',
      'shop.Order Details -> OrderDetail',
      // "Source" is a type of the gateway's contract.
      'shop.Sources -> ShopSource',
      'shop-graph.Product -> ShopGraphProduct',
      'shop-graph.Person -> Person',
    ]);
  });

  it('types fields from attribute types, all nullable (so same-named fields of two types can be selected together)', () => {
    const product = planEntityTypes([shop])[0]!;
    expect(product.fields.map((field) => `${field.name}: ${field.type}`)).toEqual([
      'productId: Int',
      'productName: String',
      'unitPrice: Float',
      'discontinued: Boolean',
    ]);
    const sources = planEntityTypes([shop])[2]!;
    expect(sources.fields.find((field) => field.attributeId === 'birth_date')?.type).toBe('String');
    expect(sources.fields.find((field) => field.attributeId === 'extra')?.type).toBe('JSON');
  });

  it('maps a class to a host type, and keeps generated types off host and reserved names', () => {
    const specs = planEntityTypes([shop, graph], { hostTypes: { 'shop-graph.Product': 'Product' }, reservedTypeNames: ['Person'] });
    expect(specs.find((spec) => spec.classId === 'Product')).toMatchObject({ name: 'Product', host: true, fields: [] });
    expect(specs.find((spec) => spec.classId === 'Products')?.name).toBe('ShopProduct');
    expect(specs.find((spec) => spec.classId === 'Person')?.name).toBe('ShopGraphPerson');
    expect(entityTypeDefs(specs)).not.toMatch(/type Product /);
  });

  it('refuses malformed host mappings', () => {
    expect(() => planEntityTypes([shop], { hostTypes: { Products: 'Product' } })).toThrow(/<source>\.<class>/);
    expect(() => planEntityTypes([shop], { hostTypes: { 'shop.Products': 'Not a name' } })).toThrow(/GraphQL type name/);
  });

  it('writes SDL that builds with the contract', () => {
    const schema = makeExecutableSchema({ typeDefs: [typeDefs, entityTypeDefs(planEntityTypes([shop, graph]))], resolverValidationOptions: { requireResolversToMatchSchema: 'ignore' } });
    // graphql-tools may load another copy of graphql: check by shape, not by class.
    const product = schema.getType('Product') as GraphQLObjectType;
    expect(product.getInterfaces().map((i) => i.name)).toEqual(['AskEntity']);
    expect(Object.keys(product.getFields())).toEqual(['id', 'source', 'class', 'productId', 'productName', 'unitPrice', 'discontinued']);
    expect(String(product.getFields().productName?.type)).toBe('String');
  });
});
