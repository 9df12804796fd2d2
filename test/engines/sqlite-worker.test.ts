/**
 * The SQLite worker's time limit is the statement's: it runs from when the worker is ready, so a
 * worker slow to start (a busy machine; here, TypeScript compiled on the fly inside the thread)
 * does not make its first statements time out, while a statement that runs long is still cut.
 */
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteWorker } from '../../engines/sql/execute/sqlite-worker-pool.js';
import type { SqlStatement } from '../../engines/sql/translate/translate.js';
import { QueryTimeoutError } from '../../errors.js';

let dir: string;
let url: string;
const statement = (text: string): SqlStatement => ({ text, parameters: [], columns: [], limit: 1 });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'nlq-sqlite-worker-'));
  const file = join(dir, 'numbers.sqlite');
  const db = new Database(file);
  db.exec('CREATE TABLE numbers (n INTEGER PRIMARY KEY)');
  const insert = db.prepare('INSERT INTO numbers (n) VALUES (?)');
  for (let n = 1; n <= 2000; n += 1) insert.run(n);
  db.close();
  url = `file:${file}`;
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the SQLite worker', () => {
  it("gives a fresh worker's first statements their whole time limit, however long the worker takes to start", async () => {
    const worker = new SqliteWorker('numbers', url);
    try {
      const started = performance.now();
      // Three statements queued before the thread is up, each with a limit far shorter than its start-up.
      const rows = await Promise.all([1, 2, 3].map((k) => worker.run(statement(`SELECT COUNT(*) AS n FROM numbers WHERE n > ${k}`), 200)));
      expect(rows.map((r) => Number(r[0]?.n))).toEqual([1999, 1998, 1997]);
      // What makes this test mean something: the start-up took longer than the statements' limit.
      console.log(`worker start-up and three statements: ${Math.round(performance.now() - started)} ms`);
    } finally {
      await worker.close();
    }
  });

  it('keeps a process that awaits its first statement alive while the worker starts (the CLI)', () => {
    const pool = new URL('../../dist/engines/sql/execute/sqlite-worker-pool.js', import.meta.url).href;
    const script = `import { SqliteWorker } from ${JSON.stringify(pool)};
      const rows = await new SqliteWorker('numbers', ${JSON.stringify(url)}).run({ text: 'SELECT COUNT(*) AS n FROM numbers', parameters: [], columns: [], limit: 1 }, 5000);
      console.log('rows', Number(rows[0].n));`;
    const file = join(dir, 'first-statement.mjs');
    writeFileSync(file, script);
    const run = spawnSync(process.execPath, [file], { encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('rows 2000');
  });

  it('still cuts a statement that runs past its limit once the worker is up, and answers the next', async () => {
    const worker = new SqliteWorker('numbers', url);
    try {
      await worker.run(statement('SELECT 1 AS n'), 5000);
      const slow = statement('SELECT COUNT(*) AS n FROM numbers a, numbers b, numbers c WHERE a.n + b.n > c.n');
      await expect(worker.run(slow, 300)).rejects.toBeInstanceOf(QueryTimeoutError);
      const [row] = await worker.run(statement('SELECT COUNT(*) AS n FROM numbers'), 5000);
      expect(Number(row?.n)).toBe(2000);
    } finally {
      await worker.close();
    }
  });
});
