/**
 * Numbers stored as text (engines/sql/numeric-text.ts): a text column whose every value is a
 * number is read as numbers on SQLite, PostgreSQL and MariaDB alike, so an average, a comparison
 * with a number and a sort go by value ('10' above '9'), a blank cell is a missing number; codes with leading zeros, two-valued flags
 * and keys stay text, and the schema fingerprint a model was trained for does not change.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQueryGraph } from '../../engines/query-graph/canonical.js';
import { schemaFingerprint } from '../../engines/predictor/model/fingerprint.js';
import { numericTextType } from '../../engines/sql/numeric-text.js';
import type { SqlProvider } from '../../engines/sql/prisma-client.js';
import { scratchEngine, type ScratchEngine } from '../helpers/scratch-engine.js';

const PROVIDERS: readonly SqlProvider[] = ['sqlite', 'postgresql', 'mysql'];

const DOGS = [
  { id: 1, name: 'Rex', age: '9', weight: '7.5', zip: '02647', abandoned: '0' },
  { id: 2, name: 'Kiki', age: '10', weight: '12.25', zip: '93165', abandoned: '1' },
  { id: 3, name: 'Bo', age: '2', weight: '3', zip: '45244', abandoned: '0' },
  { id: 4, name: 'Lux', age: '4', weight: '4', zip: '11111', abandoned: '1' },
  // A blank cell: a weight nobody recorded, counted by no average.
  { id: 5, name: 'Max', age: '1', weight: '', zip: '22222', abandoned: '0' },
];

const opened = new Map<SqlProvider, ScratchEngine>();
let dir: string;

const open = (provider: SqlProvider) =>
  scratchEngine(provider, 'dogs', dir, [
    'CREATE TABLE dogs (dog_id INTEGER PRIMARY KEY, name VARCHAR(40), age VARCHAR(20), weight VARCHAR(20), zip VARCHAR(10), abandoned VARCHAR(1))',
    ...DOGS.map((d) => `INSERT INTO dogs VALUES (${d.id}, '${d.name}', '${d.age}', '${d.weight}', '${d.zip}', '${d.abandoned}')`),
  ]);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nlq-numeric-text-'));
  for (const provider of PROVIDERS) opened.set(provider, await open(provider));
});

afterAll(async () => {
  for (const o of opened.values()) await o.drop();
  rmSync(dir, { recursive: true, force: true });
});

const rows = async (provider: SqlProvider, graph: string) => (await opened.get(provider)!.engine.run(parseQueryGraph(graph), { limit: 100, timeoutMs: 5000 })).result.rows.map((row) => row.map((v) => (typeof v === 'number' ? Math.round(v * 100) / 100 : v)));

describe('which text holds numbers', () => {
  it('reads whole numbers and decimals, and not codes with leading zeros, flags or words', () => {
    expect(numericTextType(['6', '9', '10'])).toBe('integer');
    expect(numericTextType(['7.57', '1.72', ' 8 '])).toBe('decimal');
    expect(numericTextType(['02647', '93165', '45244'])).toBeNull();
    expect(numericTextType(['0', '1', '0', '1'])).toBeNull();
    expect(numericTextType(['1', '2', 'three'])).toBeNull();
    expect(numericTextType(['32', '', '9', ' ', '1100'])).toBe('integer');
    expect(numericTextType(['', '7', ''])).toBeNull();
  });
});

describe.each(PROVIDERS)('numbers stored as text on %s', (provider) => {
  it('types the columns of numbers as numbers, and leaves codes, flags and keys as they are', () => {
    const attributes = opened.get(provider)!.engine.schema().classes[0]!.attributes;
    const typeOf = (id: string) => attributes.find((a) => a.id === id);
    expect(typeOf('age')).toMatchObject({ type: 'integer', numericText: true });
    expect(typeOf('weight')).toMatchObject({ type: 'decimal', numericText: true });
    for (const id of ['zip', 'abandoned', 'name']) expect(typeOf(id)?.numericText, id).toBeUndefined();
  });

  it('averages, compares and sorts them by value', async () => {
    expect(await rows(provider, 'show avg dogs.age')).toEqual([[5.2]]);
    expect(await rows(provider, 'show sum dogs.weight')).toEqual([[26.75]]);
    expect(await rows(provider, 'show avg dogs.weight')).toEqual([[6.69]]);
    expect(await rows(provider, 'show min dogs.weight')).toEqual([[3]]);
    expect((await rows(provider, 'show dogs.name ; where dogs.age > 5')).map((r) => r[0]).sort()).toEqual(['Kiki', 'Rex']);
    expect(await rows(provider, 'show dogs.name ; order desc dogs.age ; limit 1')).toEqual([['Kiki']]);
  });

  it('keeps the fingerprint of the schema as declared', () => {
    const schema = opened.get(provider)!.engine.schema();
    const declared = { ...schema, classes: schema.classes.map((c) => ({ ...c, attributes: c.attributes.map(({ numericText: _n, ...a }) => (_n ? { ...a, type: 'text' as const } : a)) })) };
    expect(schemaFingerprint(schema)).toBe(schemaFingerprint(declared));
  });
});
