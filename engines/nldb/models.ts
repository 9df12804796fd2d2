/**
 * The trained NeuralDB models (models/nldb/): the two retriever encoders and the extractor, run by
 * onnxruntime-node. CPU by default; `NLQ_DEVICE=cuda` asks for onnxruntime's CUDA provider, which
 * needs onnxruntime-node's CUDA build on the machine (see README, "Text facts").
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as ort from 'onnxruntime-node';
import { SourceUnavailableError } from '../../errors.js';
import { PAD, type Vocabulary } from './text.js';

/** What the trainer wrote in models/nldb/config.json. */
export interface ModelConfig {
  readonly ssg: { readonly tau: number; readonly dimensions: number; readonly maxBagTokens: number };
  readonly spj: { readonly maxLen: number; readonly ops: readonly string[]; readonly features: number };
}

/** Where inference runs. */
export type Device = 'cpu' | 'cuda';

export interface LoadOptions {
  /** The folder holding the models; default: the package's models/nldb. */
  readonly dir?: string;
  /** Default: NLQ_DEVICE, else cpu. */
  readonly device?: Device;
  /** Threads per inference session; default 1 (requests run side by side). */
  readonly threads?: number;
}

/** Loaded sessions and the vocabulary; shared read-only by every collection of a gateway. */
export class NldbModels {
  private constructor(
    readonly config: ModelConfig,
    readonly vocab: Vocabulary,
    /** Changes whenever the fact encoder changes: stored vectors from another model are stale. */
    readonly fingerprint: string,
    private readonly factSession: ort.InferenceSession,
    private readonly stateSession: ort.InferenceSession,
    private readonly spjSession: ort.InferenceSession,
  ) {}

  static async load(options: LoadOptions = {}): Promise<NldbModels> {
    const dir = options.dir ?? defaultModelDir();
    const file = (name: string) => join(dir, name);
    for (const name of ['config.json', 'vocab.json', 'ssg-fact.onnx', 'ssg-state.onnx', 'spj.onnx']) {
      if (!existsSync(file(name))) throw new SourceUnavailableError('nldb', `model file missing: ${file(name)} (run nlq train --nldb)`);
    }
    const config = JSON.parse(readFileSync(file('config.json'), 'utf8')) as ModelConfig;
    const words = (JSON.parse(readFileSync(file('vocab.json'), 'utf8')) as { words: Record<string, number> }).words;
    const device = options.device ?? deviceFromEnv();
    const sessionOptions: ort.InferenceSession.SessionOptions = {
      executionProviders: device === 'cuda' ? ['cuda', 'cpu'] : ['cpu'],
      intraOpNumThreads: options.threads ?? 1,
      interOpNumThreads: 1,
      graphOptimizationLevel: 'all',
    };
    const factBytes = readFileSync(file('ssg-fact.onnx'));
    const fingerprint = createHash('sha256').update(factBytes).update(readFileSync(file('vocab.json'))).digest('hex').slice(0, 16);
    const [fact, state, spj] = await Promise.all([
      ort.InferenceSession.create(factBytes, sessionOptions),
      ort.InferenceSession.create(file('ssg-state.onnx'), sessionOptions),
      ort.InferenceSession.create(file('spj.onnx'), sessionOptions),
    ]);
    return new NldbModels(config, new Map(Object.entries(words)), fingerprint, fact, state, spj);
  }

  get dimensions(): number {
    return this.config.ssg.dimensions;
  }

  /** Fact vectors, one row of `dimensions` per bag of ids. */
  async encodeFacts(bags: readonly (readonly number[])[]): Promise<Float32Array> {
    const out = await this.factSession.run({ ids: idTensor(bags, this.config.ssg.maxBagTokens) });
    return out.vector!.data as Float32Array;
  }

  /** State vectors: the question's ids and the partial support set's ids, row by row. */
  async encodeStates(questions: readonly (readonly number[])[], supports: readonly (readonly number[])[]): Promise<Float32Array> {
    const max = this.config.ssg.maxBagTokens;
    const out = await this.stateSession.run({ question_ids: idTensor(questions, max), support_ids: idTensor(supports, max) });
    return out.vector!.data as Float32Array;
  }

  /** Runs the extractor on padded rows; returns class logits [batch, 11] and span logits [batch, len, 4]. */
  async extract(rows: readonly { ids: readonly number[]; segments: readonly number[]; features: readonly number[] }[]): Promise<{
    classes: Float32Array;
    spans: Float32Array;
    length: number;
  }> {
    const length = Math.max(...rows.map((r) => r.ids.length));
    const nf = this.config.spj.features;
    const ids = new BigInt64Array(rows.length * length);
    const segs = new BigInt64Array(rows.length * length);
    const feats = new Float32Array(rows.length * length * nf);
    rows.forEach((row, b) => {
      row.ids.forEach((id, i) => {
        ids[b * length + i] = BigInt(id);
        segs[b * length + i] = BigInt(row.segments[i] ?? 0);
      });
      feats.set(row.features, b * length * nf);
    });
    const out = await this.spjSession.run({
      ids: new ort.Tensor('int64', ids, [rows.length, length]),
      segments: new ort.Tensor('int64', segs, [rows.length, length]),
      features: new ort.Tensor('float32', feats, [rows.length, length, nf]),
    });
    return { classes: out.classes!.data as Float32Array, spans: out.spans!.data as Float32Array, length };
  }

  async close(): Promise<void> {
    await Promise.all([this.factSession.release(), this.stateSession.release(), this.spjSession.release()]);
  }
}

function idTensor(rows: readonly (readonly number[])[], max: number): ort.Tensor {
  const length = Math.max(1, ...rows.map((r) => Math.min(r.length, max)));
  const data = new BigInt64Array(rows.length * length).fill(BigInt(PAD));
  rows.forEach((row, b) => row.slice(0, max).forEach((id, i) => (data[b * length + i] = BigInt(id))));
  return new ort.Tensor('int64', data, [rows.length, length]);
}

function deviceFromEnv(): Device {
  return process.env.NLQ_DEVICE?.toLowerCase() === 'cuda' ? 'cuda' : 'cpu';
}

/** models/nldb of this package, found from here whether running from source or from dist/. */
export function defaultModelDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'models', 'nldb');
    if (existsSync(join(candidate, 'config.json'))) return candidate;
    dir = dirname(dir);
  }
  return join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'models', 'nldb');
}
