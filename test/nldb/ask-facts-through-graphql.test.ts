/**
 * Questions of every NeuralDB type answered from a fact collection made in the test, through
 * the GraphQL API: createFactCollection, addFacts, then ask. The facts are invented here (not the
 * dev set, not the training worlds) and phrased plainly. Exact answers are asserted where the
 * shipped models get them right (bool, min, max, argmin, argmax, nothing-found); for set, count
 * and joins the shipped models are not reliable yet (they pick wrong entities here, see
 * `npm run bench -- nldb`), so those tests assert the answer's kind, typing and provenance only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/graphql.js';

const ASK = `query ($q: String!) {
  ask(question: $q, options: { sources: ["town"], limit: 50 }) {
    answer { kind columns { name type } rows source confidence explanation query support { id collection text } }
    sources { source status }
  }
}`;

interface Answer {
  kind: string;
  columns: { name: string; type: string }[];
  rows: unknown[][];
  source: string;
  confidence: number;
  explanation: string;
  query: string | null;
  support: { id: string; collection: string; text: string }[];
}

const FACTS = [
  'Marlo Venn was born in Ashcombe in 1961.',
  'Tessa Quill was born in Ashcombe in 1984.',
  'Ivo Brandt was born in Dunholt in 1972.',
  'Marlo Venn works as a doctor.',
  'Tessa Quill is a teacher.',
  'Ivo Brandt is married to Tessa Quill.',
  'Corvid Analytics is based in Ashcombe.',
  'Corvid Analytics has 340 employees.',
  'Pellow Foods is based in Dunholt.',
  'Pellow Foods has 2,100 employees.',
  'Marlo Venn has a dog.',
  'Ivo Brandt plays chess.',
];

let dir: string;
let server: TestServer;
let ids: string[];

async function ask(question: string): Promise<Answer> {
  const { data, errors } = await server.run<{ ask: { answer: Answer | null } }>(ASK, { q: question });
  expect(errors).toBeUndefined();
  const answer = data!.ask.answer;
  expect(answer, question).not.toBeNull();
  return answer!;
}

const supportTexts = (a: Answer) => a.support.map((f) => f.text);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nlq-nldb-ask-'));
  // The engine's own scores are what this file checks (no calibration, every answer stated).
  server = await startTestServer({ factStore: `file:${join(dir, 'facts.sqlite')}`, sources: [], calibration: false, limits: { minConfidence: 0 } });
  const created = await server.run('mutation { createFactCollection(id: "town", description: "Facts about two towns") { id ready } }');
  expect(created.errors).toBeUndefined();
  const added = await server.run<{ addFacts: { ids: string[] } }>('mutation ($f: [String!]!) { addFacts(collection: "town", facts: $f) { ids } }', {
    f: FACTS,
  });
  expect(added.errors).toBeUndefined();
  ids = added.data!.addFacts.ids;
});

afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('asking a fact collection through GraphQL', () => {
  it('set: entities, typed, with facts of the collection as provenance', async () => {
    const a = await ask('Who was born in Ashcombe?');
    expect(a.kind).toBe('ENTITIES');
    expect(a.source).toBe('town');
    expect(a.query).toBeNull();
    expect(a.columns).toEqual([{ name: 'value', type: 'String' }]);
    expect(a.rows.length).toBeGreaterThan(0);
    expect(a.support.length).toBeGreaterThan(0);
    expect(a.support.every((f) => f.collection === 'town' && ids.includes(f.id) && FACTS.includes(f.text))).toBe(true);
    // every entity named is copied from a supporting fact
    for (const [value] of a.rows) expect(supportTexts(a).some((t) => t.includes(String(value)))).toBe(true);
  });

  it('count: one integer', async () => {
    const a = await ask('How many people were born in Ashcombe?');
    expect(a.kind).toBe('SCALAR');
    expect(a.columns).toEqual([{ name: 'count', type: 'Int' }]);
    expect(a.rows).toHaveLength(1);
    expect(Number.isInteger(a.rows[0]?.[0])).toBe(true);
  });

  it('bool: yes and no', async () => {
    // The extractor's yes/no head is its weakest (0.66 on held-out worlds), and a retrained model
    // may flip this one: the "yes" is asserted in shape and provenance only.
    const yes = await ask('Was Ivo Brandt born in Dunholt?');
    expect(yes.kind).toBe('BOOLEAN');
    expect(yes.rows).toHaveLength(1);
    expect(typeof yes.rows[0]?.[0]).toBe('boolean');
    expect(supportTexts(yes)).toContain(FACTS[2]);
    const no = await ask('Was Tessa Quill born in Dunholt?');
    expect(no.kind).toBe('BOOLEAN');
    expect(no.rows).toEqual([[false]]);
  });

  it('min and max over numbers written with separators', async () => {
    const min = await ask('What is the earliest birth year of any person?');
    expect(min.kind).toBe('SCALAR');
    expect(min.rows).toEqual([[1961]]);
    const max = await ask('What is the largest number of employees at any company?');
    expect(max.rows).toEqual([[2100]]);
    expect(supportTexts(max)).toEqual([FACTS[9]]);
  });

  it('argmin and argmax: the entity with the extreme value', async () => {
    const oldest = await ask('Who is the oldest person?');
    expect(oldest.kind).toBe('ENTITIES');
    expect(oldest.rows).toEqual([['Marlo Venn', 1961]]);
    const biggest = await ask('Which company has the most employees?');
    expect(biggest.rows).toEqual([['Pellow Foods', 2100]]);
  });

  it('join: the answer comes with the facts it was drawn from', async () => {
    const a = await ask('Whose spouse is a teacher?');
    expect(a.kind).toBe('ENTITIES');
    expect(supportTexts(a)).toContain(FACTS[4]);
  });

  it('nothing in the facts: EMPTY, with low confidence', async () => {
    const a = await ask('Who owns a horse?');
    expect(a.kind).toBe('EMPTY');
    expect(a.rows).toEqual([]);
    expect(a.confidence).toBeLessThan(0.2);
  });

  it('a fact removed is no longer an answer', async () => {
    const removed = await server.run('mutation ($ids: [ID!]!) { removeFacts(collection: "town", ids: $ids) { ids } }', { ids: [ids[0]] });
    expect(removed.errors).toBeUndefined();
    const a = await ask('Who is the oldest person?');
    expect(a.rows).toEqual([['Ivo Brandt', 1972]]);
    expect(supportTexts(a)).not.toContain(FACTS[0]);
  });
});
