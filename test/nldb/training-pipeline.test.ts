/**
 * The text-fact models' training end to end in the tiny configuration CI runs (`train.py --quick`,
 * about a minute): worlds of WordNet domains only (domains.py), both models trained with Debian's
 * PyTorch, exported to ONNX, the extractor quantised; then Node loads the files and answers the
 * questions of a held-out-domain world (heldout.py --domains) through the interpreter. Needs
 * /usr/bin/python3 with torch, onnx and numpy (README, "Developing"; .ci/run installs them).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedIndex } from '../../engines/nldb/embedded-index.js';
import { FactIndex } from '../../engines/nldb/fact-index.js';
import { FactStore } from '../../engines/nldb/fact-store.js';
import { NldbInterpreter } from '../../engines/nldb/interpreter.js';
import { NldbModels } from '../../engines/nldb/models.js';
import { N_FEATURES } from '../../engines/nldb/text.js';
import { kindsOf } from '../../plugins/nl-query/nldb-kinds.js';

const TRAIN = resolve(import.meta.dirname, '..', '..', 'models', 'train', 'nldb');
const PYTHON = process.env.NLQ_PYTHON ?? '/usr/bin/python3';
const env = { ...process.env, OPENBLAS_NUM_THREADS: '1', OMP_NUM_THREADS: '1' };

let dir: string;
let trained: { status: number | null; log: string };

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'nlq-nldb-train-'));
  const run = spawnSync(PYTHON, [join(TRAIN, 'train.py'), '--quick', '--domains', '1', '--threads', '1', '--out', join(dir, 'model'), '--checkpoint', join(dir, 'spj.pt')], {
    env,
    encoding: 'utf8',
    timeout: 600_000,
  });
  trained = { status: run.status, log: `${run.stdout}${run.stderr}` };
  const world = spawnSync(PYTHON, [join(TRAIN, 'heldout.py'), '--domains', '--worlds', '1', '--seed', '99', '--out', join(dir, 'heldout')], { env, encoding: 'utf8' });
  expect(world.status, world.stderr).toBe(0);
}, 660_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('training the text-fact models in the tiny configuration, on generated domains', () => {
  it('writes every model file, trained on domain worlds with the kind feature', () => {
    expect(trained.status, trained.log.slice(-2000)).toBe(0);
    for (const file of ['ssg-fact.onnx', 'ssg-state.onnx', 'spj.onnx', 'spj.int8.onnx', 'vocab.json', 'config.json', 'metrics.json']) {
      expect(existsSync(join(dir, 'model', file)), file).toBe(true);
    }
    const config = JSON.parse(readFileSync(join(dir, 'model', 'config.json'), 'utf8')) as { spj: { features: number } };
    expect(config.spj.features).toBe(N_FEATURES);
    const metrics = JSON.parse(readFileSync(join(dir, 'model', 'metrics.json'), 'utf8')) as { data: { worlds: number; domain_worlds: number }; spj: { op_acc: number } };
    expect(metrics.data.domain_worlds).toBe(metrics.data.worlds);
    expect(metrics.spj.op_acc).toBeGreaterThanOrEqual(0);
    expect(trained.log).toMatch(/domains trained on: \[/);
    // It says how fast the matrix products are, and warns when OpenBLAS is missing (models/train/blas.py).
    expect(trained.log).toMatch(/BLAS: [\d.]+ GFLOP\/s|WARNING: slow matrix products/);
  });

  it('serves in Node: a held-out-domain world is indexed and every question gets a typed answer', async () => {
    const models = await NldbModels.load({ dir: join(dir, 'model') });
    const world = join(dir, 'heldout', readdirSync(join(dir, 'heldout'))[0]!);
    const facts = readFileSync(join(world, 'facts.txt'), 'utf8').split('\n').filter(Boolean);
    const questions = readFileSync(join(world, 'questions.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { question: string });
    const store = await FactStore.open(`file:${join(dir, 'facts.sqlite')}`);
    await store.createCollection('world', 'a held-out domain');
    await store.addFacts('world', facts);
    const index = new FactIndex('world', store, models, EmbeddedIndex.open({ dir: join(dir, 'vectors'), name: 'world', dimensions: models.dimensions, model: models.fingerprint }));
    expect((await index.sync()).added).toBe(facts.length);
    const interpreter = new NldbInterpreter({ collection: 'world', facts: index, models, kindsOf });
    for (const { question } of questions.slice(0, 12)) {
      const { interpretation } = await interpreter.run({ question, topK: 5, limit: 100, signal: new AbortController().signal });
      expect(['ENTITIES', 'SCALAR', 'BOOLEAN', 'EMPTY']).toContain(interpretation.result?.kind ?? 'EMPTY');
    }
    await index.close();
    await store.close();
    await models.close();
  });
});
