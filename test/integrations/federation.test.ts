/**
 * Federation end to end: the gateway's subgraph (nlQuerySubgraph, built with buildSubgraphSchema)
 * and a small host subgraph that owns `Product` (keyed by `productId`, with a warehouse and
 * reviews the gateway knows nothing of) are composed with @apollo/composition and served through
 * @apollo/gateway; one query combines `ask` with the host's own fields of the products it returns.
 */
import { ApolloGateway } from '@apollo/gateway';
import { composeServices } from '@apollo/composition';
import { ApolloServer } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { parse } from 'graphql';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlClient } from '../../engines/sql/prisma-client.js';
import { nlQuery } from '../../plugins/nl-query/index.js';
import { nlQuerySubgraph } from '../../plugins/nl-query/subgraph.js';
import { worldConfig, worldOptions } from '../helpers/world.js';

/** The host's own data: where each product is stored, and its reviews. */
function warehouseOf(productId: number): string {
  return productId % 2 === 0 ? 'Leeds' : 'Hull';
}

const HOST_SDL = /* GraphQL */ `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])
  "A product as the host's catalog service owns it."
  type Product @key(fields: "productId") {
    "The Northwind ProductID."
    productId: Int!
    "Where the host keeps it."
    warehouse: String!
  }
  type Query {
    "The host's own root field."
    featured: Product!
  }
`;

const hostResolvers = {
  Query: { featured: () => ({ productId: 7 }) },
  Product: {
    __resolveReference: (reference: { productId: number }) => ({ productId: reference.productId }),
    warehouse: (product: { productId: number }) => warehouseOf(product.productId),
  },
};

const servers: ApolloServer[] = [];

async function serve(server: ApolloServer): Promise<string> {
  servers.push(server);
  const { url } = await startStandaloneServer(server, { listen: { host: '127.0.0.1', port: 0 } });
  return url;
}

async function serviceSdl(url: string): Promise<string> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ _service { sdl } }' }) });
  const body = (await response.json()) as { data: { _service: { sdl: string } } };
  return body.data._service.sdl;
}

let supergraph: ApolloServer;

beforeAll(async () => {
  const factStore = `file:${join(mkdtempSync(join(tmpdir(), 'nlq-federation-')), 'facts.sqlite')}`;
  const nlq = nlQuery({ ...(await worldOptions(factStore)), entityTypes: { 'northwind.Products': 'Product' } });
  const gatewayUrl = await serve(new ApolloServer({ schema: buildSubgraphSchema(await nlQuerySubgraph(nlq)), plugins: [nlq.plugin] }));
  const hostUrl = await serve(new ApolloServer({ schema: buildSubgraphSchema({ typeDefs: parse(HOST_SDL), resolvers: hostResolvers }) }));
  const composed = composeServices([
    { name: 'nlq', url: gatewayUrl, typeDefs: parse(await serviceSdl(gatewayUrl)) },
    { name: 'catalog', url: hostUrl, typeDefs: parse(await serviceSdl(hostUrl)) },
  ]);
  expect(composed.errors ?? []).toEqual([]);
  supergraph = new ApolloServer({ gateway: new ApolloGateway({ supergraphSdl: composed.supergraphSdl! }) });
  await supergraph.start();
});

afterAll(async () => {
  await supergraph?.stop();
  for (const server of servers) await server.stop();
});

async function beverageIds(): Promise<number[]> {
  const source = (await worldConfig()).sources.find((candidate) => candidate.id === 'northwind');
  const client = openSqlClient(source!.url, { readonly: true });
  try {
    const rows = await client.$queryRawUnsafe<{ id: number | bigint }[]>("SELECT ProductID AS id FROM Products JOIN Categories ON Categories.CategoryID = Products.CategoryID WHERE CategoryName = 'Beverages'");
    return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
  } finally {
    await client.$disconnect();
  }
}

interface FederatedData {
  featured: { productId: number; warehouse: string; id: string };
  ask: { answer: { kind: string; rows: unknown[][]; entities: { __typename: string; id: string; productId: number; warehouse: string }[] } };
}

describe('the gateway as a Federation subgraph', () => {
  it("answers ask through the supergraph with the host's fields of each product", async () => {
    const response = await supergraph.executeOperation({
      query: /* GraphQL */ `
        query {
          featured { productId warehouse id }
          ask(question: "Which products are in the Beverages category?", options: { sources: ["northwind"] }) {
            answer { kind rows entities { __typename id ... on Product { productId warehouse } } }
          }
        }
      `,
    });
    expect(response.body.kind).toBe('single');
    const result = response.body.kind === 'single' ? response.body.singleResult : undefined;
    expect(result?.errors).toBeUndefined();
    const data = result!.data as unknown as FederatedData;
    // A host product resolves the gateway's fields through the gateway subgraph's @key.
    expect(data.featured).toEqual({ productId: 7, warehouse: 'Hull', id: 'northwind:Products:7' });
    const answer = data.ask.answer;
    expect(answer.kind).toBe('ENTITIES');
    const ids = answer.entities.map((entity) => entity.productId);
    expect([...ids].sort((a, b) => a - b)).toEqual(await beverageIds());
    for (const entity of answer.entities) {
      expect(entity).toEqual({ __typename: 'Product', id: `northwind:Products:${entity.productId}`, productId: entity.productId, warehouse: warehouseOf(entity.productId) });
    }
  });
});
