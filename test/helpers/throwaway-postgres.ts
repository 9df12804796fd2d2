/**
 * A PostgreSQL cluster of our own in a temporary directory, on a free port, for tests that stop
 * and restart the server. Never the machine's shared PostgreSQL, which other tests and people use.
 * Needs the server binaries (initdb, pg_ctl) under /usr/lib/postgresql/<version>/bin; initdb
 * refuses to run as root, so as root the cluster runs as the `postgres` user.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ThrowawayPostgres {
  /** Admin URL (user postgres, trust authentication) of the `postgres` database. */
  readonly adminUrl: string;
  readonly port: number;
  start(): void;
  /** Stops at once (`-m immediate`): connections drop mid-query, as in a crash. */
  stop(): void;
  /** start() without blocking the event loop (requests in flight keep running meanwhile). */
  startAsync(): Promise<void>;
  /** stop() without blocking the event loop. */
  stopAsync(): Promise<void>;
  destroy(): void;
}

/** The bin folder of the newest installed PostgreSQL server, or null. */
export function postgresBinaries(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  for (const version of readdirSync(root).sort((a, b) => Number(b) - Number(a))) {
    const bin = join(root, version, 'bin');
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin;
  }
  return null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function throwawayPostgres(bin: string): Promise<ThrowawayPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'nlq-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const command = (tool: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args];
  const run = (tool: string, args: string[]) => execFileSync(...command(tool, args), { stdio: 'pipe', cwd: dir });
  const runAsync = async (tool: string, args: string[]) => void (await promisify(execFile)(...command(tool, args), { cwd: dir }));
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const startArgs = ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '60', 'start'];
  const stopArgs = ['-D', data, '-m', 'immediate', '-w', 'stop'];
  const cluster: ThrowawayPostgres = {
    adminUrl: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: () => void run('pg_ctl', startArgs),
    stop: () => void run('pg_ctl', stopArgs),
    startAsync: () => runAsync('pg_ctl', startArgs),
    stopAsync: () => runAsync('pg_ctl', stopArgs),
    destroy() {
      try {
        cluster.stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}
