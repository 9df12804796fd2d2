/**
 * What a new user's odd questions get through GraphQL: no crash and no junk. A question longer
 * than the models read is cut and says so; a yes/no question about a relation checks both names; a
 * name nothing holds gives EMPTY with the reason; a list names each thing once; one value stored
 * two ways ('Sweden', 'Sweden ') is found both ways; a question no source can answer gets an
 * answer that says why; a deadline shorter than the work reports each source TIMED_OUT.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonValue } from '../types.js';
import { startTestServer, type TestServer } from './helpers/graphql.js';
import { worldOptions } from './helpers/world.js';

const ASK = `query Ask($q: String!, $o: AskOptions) {
  ask(question: $q, options: $o) {
    answer { kind source rows explanation }
    interpretations { source status explanation error }
    sources { source status message error { code } }
  }
}`;

interface Asked {
  answer: { kind: string; source: string | null; rows: JsonValue[][]; explanation: string } | null;
  interpretations: { source: string; status: string; explanation: string; error: string | null }[];
  sources: { source: string; status: string; message: string; error: { code: string } | null }[];
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(await worldOptions(`file:${join(mkdtempSync(join(tmpdir(), 'nlq-odd-')), 'facts.sqlite')}`));
});
afterAll(() => server?.stop());

async function ask(question: string, options: Record<string, unknown> = {}): Promise<Asked> {
  const { data, errors } = await server.run<{ ask: Asked }>(ASK, { q: question, o: options });
  expect(errors).toBeUndefined();
  return data!.ask;
}

describe('a question longer than the model reads', () => {
  // Under the 1,000-character limit, far over the model's 128 input tokens.
  const long = `How many customers are there in Germany, ${Array.from({ length: 60 }, (_, i) => `and then word number ${i}`).join(', ')}?`.slice(0, 990);

  it.each(['northwind', 'royals'])('is cut with a message in the answer, not an onnxruntime failure (%s)', async (source) => {
    expect(long.length).toBeLessThanOrEqual(1000);
    const result = await ask(long, { sources: [source] });
    expect(result.sources).toEqual([expect.objectContaining({ source, status: 'ANSWERED', error: null })]);
    expect(result.answer!.explanation).toMatch(/only the first \d+ of the question's \d+ words were read: .*128 tokens/);
  });

  it('leaves a question that fits whole', async () => {
    const result = await ask('How many customers are there in Germany?', { sources: ['northwind'] });
    expect(result.answer!.explanation).not.toMatch(/were read/);
  });
});

describe('yes/no questions about a relation check both names', () => {
  it.each([
    ['Was Henry VIII the father of Queen Victoria?', false],
    ['Was Henry VII the father of Henry VIII?', true],
  ])('%s -> %s', async (question, expected) => {
    const result = await ask(question, { sources: ['royals'] });
    expect(result.answer).toMatchObject({ kind: 'BOOLEAN', rows: [[expected]] });
  });
});

describe('a name that matches nothing', () => {
  it('gives no rows and the reason, not arbitrary rows', async () => {
    const result = await ask('Who was born in Atlantis?');
    // The best reading is the text-fact engine's "nothing found" (kestrelford: no fact derives an
    // answer), which is right about 40% of the time on collections of domains it was not fitted
    // on (bench trust's generated worlds): below the default minConfidence it is UNSURE, still
    // with no rows. The structured sources' readings say why they have nothing.
    expect(result.answer).toMatchObject({ rows: [] });
    expect(['EMPTY', 'UNSURE']).toContain(result.answer!.kind);
    const royals = result.interpretations.find((interpretation) => interpretation.source === 'royals');
    expect(royals?.explanation).toMatch(/nothing in 'royals' is called 'Atlantis'/);
  });

  it.each(['Which great-grandchildren of the British king George V were born before 1960?', 'How many women did Henry the Eighth marry?', 'list the grandchildren of king george the fifth of the UK, b. 1865'])(
    'is not an adjective or an abbreviation: %s',
    async (question) => {
      const result = await ask(question, { sources: ['royals'] });
      expect(result.interpretations.map((interpretation) => interpretation.explanation).join('\n')).not.toMatch(/is called/);
    },
  );
});

describe('list answers', () => {
  it('name each customer once', async () => {
    // The rows are under test, not whether the answer is likely enough to be stated.
    const result = await ask('Which customers ordered Chai?', { sources: ['northwind'], minConfidence: 0 });
    const rows = result.answer!.rows.map((row) => JSON.stringify(row));
    expect(rows.length).toBeGreaterThan(1);
    expect(new Set(rows).size).toBe(rows.length);
    const count = await server.run<{ runQueryGraph: { rows: JsonValue[][] } }>(
      `query { runQueryGraph(source: "northwind", queryGraph: "show count_distinct Customers.CustomerID ; where Products.ProductName = \\"Chai\\"") { rows } }`,
    );
    expect(count.errors).toBeUndefined();
    expect(rows.length).toBe(count.data!.runQueryGraph.rows[0]![0]);
  });
});

describe('a value stored with and without a trailing space', () => {
  it("finds the suppliers of both 'Sweden' and 'Sweden '", async () => {
    const stored = await server.run<{ runQueryGraph: { rows: JsonValue[][] } }>(
      `query { runQueryGraph(source: "northwind", queryGraph: "show Suppliers.CompanyName ; where Suppliers.Country in ( \\"Sweden\\" , \\"Sweden \\" )") { rows } }`,
    );
    expect(stored.errors).toBeUndefined();
    const expected = stored.data!.runQueryGraph.rows;
    expect(expected.length).toBe(2);
    const result = await ask('Which suppliers are in Sweden?', { sources: ['northwind'] });
    expect(result.answer!.rows).toEqual(expected);
  });
});

describe('a question no source can answer', () => {
  it('gets an EMPTY answer whose explanation says why', async () => {
    const result = await ask('What is the airspeed velocity of an unladen swallow?');
    expect(result.answer).toMatchObject({ kind: 'EMPTY', source: null, rows: [] });
    expect(result.answer!.explanation).toMatch(/^No source could answer\. Sources judged unrelated to the question: /);
  });
});

describe('a deadline shorter than the work', () => {
  it.each([
    ['Are there more customers than suppliers?', {}],
    ['How many customers are there in Germany?', { sources: ['northwind', 'kestrelford'] }],
  ])('reports each source TIMED_OUT instead of failing the request: %s', async (question, options) => {
    const result = await ask(question, { ...options, timeoutMs: 1 });
    const timedOut = result.sources.filter((outcome) => outcome.status === 'TIMED_OUT');
    expect(timedOut.length).toBeGreaterThan(0);
    for (const outcome of timedOut) expect(outcome.error).toEqual({ code: 'QUERY_TIMEOUT' });
  });
});
