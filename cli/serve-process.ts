/**
 * Starts `nlq serve` as a child process and waits for its "ready at <url>" line: what the load
 * bench and the tests that need a real server process (SIGKILL, SIGTERM) share.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface ServeProcess {
  /** The GraphQL endpoint the server printed. */
  readonly url: string;
  readonly child: ChildProcess;
}

export interface ServeProcessOptions {
  /** Environment of the child; default: this process's. */
  readonly env?: NodeJS.ProcessEnv;
  /** How long to wait for the ready line before giving up, in milliseconds. Default 60000. */
  readonly startTimeoutMs?: number;
}

/** Runs `node <cliPath> serve <args…>`; rejects with the server's output if it exits or is not ready in time. */
export function startServeProcess(cliPath: string, args: readonly string[], options: ServeProcessOptions = {}): Promise<ServeProcess> {
  const child = spawn(process.execPath, [cliPath, 'serve', ...args], { stdio: ['ignore', 'ignore', 'pipe'], env: options.env ?? process.env });
  let output = '';
  return new Promise<ServeProcess>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Not ready in time: stop it, so no server is left running behind a failed start.
      child.kill('SIGKILL');
      reject(new Error(`serve did not start:\n${output}`));
    }, options.startTimeoutMs ?? 60_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /ready at (http:\/\/\S+)/.exec(output);
      if (ready?.[1]) {
        clearTimeout(timer);
        resolve({ url: ready[1], child });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code}:\n${output}`));
    });
  });
}
