/**
 * A request worded politely is still a request: "Can you list ...", "could u show me ...",
 * "pls count ..." ask for a list or a number, not for a yes or a no (question-form.ts takes the
 * lead-in off before reading the question's form). Through GraphQL, on the default world.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/graphql.js';
import { worldOptions } from '../helpers/world.js';

const ASK = `query Ask($q: String!, $o: AskOptions) {
  ask(question: $q, options: $o) { answer { kind rows } }
}`;

interface AskData {
  ask: { answer: { kind: string; rows: unknown[][] } | null };
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(await worldOptions(`file:${join(mkdtempSync(join(tmpdir(), 'nlq-polite-')), 'facts.sqlite')}`));
});
afterAll(() => server?.stop());

async function answerTo(question: string) {
  const { data, errors } = await server.run<AskData>(ASK, { q: question, o: { sources: ['northwind'], minConfidence: 0 } });
  expect(errors).toBeUndefined();
  return data!.ask.answer!;
}

describe('a polite request', () => {
  it.each(['Can you list the suppliers?', 'could u pls show me the suppliers'])('"%s" answers with the suppliers, not yes or no', async (question) => {
    const answer = await answerTo(question);
    expect(answer.kind).not.toBe('BOOLEAN');
    expect(answer.rows.length).toBeGreaterThan(1);
  });

  it('"Can you count the suppliers?" answers with a number', async () => {
    const answer = await answerTo('Can you count the suppliers?');
    expect(answer.kind).toBe('SCALAR');
  });
});
