/**
 * Learning from use on a fact collection, through GraphQL on the test world with a real SQLite
 * fact store: a corrected text-fact answer (its values, and the facts that state them) answers its
 * question at once and after a restart, marked taught, with the facts it rests on as support;
 * other openers read as the same question; a confirmed text-fact reading is taught its answer;
 * removal undoes it; what a collection cannot be taught, and a caller who may not teach, are refused.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NlQueryOptions } from '../../plugins/nl-query/options.js';
import { errorCode, startTestServer, type TestServer } from '../helpers/graphql.js';
import { worldOptions } from '../helpers/world.js';

const ASK = /* GraphQL */ `
  query Ask($question: String!) {
    ask(question: $question, options: { minConfidence: 0 }) {
      answer { kind rows source explanation support { id text } }
      interpretations { id source explanation taughtFrom status }
    }
  }
`;
const CORRECT = /* GraphQL */ `
  mutation Correct($question: String!, $source: ID!, $answer: [String!], $facts: [ID!], $queryGraph: String) {
    correctAnswer(question: $question, source: $source, answer: $answer, facts: $facts, queryGraph: $queryGraph) { id source question queryGraph answer facts origin explanation }
  }
`;
const EXAMPLES = 'query { examples(source: "kestrelford") { id question queryGraph answer facts origin explanation } }';
const REMOVE = 'mutation R($ids: [ID!]!) { removeExamples(source: "kestrelford", ids: $ids) { removed missing } }';

interface Asked {
  ask: {
    answer: { kind: string; rows: unknown[][]; source: string | null; explanation: string; support: { id: string; text: string }[] };
    interpretations: { id: string; source: string; explanation: string; taughtFrom: string | null; status: string }[];
  };
}
interface Example {
  id: string;
  question: string;
  queryGraph: string | null;
  answer: string[] | null;
  facts: string[] | null;
  origin: string;
  explanation: string;
}

/** A question in words no model was trained on: only teaching makes the gateway answer it so. */
const TAUGHT = 'zorbly clock keepers of Kestrelford';

let dir: string;
let options: NlQueryOptions;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nlq-teach-facts-'));
  options = await worldOptions(`file:${join(dir, 'facts.sqlite')}`);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function withServer<T>(use: (server: TestServer) => Promise<T>, permissions?: NlQueryOptions['permissions']): Promise<T> {
  const server = await startTestServer(permissions ? { ...options, permissions } : options);
  try {
    return await use(server);
  } finally {
    await server.stop();
  }
}

describe('teaching a fact collection through GraphQL', () => {
  let exampleId: string;

  it('answers a corrected text-fact question with the taught values at once, resting on the facts that name them', async () => {
    await withServer(async (server) => {
      const taught = await server.run<{ correctAnswer: Example }>(CORRECT, { question: TAUGHT, source: 'kestrelford', answer: ['Greta Hollingsworth'] });
      expect(taught.errors).toBeUndefined();
      const example = taught.data!.correctAnswer;
      expect(example).toMatchObject({ source: 'kestrelford', origin: 'CORRECTED', queryGraph: null, answer: ['Greta Hollingsworth'] });
      // The facts were not named: those that name the answer are what it rests on.
      expect(example.facts!.length).toBeGreaterThan(0);
      expect(example.explanation).toMatch(/"Greta Hollingsworth", resting on \d+ facts?/);
      exampleId = example.id;

      const asked = await server.run<Asked>(ASK, { question: TAUGHT });
      expect(asked.errors).toBeUndefined();
      const answer = asked.data!.ask.answer;
      expect(answer).toMatchObject({ kind: 'ENTITIES', source: 'kestrelford', rows: [['Greta Hollingsworth']] });
      expect(answer.explanation).toMatch(/as taught \(example \d+\)/);
      expect(answer.support.map((fact) => fact.id).sort()).toEqual([...example.facts!].sort());
      expect(answer.support.every((fact) => fact.text.includes('Greta Hollingsworth'))).toBe(true);
      expect(asked.data!.ask.interpretations[0]).toMatchObject({ source: 'kestrelford', taughtFrom: exampleId, status: 'CHOSEN' });
    });
  });

  it('still answers as taught after a restart, and with other request openers', async () => {
    await withServer(async (server) => {
      const again = await server.run<Asked>(ASK, { question: TAUGHT });
      expect(again.data!.ask.answer.rows).toEqual([['Greta Hollingsworth']]);
      const reworded = await server.run<Asked>(ASK, { question: `Show me the ${TAUGHT}` });
      expect(reworded.data!.ask.answer.rows).toEqual([['Greta Hollingsworth']]);
      expect(reworded.data!.ask.answer.explanation).toMatch(new RegExp(`as taught for "${TAUGHT}"`));
      const listed = await server.run<{ examples: Example[] }>(EXAMPLES);
      expect(listed.data!.examples.map((e) => e.id)).toContain(exampleId);
    });
  });

  it('types a taught number and yes/no as the engine does, and keeps the facts a correction names', async () => {
    await withServer(async (server) => {
      const facts = await server.run<{ facts: { id: string; text: string }[] }>('query { facts(collection: "kestrelford", limit: 200) { id text } }');
      const clocks = facts.data!.facts.filter((fact) => fact.text.includes('Museum of Clocks'));
      expect(clocks.length).toBeGreaterThan(1);
      const count = await server.run<{ correctAnswer: Example }>(CORRECT, { question: 'how many zorbly clock museums', source: 'kestrelford', answer: ['1'], facts: clocks.map((fact) => fact.id) });
      expect(count.errors).toBeUndefined();
      expect(count.data!.correctAnswer.facts).toEqual(clocks.map((fact) => fact.id));
      const asked = await server.run<Asked>(ASK, { question: 'How many zorbly clock museums?' });
      expect(asked.data!.ask.answer).toMatchObject({ kind: 'SCALAR', rows: [[1]] });
      expect(asked.data!.ask.answer.support.map((fact) => fact.id).sort()).toEqual(clocks.map((fact) => fact.id).sort());
      const yes = await server.run<{ correctAnswer: Example }>(CORRECT, { question: 'is the zorbly clock museum open', source: 'kestrelford', answer: ['yes'] });
      expect(yes.data!.correctAnswer.facts).toEqual([]);
      const open = await server.run<Asked>(ASK, { question: 'Is the zorbly clock museum open?' });
      expect(open.data!.ask.answer).toMatchObject({ kind: 'BOOLEAN', rows: [[true]] });
      await server.run(REMOVE, { ids: [count.data!.correctAnswer.id, yes.data!.correctAnswer.id] });
    });
  });

  it('teaches a confirmed text-fact reading its answer and the facts it rests on', async () => {
    await withServer(async (server) => {
      const question = 'Who directs the Hollin Art Museum?';
      const first = await server.run<Asked>(ASK, { question });
      const reading = first.data!.ask.interpretations.find((i) => i.source === 'kestrelford');
      expect(reading).toBeDefined();
      const rows = first.data!.ask.answer.source === 'kestrelford' ? first.data!.ask.answer.rows : null;
      const confirmed = await server.run<{ confirmAnswer: Example }>(
        'mutation C($q: String, $id: ID!) { confirmAnswer(question: $q, interpretationId: $id) { id origin queryGraph answer facts } }',
        { q: question, id: reading!.id },
      );
      expect(confirmed.errors).toBeUndefined();
      const example = confirmed.data!.confirmAnswer;
      expect(example).toMatchObject({ origin: 'CONFIRMED', queryGraph: null });
      if (rows) expect(example.answer).toEqual(rows.map((row) => String(row[0])));
      expect(example.facts!.length).toBeGreaterThan(0);
      const again = await server.run<Asked>(ASK, { question });
      expect(again.data!.ask.interpretations[0]).toMatchObject({ source: 'kestrelford', taughtFrom: example.id });
      expect(again.data!.ask.answer.rows.map((row) => String(row[0]))).toEqual(example.answer);
      await server.run(REMOVE, { ids: [example.id] });
    });
  });

  it('removing the taught answer leaves the question to the text-fact engine again', async () => {
    await withServer(async (server) => {
      const removed = await server.run<{ removeExamples: { removed: string[] } }>(REMOVE, { ids: [exampleId] });
      expect(removed.data!.removeExamples.removed).toEqual([exampleId]);
      const asked = await server.run<Asked>(ASK, { question: TAUGHT });
      expect(asked.data!.ask.interpretations.every((i) => i.taughtFrom === null)).toBe(true);
      expect(asked.data!.ask.answer.explanation).not.toMatch(/as taught/);
    });
  });

  it('refuses what a collection cannot be taught, and a structured source an answer given as values; nothing is stored', async () => {
    await withServer(async (server) => {
      const before = (await server.run<{ examples: Example[] }>(EXAMPLES)).data!.examples.length;
      const graph = await server.run(CORRECT, { question: 'zorbly things', source: 'kestrelford', queryGraph: 'show Products.ProductName' });
      expect(errorCode(graph)).toBe('BAD_USER_INPUT');
      expect(graph.errors?.[0]?.message).toMatch(/fact collection: give the right answer's values as `answer`/);
      const none = await server.run(CORRECT, { question: 'zorbly things', source: 'kestrelford' });
      expect(errorCode(none)).toBe('BAD_USER_INPUT');
      const unknownFact = await server.run(CORRECT, { question: 'zorbly things', source: 'kestrelford', answer: ['x'], facts: ['999999999'] });
      expect(errorCode(unknownFact)).toBe('BAD_USER_INPUT');
      expect(unknownFact.errors?.[0]?.message).toMatch(/not facts of 'kestrelford': 999999999/);
      const values = await server.run(CORRECT, { question: 'zorbly things', source: 'northwind', answer: ['Chai'] });
      expect(errorCode(values)).toBe('BAD_USER_INPUT');
      expect((await server.run<{ examples: Example[] }>(EXAMPLES)).data!.examples).toHaveLength(before);
    });
  });

  it('refuses a caller without canTeach on a collection (FORBIDDEN_SOURCE)', async () => {
    await withServer(
      async (server) => {
        const refused = await server.run(CORRECT, { question: 'zorbly things', source: 'kestrelford', answer: ['x'] });
        expect(errorCode(refused)).toBe('FORBIDDEN_SOURCE');
        expect(errorCode(await server.run(EXAMPLES))).toBe('FORBIDDEN_SOURCE');
      },
      { canTeach: () => false },
    );
  });
});
