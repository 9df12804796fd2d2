/**
 * The main-thread side of the SQLite worker: sends statements, enforces the time limit by
 * terminating the worker (the only way to stop a synchronous better-sqlite3 query), and starts a
 * fresh worker for the next statement.
 *
 * A statement's time limit runs from when the worker is ready, not from when the statement was
 * sent: a thread and its client take from a fraction of a second to many seconds to start, on a
 * machine busy with other work. Counting that start against the statement made every query of a
 * fresh worker time out on a loaded server, and the worker's restart made the next one time out
 * too: a gateway starting fourteen SQLite sources on a busy 2-core machine read none of the values
 * of dozens of columns (its value memory silently incomplete, questions naming values unanswered).
 * A worker that is not ready within `STARTUP_LIMIT_MS` fails its statements.
 */
import { Worker } from 'node:worker_threads';
import { QueryFailedError, QueryTimeoutError } from '../../../errors.js';
import type { SqlStatement } from '../translate/translate.js';
import type { SqlExecutor } from './executor.js';
import type { RawRow } from '../../query-graph/results.js';

interface Pending {
  readonly resolve: (rows: readonly RawRow[]) => void;
  readonly reject: (error: Error) => void;
  readonly statement: SqlStatement;
  /** Starts the statement's time limit: when it is sent to a ready worker, or when the worker gets ready. */
  readonly startClock: () => void;
}

/** Longest a worker may take to start (thread, module loading, opening the file) before its statements fail. */
export const STARTUP_LIMIT_MS = 60_000;

/** Under vitest or tsx the sources are .ts and the worker needs tsx's loader; built code is plain .js. */
const runningFromSources = import.meta.url.endsWith('.ts');
const workerFile = new URL(`./sqlite-worker.${runningFromSources ? 'ts' : 'js'}`, import.meta.url);

export class SqliteWorker implements SqlExecutor {
  private worker: Worker | null = null;
  private ready = false;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(
    private readonly sourceId: string,
    private readonly url: string,
  ) {}

  run(statement: SqlStatement, timeoutMs: number): Promise<readonly RawRow[]> {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise<readonly RawRow[]>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const startClock = () => {
        // Everything queued on this worker dies with it; each caller gets the timeout.
        timer ??= setTimeout(() => this.kill(new QueryTimeoutError(this.sourceId, timeoutMs)), timeoutMs);
      };
      this.pending.set(id, {
        statement,
        startClock,
        resolve: (rows) => {
          clearTimeout(timer);
          resolve(rows);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      if (this.ready) startClock();
      worker.postMessage({ id, text: statement.text, parameters: statement.parameters });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = runningFromSources
      ? // From TypeScript sources (tests, tsx): register tsx's loader inside the worker first.
        new Worker(
          `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(workerFile.href)}); });`,
          { eval: true, workerData: { url: this.url } },
        )
      : new Worker(workerFile, { workerData: { url: this.url } });
    this.ready = false;
    const startup = setTimeout(() => {
      if (this.worker === worker) this.kill(new QueryFailedError(this.sourceId, '', `SQLite worker did not start within ${STARTUP_LIMIT_MS} ms`));
    }, STARTUP_LIMIT_MS);
    // Not unref'd, unlike the worker: until the worker is ready this timer is what keeps a process
    // that awaits the statement alive (a CLI starting up exits otherwise).
    worker.on('message', (message: { ready?: true; id?: number; rows?: RawRow[]; error?: string }) => {
      if (message.ready) {
        if (this.worker !== worker) return;
        clearTimeout(startup);
        this.ready = true;
        for (const request of this.pending.values()) request.startClock();
        return;
      }
      if (message.id === undefined) return;
      const request = this.pending.get(message.id);
      if (!request) return;
      this.pending.delete(message.id);
      if (message.error !== undefined) {
        request.reject(new QueryFailedError(this.sourceId, request.statement.text, message.error.split('\n')[0] ?? 'query failed'));
      } else {
        request.resolve(message.rows ?? []);
      }
    });
    worker.on('error', (error) => this.kill(new QueryFailedError(this.sourceId, '', `SQLite worker failed: ${error.message}`)));
    worker.on('exit', () => {
      clearTimeout(startup);
      if (this.worker === worker) this.worker = null;
    });
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private kill(error: Error): void {
    const worker = this.worker;
    this.worker = null;
    this.ready = false;
    for (const request of this.pending.values()) request.reject(error);
    this.pending.clear();
    void worker?.terminate();
  }
}
