/**
 * Typed entities through GraphQL on the embedded world: generated types per class, values loaded
 * from the sources (Northwind in SQL and as a graph, the royals graph), the collision rule, and
 * the static contract's GenericEntity fallback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlClient } from '../../engines/sql/prisma-client.js';
import { worldConfig } from '../helpers/world.js';
import { startEntityServer, type EntityServer } from './server.js';

const RUN = /* GraphQL */ `
  query Run($source: ID!, $graph: String!, $limit: Int) {
    runQueryGraph(source: $source, queryGraph: $graph, options: { limit: $limit }) {
      kind rows
      entities {
        __typename id source class
        ... on Product { productName unitPrice discontinued }
        ... on NorthwindGraphProduct { productName unitPrice }
        ... on Person { name birthYear idAttribute }
        ... on GenericEntity { fields }
      }
    }
  }
`;

interface RunData {
  runQueryGraph: { kind: string; rows: unknown[][]; entities: Record<string, unknown>[] };
}

/** Northwind's expensive products, read straight from the SQLite file (independent of the gateway). */
async function expensiveProducts(): Promise<{ ProductID: number; ProductName: string; UnitPrice: number }[]> {
  const config = await worldConfig();
  const source = config.sources.find((candidate) => candidate.id === 'northwind');
  const client = openSqlClient(source!.url, { readonly: true });
  try {
    const rows = await client.$queryRawUnsafe<{ ProductID: number | bigint; ProductName: string; UnitPrice: number }[]>(
      'SELECT ProductID, ProductName, UnitPrice FROM Products WHERE UnitPrice > 50 ORDER BY UnitPrice DESC',
    );
    return rows.map((row) => ({ ...row, ProductID: Number(row.ProductID), UnitPrice: Number(row.UnitPrice) }));
  } finally {
    await client.$disconnect();
  }
}

describe('generated entity types', () => {
  let server: EntityServer;
  beforeAll(async () => {
    server = await startEntityServer();
  });
  afterAll(() => server.stop());

  it('loads whole Northwind products for an ENTITIES answer, typed as Product', async () => {
    const { data, errors } = await server.run<RunData>(RUN, {
      source: 'northwind',
      graph: 'show Products.ProductName ; where Products.UnitPrice > 50 ; order desc Products.UnitPrice',
    });
    expect(errors).toBeUndefined();
    const expected = await expensiveProducts();
    expect(expected.length).toBeGreaterThan(3);
    expect(data!.runQueryGraph.kind).toBe('ENTITIES');
    expect(data!.runQueryGraph.entities).toEqual(
      expected.map((product) => ({
        __typename: 'Product',
        id: `northwind:Products:${product.ProductID}`,
        source: 'northwind',
        class: 'Products',
        productName: product.ProductName,
        unitPrice: product.UnitPrice,
        // Northwind's SQLite keeps Discontinued as text ('0' / '1'): the field follows the column type.
        discontinued: expect.stringMatching(/^[01]$/),
      })),
    );
  });

  it('loads no more entities than the answer has rows', async () => {
    const { data } = await server.run<RunData>(RUN, {
      source: 'northwind',
      graph: 'show Products.ProductName ; where Products.UnitPrice > 50 ; order desc Products.UnitPrice',
      limit: 2,
    });
    expect(data!.runQueryGraph.rows).toHaveLength(2);
    expect(data!.runQueryGraph.entities.map((e) => e.productName)).toEqual(data!.runQueryGraph.rows.map((row) => row[0]));
  });

  it('gives the same class of the graph source the source-prefixed name', async () => {
    const { data, errors } = await server.run<RunData>(RUN, {
      source: 'northwind-graph',
      graph: 'show Product.productName ; where Product.unitPrice > 50 ; order desc Product.unitPrice',
    });
    expect(errors).toBeUndefined();
    const expected = await expensiveProducts();
    expect(data!.runQueryGraph.entities.map((e) => [e.__typename, e.productName, e.unitPrice])).toEqual(
      expected.map((product) => ['NorthwindGraphProduct', product.ProductName, product.UnitPrice]),
    );
    expect(server.nlq.typeDefs).toMatch(/type NorthwindGraphProduct implements AskEntity/);
  });

  it("loads the royals' Person at the end of a relation chain", async () => {
    const { data, errors } = await server.run<RunData>(RUN, {
      source: 'royals',
      graph: 'show Person#2.name ; where Person.name = "Victoria of house of Hanover" ; follow Person FATHER Person#2',
    });
    expect(errors).toBeUndefined();
    expect(data!.runQueryGraph.kind).toBe('ENTITIES');
    const [father] = data!.runQueryGraph.entities;
    expect(data!.runQueryGraph.entities).toHaveLength(1);
    expect(father).toMatchObject({ __typename: 'Person', source: 'royals', class: 'Person', name: data!.runQueryGraph.rows[0]![0] });
    expect(father!.id).toBe(`royals:Person:${father!.idAttribute}`);
    expect(father!.birthYear).toBe(1767);
  });

  it('has no entities for counts, tables and text facts', async () => {
    const count = await server.run<RunData>(RUN, { source: 'northwind', graph: 'show count Products.*' });
    expect(count.data!.runQueryGraph).toMatchObject({ kind: 'SCALAR', entities: [] });
    const table = await server.run<RunData>(RUN, { source: 'northwind', graph: 'show Products.ProductName ; show Categories.CategoryName', limit: 3 });
    expect(table.data!.runQueryGraph).toMatchObject({ kind: 'TABLE', entities: [] });
    const facts = await server.run<{ ask: { answer: { source: string; entities: unknown[] } | null } }>(
      `query { ask(question: "Who was born in Ashcombe?", options: { sources: ["kestrelford"] }) { answer { source entities { id } } } }`,
    );
    expect(facts.errors).toBeUndefined();
    if (facts.data!.ask.answer) expect(facts.data!.ask.answer.entities).toEqual([]);
  });
});

describe('the static contract (nlQuery without generated types)', () => {
  let server: EntityServer;
  beforeAll(async () => {
    server = await startEntityServer({ generated: false });
  });
  afterAll(() => server.stop());

  it('serves entities as GenericEntity with their fields as JSON', async () => {
    const { data, errors } = await server.run<RunData>(
      `query { runQueryGraph(source: "northwind", queryGraph: "show Products.ProductName ; where Products.ProductName = \\"Chai\\"") {
        entities { __typename id ... on GenericEntity { fields } } } }`,
    );
    expect(errors).toBeUndefined();
    const [chai] = data!.runQueryGraph.entities;
    expect(chai).toMatchObject({ __typename: 'GenericEntity', id: 'northwind:Products:1' });
    expect(chai!.fields).toMatchObject({ ProductID: 1, ProductName: 'Chai', UnitPrice: 18 });
    // Pictures and other binary columns are not loaded.
    expect(Object.keys(chai!.fields as object)).not.toContain('Picture');
  });
});
