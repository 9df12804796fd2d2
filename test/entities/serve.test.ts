/**
 * The standalone server (what `npm start` runs) serves the generated entity types over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../cli/server.js';
import { worldConfig } from '../helpers/world.js';

describe('the standalone server', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer(await worldConfig(), { host: '127.0.0.1', port: 0 });
  });
  afterAll(() => server.stop());

  it('exposes a type per class: Product, Customer, Person, ...', async () => {
    const query = /* GraphQL */ `
      query {
        product: __type(name: "Product") { fields { name } interfaces { name } }
        customer: __type(name: "Customer") { name }
        person: __type(name: "Person") { name }
        runQueryGraph(source: "northwind", queryGraph: "show Products.ProductName ; where Products.ProductName = \\"Chang\\"") {
          entities { ... on Product { productName unitPrice } }
        }
      }
    `;
    const response = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
    const body = (await response.json()) as {
      data: {
        product: { fields: { name: string }[]; interfaces: { name: string }[] };
        customer: unknown;
        person: unknown;
        runQueryGraph: { entities: unknown[] };
      };
      errors?: unknown;
    };
    expect(body.errors).toBeUndefined();
    expect(body.data.product.interfaces).toEqual([{ name: 'AskEntity' }]);
    expect(body.data.product.fields.map((field) => field.name)).toEqual(expect.arrayContaining(['id', 'productName', 'unitPrice']));
    expect(body.data.customer).toEqual({ name: 'Customer' });
    expect(body.data.person).toEqual({ name: 'Person' });
    expect(body.data.runQueryGraph.entities).toEqual([{ productName: 'Chang', unitPrice: 19 }]);
  });
});
