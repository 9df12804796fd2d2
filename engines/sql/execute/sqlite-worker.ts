/**
 * Worker thread that runs read-only SQLite statements through Prisma for one database file.
 * The main thread terminates it when a statement runs past its time limit.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openSqlClient } from '../prisma-client.js';

interface Request {
  readonly id: number;
  readonly text: string;
  readonly parameters: readonly unknown[];
}

/**
 * A locked file fails after BUSY_TIMEOUT_MS instead of SQLite's usual 5 s, well before any time
 * limit kills this worker: better-sqlite3 raising its "database is locked" error in a thread that is
 * being terminated aborts the whole process (v8 FATAL ERROR, found by test/faults.test.ts).
 */
const BUSY_TIMEOUT_MS = 250;

const client = openSqlClient((workerData as { url: string }).url, { readonly: true, busyTimeoutMs: BUSY_TIMEOUT_MS });
// The main thread starts each statement's time limit from here: starting a thread and its client
// (which connects on its first statement) can take seconds on a busy machine, and that is no
// statement running past its limit. A file that cannot be opened is the first statement's error.
// Statements wait for it: a synchronous statement started first would hold the thread, and the
// main thread would never hear that the worker is ready.
const ready = client
  .$queryRawUnsafe('SELECT 1')
  .catch(() => undefined)
  .then(() => parentPort?.postMessage({ ready: true }));

parentPort?.on('message', async (request: Request) => {
  await ready;
  try {
    const rows = await client.$queryRawUnsafe<unknown[]>(request.text, ...request.parameters);
    parentPort?.postMessage({ id: request.id, rows });
  } catch (error) {
    parentPort?.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
});
