/**
 * The return type and entities through ask() on Northwind (its trained model): the question's form
 * decides the kind (a yes/no question gets one Boolean cell), and an ENTITIES answer's entities
 * are the things behind its rows, in the same order, loaded on demand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlClient } from '../../engines/sql/prisma-client.js';
import { worldConfig } from '../helpers/world.js';
import { startEntityServer, type EntityServer } from './server.js';

// minConfidence 0: this file checks the shapes of answers, so every answer is stated however likely.
const ASK = /* GraphQL */ `
  query Ask($q: String!, $limit: Int) {
    ask(question: $q, options: { sources: ["northwind"], limit: $limit, minConfidence: 0 }) {
      answer {
        kind columns { name type } rows
        entities { __typename id ... on Customer { companyName country } ... on Supplier { companyName country } }
      }
    }
  }
`;

interface AskData {
  ask: { answer: { kind: string; columns: { name: string; type: string }[]; rows: unknown[][]; entities: Record<string, unknown>[] } | null };
}

async function northwindCount(sql: string): Promise<number> {
  const source = (await worldConfig()).sources.find((candidate) => candidate.id === 'northwind');
  const client = openSqlClient(source!.url, { readonly: true });
  try {
    const [row] = await client.$queryRawUnsafe<{ n: number | bigint }[]>(sql);
    return Number(row!.n);
  } finally {
    await client.$disconnect();
  }
}

describe('return type and entities through ask', () => {
  let server: EntityServer;
  beforeAll(async () => {
    server = await startEntityServer();
  });
  afterAll(() => server.stop());

  it.each(['Are there any customers in Germany?', 'Is there a supplier in Sweden?'])('answers "%s" with one Boolean', async (q) => {
    const { data, errors } = await server.run<AskData>(ASK, { q });
    expect(errors).toBeUndefined();
    expect(data!.ask.answer).toEqual({ kind: 'BOOLEAN', columns: [{ name: 'answer', type: 'Boolean' }], rows: [[true]], entities: [] });
  });

  it('answers "is X <flag>" from the flag, kept as text in Northwind', async () => {
    const discontinued = await northwindCount("SELECT CAST(Discontinued AS INTEGER) AS n FROM Products WHERE ProductName = 'Chai'");
    const { data } = await server.run<AskData>(ASK, { q: 'Is Chai discontinued?' });
    expect(data!.ask.answer).toMatchObject({ kind: 'BOOLEAN', rows: [[discontinued === 1]] });
  });

  it('answers "how many" with a SCALAR', async () => {
    const { data } = await server.run<AskData>(ASK, { q: 'How many customers are there in Germany?' });
    const expected = await northwindCount("SELECT COUNT(*) AS n FROM Customers WHERE Country = 'Germany'");
    expect(data!.ask.answer).toMatchObject({ kind: 'SCALAR', rows: [[expected]], entities: [] });
  });

  it('answers "which" with ENTITIES whose entities are the rows, in order, under the limit', async () => {
    const { data, errors } = await server.run<AskData>(ASK, { q: 'Which customers are in Germany?', limit: 5 });
    expect(errors).toBeUndefined();
    const answer = data!.ask.answer!;
    expect(answer.kind).toBe('ENTITIES');
    expect(answer.rows).toHaveLength(5);
    expect(answer.entities.map((entity) => entity.companyName)).toEqual(answer.rows.map((row) => row[0]));
    for (const entity of answer.entities) {
      expect(entity).toMatchObject({ __typename: 'Customer', country: 'Germany', id: expect.stringMatching(/^northwind:Customers:[A-Z]{5}$/) });
    }
  });
});
