/**
 * Value linking as people write values, through GraphQL on the default world's royals (issue 18
 * item 4): a name in lower case with its title, a regnal number written as a word, a first name
 * with a disambiguator in the question; and a name the question cannot pin down answered with
 * every value it may be among the readings, not one picked silently.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/graphql.js';
import { worldOptions } from '../helpers/world.js';

const ASK = `query Ask($q: String!, $o: AskOptions) {
  ask(question: $q, options: $o) {
    answer { rows queryGraph ambiguity }
    interpretations { queryGraph status explanation }
  }
}`;

interface AskData {
  ask: {
    answer: { rows: unknown[][]; queryGraph: string | null; ambiguity: string | null } | null;
    interpretations: { queryGraph: string | null; status: string; explanation: string }[];
  };
}

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer(await worldOptions(`file:${join(mkdtempSync(join(tmpdir(), 'nlq-value-linking-')), 'facts.sqlite')}`));
});
afterAll(() => server?.stop());

/** The readings of the royals source, in rank order, as their query graphs. */
async function readings(question: string): Promise<string[]> {
  // minConfidence 0: the readings are what this file checks, however likely.
  const { data, errors } = await server.run<AskData>(ASK, { q: question, o: { sources: ['royals'], topK: 3, minConfidence: 0 } });
  expect(errors).toBeUndefined();
  return data!.ask.interpretations.map((i) => i.queryGraph ?? '');
}

const WINDSOR = 'George_V of house of Windsor';
const HANOVER = 'George_V of house of Hanover';

describe('value linking through GraphQL (royals)', () => {
  it('binds a lower-case name with its title to the stored spelling', async () => {
    const graphs = await readings("who was queen victoria's father");
    expect(graphs.some((g) => g.includes('Victoria of house of Hanover'))).toBe(true);
  });

  it('offers both kings for "george the fifth" when nothing in the question tells them apart', async () => {
    const graphs = await readings('who were the children of george the fifth');
    expect(graphs.some((g) => g.includes(WINDSOR))).toBe(true);
    expect(graphs.some((g) => g.includes(HANOVER))).toBe(true);
  });

  it('binds the king the question points at first ("the one born in 1865")', async () => {
    const graphs = await readings('Who were the children of King George V, the one born in 1865?');
    const first = graphs.find((g) => g.includes(WINDSOR) || g.includes(HANOVER));
    expect(first).toContain(WINDSOR);
  });
});
