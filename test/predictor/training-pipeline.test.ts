/**
 * The whole training pipeline on a database this test makes (a small library, not Northwind), in a
 * tiny configuration: introspect, generate, train with Debian's PyTorch, export ONNX, quantise,
 * write model.json and MODEL_CARD.md; fit the model's own calibration on held-out questions asked
 * through the gateway (what `nlq train` ends with), written beside it and in its card, and used by
 * serving instead of the group's curve; then load the model in Node and answer a question
 * correctly. Serving refuses the model once the schema changes. Needs /usr/bin/python3 with torch, onnx and
 * numpy (README, "Developing"; .ci/run installs them).
 */
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentProgress } from '../../engines/progress.js';
import { openSqlClient, type SqlClient } from '../../engines/sql/prisma-client.js';
import { SqlQueryEngine } from '../../engines/sql/sql-engine.js';
import { ModelUnusableError } from '../../errors.js';
import { loadPredictor } from '../../engines/predictor/load.js';
import { trainPredictor, type TrainReport } from '../../engines/predictor/training/training.js';
import { calibrateSourceModel } from '../../cli/commands/calibrate.js';
import { writeCalibrationFile } from '../../plugins/nl-query/calibration/calibrator.js';
import { chosenReadingFeatures } from '../../plugins/nl-query/calibration/chosen-reading.js';
import { FEATURE_NAMES } from '../../plugins/nl-query/calibration/features.js';
import { predict } from '../../plugins/nl-query/calibration/logistic.js';
import { MODEL_CALIBRATION_FILE, readModelCalibration, type ModelCalibrationFile } from '../../plugins/nl-query/calibration/model-calibration.js';
import { startTestServer } from '../helpers/graphql.js';

const CLI = new URL('../../dist/cli/nlq.js', import.meta.url).pathname;
const GENRES = ['poetry', 'history', 'crime', 'cooking'];
const COUNTRIES = ['Norway', 'Chile', 'Japan', 'Kenya'];

let dir: string;
let client: SqlClient;
let engine: SqlQueryEngine;
let report: TrainReport;
let calibration: ModelCalibrationFile | null;

function makeLibrary(file: string, withExtraColumn = false): void {
  const db = new Database(file);
  db.exec(`CREATE TABLE authors (id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT${withExtraColumn ? ', website TEXT' : ''});
           CREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT NOT NULL, author_id INTEGER REFERENCES authors(id), genre TEXT, pages INTEGER, price REAL);`);
  const author = db.prepare('INSERT INTO authors (id, name, country) VALUES (?, ?, ?)');
  const book = db.prepare('INSERT INTO books (id, title, author_id, genre, pages, price) VALUES (?, ?, ?, ?, ?, ?)');
  for (let i = 1; i <= 8; i += 1) author.run(i, `Author ${String.fromCharCode(64 + i)}lden`, COUNTRIES[i % 4]);
  for (let i = 1; i <= 30; i += 1) book.run(i, `Volume ${i} of the ${GENRES[i % 4]} shelf`, 1 + (i % 8), GENRES[i % 4], 80 + ((i * 37) % 400), 5 + ((i * 13) % 40));
  db.close();
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nlq-train-test-'));
  const file = join(dir, 'library.sqlite');
  makeLibrary(file);
  const url = `file:${file}`;
  client = openSqlClient(url, { readonly: true });
  engine = await SqlQueryEngine.open({ sourceId: 'library', provider: 'sqlite', client, url });
  report = await trainPredictor({
    sourceId: 'library',
    engine,
    out: join(dir, 'model'),
    examples: 2500,
    heldOut: 60,
    model: { dModel: 64, layers: 1, ff: 128, epochs: 6, minutes: 4, batch: 64, lr: 0.003 },
    progress: silentProgress,
  });
  calibration = await calibrateSourceModel({ source: { id: 'library', kind: 'sql', url }, modelDirectory: join(dir, 'model'), questions: 80, factStore: `file:${join(dir, 'facts.sqlite')}` });
}, 900_000);

afterAll(async () => {
  await engine?.close();
  await client?.$disconnect();
  rmSync(dir, { recursive: true, force: true });
});

describe('training the query-graph predictor end to end', () => {
  it('writes the ONNX model, its manifest and a model card with the schema fingerprint and metrics', () => {
    const model = join(dir, 'model');
    const manifest = report.manifest;
    expect(existsSync(join(model, manifest.files.encoder))).toBe(true);
    expect(existsSync(join(model, manifest.files.decoder))).toBe(true);
    expect(manifest.schemaFingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(manifest.training.trainExamples).toBe(2500);
    expect(manifest.training.parameters).toBeGreaterThan(10_000);
    expect(manifest.heldOut?.examples).toBe(60);
    const card = readFileSync(join(model, 'MODEL_CARD.md'), 'utf8');
    expect(card).toContain(manifest.schemaFingerprint);
    expect(card).toContain('top-1');
  });

  it("fits the model's calibration on held-out questions asked through the gateway, beside the model and in its card", () => {
    expect(calibration).not.toBeNull();
    const stored = readModelCalibration(join(dir, 'model'))!;
    expect(stored).toEqual(calibration);
    expect(stored.group).toBe('querygraph');
    expect(stored.asked).toBeGreaterThan(50);
    expect(stored.curve.fittedOn.samples).toBeGreaterThanOrEqual(20);
    expect(stored.curve.weights).toHaveLength(FEATURE_NAMES.length);
    const card = readFileSync(join(dir, 'model', 'MODEL_CARD.md'), 'utf8');
    expect(card).toContain('## Calibration');
    expect(card).toContain(`ECE on them ${stored.ece.toFixed(3)} (n = ${stored.curve.fittedOn.samples})`);
  });

  it("serves the model's answers with its own calibration, and the group's curve without it", async () => {
    // The models folder serving reads (one folder per source id), and a group curve that says 0.5 for everything.
    const models = join(dir, 'models');
    mkdirSync(models, { recursive: true });
    if (!existsSync(join(models, 'library'))) symlinkSync(join(dir, 'model'), join(models, 'library'), 'dir');
    const groupFile = join(dir, 'group-calibration.json');
    writeCalibrationFile(groupFile, { querygraph: { bias: 0, weights: FEATURE_NAMES.map(() => 0), fittedOn: { sets: ['test'], samples: 100, right: 50 } } });
    const ask = async () => {
      const server = await startTestServer({ sources: [{ id: 'library', kind: 'sql', url: `file:${join(dir, 'library.sqlite')}` }], models, calibration: groupFile, sharedModel: false, factStore: `file:${join(dir, 'facts.sqlite')}` });
      try {
        const { data, errors } = await server.run<{ ask: { answer: { kind: string; rows: unknown[][]; confidence: number }; interpretations: { source: string; score: number; status: string; probability: number }[] } }>(
          'query ($q: String!) { ask(question: $q, options: { minConfidence: 0 }) { answer { kind rows confidence } interpretations { source score status probability } } }',
          { q: 'How many books are there?' },
        );
        expect(errors).toBeUndefined();
        return data!.ask;
      } finally {
        await server.stop();
      }
    };
    const own = await ask();
    const chosen = chosenReadingFeatures(own.interpretations, { rows: own.answer.rows as never, kind: own.answer.kind }, 'sql')!;
    expect(own.answer.confidence).toBeCloseTo(predict(calibration!.curve, chosen.features), 10);
    expect(own.answer.confidence).not.toBeCloseTo(0.5, 3);
    rmSync(join(dir, 'model', MODEL_CALIBRATION_FILE));
    try {
      const group = await ask();
      expect(group.answer.confidence).toBeCloseTo(0.5, 10);
    } finally {
      writeFileSync(join(dir, 'model', MODEL_CALIBRATION_FILE), `${JSON.stringify(calibration, null, 2)}\n`);
    }
  });

  it('`nlq train --source --calibrate` refits the calibration of the trained model without training it again', () => {
    const model = join(dir, 'model');
    const config = join(dir, 'nlq.config.json');
    writeFileSync(config, JSON.stringify({ factStore: `file:${join(dir, 'facts-cli.sqlite')}`, sources: [{ id: 'library', kind: 'sql', url: `file:${join(dir, 'library.sqlite')}` }] }));
    const encoder = readFileSync(join(model, report.manifest.files.encoder));
    const card = readFileSync(join(model, 'MODEL_CARD.md'), 'utf8');
    rmSync(join(model, MODEL_CALIBRATION_FILE));
    const run = spawnSync(process.execPath, [CLI, 'train', '--source', 'library', '--calibrate', '--quick', '--out', model, '--config', config], { encoding: 'utf8', timeout: 600_000 });
    expect(run.stderr).toContain('fitting the calibration');
    expect(run.status).toBe(0);
    const refitted = readModelCalibration(model)!;
    expect(refitted.group).toBe('querygraph');
    expect(refitted.curve.weights).toHaveLength(FEATURE_NAMES.length);
    // Calibration only: the model's weights are the ones trained above.
    expect(readFileSync(join(model, report.manifest.files.encoder)).equals(encoder)).toBe(true);
    expect(readFileSync(join(model, 'MODEL_CARD.md'), 'utf8')).toContain(`ECE on them ${refitted.ece.toFixed(3)}`);
    // Leave the calibration and card the other tests read as they were.
    writeFileSync(join(model, MODEL_CALIBRATION_FILE), `${JSON.stringify(calibration, null, 2)}\n`);
    writeFileSync(join(model, 'MODEL_CARD.md'), card);
  }, 600_000);

  it('`nlq train --calibrate` says what is missing when no model was trained', () => {
    const config = join(dir, 'nlq.config.json');
    const run = spawnSync(process.execPath, [CLI, 'train', '--source', 'library', '--calibrate', '--out', join(dir, 'no-model'), '--config', config], { encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('no model in');
    expect(run.stderr).toContain('train it first');
  });

  it('loads in Node and answers a question correctly', async () => {
    const loaded = await loadPredictor('library', engine, { directory: join(dir, 'model') });
    try {
      const interpretations = await loaded.interpreter.answer({ question: 'How many books are there?', topK: 3, limit: 10, signal: new AbortController().signal });
      const best = [...interpretations].sort((a, b) => b.score - a.score).find((i) => i.result !== null);
      expect(best?.queryGraph).toBe('show count books.*');
      expect(best?.result?.rows).toEqual([[30]]);
      expect(best?.explanation).toContain('number of books');
    } finally {
      await loaded.release();
    }
  });

  it('is refused, with a clear message, once the schema has changed', async () => {
    const file = join(dir, 'library-v2.sqlite');
    makeLibrary(file, true);
    const url = `file:${file}`;
    const changedClient = openSqlClient(url, { readonly: true });
    const changed = await SqlQueryEngine.open({ sourceId: 'library', provider: 'sqlite', client: changedClient, url });
    try {
      const attempt = loadPredictor('library', changed, { directory: join(dir, 'model') });
      await expect(attempt).rejects.toBeInstanceOf(ModelUnusableError);
      await expect(attempt).rejects.toThrow(/trained for another schema.*nlq train --source library/);
    } finally {
      await changed.close();
      await changedClient.$disconnect();
    }
  });
});
