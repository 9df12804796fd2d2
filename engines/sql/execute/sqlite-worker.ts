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

const client = openSqlClient((workerData as { url: string }).url, { readonly: true });

parentPort?.on('message', async (request: Request) => {
  try {
    const rows = await client.$queryRawUnsafe<unknown[]>(request.text, ...request.parameters);
    parentPort?.postMessage({ id: request.id, rows });
  } catch (error) {
    parentPort?.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
});
