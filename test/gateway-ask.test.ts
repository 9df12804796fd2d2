/**
 * ask() with and without question interpreters: a source without one never answers and says
 * why, and bad input gets BAD_USER_INPUT without disturbing the server.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../config/limits.js';
import { errorCode, startTestServer, type TestServer } from './helpers/graphql.js';
import { worldOptions } from './helpers/world.js';

const ASK = `query Ask($q: String!, $o: AskOptions) {
  ask(question: $q, options: $o) {
    question
    answer { kind source }
    interpretations { source score }
    sources { source status message error { code message } durationMs }
  }
}`;

interface AskData {
  ask: {
    question: string;
    answer: unknown;
    interpretations: unknown[];
    sources: { source: string; status: string; message: string; durationMs: number }[];
  };
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(await worldOptions(`file:${join(mkdtempSync(join(tmpdir(), 'nlq-ask-')), 'facts.sqlite')}`));
});
afterAll(() => server.stop());

describe('ask where some sources have no question interpreter', () => {
  it('answers only from sources with an interpreter and says, per other source, why it could not answer', async () => {
    const { data, errors } = await server.run<AskData>(ASK, { q: 'How many customers are there in Germany?' });
    expect(errors).toBeUndefined();
    expect(data!.ask.sources.map((outcome) => outcome.source).sort()).toEqual(['kestrelford', 'northwind', 'northwind-graph', 'royals']);
    // Northwind in SQL has an interpreter (its query-graph model is committed); source selection
    // leaves out the sources the question is not about (royals, the town facts).
    const interpreting = ['kestrelford', 'northwind'];
    for (const outcome of data!.ask.sources.filter((o) => o.source === 'northwind')) expect(outcome.status).toBe('ANSWERED');
    for (const outcome of data!.ask.sources.filter((o) => ['royals', 'kestrelford'].includes(o.source))) expect(outcome.status).toBe('NOT_RELEVANT');
    for (const outcome of data!.ask.sources.filter((o) => !interpreting.includes(o.source) && !['ANSWERED', 'NOT_RELEVANT'].includes(o.status))) {
      expect(outcome.status).toBe('UNSUPPORTED');
      expect(outcome.message).toMatch(/cannot interpret questions yet/);
    }
  });

  it('asks only the sources named in options', async () => {
    const { data } = await server.run<AskData>(ASK, { q: 'Who was Queen Victoria’s father?', o: { sources: ['royals'] } });
    expect(data!.ask.sources.map((outcome) => outcome.source)).toEqual(['royals']);
  });

  it('echoes the question with whitespace and control characters cleaned', async () => {
    const { data } = await server.run<AskData>(ASK, { q: '  How many\u0000 products\n\tare there?  ' });
    expect(data!.ask.question).toBe('How many products are there?');
  });
});

describe('ask with bad input', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['an empty question', { q: '' }, 'question'],
    ['a blank question', { q: ' \n\t ' }, 'question'],
    ['a question over the length limit', { q: 'why '.repeat(DEFAULT_LIMITS.maxQuestionLength) }, 'question'],
    ['topK of zero', { q: 'How many products?', o: { topK: 0 } }, 'options.topK'],
    ['topK over the maximum', { q: 'How many products?', o: { topK: DEFAULT_LIMITS.maxTopK + 1 } }, 'options.topK'],
    ['a negative limit', { q: 'How many products?', o: { limit: -5 } }, 'options.limit'],
    ['a limit over the maximum', { q: 'How many products?', o: { limit: DEFAULT_LIMITS.maxRows + 1 } }, 'options.limit'],
    ['an unknown source', { q: 'How many products?', o: { sources: ['nowhere'] } }, 'options.sources'],
    ['an empty source list', { q: 'How many products?', o: { sources: [] } }, 'options.sources'],
  ];

  it.each(cases)('rejects %s with BAD_USER_INPUT naming the argument', async (_, variables, argument) => {
    const result = await server.run(ASK, variables);
    expect(result.data).toBeNull();
    expect(errorCode(result)).toBe('BAD_USER_INPUT');
    expect(result.errors?.[0]?.extensions?.argumentName).toBe(argument);
  });

  it('rejects a wrongly typed variable before the gateway sees it', async () => {
    const result = await server.run(ASK, { q: 42 });
    expect(errorCode(result)).toBe('BAD_USER_INPUT');
  });

  it('keeps serving after bad input', async () => {
    await server.run(ASK, { q: '' });
    const { data, errors } = await server.run<AskData>(ASK, { q: 'How many products are there?' });
    expect(errors).toBeUndefined();
    expect(data!.ask.sources).toHaveLength(4);
  });
});
