/**
 * Paraphrase robustness (issue 18): Northwind dev questions the gateway answers right as worded in
 * questions-dev are asked again in other people's words (bench/data/paraphrases-northwind.jsonl,
 * written by hand before the predictor changed, never trained on), through GraphQL, and most of
 * those rewordings must still be answered right, scored as the dev set's README says. Behaviour
 * only; `npm run bench -- querygraph` reports the whole set.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchesGold, type DevQuestion } from '../../bench/dev-questions.js';
import { originalsOf, readParaphrases, type Paraphrase } from '../../bench/paraphrases.js';
import type { JsonValue } from '../../types.js';
import { startTestServer, type TestServer } from '../helpers/graphql.js';
import { worldOptions } from '../helpers/world.js';

/**
 * The sample: every fourth id of ask-dev-questions.test.ts's list of questions the shipped model
 * answers right (a filter, a count per group through a join, a count through a join, a sum with a
 * filter, an average through a join, a superlative over a year, a filter over three joins), picked
 * by position before any paraphrase was asked, not by how they fare.
 */
const SAMPLE = ['nw-d-001', 'nw-d-006', 'nw-d-012', 'nw-d-017', 'nw-d-026', 'nw-d-031', 'nw-d-039'];

/**
 * At least this many of the sample's 21 rewordings answered right. The models shipped when the test
 * was written (commit afd81df) answer 12: the casual and slang forms of 001 ('products over $50',
 * 'pricier than fifty bucks'), 017's 'sum up freight', all three of 026 ('avg', 'on average',
 * 'drinks'), two of 031 and 006's reworded form are wrong. The predictor is deterministic, so the
 * bar is that figure: a change that makes the gateway worse at other people's wording fails here.
 * It is far below issue 18's target (paraphrases within 5 points of the originals, here 20 of 21);
 * raise it as the predictor improves, and read the whole set in `npm run bench -- querygraph`.
 */
const AT_LEAST = 12;

const ASK = `query Ask($q: String!, $o: AskOptions) {
  ask(question: $q, options: $o) { answer { source rows queryGraph } }
}`;

interface AskData {
  ask: { answer: { source: string; rows: JsonValue[][]; queryGraph: string } | null };
}

let server: TestServer;
let paraphrases: Paraphrase[] = [];
let originals: DevQuestion[] = [];

beforeAll(async () => {
  paraphrases = readParaphrases('northwind').filter((p) => SAMPLE.includes(p.id));
  originals = originalsOf(paraphrases);
  server = await startTestServer(await worldOptions(`file:${join(mkdtempSync(join(tmpdir(), 'nlq-paraphrase-')), 'facts.sqlite')}`));
});
afterAll(() => server?.stop());

async function answersRight(q: DevQuestion): Promise<boolean> {
  // minConfidence 0: this file checks the readings, so every answer is stated however likely.
  const { data, errors } = await server.run<AskData>(ASK, { q: q.question, o: { sources: ['northwind'], topK: 3, limit: 1000, minConfidence: 0 } });
  expect(errors).toBeUndefined();
  const answer = data!.ask.answer;
  return answer !== null && matchesGold(q, answer.rows);
}

describe('the same Northwind questions in other words', () => {
  it('answers the sample as worded in the dev set (the premise)', async () => {
    expect(originals.map((q) => q.id)).toEqual(SAMPLE);
    for (const q of originals) expect(await answersRight(q), `${q.id}: ${q.question}`).toBe(true);
  }, 120_000);

  it(`answers at least ${AT_LEAST} of their ${SAMPLE.length * 3} rewordings right`, async () => {
    expect(paraphrases).toHaveLength(SAMPLE.length * 3);
    const wrong: string[] = [];
    for (const p of paraphrases) if (!(await answersRight(p))) wrong.push(`${p.id}/${p.style}: ${p.question}`);
    expect(paraphrases.length - wrong.length, `answered wrong:\n${wrong.join('\n')}`).toBeGreaterThanOrEqual(AT_LEAST);
  }, 300_000);
});
