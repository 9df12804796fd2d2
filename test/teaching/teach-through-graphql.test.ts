/**
 * Learning from use, through GraphQL on the test world with a real SQLite fact store: a correction
 * answers its question at once and after a restart (a new gateway over the same store), the same
 * question about another value answers with the taught graph re-linked to it, removal undoes it;
 * a confirmed reading is taught the same way; a write given as a correction is refused, and so is
 * a caller the permissions hook does not let teach.
 */
import { ApolloServer } from '@apollo/server';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nlQuery } from '../../plugins/nl-query/index.js';
import type { NlQueryOptions } from '../../plugins/nl-query/options.js';
import { errorCode, startTestServer, type GraphQLResult, type TestServer } from '../helpers/graphql.js';
import { worldOptions } from '../helpers/world.js';

const ASK = /* GraphQL */ `
  query Ask($question: String!) {
    ask(question: $question, options: { minConfidence: 0 }) {
      answer { rows queryGraph explanation source }
      interpretations { id source queryGraph explanation taughtFrom status }
    }
  }
`;
const CORRECT = /* GraphQL */ `
  mutation Correct($question: String!, $source: ID!, $queryGraph: String, $query: String) {
    correctAnswer(question: $question, source: $source, queryGraph: $queryGraph, query: $query) { id source question queryGraph origin explanation }
  }
`;

interface Asked {
  ask: {
    answer: { rows: unknown[][]; queryGraph: string | null; explanation: string; source: string | null };
    interpretations: { id: string; source: string; queryGraph: string | null; explanation: string; taughtFrom: string | null; status: string }[];
  };
}

/** A question no model was trained on: only teaching can make the gateway read it this way. */
const TAUGHT = 'zorbly accounts in Germany';

let dir: string;
let options: NlQueryOptions;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nlq-teach-'));
  options = await worldOptions(`file:${join(dir, 'facts.sqlite')}`);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function withServer<T>(use: (server: TestServer) => Promise<T>): Promise<T> {
  const server = await startTestServer(options);
  try {
    return await use(server);
  } finally {
    await server.stop();
  }
}

describe('teaching through GraphQL', () => {
  let exampleId: string;

  it('answers a corrected question as taught at once, marked taught in its explanation and interpretations', async () => {
    await withServer(async (server) => {
      const taught = await server.run<{ correctAnswer: { id: string; queryGraph: string; origin: string; explanation: string } }>(CORRECT, {
        question: TAUGHT,
        source: 'northwind',
        query: "SELECT c.ContactName FROM Customers c WHERE c.Country = 'Germany'",
      });
      expect(taught.errors).toBeUndefined();
      expect(taught.data?.correctAnswer).toMatchObject({ origin: 'CORRECTED', queryGraph: 'show Customers.ContactName ; where Customers.Country = "Germany"' });
      exampleId = taught.data!.correctAnswer.id;

      const asked = await server.run<Asked>(ASK, { question: TAUGHT });
      expect(asked.errors).toBeUndefined();
      const answer = asked.data!.ask.answer;
      expect(answer.source).toBe('northwind');
      expect(answer.queryGraph).toBe('show Customers.ContactName ; where Customers.Country = "Germany"');
      expect(answer.explanation).toContain(`as taught, example ${exampleId}`);
      expect(answer.rows).toHaveLength(11);
      expect(answer.rows).toContainEqual(['Maria Anders']);
      const chosen = asked.data!.ask.interpretations.find((i) => i.status === 'CHOSEN');
      expect(chosen?.taughtFrom).toBe(exampleId);
    });
  });

  it('still answers as taught after a restart: a new gateway over the same store', async () => {
    await withServer(async (server) => {
      const asked = await server.run<Asked>(ASK, { question: 'Zorbly accounts in  germany' });
      expect(asked.data!.ask.answer.queryGraph).toBe('show Customers.ContactName ; where Customers.Country = "Germany"');
      expect(asked.data!.ask.answer.rows).toHaveLength(11);
      const listed = await server.run<{ examples: { id: string; question: string; origin: string }[] }>('query { examples(source: "northwind") { id question origin } }');
      expect(listed.data?.examples).toEqual([{ id: exampleId, question: TAUGHT, origin: 'CORRECTED' }]);
    });
  });

  it('answers the same question about another value with the taught graph re-linked to it', async () => {
    await withServer(async (server) => {
      const asked = await server.run<Asked>(ASK, { question: 'zorbly accounts in France' });
      const answer = asked.data!.ask.answer;
      expect(answer.queryGraph).toBe('show Customers.ContactName ; where Customers.Country = "France"');
      expect(answer.explanation).toContain(`as taught for "${TAUGHT}"`);
      expect(answer.rows).toHaveLength(11);
      expect(answer.rows).toContainEqual(['Frédérique Citeaux']);
      expect(asked.data!.ask.interpretations[0]?.taughtFrom).toBe(exampleId);
    });
  });

  it('forgets it once removed: the question is the model\'s again', async () => {
    await withServer(async (server) => {
      const removed = await server.run<{ removeExamples: { removed: string[]; missing: string[] } }>(
        'mutation R($ids: [ID!]!) { removeExamples(source: "northwind", ids: $ids) { removed missing } }',
        { ids: [exampleId, '999999'] },
      );
      expect(removed.data?.removeExamples).toEqual({ removed: [exampleId], missing: ['999999'] });
      const asked = await server.run<Asked>(ASK, { question: TAUGHT });
      expect(asked.data!.ask.interpretations.every((i) => i.taughtFrom === null)).toBe(true);
      expect(asked.data!.ask.answer.explanation).not.toContain('as taught');
    });
  });

  it('teaches a confirmed reading, and a list of examples given as query graphs', async () => {
    await withServer(async (server) => {
      const first = await server.run<Asked>(ASK, { question: 'How many products are there?' });
      const reading = first.data!.ask.interpretations.find((i) => i.source === 'northwind' && i.queryGraph);
      expect(reading).toBeDefined();
      const confirmed = await server.run<{ confirmAnswer: { origin: string; queryGraph: string } }>(
        'mutation C($q: String!, $id: ID!) { confirmAnswer(question: $q, interpretationId: $id) { origin queryGraph } }',
        { q: 'product tally please', id: reading!.id },
      );
      expect(confirmed.data?.confirmAnswer).toEqual({ origin: 'CONFIRMED', queryGraph: reading!.queryGraph });
      const asked = await server.run<Asked>(ASK, { question: 'product tally please' });
      expect(asked.data!.ask.answer.queryGraph).toBe(reading!.queryGraph);

      const added = await server.run<{ addExamples: { question: string; queryGraph: string }[] }>(
        'mutation A($examples: [ExampleInput!]!) { addExamples(source: "northwind", examples: $examples) { question queryGraph } }',
        { examples: [{ question: 'frobnicated goods above 50', queryGraph: 'show Products.ProductName ; where Products.UnitPrice > 50' }] },
      );
      expect(added.errors).toBeUndefined();
      const relinked = await server.run<Asked>(ASK, { question: 'frobnicated goods above 80' });
      expect(relinked.data!.ask.answer.queryGraph).toBe('show Products.ProductName ; where Products.UnitPrice > 80');
      expect(relinked.data!.ask.answer.rows.map((row) => row[0]).sort()).toEqual(['Côte de Blaye', 'Mishi Kobe Niku', "Sir Rodney's Marmalade", 'Thüringer Rostbratwurst']);
    });
  });

  it('confirms by the ask id ask returned, and refuses both or neither or a made-up id', async () => {
    await withServer(async (server) => {
      const question = 'zorbly count of shippers';
      const first = await server.run<{ ask: { id: string; interpretations: { id: string; source: string; queryGraph: string | null }[] } }>(
        'query Q($q: String!) { ask(question: $q, options: { minConfidence: 0 }) { id interpretations { id source queryGraph } } }',
        { q: question },
      );
      const reading = first.data!.ask.interpretations.find((i) => i.source === 'northwind' && i.queryGraph);
      expect(reading).toBeDefined();
      const CONFIRM = 'mutation C($q: String, $a: ID, $id: ID!) { confirmAnswer(question: $q, askId: $a, interpretationId: $id) { question origin } }';
      const confirmed = await server.run<{ confirmAnswer: { question: string; origin: string } }>(CONFIRM, { a: first.data!.ask.id, id: reading!.id });
      expect(confirmed.errors).toBeUndefined();
      expect(confirmed.data?.confirmAnswer).toEqual({ question, origin: 'CONFIRMED' });
      const asked = await server.run<Asked>(ASK, { question });
      expect(asked.data!.ask.answer.queryGraph).toBe(reading!.queryGraph);

      for (const [variables, argumentName] of [
        [{ q: question, a: first.data!.ask.id, id: reading!.id }, 'question'],
        [{ id: reading!.id }, 'question'],
        [{ a: 'a1.not base64!', id: reading!.id }, 'askId'],
        [{ a: 'i1.e30', id: reading!.id }, 'askId'],
      ] as const) {
        const refused = await server.run(CONFIRM, variables);
        expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentName });
      }
    });
  });

  it('reads a Cypher correction on a graph source into a relation chain, and re-links it to another person', async () => {
    await withServer(async (server) => {
      const taught = await server.run<{ correctAnswer: { queryGraph: string } }>(CORRECT, {
        question: 'zorbly sire of Henry VIII',
        source: 'royals',
        query: "MATCH (p:Person {name: 'Henry_VIII of house of Tudor'})-[:FATHER]->(f:Person) RETURN f.name",
      });
      expect(taught.data?.correctAnswer.queryGraph).toBe('show Person#2.name ; where Person.name = "Henry_VIII of house of Tudor" ; follow Person FATHER Person#2');
      const asked = await server.run<Asked>(ASK, { question: 'zorbly sire of Edward VII' });
      expect(asked.data!.ask.answer.queryGraph).toBe('show Person#2.name ; where Person.name = "Edward_VII of house of Wettin" ; follow Person FATHER Person#2');
      expect(asked.data!.ask.answer.rows).toEqual([['Albert Augustus Charles']]);
    });
  });

  it('sees what another gateway over the same store taught within seconds (nlq examples beside nlq serve, replicas)', async () => {
    const question = 'zorbly goods from Tokyo Traders';
    const serving = await startTestServer(options);
    try {
      const before = await serving.run<Asked>(ASK, { question });
      expect(before.data!.ask.interpretations.every((i) => i.taughtFrom === null)).toBe(true);
      await withServer(async (teacher) => {
        const taught = await teacher.run(CORRECT, { question, source: 'northwind', query: "SELECT p.ProductName FROM Products p JOIN Suppliers s ON p.SupplierID = s.SupplierID WHERE s.CompanyName = 'Tokyo Traders'" });
        expect(taught.errors).toBeUndefined();
      });
      let answer: Asked['ask']['answer'] | undefined;
      for (let tries = 0; tries < 20 && !answer?.explanation.includes('as taught'); tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        answer = (await serving.run<Asked>(ASK, { question })).data!.ask.answer;
      }
      expect(answer?.explanation).toContain('as taught');
      expect(answer?.rows.map((row) => row[0]).sort()).toEqual(['Ikura', 'Longlife Tofu', 'Mishi Kobe Niku']);
    } finally {
      await serving.stop();
    }
  });

  it('does not answer another question with a graph that keeps values it cannot re-link (inside a pattern)', async () => {
    await withServer(async (server) => {
      const taught = await server.run<{ correctAnswer: { queryGraph: string } }>(CORRECT, {
        question: 'zorbly customers in Spain or Paris',
        source: 'northwind',
        query: "SELECT CompanyName FROM Customers WHERE Country = 'Spain' OR City = 'Paris'",
      });
      expect(taught.data?.correctAnswer.queryGraph).toContain('some (');
      const same = await server.run<Asked>(ASK, { question: 'zorbly customers in Spain or Paris' });
      expect(same.data!.ask.answer.rows).toHaveLength(7);
      const other = await server.run<Asked>(ASK, { question: 'zorbly customers in France or London' });
      expect(other.data!.ask.interpretations.every((i) => i.taughtFrom === null)).toBe(true);
    });
  });

  it('answers a question taught as a whole as taught, not as a plan of sub-questions', async () => {
    await withServer(async (server) => {
      const question = 'Are there more customers than suppliers?';
      const untaught = await server.run<{ ask: { plan: { kind: string } | null } }>('query ($q: String!) { ask(question: $q) { plan { kind } } }', { q: question });
      expect(untaught.data?.ask.plan).not.toBeNull();
      const taught = await server.run(CORRECT, { question, source: 'northwind', queryGraph: 'show count Customers.*' });
      expect(taught.errors).toBeUndefined();
      const asked = await server.run<{ ask: { plan: unknown; answer: { queryGraph: string } } }>('query ($q: String!) { ask(question: $q) { plan { kind } answer { queryGraph } } }', { q: question });
      expect(asked.data?.ask.plan).toBeNull();
      expect(asked.data?.ask.answer.queryGraph).toBe('show count Customers.*');
    });
  });

  it('refuses a write given as a correction, and a query a graph cannot express, with codes; nothing is stored', async () => {
    await withServer(async (server) => {
      const before = await server.run<{ examples: unknown[] }>('query { examples(source: "northwind", limit: 1000) { id } }');
      for (const query of ['DELETE FROM Customers', "UPDATE Products SET UnitPrice = 0 WHERE ProductName = 'Chai'", 'SELECT * INTO Backup FROM Customers']) {
        const refused = await server.run(CORRECT, { question: 'zorbly things', source: 'northwind', query });
        expect(errorCode(refused), query).toBe('QUERY_NOT_READ_ONLY');
        expect(refused.errors?.[0]?.extensions?.source).toBe('northwind');
      }
      const nested = await server.run(CORRECT, { question: 'zorbly things', source: 'northwind', query: 'SELECT p.ProductName FROM Products p WHERE p.UnitPrice > (SELECT AVG(x.UnitPrice) FROM Products x WHERE x.CategoryID = p.CategoryID)' });
      expect(errorCode(nested)).toBe('QUERY_NOT_UNDERSTOOD');
      expect(nested.errors?.[0]?.message).toMatch(/nested query/);
      const both = await server.run(CORRECT, { question: 'zorbly things', source: 'northwind', query: 'SELECT ProductName FROM Products', queryGraph: 'show Products.ProductName' });
      expect(errorCode(both)).toBe('BAD_USER_INPUT');
      const facts = await server.run(CORRECT, { question: 'zorbly things', source: 'kestrelford', queryGraph: 'show Products.ProductName' });
      expect(errorCode(facts)).toBe('BAD_USER_INPUT');
      const after = await server.run<{ examples: unknown[] }>('query { examples(source: "northwind", limit: 1000) { id } }');
      expect(after.data?.examples).toHaveLength(before.data!.examples.length);
    });
  });
});

describe('a similar question (other words) answers as taught', () => {
  const SIMILAR_ASK = /* GraphQL */ `
    query Ask($question: String!) {
      ask(question: $question, options: { minConfidence: 0 }) {
        answer { rows queryGraph explanation }
        interpretations { queryGraph taughtFrom taughtMatch probability status }
      }
    }
  `;
  type SimilarAsked = {
    ask: { answer: { rows: unknown[][]; queryGraph: string | null; explanation: string }; interpretations: { queryGraph: string | null; taughtFrom: string | null; taughtMatch: string | null; probability: number; status: string }[] };
  };

  it('reads another wording with another value as the taught question, re-linked and marked SIMILAR; unrelated questions that share words do not', async () => {
    await withServer(async (server) => {
      const question = 'zorbly glimmer accounts living in Germany';
      const taught = await server.run<{ correctAnswer: { id: string } }>(CORRECT, { question, source: 'northwind', query: "SELECT c.ContactName FROM Customers c WHERE c.Country = 'Germany'" });
      expect(taught.errors).toBeUndefined();
      const id = taught.data!.correctAnswer.id;
      try {
        const exact = await server.run<SimilarAsked>(SIMILAR_ASK, { question });
        expect(exact.data!.ask.interpretations[0]).toMatchObject({ taughtFrom: id, taughtMatch: 'EXACT', probability: 1 });

        // Other words ("residing", "which ... are"), another order, another value.
        const similar = await server.run<SimilarAsked>(SIMILAR_ASK, { question: 'In France, which zorbly glimmer accounts are residing?' });
        expect(similar.errors).toBeUndefined();
        const answer = similar.data!.ask.answer;
        expect(answer.queryGraph).toBe('show Customers.ContactName ; where Customers.Country = "France"');
        expect(answer.explanation).toContain(`read as the taught question "${question}", example ${id}`);
        expect(answer.rows).toContainEqual(['Frédérique Citeaux']);
        const reading = similar.data!.ask.interpretations.find((i) => i.taughtFrom === id);
        expect(reading).toMatchObject({ taughtMatch: 'SIMILAR', status: 'CHOSEN' });
        expect(reading!.probability).toBeLessThan(0.95);

        // Sharing words is not enough: another operation (a count), other things asked for, or a value the taught graph would drop.
        for (const other of ['How many zorbly glimmer accounts are in France?', 'zorbly glimmer orders shipped to France', 'zorbly glimmer accounts residing in France since 1997']) {
          const asked = await server.run<SimilarAsked>(SIMILAR_ASK, { question: other });
          expect(asked.errors, other).toBeUndefined();
          expect(asked.data!.ask.interpretations.every((i) => i.taughtFrom === null), other).toBe(true);
        }
      } finally {
        await server.run('mutation R($ids: [ID!]!) { removeExamples(source: "northwind", ids: $ids) { removed } }', { ids: [id] });
      }
    });
  });
});

describe('who may teach', () => {
  const teacher = { role: 'teacher' };
  let server: ApolloServer;

  beforeAll(async () => {
    const nlq = nlQuery<{ role?: string } | undefined>({ ...options, permissions: { canTeach: (_source, context) => context?.role === 'teacher' } });
    server = new ApolloServer({ schema: makeExecutableSchema({ typeDefs: nlq.typeDefs, resolvers: nlq.resolvers }), plugins: [nlq.plugin] });
    await server.start();
  });

  afterAll(() => server.stop());

  async function run(query: string, variables: Record<string, unknown>, contextValue: unknown): Promise<GraphQLResult<Record<string, unknown>>> {
    const response = await server.executeOperation({ query, variables }, { contextValue: contextValue as never });
    if (response.body.kind !== 'single') throw new Error('expected a single result');
    return response.body.singleResult as GraphQLResult<Record<string, unknown>>;
  }

  it('refuses a caller without canTeach (FORBIDDEN_SOURCE) and stores nothing; a teacher may', async () => {
    const variables = { question: 'zorbly staff', source: 'northwind', queryGraph: 'show Employees.LastName' };
    const refused = await run(CORRECT, variables, {});
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN_SOURCE');
    const listing = await run('query { examples(source: "northwind") { id } }', {}, {});
    expect(listing.errors?.[0]?.extensions?.code).toBe('FORBIDDEN_SOURCE');
    const allowed = await run(CORRECT, variables, teacher);
    expect(allowed.errors).toBeUndefined();
    const removed = await run('mutation R($ids: [ID!]!) { removeExamples(source: "northwind", ids: $ids) { removed } }', { ids: [(allowed.data!.correctAnswer as { id: string }).id] }, {});
    expect(removed.errors?.[0]?.extensions?.code).toBe('FORBIDDEN_SOURCE');
  });
});
