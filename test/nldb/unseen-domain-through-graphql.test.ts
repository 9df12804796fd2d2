/**
 * A small collection written here by hand in a domain neither world generator makes (rivers and
 * lakes: lengths in kilometres, depths in metres, who mapped what, which lake drains where;
 * models/train/nldb/worlds.py makes towns, domains.py things and organisations), asked questions
 * of every NeuralDB type through GraphQL as a client would. Each answer is checked against what
 * the facts say. The shipped models answer set, count, yes/no, min and max right since the
 * extractor was retrained on the domain generator's worlds; argmin/argmax and the join they still
 * miss (issue 19) are marked `it.fails`, so they fail loudly the day they pass and must become
 * plain `it`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/graphql.js';

const FACTS = [
  'The Orrel River flows 212 kilometres to the sea.',
  'Skelda is a river 87 kilometres long.',
  'Vennet, a river in the north, is 140 kilometres long.',
  'Tarn Mire is a lake 31 metres deep.',
  'Ossary Water reaches a depth of 64 metres.',
  'Harl Pool, a lake, is 12 metres deep.',
  'Ossary Water is a lake.',
  'Ossary Water drains into the Orrel River.',
  'Harl Pool drains into Skelda.',
  'Tarn Mire drains into the Orrel River.',
  'Edda Maun mapped Skelda in 1851.',
  'Pell Corran mapped Vennet in 1822.',
];

// What the engine reads, whatever its calibrated probability: below the default minConfidence an
// answer is UNSURE without rows (a "no" is right less often than a "yes" on other domains), which
// is the trust tests' business, not this one's.
const ASK = `query ($q: String!) {
  ask(question: $q, options: { sources: ["waters"], limit: 20, minConfidence: 0 }) { answer { kind rows support { text } } }
}`;

let dir: string;
let server: TestServer;

async function rows(question: string): Promise<unknown[][]> {
  const { data, errors } = await server.run<{ ask: { answer: { kind: string; rows: unknown[][] } | null } }>(ASK, { q: question });
  expect(errors, question).toBeUndefined();
  return data!.ask.answer?.rows ?? [];
}

const names = (r: unknown[][]) => r.map((row) => String(row[0]).toLowerCase()).sort();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nlq-nldb-waters-'));
  server = await startTestServer({ factStore: `file:${join(dir, 'facts.sqlite')}`, sources: [] });
  expect((await server.run('mutation { createFactCollection(id: "waters", description: "Rivers and lakes") { id } }')).errors).toBeUndefined();
  const added = await server.run('mutation ($f: [String!]!) { addFacts(collection: "waters", facts: $f) { ids } }', { f: FACTS });
  expect(added.errors).toBeUndefined();
});

afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('a hand-written collection about rivers and lakes, through GraphQL', () => {
  it('set: the lakes that drain into a river', async () => {
    expect(names(await rows('Which lakes drain into the Orrel River?'))).toEqual(['ossary water', 'tarn mire']);
  });

  it('count: how many lakes drain into it', async () => {
    expect(await rows('How many lakes drain into the Orrel River?')).toEqual([[2]]);
  });

  it('bool: yes and no from the same relation', async () => {
    expect(await rows('Does Harl Pool drain into Skelda?')).toEqual([[true]]);
    expect(await rows('Does Ossary Water drain into Skelda?')).toEqual([[false]]);
  });

  it('min and max over a measured attribute, the direction read from the question', async () => {
    expect(await rows('What is the depth of the shallowest lake?')).toEqual([[12]]);
    expect(await rows('What is the length of the longest river?')).toEqual([[212]]);
  });

  it.fails('argmin and argmax name the entity', async () => {
    expect(names(await rows('Which river is the shortest?'))).toEqual(['skelda']);
    expect(names(await rows('Which lake is the deepest?'))).toEqual(['ossary water']);
  });

  it.fails('a join: who mapped a river longer than 100 kilometres', async () => {
    expect(names(await rows('Who mapped a river that is longer than 100 kilometres?'))).toEqual(['pell corran']);
  });
});
