/**
 * Dates stored as text (engines/sql/date-text.ts): a text column whose every value is an ISO date,
 * under a name that does not say "date" (`OperationalFrom` of a CSV import), is read as dates on
 * SQLite, PostgreSQL and MariaDB alike: "the first" sorts by it with a blank cell a missing date (not
 * the first one), "after 2000" compares with it; other text stays text, and the schema fingerprint a
 * model was trained for does not change.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQueryGraph } from '../../engines/query-graph/canonical.js';
import { schemaFingerprint } from '../../engines/predictor/model/fingerprint.js';
import { dateTextType } from '../../engines/sql/date-text.js';
import type { SqlProvider } from '../../engines/sql/prisma-client.js';
import { scratchEngine, type ScratchEngine } from '../helpers/scratch-engine.js';

const PROVIDERS: readonly SqlProvider[] = ['sqlite', 'postgresql', 'mysql'];

const PLANTS = [
  { id: 1, name: 'Obninsk', started: '1954-12-01', updated: '2015-05-24T04:51:37', code: 'A-1' },
  { id: 2, name: 'Calder Hall', started: '1956-10-01', updated: '2015-05-24T04:54:13', code: 'B-2' },
  { id: 3, name: 'Flamanville', started: '', updated: '2016-01-02T10:00:00', code: 'C-3' },
  { id: 4, name: 'Olkiluoto', started: '2023-04-16', updated: '2018-08-24 22:22:01', code: 'D-4' },
  { id: 5, name: 'Barakah', started: '2020-08-01', updated: '', code: 'E-5' },
];

const opened = new Map<SqlProvider, ScratchEngine>();
let dir: string;

const open = (provider: SqlProvider) =>
  scratchEngine(provider, 'plants', dir, [
    'CREATE TABLE plants (id INTEGER PRIMARY KEY, name VARCHAR(40), OperationalFrom VARCHAR(20), LastUpdatedAt VARCHAR(30), code VARCHAR(10))',
    ...PLANTS.map((p) => `INSERT INTO plants VALUES (${p.id}, '${p.name}', '${p.started}', '${p.updated}', '${p.code}')`),
  ]);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nlq-date-text-'));
  for (const provider of PROVIDERS) opened.set(provider, await open(provider));
});

afterAll(async () => {
  for (const o of opened.values()) await o.drop();
  rmSync(dir, { recursive: true, force: true });
});

const rows = async (provider: SqlProvider, graph: string) => (await opened.get(provider)!.engine.run(parseQueryGraph(graph), { limit: 100, timeoutMs: 5000 })).result.rows;

describe('which text holds dates', () => {
  it('reads ISO dates and date-times with blanks, and not other text or too few dates', () => {
    expect(dateTextType(['1957-12-01', '2007-04-15', '', '1964-05-01'])).toBe('date');
    expect(dateTextType(['2015-05-24T04:51:37+03:00', '2018-08-24 22:22:01', '2016-01-02T10:00:00Z'])).toBe('datetime');
    expect(dateTextType(['1957-12-01', 'soon', '1964-05-01'])).toBeNull();
    expect(dateTextType(['1957-13-01', '2007-04-15', '1964-05-01'])).toBeNull();
    expect(dateTextType(['2020-01-01', '', '2020-01-01'])).toBeNull();
  });
});

describe.each(PROVIDERS)('dates stored as text on %s', (provider) => {
  it('types the columns of dates as dates, and leaves other text and keys as they are', () => {
    const attributes = opened.get(provider)!.engine.schema().classes[0]!.attributes;
    const typeOf = (id: string) => attributes.find((a) => a.id.toLowerCase() === id.toLowerCase());
    expect(typeOf('OperationalFrom')).toMatchObject({ type: 'date', dateText: true });
    expect(typeOf('LastUpdatedAt')).toMatchObject({ type: 'datetime', dateText: true });
    for (const id of ['name', 'code', 'id']) expect(typeOf(id)?.dateText, id).toBeUndefined();
  });

  it('sorts by them with a blank cell a missing date, and compares them with dates', async () => {
    const from = opened.get(provider)!.engine.schema().classes[0]!.attributes.find((a) => a.id.toLowerCase() === 'operationalfrom')!.id;
    expect(await rows(provider, `show plants.name ; order asc plants.${from} ; limit 1`)).toEqual([['Obninsk']]);
    expect(await rows(provider, `show plants.name ; order desc plants.${from} ; limit 1`)).toEqual([['Olkiluoto']]);
    expect((await rows(provider, `show plants.name ; where plants.${from} > date:2000-12-31`)).map((r) => r[0]).sort()).toEqual(['Barakah', 'Olkiluoto']);
    expect(await rows(provider, `show count plants.* ; where plants.${from} is_null`)).toEqual([[1]]);
  });

  it('keeps the fingerprint of the schema as declared', () => {
    const schema = opened.get(provider)!.engine.schema();
    const declared = { ...schema, classes: schema.classes.map((c) => ({ ...c, attributes: c.attributes.map(({ dateText: _d, ...a }) => (_d ? { ...a, type: 'text' as const } : a)) })) };
    expect(schemaFingerprint(schema)).toBe(schemaFingerprint(declared));
  });
});
