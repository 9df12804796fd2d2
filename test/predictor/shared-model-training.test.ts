/**
 * The shared, schema-conditioned predictor end to end in a tiny configuration, on databases this
 * test makes: learn it over three small databases (one held out), specialise it to a fourth
 * (`nlq train --source` when a shared model is installed), and serve a fifth database that no
 * model was trained on through GraphQL with it. The tiny model is not expected to be right: this
 * checks the pipeline (data, PyTorch, ONNX export, loading, the pointer over schema elements, the
 * gateway falling back to the shared model), and continuing a model trained before the target
 * language's newer words (its vocabulary grows, its ids keep their meaning, its held-out databases
 * stay held out), and its calibration fitted on the held-out database. Needs /usr/bin/python3 with
 * torch, onnx and numpy.
 */
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentProgress } from '../../engines/progress.js';
import { openSqlClient } from '../../engines/sql/prisma-client.js';
import { SqlQueryEngine } from '../../engines/sql/sql-engine.js';
import { loadPredictor } from '../../engines/predictor/load.js';
import type { SharedModelManifest } from '../../engines/predictor/model/shared-files.js';
import { specialiseSharedPredictor, trainSharedPredictor, type TrainingSchema } from '../../engines/predictor/training/shared-training.js';
import { constructTokens } from '../../engines/predictor/model/target.js';
import { startTestServer } from '../helpers/graphql.js';
import { calibrateSharedModel } from '../../cli/commands/calibrate.js';
import { readModelCalibration } from '../../plugins/nl-query/calibration/model-calibration.js';

const TINY = { dModel: 32, layers: 1, heads: 2, ff: 64, epochs: 2, minutes: 0.5, batch: 32, lr: 0.003 };

let dir: string;
let manifest: SharedModelManifest;
let schemas: TrainingSchema[];

/** A small database of `rows` things with a name, a kind and a number, and their owners. */
function makeDatabase(file: string, thing: string, owner: string, kinds: readonly string[], rows = 24): void {
  const db = new Database(file);
  db.exec(`CREATE TABLE ${owner}s (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT);
           CREATE TABLE ${thing}s (id INTEGER PRIMARY KEY, name TEXT NOT NULL, kind TEXT, size INTEGER, ${owner}_id INTEGER REFERENCES ${owner}s(id));`);
  const o = db.prepare(`INSERT INTO ${owner}s (id, name, city) VALUES (?, ?, ?)`);
  const t = db.prepare(`INSERT INTO ${thing}s (id, name, kind, size, ${owner}_id) VALUES (?, ?, ?, ?, ?)`);
  for (let i = 1; i <= 6; i += 1) o.run(i, `${owner} ${String.fromCharCode(64 + i)}ster`, ['Lyon', 'Porto', 'Graz'][i % 3]);
  for (let i = 1; i <= rows; i += 1) t.run(i, `${thing} number ${i}`, kinds[i % kinds.length], 10 + ((i * 7) % 90), 1 + (i % 6));
  db.close();
}

function schemaFrom(file: string, id: string): TrainingSchema {
  return {
    id,
    open: async () => {
      const url = `file:${file}`;
      const client = openSqlClient(url, { readonly: true });
      const engine = await SqlQueryEngine.open({ sourceId: id, provider: 'sqlite', client, url });
      return { engine, close: async () => { await engine.close(); await client.$disconnect(); } };
    },
  };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nlq-shared-test-'));
  const made: [string, string, string[]][] = [['boat', 'harbour', ['sail', 'motor']], ['bike', 'shop', ['road', 'mountain', 'city']], ['tree', 'park', ['oak', 'elm']]];
  schemas = made.map(([thing, owner, kinds]) => {
    const file = join(dir, `${thing}.sqlite`);
    makeDatabase(file, thing, owner, kinds);
    return schemaFrom(file, thing);
  });
  manifest = await trainSharedPredictor({ schemas, out: join(dir, 'shared'), examplesPerSchema: 400, heldOutSchemas: 1, heldOutPerSchema: 10, model: TINY, progress: silentProgress });
}, 600_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the shared query-graph model', () => {
  it('is learnt over several databases, one held out whole, and written with its model card', () => {
    expect(manifest.kind).toBe('shared');
    expect(manifest.training.databases).toHaveLength(2);
    expect(manifest.training.heldOutDatabases).toHaveLength(1);
    expect(manifest.training.databases).not.toContain(manifest.training.heldOutDatabases[0]);
    expect(manifest.heldOut.examples).toBe(10);
    for (const file of [manifest.files.encoder, manifest.files.decoder, 'model.pt', 'model.json']) expect(existsSync(join(dir, 'shared', file))).toBe(true);
    const card = readFileSync(join(dir, 'shared', 'MODEL_CARD.md'), 'utf8');
    expect(card).toContain('Held-out databases');
    expect(card).toContain(manifest.training.heldOutDatabases[0]);
  });

  it('is specialised to a new database, and serving then loads the specialised model for it', async () => {
    const file = join(dir, 'lamp.sqlite');
    makeDatabase(file, 'lamp', 'house', ['desk', 'floor']);
    const opened = await schemaFrom(file, 'lamps').open();
    try {
      const out = join(dir, 'lamps-model');
      const specialised = await specialiseSharedPredictor({ sourceId: 'lamps', engine: opened.engine, out, shared: join(dir, 'shared'), examples: 300, minutes: 0.2, progress: silentProgress });
      expect(specialised.schemaFingerprint).toMatch(/^[0-9a-f]{16}$/);
      expect(specialised.training.init).not.toBeNull();
      expect(specialised.heldOut.examples).toBeGreaterThan(0);
      const loaded = await loadPredictor('lamps', opened.engine, { directory: out });
      try {
        const predictions = await loaded.predictor.predict('How many lamps are there?', 3);
        expect(predictions.length).toBeGreaterThan(0);
        for (const p of predictions) expect(p.graph.select.length).toBeGreaterThan(0);
      } finally {
        await loaded.release();
      }
    } finally {
      await opened.close();
    }
  });

  it('is specialised with taught examples: they are weighted in, every fifth held out and measured, and the card says so', async () => {
    const file = join(dir, 'vase.sqlite');
    makeDatabase(file, 'vase', 'studio', ['glass', 'clay']);
    const opened = await schemaFrom(file, 'vases').open();
    try {
      const examples = [
        { question: 'vases of kind glass', queryGraph: 'show vases.name ; where vases.kind = "glass"' },
        { question: 'how many vases', queryGraph: 'show count vases.*' },
        { question: 'studios in Porto', queryGraph: 'show studios.name ; where studios.city = "Porto"' },
        { question: 'the 3 largest vases', queryGraph: 'show vases.name ; order desc vases.size ; limit 3' },
        { question: 'vases of kind clay', queryGraph: 'show vases.name ; where vases.kind = "clay"' },
      ];
      const specialised = await specialiseSharedPredictor({ sourceId: 'vases', engine: opened.engine, out: join(dir, 'vases-model'), shared: join(dir, 'shared'), examples: 300, minutes: 0.2, taught: { examples, weight: 2 }, progress: silentProgress });
      expect(specialised.taught).toMatchObject({ stored: 5, usable: 5, used: 4, heldOut: 1, weight: 2 });
      expect(specialised.taught?.heldOutTop1).toBeGreaterThanOrEqual(0);
      const card = readFileSync(join(dir, 'vases-model', 'MODEL_CARD.md'), 'utf8');
      expect(card).toMatch(/4 of 5 used, each 2 times, 1 held out; top-1 on the held-out ones/);
    } finally {
      await opened.close();
    }
  }, 300_000);

  it('answers through GraphQL on a database no model was trained on, and says the shared model is reading it', async () => {
    const file = join(dir, 'kite.sqlite');
    makeDatabase(file, 'kite', 'club', ['box', 'delta']);
    const server = await startTestServer({ factStore: `file:${join(dir, 'facts.sqlite')}`, sources: [{ id: 'kites', kind: 'sql', url: `file:${file}` }], sharedModel: join(dir, 'shared') });
    try {
      const { data, errors } = await server.run<{ sources: { id: string; status: string }[]; ask: { interpretations: { source: string; queryGraph: string | null }[]; sources: { source: string; status: string }[] } }>(
        'query ($q: String!) { sources { id status } ask(question: $q) { interpretations { source queryGraph } sources { source status } } }',
        { q: 'How many kites are there?' },
      );
      expect(errors).toBeUndefined();
      expect(data!.sources.find((s) => s.id === 'kites')?.status).toMatch(/shared query-graph predictor/);
      expect(data!.ask.sources.find((s) => s.source === 'kites')?.status).not.toBe('UNSUPPORTED');
      expect(data!.ask.interpretations.some((i) => i.source === 'kites' && i.queryGraph !== null)).toBe(true);
    } finally {
      await server.stop();
    }
  });

  it('is continued from a model trained before the newer target words: they are added after its own, and the same databases stay held out', async () => {
    // A model as it was before: its output rows for the newer words taken out of the weights and the vocabulary.
    const old = join(dir, 'old-shared');
    cpSync(join(dir, 'shared'), old, { recursive: true });
    const newer = new Set(constructTokens());
    const fixed = manifest.vocabulary.fixedTargets;
    const keep = fixed.flatMap((t, i) => (newer.has(t) ? [] : [i]));
    writeFileSync(join(old, 'model.json'), JSON.stringify({ ...manifest, vocabulary: { ...manifest.vocabulary, fixedTargets: keep.map((i) => fixed[i]) } }));
    const cut = spawnSync('/usr/bin/python3', ['-c', `import sys, torch\nm = torch.load(sys.argv[1])\nk = torch.tensor([${keep.join(',')}])\nfor key in ("fixed.weight", "out_fixed.weight", "out_fixed.bias"):\n    m["state"][key] = m["state"][key][k].clone()\ntorch.save(m, sys.argv[1])`, join(old, 'model.pt')], { encoding: 'utf8' });
    expect(cut.status, cut.stderr).toBe(0);
    const continued = await trainSharedPredictor({ schemas, out: join(dir, 'continued'), init: old, heldOutDatabases: manifest.training.heldOutDatabases, examplesPerSchema: 200, heldOutPerSchema: 10, model: { ...TINY, minutes: 0.2 }, progress: silentProgress });
    expect(continued.vocabulary.fixedTargets.slice(0, keep.length)).toEqual(keep.map((i) => fixed[i]));
    expect([...continued.vocabulary.fixedTargets].sort()).toEqual([...fixed].sort());
    expect(continued.training.heldOutDatabases).toEqual(manifest.training.heldOutDatabases);
    expect(continued.training.init).toMatch(/^continued from/);
    expect(continued.heldOut.examples).toBe(10);
  }, 300_000);

  it('has its calibration fitted on its held-out database (what nlq train --shared ends with), beside it and in its card', async () => {
    const heldOut = manifest.training.heldOutDatabases.map((id) => ({ id, file: join(dir, `${id}.sqlite`) }));
    const fitted = await calibrateSharedModel({ modelDirectory: join(dir, 'shared'), heldOut, questionsPerDatabase: 40 });
    // Too few answered held-out questions would leave it unfitted (and the card saying so): the tiny model answers most.
    expect(fitted).not.toBeNull();
    expect(readModelCalibration(join(dir, 'shared'))).toEqual(fitted);
    expect(fitted!.group).toBe('shared-querygraph');
    expect(fitted!.modelTrainedAt).toBe(manifest.training.trainedAt);
    expect(fitted!.curve.fittedOn.sets).toEqual([`held-out generated questions with an answer on ${heldOut.length} held-out databases`]);
    expect(readFileSync(join(dir, 'shared', 'MODEL_CARD.md'), 'utf8')).toContain(`(n = ${fitted!.curve.fittedOn.samples})`);
  }, 300_000);

  it('is not used when the host turns it off: the source then cannot interpret questions', async () => {
    const file = join(dir, 'drum.sqlite');
    makeDatabase(file, 'drum', 'band', ['snare', 'bass']);
    const server = await startTestServer({ factStore: `file:${join(dir, 'facts-off.sqlite')}`, sources: [{ id: 'drums', kind: 'sql', url: `file:${file}` }], sharedModel: false });
    try {
      const { data } = await server.run<{ ask: { sources: { source: string; status: string }[] } }>('query ($q: String!) { ask(question: $q) { sources { source status } } }', { q: 'How many drums are there?' });
      expect(data!.ask.sources.find((s) => s.source === 'drums')?.status).toBe('UNSUPPORTED');
    } finally {
      await server.stop();
    }
  });
});
