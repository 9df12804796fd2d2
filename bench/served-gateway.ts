/**
 * A gateway served the way users run it (`nlq serve` in its own process, on 127.0.0.1 at a free
 * port), for benchmarks that measure answers as an outside client gets them.
 */
import { fileURLToPath } from 'node:url';
import { startServeProcess } from '../cli/serve-process.js';

const CLI = fileURLToPath(new URL('../cli/nlq.js', import.meta.url));

/**
 * Serves `configFile` (without loading seeds: the caller's world is loaded already), runs `use`
 * with the GraphQL endpoint, then stops the server with SIGTERM and waits for it to exit.
 */
export async function withServedGateway<T>(configFile: string, use: (url: string) => Promise<T>): Promise<T> {
  const server = await startServeProcess(CLI, ['--no-load', '--host', '127.0.0.1', '--port', '0', '--config', configFile], {
    env: { ...process.env, NODE_ENV: 'production' },
    startTimeoutMs: 300_000,
  });
  try {
    return await use(server.url);
  } finally {
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    await exited;
  }
}
