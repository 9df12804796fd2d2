/**
 * The trained encoder and decoder step in onnxruntime-node: one thread per session (requests run in
 * parallel; DESIGN.md measured single-thread sessions fastest per request on 2 cores). int64 ids go
 * in as BigInt64Array.
 */
import * as ort from 'onnxruntime-node';
import type { EncodedInput, QueryGraphModel } from './query-graph-model.js';
import type { Vocabulary } from './vocabulary.js';

export interface EncodedQuestion {
  readonly src: ort.Tensor;
  readonly memory: ort.Tensor;
}

export class Seq2SeqModel {
  private constructor(
    private readonly encoder: ort.InferenceSession,
    private readonly decoder: ort.InferenceSession,
  ) {}

  static async load(encoderPath: string, decoderPath: string): Promise<Seq2SeqModel> {
    const options: ort.InferenceSession.SessionOptions = { intraOpNumThreads: 1, interOpNumThreads: 1, graphOptimizationLevel: 'all' };
    const [encoder, decoder] = await Promise.all([ort.InferenceSession.create(encoderPath, options), ort.InferenceSession.create(decoderPath, options)]);
    return new Seq2SeqModel(encoder, decoder);
  }

  async encode(ids: readonly number[]): Promise<EncodedQuestion> {
    const src = new ort.Tensor('int64', BigInt64Array.from(ids.map((id) => BigInt(id))), [1, ids.length]);
    const out = await this.encoder.run({ src });
    return { src, memory: out.memory as ort.Tensor };
  }

  /** Log-probabilities of the next token for each prefix (all prefixes the same length). */
  async step(question: EncodedQuestion, prefixes: readonly (readonly number[])[]): Promise<Float32Array[]> {
    const batch = prefixes.length;
    const length = prefixes[0]?.length ?? 0;
    const tgt = new ort.Tensor('int64', BigInt64Array.from(prefixes.flatMap((p) => p.map((id) => BigInt(id)))), [batch, length]);
    const [, srcLength, width] = question.memory.dims as [number, number, number];
    const memoryData = question.memory.data as Float32Array;
    const tiledMemory = new Float32Array(batch * memoryData.length);
    const srcData = question.src.data as BigInt64Array;
    const tiledSrc = new BigInt64Array(batch * srcData.length);
    for (let b = 0; b < batch; b += 1) {
      tiledMemory.set(memoryData, b * memoryData.length);
      tiledSrc.set(srcData, b * srcData.length);
    }
    const out = await this.decoder.run({
      tgt,
      memory: new ort.Tensor('float32', tiledMemory, [batch, srcLength, width]),
      src: new ort.Tensor('int64', tiledSrc, [batch, srcLength]),
    });
    const logprobs = out.logprobs as ort.Tensor;
    const vocab = logprobs.dims[1] as number;
    const data = logprobs.data as Float32Array;
    return Array.from({ length: batch }, (_, b) => data.subarray(b * vocab, (b + 1) * vocab));
  }

  async release(): Promise<void> {
    await Promise.all([this.encoder.release(), this.decoder.release()]);
  }
}

/** A per-source model with its own vocabulary, as the predictor uses it. */
export class PerSourceModel implements QueryGraphModel {
  constructor(
    private readonly model: Seq2SeqModel,
    readonly vocabulary: Vocabulary,
  ) {}

  knows(word: string): boolean {
    return this.vocabulary.knows(word);
  }

  respell(tokens: readonly string[]): string[] {
    return this.vocabulary.respell(tokens);
  }

  encode(tokens: readonly string[]): Promise<EncodedQuestion> {
    return this.model.encode(this.vocabulary.encodeInput(tokens));
  }

  step(question: EncodedInput, prefixes: readonly (readonly number[])[]): Promise<Float32Array[]> {
    return this.model.step(question as EncodedQuestion, prefixes);
  }

  targetId(token: string): number | undefined {
    return this.vocabulary.targetId(token);
  }

  release(): Promise<void> {
    return this.model.release();
  }
}
