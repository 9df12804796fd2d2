/**
 * `npm run bench -- load`: the standalone server (`nlq serve`, NODE_ENV=production) on 127.0.0.1,
 * loaded by autocannon with a mix of questions at 8 and 64 connections, three times over: requests
 * per second, p50/p99 latency, errors (connection errors and timeouts), non-2xx responses, and the
 * server process's resident memory (peak during each run, and after it settles), so growth across
 * runs shows. LOAD_SECONDS (default 30) sets the length of each run.
 *
 * The server runs in its own process so its memory is its own; on a shared 2-core machine the
 * figures move with whatever else runs, so read them as orders of magnitude.
 */
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { startServeProcess, type ServeProcess } from '../cli/serve-process.js';
import { scratchWorld } from './world.js';

/** The part of autocannon's result this benchmark reads (the package ships no types). */
interface AutocannonResult {
  readonly requests: { readonly average: number; readonly total: number };
  readonly latency: { readonly p50: number; readonly p99: number; readonly max: number };
  readonly errors: number;
  readonly timeouts: number;
  readonly non2xx: number;
  readonly '2xx': number;
}
interface AutocannonOptions {
  readonly url: string;
  readonly connections: number;
  readonly duration: number;
  readonly timeout: number;
  readonly requests: readonly { method: string; headers: Record<string, string>; setupRequest: (request: Record<string, unknown>) => Record<string, unknown> }[];
}
const autocannon = createRequire(import.meta.url)('autocannon') as (options: AutocannonOptions) => Promise<AutocannonResult>;

/** What clients ask: questions for every kind of source (the mcp benchmark asks them too). */
export const QUESTIONS = [
  'How many customers are there in Germany?',
  'Which products cost more than 50?',
  'What is the most expensive product?',
  'How many orders were shipped to France?',
  'Who was the father of Queen Victoria?',
  'Who lives in Kestrelford?',
  'How many employees are there?',
];
const ASK = 'query ($q: String!) { ask(question: $q) { answer { kind rows source } sources { source status } } }';
const BODIES = [
  ...QUESTIONS.map((q) => JSON.stringify({ query: ASK, variables: { q } })),
  JSON.stringify({ query: '{ sources { id ready } }' }),
];

const CLI = fileURLToPath(new URL('../cli/nlq.js', import.meta.url));

function serve(configFile: string): Promise<ServeProcess> {
  return startServeProcess(CLI, ['--no-load', '--host', '127.0.0.1', '--port', '0', '--config', configFile], {
    env: { ...process.env, NODE_ENV: 'production' },
    startTimeoutMs: 180_000,
  });
}

/** Resident memory of a process in MiB (Linux /proc). */
function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kib / 1024;
}

/** Samples `pid`'s memory every 100 ms until stopped; returns the peak seen. */
function watchMemory(pid: number): { stop(): number } {
  let peak = rssMiB(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMiB(pid));
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, rssMiB(pid));
    },
  };
}

/** Every body once: each must be answered without GraphQL errors, or the mix is not what we think. */
async function checkMix(url: string): Promise<void> {
  for (const body of BODIES) {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const json = (await response.json()) as { errors?: unknown[]; data?: { ask?: { answer: { source: string } | null } } };
    if (response.status !== 200 || json.errors) throw new Error(`warm-up request failed (${response.status}): ${JSON.stringify(json).slice(0, 300)}`);
    const question = (JSON.parse(body) as { variables?: { q?: string } }).variables?.q ?? 'sources';
    console.log(`  warm-up: ${question} -> ${json.data?.ask ? (json.data.ask.answer?.source ?? 'no answer') : 'ok'}`);
  }
}

async function load(url: string, connections: number, seconds: number): Promise<AutocannonResult> {
  let next = 0;
  return autocannon({
    url,
    connections,
    duration: seconds,
    timeout: 30,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // Round-robin over the mix, so every run asks the same questions in the same proportions.
        setupRequest: (request) => ({ ...request, body: BODIES[next++ % BODIES.length] }),
      },
    ],
  });
}

export async function loadBenchmark(): Promise<void> {
  const seconds = Number(process.env.LOAD_SECONDS ?? 30);
  const { dir, config } = await scratchWorld();
  const server = await serve(config.file);
  const pid = server.child.pid!;
  try {
    console.log(`server ${server.url} (pid ${pid}, NODE_ENV=production), ${seconds} s per run, mix of ${QUESTIONS.length} questions + sources`);
    await checkMix(server.url);
    console.log(`  RSS after start and warm-up: ${rssMiB(pid).toFixed(0)} MiB`);
    console.log('run  conns   req/s     p50 ms   p99 ms   max ms   2xx     errors  timeouts  non-2xx  peak RSS MiB  RSS after MiB');
    for (let run = 1; run <= 3; run += 1) {
      for (const connections of [8, 64]) {
        const memory = watchMemory(pid);
        const result = await load(server.url, connections, seconds);
        const peak = memory.stop();
        await new Promise((resolve) => setTimeout(resolve, 2000));
        console.log(
          [
            String(run).padEnd(4),
            String(connections).padEnd(6),
            result.requests.average.toFixed(1).padStart(7),
            String(result.latency.p50).padStart(9),
            String(result.latency.p99).padStart(8),
            String(result.latency.max).padStart(8),
            String(result['2xx']).padStart(6),
            String(result.errors).padStart(8),
            String(result.timeouts).padStart(9),
            String(result.non2xx).padStart(8),
            peak.toFixed(0).padStart(13),
            rssMiB(pid).toFixed(0).padStart(14),
          ].join(' '),
        );
      }
    }
  } finally {
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  }
}
