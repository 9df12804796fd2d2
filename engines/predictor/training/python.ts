/**
 * Running the PyTorch trainers (models/train/querygraph/*.py) with Debian's python: the script's
 * path in this installation, and one run with the threading that suits 2 cores (DESIGN.md).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ModelUnusableError } from '../../../errors.js';
import { packagePath } from '../../package-path.js';

/** The trainer script's path, from the sources (tsx) or from dist/. */
export function trainerScript(name: string): string {
  const path = packagePath('models', 'train', 'querygraph', name);
  if (existsSync(path)) return path;
  throw new ModelUnusableError('train', `models/train/querygraph/${name} is missing from this installation`);
}

/** The python to train with: NLQ_PYTHON or Debian's /usr/bin/python3 (a pyenv python cannot see Debian's torch). */
export function defaultPython(): string {
  return process.env.NLQ_PYTHON ?? '/usr/bin/python3';
}

/** Runs a trainer; rejects with the last lines it printed when it fails. `echo` shows its progress on stderr. */
export function runTrainer(python: string, args: readonly string[], echo: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(python, args, {
      stdio: ['ignore', 'ignore', echo ? 'inherit' : 'pipe'],
      env: { ...process.env, OMP_WAIT_POLICY: 'PASSIVE', OPENBLAS_NUM_THREADS: process.env.OPENBLAS_NUM_THREADS ?? '2' },
    });
    let tail = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-2000);
    });
    child.on('error', (error) => reject(new ModelUnusableError('train', `cannot run ${python}: ${error.message} (install python3-torch python3-onnx python3-numpy libopenblas0-pthread; see README)`)));
    child.on('exit', (code, signal) => {
      if (code === 0) return resolve();
      const how = signal ? `stopped by ${signal}` : `exit ${code}`;
      reject(new ModelUnusableError('train', `training failed (${how}): ${tail.split(/[\r\n]/).filter(Boolean).slice(-3).join(' | ')}`));
    });
  });
}
