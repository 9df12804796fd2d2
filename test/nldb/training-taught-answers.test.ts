/**
 * `nlq train --nldb` learns from the answers taught to fact collections (issue 21, item 3), in the
 * tiny configuration CI runs (`--quick`, WordNet domains only, one thread): corrections stored
 * through GraphQL on the test world's Kestrelford are gathered with the texts of their facts and a
 * few negatives (facts the question's words find that state none of the values), mixed into the
 * extractor's data (models/train/nldb/taught.py), every fifth usable one held out and measured;
 * a number answer is not used. metrics.json and the model card say how many were used and held
 * out. Needs /usr/bin/python3 with torch, onnx and numpy, as training-pipeline.test.ts.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trainNldbCommand } from '../../cli/commands/train.js';
import { nlQuery } from '../../plugins/nl-query/index.js';
import type { NlQueryOptions } from '../../plugins/nl-query/options.js';
import { startTestServer } from '../helpers/graphql.js';
import { worldOptions } from '../helpers/world.js';

const CORRECT = /* GraphQL */ `
  mutation Correct($question: String!, $answer: [String!], $facts: [ID!]) {
    correctAnswer(question: $question, source: "kestrelford", answer: $answer, facts: $facts) { id facts }
  }
`;

/** Corrections of the kind a user gives: values, the facts left to the gateway (those naming a value), or named. */
const TAUGHT: readonly { question: string; answer: string[]; fact?: string }[] = [
  { question: 'Which nurse works at Mercy Vale Hospital?', answer: ['Niamh Castellane'] },
  { question: 'Who plays chess at the Red Lion?', answer: ['Henrik Solvang'] },
  { question: 'Who does Quillfeather Software employ?', answer: ['Ines Dalgaard'] },
  { question: 'Who works as a chemist for Orrin Chemical Works?', answer: ['Declan Achterberg'] },
  // A number says not which operation gave it: stored, not trained on.
  { question: 'How many visitors does Fennick Gardens count a year?', answer: ['128,900'], fact: 'Fennick Gardens counts 128,900 visitors a year.' },
  { question: 'Is Greywater Mills a textile company?', answer: ['yes'], fact: 'Greywater Mills is a textile company in Kestrelford.' },
  { question: 'Who keeps a pet rabbit?', answer: ['Clementine Prewitt'] },
];

interface TaughtUse {
  stored: number;
  usable: number;
  used: number;
  heldOut: number;
  weight: number;
  collections: string[];
  heldOutMetrics?: { op_acc: number; useful_acc: number; span_acc: number };
}

let dir: string;
let options: NlQueryOptions;
let code: number;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nlq-nldb-taught-'));
  options = await worldOptions(`file:${join(dir, 'facts.sqlite')}`);
  const server = await startTestServer(options);
  try {
    const facts = await server.run<{ facts: { id: string; text: string }[] }>('query { facts(collection: "kestrelford", limit: 500) { id text } }');
    for (const taught of TAUGHT) {
      const named = taught.fact ? facts.data!.facts.filter((f) => f.text === taught.fact).map((f) => f.id) : undefined;
      if (taught.fact) expect(named, taught.fact).toHaveLength(1);
      const stored = await server.run(CORRECT, { question: taught.question, answer: taught.answer, ...(named ? { facts: named } : {}) });
      expect(stored.errors).toBeUndefined();
    }
  } finally {
    await server.stop();
  }
  code = await trainNldbCommand({
    quick: true,
    out: join(dir, 'model'),
    gateway: options,
    trainerArgs: ['--domains', '1', '--threads', '1', '--checkpoint', join(dir, 'spj.pt')],
  });
}, 900_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('nlq train --nldb learns from the answers taught to fact collections', () => {
  it('gives the trainer each correction with the texts of the facts that state it and negatives that state none of it', async () => {
    const { gateway } = nlQuery(options);
    try {
      const training = await gateway.taughtFactTraining('kestrelford');
      expect(training).toHaveLength(TAUGHT.length);
      const chess = training.find((t) => t.question === 'Who plays chess at the Red Lion?')!;
      expect(chess.facts).toContain('Every Thursday evening Henrik Solvang plays chess at the Red Lion.');
      expect(chess.facts.every((text) => text.includes('Henrik Solvang'))).toBe(true);
      for (const t of training) {
        expect(t.collection).toBe('kestrelford');
        for (const negative of t.negatives) for (const value of t.answer) expect(negative.toLowerCase()).not.toContain(value.toLowerCase());
        expect(t.negatives.some((negative) => t.facts.includes(negative))).toBe(false);
      }
      expect(training.some((t) => t.negatives.length > 0)).toBe(true);
      expect(await gateway.taughtFactTraining('northwind')).toEqual([]);
    } finally {
      await gateway.stop();
    }
  });

  it('mixes the usable ones into the extractor, holds every fifth out, measures it, and says so in metrics.json and the model card', () => {
    expect(code).toBe(0);
    for (const file of ['spj.onnx', 'spj.int8.onnx', 'metrics.json', 'MODEL_CARD.md']) expect(existsSync(join(dir, 'model', file)), file).toBe(true);
    const metrics = JSON.parse(readFileSync(join(dir, 'model', 'metrics.json'), 'utf8')) as { taught?: TaughtUse };
    // Seven stored; the number answer is not usable; of six usable the fifth is held out.
    expect(metrics.taught).toMatchObject({ stored: 7, usable: 6, used: 5, heldOut: 1, weight: 20, collections: ['kestrelford'] });
    const held = metrics.taught!.heldOutMetrics!;
    for (const figure of [held.op_acc, held.useful_acc, held.span_acc]) expect(figure).toBeGreaterThanOrEqual(0);
    const card = readFileSync(join(dir, 'model', 'MODEL_CARD.md'), 'utf8');
    expect(card).toMatch(/## Taught answers in the last training run/);
    expect(card).toMatch(/\(kestrelford\): 5 of 7 used, each 20 times \(\d+ support sets\), 1 held out; 1 not usable/);
  });
});
