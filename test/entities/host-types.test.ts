/**
 * A host app maps classes to its own GraphQL types: the host's resolvers get the entity (values by
 * attribute id and camelCase name, plus id/source/class) as parent; the generated type that would
 * have had the name moves aside; a host type that does not implement AskEntity falls back to
 * GenericEntity instead of failing the query.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEntityServer, type EntityServer } from './server.js';

const HOST_TYPE_DEFS = /* GraphQL */ `
  type Query {
    hello: String
  }
  "The host app's own product type."
  type Product implements AskEntity {
    id: ID!
    source: ID!
    class: String!
    ProductName: String
    "Computed by the host from the entity's values."
    priceLabel: String
  }
  "A host type that does not implement AskEntity."
  type Category {
    CategoryName: String
  }
`;

const HOST_RESOLVERS = {
  Query: { hello: () => 'world' },
  Product: { priceLabel: (product: { unitPrice: number; UnitPrice: number }) => `$${product.unitPrice.toFixed(2)} (${product.UnitPrice})` },
};

describe('host types for classes', () => {
  let server: EntityServer;
  beforeAll(async () => {
    server = await startEntityServer({
      typeDefs: HOST_TYPE_DEFS,
      resolvers: HOST_RESOLVERS,
      options: { entityTypes: { 'northwind.Products': 'Product', 'northwind.Categories': 'Category' }, reservedTypeNames: ['Category'] },
    });
  });
  afterAll(() => server.stop());

  it("resolves Northwind products to the host's Product, with the host's resolvers", async () => {
    const { data, errors } = await server.run<{ hello: string; runQueryGraph: { entities: Record<string, unknown>[] } }>(/* GraphQL */ `
      query {
        hello
        runQueryGraph(source: "northwind", queryGraph: "show Products.ProductName ; where Products.ProductName = \\"Chai\\"") {
          entities { __typename id ... on Product { ProductName priceLabel } }
        }
      }
    `);
    expect(errors).toBeUndefined();
    expect(data!.hello).toBe('world');
    expect(data!.runQueryGraph.entities).toEqual([{ __typename: 'Product', id: 'northwind:Products:1', ProductName: 'Chai', priceLabel: '$18.00 (18)' }]);
  });

  it('gives the generated types other names and generates none for mapped classes', async () => {
    expect(server.nlq.typeDefs).not.toMatch(/type Product implements/);
    expect(server.nlq.typeDefs).toMatch(/type NorthwindGraphProduct implements AskEntity/);
    expect(server.nlq.typeDefs).toMatch(/type NorthwindGraphCategory implements AskEntity/);
    const types = await server.nlq.entityTypes();
    expect(types.types.find((spec) => spec.source === 'northwind' && spec.classId === 'Products')).toMatchObject({ name: 'Product', host: true });
  });

  it('falls back to GenericEntity for a host type that does not implement AskEntity', async () => {
    const { data, errors } = await server.run<{ runQueryGraph: { entities: Record<string, unknown>[] } }>(/* GraphQL */ `
      query {
        runQueryGraph(source: "northwind", queryGraph: "show Categories.CategoryName ; where Categories.CategoryName = \\"Beverages\\"") {
          entities { __typename class ... on GenericEntity { fields } }
        }
      }
    `);
    expect(errors).toBeUndefined();
    expect(data!.runQueryGraph.entities).toEqual([{ __typename: 'GenericEntity', class: 'Categories', fields: expect.objectContaining({ CategoryName: 'Beverages' }) }]);
  });
});
