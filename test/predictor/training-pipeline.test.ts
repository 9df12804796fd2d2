/**
 * The whole training pipeline on a database this test makes (a small library, not Northwind), in a
 * tiny configuration: introspect, generate, train with Debian's PyTorch, export ONNX, quantise,
 * write model.json and MODEL_CARD.md; then load the model in Node and answer a question correctly.
 * Serving refuses the model once the schema changes. Needs /usr/bin/python3 with torch, onnx and
 * numpy (README, "Developing"; .ci/run installs them).
 */
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentProgress } from '../../engines/progress.js';
import { openSqlClient, type SqlClient } from '../../engines/sql/prisma-client.js';
import { SqlQueryEngine } from '../../engines/sql/sql-engine.js';
import { ModelUnusableError } from '../../errors.js';
import { loadPredictor } from '../../engines/predictor/load.js';
import { trainPredictor, type TrainReport } from '../../engines/predictor/training/training.js';

const GENRES = ['poetry', 'history', 'crime', 'cooking'];
const COUNTRIES = ['Norway', 'Chile', 'Japan', 'Kenya'];

let dir: string;
let client: SqlClient;
let engine: SqlQueryEngine;
let report: TrainReport;

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
