/**
 * The trained NeuralDB models (models/nldb/): the two retriever encoders and the extractor, run by
 * onnxruntime-node. CPU by default; `NLQ_DEVICE=cuda` asks for onnxruntime's CUDA provider, which
 * needs onnxruntime-node's CUDA build on the machine (see README, "Text facts"); without it the
 * models run on the CPU, with a process warning (code NLQ_DEVICE_FALLBACK) and `deviceNote` saying
 * so (the collection's `sources` status repeats it).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packagePath } from '../package-path.js';
import * as ort from 'onnxruntime-node';
import { SourceUnavailableError } from '../../errors.js';
import { TEXT_VIEW } from './number-text.js';
import { PAD, sketchSlot, STOP as STOP_ID, type Vocabulary } from './text.js';

/** What the trainer wrote in models/nldb/config.json. */
export interface ModelConfig {
  readonly ssg: {
    readonly tau: number;
    /** Length of the dense part of a vector. */
    readonly dimensions: number;
    /** Length of the lexical part (a count sketch of weighted token ids). */
    readonly sketch: number;
    readonly maxBagTokens: number;
  };
  readonly spj: {
    readonly maxLen: number;
    readonly ops: readonly string[];
    readonly features: number;
    /** Usefulness below this gives [NULL_ANSWER] (chosen on held-out worlds for F1). */
    readonly threshold?: number;
    /**
     * The usefulness threshold at serving, chosen end to end (retrieval, extractor, checks by code)
     * on held-out synthetic worlds; overrides `threshold`. A new training run drops it.
     */
    readonly servingThreshold?: number;
    /** Which extractor file serves: `int8` (spj.int8.onnx) where it keeps the accuracy, else fp32. */
    readonly precision?: Precision;
  };
}

/** The extractor's weights: fp32 (spj.onnx) or int8 (spj.int8.onnx, DynamicQuantizeMatMul). */
export type Precision = 'fp32' | 'int8';

/** Where inference runs. */
export type Device = 'cpu' | 'cuda';

export interface LoadOptions {
  /** The folder holding the models; default: the package's models/nldb. */
  readonly dir?: string;
  /** Default: NLQ_DEVICE, else cpu. */
  readonly device?: Device;
  /** Threads per inference session; default 1 (requests run side by side). */
  readonly threads?: number;
  /** The extractor's precision; default: what config.json says, else fp32. */
  readonly precision?: Precision;
  /**
   * Told when the device asked for cannot be used and the CPU serves instead; default: a process
   * warning with code `NLQ_DEVICE_FALLBACK`.
   */
  readonly warn?: (message: string) => void;
}

const warnProcess = (message: string): void => process.emitWarning(message, { code: 'NLQ_DEVICE_FALLBACK' });

/** Loaded sessions and the vocabulary; shared read-only by every collection of a gateway. */
export class NldbModels {
  private constructor(
    readonly config: ModelConfig,
    readonly vocab: Vocabulary,
    /** Changes whenever the fact encoder changes: stored vectors from another model are stale. */
    readonly fingerprint: string,
    /** Where inference runs (the CPU when the device asked for could not be used). */
    readonly device: Device,
    /** Why the models run elsewhere than asked (`NLQ_DEVICE=cuda` without the CUDA provider), else null. */
    readonly deviceNote: string | null,
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
    const precision = options.precision ?? config.spj.precision ?? 'fp32';
    const spjFile = precision === 'int8' ? 'spj.int8.onnx' : 'spj.onnx';
    if (!existsSync(file(spjFile))) throw new SourceUnavailableError('nldb', `model file missing: ${file(spjFile)} (run nlq train --nldb)`);
    const words = (JSON.parse(readFileSync(file('vocab.json'), 'utf8')) as { words: Record<string, number> }).words;
    const asked = options.device ?? deviceFromEnv();
    const sessionOptions = (device: Device): ort.InferenceSession.SessionOptions => ({
      executionProviders: device === 'cuda' ? ['cuda', 'cpu'] : ['cpu'],
      intraOpNumThreads: options.threads ?? 1,
      interOpNumThreads: 1,
      graphOptimizationLevel: 'all',
    });
    const factBytes = readFileSync(file('ssg-fact.onnx'));
    // the text view the facts are embedded from is part of what the vectors are (number-text.ts)
    const fingerprint = createHash('sha256').update(factBytes).update(readFileSync(file('vocab.json'))).update(TEXT_VIEW).digest('hex').slice(0, 16);
    // the fact encoder first: a missing provider fails there once, not three times over
    const open = async (device: Device) => {
      const fact = await ort.InferenceSession.create(factBytes, sessionOptions(device));
      const [state, spj] = await Promise.all([
        ort.InferenceSession.create(file('ssg-state.onnx'), sessionOptions(device)),
        ort.InferenceSession.create(file(spjFile), sessionOptions(device)),
      ]);
      return [fact, state, spj] as const;
    };
    let device = asked;
    let deviceNote: string | null = null;
    let sessions: Awaited<ReturnType<typeof open>>;
    try {
      sessions = await open(asked);
    } catch (error) {
      // onnxruntime-node without its CUDA build cannot append the CUDA provider: serve on the CPU
      if (asked !== 'cuda') throw error;
      device = 'cpu';
      deviceNote = `the CUDA execution provider is missing (${firstLine(error)}): running on the CPU`;
      (options.warn ?? warnProcess)(`NLQ_DEVICE=cuda: ${deviceNote}`);
      sessions = await open('cpu');
    }
    const [fact, state, spj] = sessions;
    return new NldbModels({ ...config, spj: { ...config.spj, precision } }, new Map(Object.entries(words)), fingerprint, device, deviceNote, fact, state, spj);
  }

  /** Length of the vectors in the index: the dense part, then the lexical sketch. */
  get dimensions(): number {
    return this.config.ssg.dimensions + this.config.ssg.sketch;
  }

  /** Fact vectors, one row of `dimensions` per bag of ids. */
  async encodeFacts(bags: readonly (readonly number[])[]): Promise<Float32Array> {
    const ids = idTensor(bags, this.config.ssg.maxBagTokens);
    const out = await this.factSession.run({ ids });
    const vectors = this.withSketch(out.vector!.data as Float32Array, bags.length);
    this.addSketch(vectors, ids, out.weights!.data as Float32Array);
    return vectors;
  }

  /** The STOP action's vector: dense only (STOP shares no words with anything). */
  async encodeStop(): Promise<Float32Array> {
    const out = await this.factSession.run({ ids: idTensor([[STOP_ID]], 1) });
    return this.withSketch(out.vector!.data as Float32Array, 1);
  }

  /** State vectors: the question's ids and the partial support set's ids, row by row. */
  async encodeStates(questions: readonly (readonly number[])[], supports: readonly (readonly number[])[]): Promise<Float32Array> {
    const max = this.config.ssg.maxBagTokens;
    const q = idTensor(questions, max);
    const s = idTensor(supports, max);
    const out = await this.stateSession.run({ question_ids: q, support_ids: s });
    const vectors = this.withSketch(out.vector!.data as Float32Array, questions.length);
    this.addSketch(vectors, q, out.question_weights!.data as Float32Array);
    this.addSketch(vectors, s, out.support_weights!.data as Float32Array);
    return vectors;
  }

  /** Rows of [dense | zeros for the sketch]. */
  private withSketch(dense: Float32Array, rows: number): Float32Array {
    const d = this.config.ssg.dimensions;
    const out = new Float32Array(rows * this.dimensions);
    for (let r = 0; r < rows; r++) out.set(dense.subarray(r * d, (r + 1) * d), r * this.dimensions);
    return out;
  }

  /** Adds each token's learnt weight into its sketch slot, with its sign. */
  private addSketch(vectors: Float32Array, ids: ort.Tensor, weights: Float32Array): void {
    const [rows, length] = ids.dims as [number, number];
    const data = ids.data as BigInt64Array;
    const { dimensions: d, sketch } = this.config.ssg;
    for (let r = 0; r < rows; r++) {
      for (let i = 0; i < length; i++) {
        const id = Number(data[r * length + i]);
        if (id === PAD) continue;
        const { slot, sign } = sketchSlot(id, sketch);
        const at = r * this.dimensions + d + slot;
        vectors[at] = (vectors[at] as number) + sign * (weights[r * length + i] as number);
      }
    }
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

function firstLine(error: unknown): string {
  return error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
}

function deviceFromEnv(): Device {
  return process.env.NLQ_DEVICE?.toLowerCase() === 'cuda' ? 'cuda' : 'cpu';
}

/** models/nldb of this package, found from here whether running from source or from dist/. */
export function defaultModelDir(): string {
  return packagePath('models', 'nldb');
}
