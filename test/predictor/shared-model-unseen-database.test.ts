/**
 * The shipped shared model (models/shared-querygraph) on a database this test makes and that no
 * model was ever trained on (a zoo: animals and their keepers), asked through GraphQL: plain
 * questions of the kinds people ask first are answered right, with the shared model named as the
 * reader in the source's status. Nothing here was in the model's training data.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/graphql.js';

const SPECIES = ['zebra', 'lion', 'okapi', 'tapir', 'lemur'];
let dir: string;
let server: TestServer;

interface AskData {
  ask: {
    answer: { kind: string; rows: unknown[][] } | null;
    interpretations: { source: string; queryGraph: string | null }[];
  };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nlq-zoo-'));
  const file = join(dir, 'zoo.sqlite');
  const db = new Database(file);
  db.exec(`CREATE TABLE keeper (keeper_id INTEGER PRIMARY KEY, name TEXT NOT NULL, hired_year INTEGER);
           CREATE TABLE animal (animal_id INTEGER PRIMARY KEY, name TEXT NOT NULL, species TEXT, weight REAL, keeper_id INTEGER REFERENCES keeper(keeper_id));`);
  const keeper = db.prepare('INSERT INTO keeper VALUES (?, ?, ?)');
  ['Mira Tollan', 'Osei Brandt', 'Ilse Varga'].forEach((name, i) => keeper.run(i + 1, name, 2001 + i * 5));
  const animal = db.prepare('INSERT INTO animal VALUES (?, ?, ?, ?, ?)');
  for (let i = 1; i <= 17; i += 1) animal.run(i, `Animal ${i}`, SPECIES[i % 5], 20 + ((i * 37) % 300), 1 + (i % 3));
  db.close();
  server = await startTestServer({ factStore: `file:${join(dir, 'facts.sqlite')}`, sources: [{ id: 'zoo', kind: 'sql', url: `file:${file}` }] });
});

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function ask(question: string): Promise<AskData['ask']> {
  const { data, errors } = await server.run<AskData>('query ($q: String!) { ask(question: $q) { answer { kind rows } interpretations { source queryGraph } } }', { q: question });
  expect(errors).toBeUndefined();
  return data!.ask;
}

describe('the shipped shared model on a database no model was trained on', () => {
  it('is what reads questions for the new source', async () => {
    const { data } = await server.run<{ sources: { id: string; status: string }[] }>('{ sources { id status } }');
    expect(data!.sources.find((s) => s.id === 'zoo')?.status).toMatch(/shared query-graph predictor/);
  });

  it('counts the things of a table', async () => {
    const answer = await ask('How many animals are there?');
    expect(answer.answer?.rows).toEqual([[17]]);
  });

  it('lists the names of a table', async () => {
    const answer = await ask('List the keepers.');
    expect(answer.answer?.rows.map((r) => r[0]).sort()).toEqual(['Ilse Varga', 'Mira Tollan', 'Osei Brandt']);
  });

  it('averages a number of a table', async () => {
    const answer = await ask('What is the average weight of animals?');
    const expected = Array.from({ length: 17 }, (_, i) => 20 + (((i + 1) * 37) % 300)).reduce((a, b) => a + b, 0) / 17;
    expect(answer.answer?.rows[0]?.[0]).toBeCloseTo(expected, 6);
  });

  it('on a question it reads badly, either answers right or says it is not sure (UNSURE): never wrong with confidence', async () => {
    // A question of a shape the shipped model reads badly on this schema (found when this test
    // was written: "the names of all keepers" comes out as their hired year at under 50%).
    const answer = await ask('List the names of all keepers.');
    expect(['UNSURE', 'TABLE', 'ENTITIES']).toContain(answer.answer?.kind);
    if (answer.answer?.kind !== 'UNSURE') expect(answer.answer?.rows.map((r) => r[0]).sort()).toEqual(['Ilse Varga', 'Mira Tollan', 'Osei Brandt']);
  });
});
