import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GatewayConfig } from '../../config/config.js';

/**
 * `nlq train --source <id>`: will introspect the source, generate synthetic questions, train the
 * query-graph predictor and write its model card. Until the predictor exists it says so plainly.
 */
export async function trainCommand(config: GatewayConfig, sourceId: string | undefined): Promise<number> {
  if (!sourceId) {
    console.error('nlq train: --source <id> is required');
    return 2;
  }
  if (!config.sources.some((source) => source.id === sourceId)) {
    console.error(`nlq train: unknown source '${sourceId}' in ${config.file}`);
    return 2;
  }
  console.error(
    `nlq train: not available yet. The query-graph predictor (synthetic questions, transformer, ONNX export) ` +
      `has not been built; until it is, ask() reports sources as unable to interpret questions.`,
  );
  return 2;
}

/** Options of `nlq train --nldb`. */
export interface TrainNldbOptions {
  /** A tiny run that only checks the pipeline (writes to a temporary folder). */
  readonly quick: boolean;
  /** Where the models go; default: the package's models/nldb. */
  readonly out?: string;
}

/**
 * `nlq train --nldb`: regenerates the training worlds and retrains the Support Set Generator and
 * the Select-Project-Join extractor with Debian's PyTorch (`/usr/bin/python3`, see
 * models/nldb/MODEL_CARD.md), exporting ONNX into models/nldb. Progress goes to the terminal.
 */
export async function trainNldbCommand(options: TrainNldbOptions): Promise<number> {
  const script = fileURLToPath(new URL('../../../models/train/nldb/train.py', import.meta.url));
  const fallback = fileURLToPath(new URL('../../models/train/nldb/train.py', import.meta.url));
  const path = existsSync(script) ? script : fallback;
  const python = process.env.NLQ_PYTHON ?? '/usr/bin/python3';
  const args = [path, ...(options.quick ? ['--quick', '--out', join(tmpdir(), 'nlq-nldb-quick')] : []), ...(options.out ? ['--out', options.out] : [])];
  console.error(`nlq train --nldb: ${python} ${args.join(' ')}`);
  const child = spawn(python, args, {
    stdio: 'inherit',
    env: { ...process.env, OMP_WAIT_POLICY: 'PASSIVE', OPENBLAS_NUM_THREADS: process.env.OPENBLAS_NUM_THREADS ?? '2' },
  });
  return new Promise<number>((resolve) => {
    child.on('error', (error) => {
      console.error(`nlq train --nldb: cannot run ${python}: ${error.message} (install python3-torch python3-onnx python3-numpy)`);
      resolve(2);
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}
