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

parentPort?.on('message', async (request: Request) => {
  try {
    const rows = await client.$queryRawUnsafe<unknown[]>(request.text, ...request.parameters);
    parentPort?.postMessage({ id: request.id, rows });
  } catch (error) {
    parentPort?.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
});
