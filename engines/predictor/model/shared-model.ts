/**
 * The shared, schema-conditioned model in onnxruntime-node (trained by
 * models/train/querygraph/train_shared.py): one pair of sessions for every source, and per schema a
 * `SharedSchemaModel` that feeds it that schema's elements (schema-elements.ts, shared-input.ts) and
 * maps its outputs (fixed tokens, then one per element) back to target tokens.
 */
import * as ort from 'onnxruntime-node';
import type { SchemaGraph } from '../../schema-graph/types.js';
import { unswapped } from '../../english/normalize.js';
import type { EncodedInput, QueryGraphModel } from './query-graph-model.js';
import { schemaElements } from './schema-elements.js';
import { MAX_ELEMENTS, schemaTensors, sharedQuestion, type SchemaTensors, type SharedQuestion, type SharedVocabulary } from './shared-input.js';

/** Placeholders that can mark one element (train_shared.py MARKS). */
const MARKS = 4;
/** Columns of an element's flags: kind, type, instance, key, own name linked, owner linked (train_shared.py). */
const META = 6;

interface SharedEncoded {
  readonly src: ort.Tensor;
  readonly memory: ort.Tensor;
  readonly meta: ort.Tensor;
}

export class SharedOnnxModel {
  private constructor(
    private readonly encoder: ort.InferenceSession,
    private readonly decoder: ort.InferenceSession,
    readonly vocabulary: SharedVocabulary,
  ) {}

  static async load(encoderPath: string, decoderPath: string, vocabulary: SharedVocabulary): Promise<SharedOnnxModel> {
    const options: ort.InferenceSession.SessionOptions = { intraOpNumThreads: 1, interOpNumThreads: 1, graphOptimizationLevel: 'all' };
    const [encoder, decoder] = await Promise.all([ort.InferenceSession.create(encoderPath, options), ort.InferenceSession.create(decoderPath, options)]);
    return new SharedOnnxModel(encoder, decoder, vocabulary);
  }

  /** Whether a schema is small enough for the model to read whole. */
  static fits(schema: SchemaGraph): boolean {
    return schemaElements(schema).length <= MAX_ELEMENTS;
  }

  /**
   * The model as one schema's predictor sees it. Releasing it leaves the sessions open unless it
   * `ownsSessions` (a model specialised to that one source).
   */
  forSchema(schema: SchemaGraph, options: { ownsSessions?: boolean } = {}): SharedSchemaModel {
    return new SharedSchemaModel(this, schemaTensors(schemaElements(schema), this.vocabulary), options.ownsSessions ?? false);
  }

  async encode(question: SharedQuestion, schema: SchemaTensors): Promise<SharedEncoded> {
    const { src, marks } = question;
    const m = schema.elements.length;
    const int64 = (values: readonly number[], dims: number[]) => new ort.Tensor('int64', BigInt64Array.from(values.map((v) => BigInt(v))), dims);
    const markIds = new Array<number>(m * MARKS).fill(0);
    const used = new Array<number>(m).fill(0);
    for (const [element, placeholder] of marks) {
      const k = used[element] ?? MARKS;
      if (k >= MARKS) continue;
      markIds[element * MARKS + k] = placeholder;
      used[element] = k + 1;
    }
    const srcTensor = int64(src, [1, src.length]);
    // the schema's own flags, then how the question names each element (shared-input.ts `linked`)
    const meta = schema.meta.map((row) => [...row, 0, 0]);
    for (const [element, own, owner] of question.linked) {
      const row = meta[element];
      if (row) {
        row[4] = own;
        row[5] = owner;
      }
    }
    const metaTensor = int64(meta.flat(), [1, m, META]);
    const out = await this.encoder.run({
      src: srcTensor,
      src_links: int64(question.links, [1, src.length]),
      element_words: int64(schema.words.flat(), [1, m, schema.words[0]?.length ?? 0]),
      element_owner: int64(schema.owner.flat(), [1, m, schema.owner[0]?.length ?? 0]),
      element_meta: metaTensor,
      element_marks: int64(markIds, [1, m, MARKS]),
    });
    return { src: srcTensor, memory: out.memory as ort.Tensor, meta: metaTensor };
  }

  async step(question: SharedEncoded, prefixes: readonly (readonly number[])[]): Promise<Float32Array[]> {
    const batch = prefixes.length;
    const length = prefixes[0]?.length ?? 0;
    const tile = <T extends Float32Array | BigInt64Array>(data: T, make: (n: number) => T): T => {
      const out = make(batch * data.length);
      for (let b = 0; b < batch; b += 1) out.set(data as never, b * data.length);
      return out;
    };
    const [, memoryLength, width] = question.memory.dims as [number, number, number];
    const out = await this.decoder.run({
      tgt: new ort.Tensor('int64', BigInt64Array.from(prefixes.flatMap((p) => p.map((id) => BigInt(id)))), [batch, length]),
      memory: new ort.Tensor('float32', tile(question.memory.data as Float32Array, (n) => new Float32Array(n)), [batch, memoryLength, width]),
      src: new ort.Tensor('int64', tile(question.src.data as BigInt64Array, (n) => new BigInt64Array(n)), [batch, question.src.dims[1] as number]),
      element_meta: new ort.Tensor('int64', tile(question.meta.data as BigInt64Array, (n) => new BigInt64Array(n)), [batch, question.meta.dims[1] as number, META]),
    });
    const logprobs = out.logprobs as ort.Tensor;
    const size = logprobs.dims[1] as number;
    const data = logprobs.data as Float32Array;
    return Array.from({ length: batch }, (_, b) => data.subarray(b * size, (b + 1) * size));
  }

  async release(): Promise<void> {
    await Promise.all([this.encoder.release(), this.decoder.release()]);
  }
}

/** The shared model reading one schema. */
export class SharedSchemaModel implements QueryGraphModel {
  private readonly targetIds: ReadonlyMap<string, number>;
  private readonly known: ReadonlySet<string>;

  constructor(
    private readonly shared: SharedOnnxModel,
    private readonly schema: SchemaTensors,
    private readonly ownsSessions: boolean,
  ) {
    const fixed = shared.vocabulary.data.fixedTargets;
    this.targetIds = new Map([...fixed.map((t, i) => [t, i] as const), ...schema.elements.map((e, i) => [e.token, fixed.length + i] as const)]);
    this.known = new Set(shared.vocabulary.data.words);
  }

  knows(word: string): boolean {
    return this.shared.vocabulary.knows(word);
  }

  respell(tokens: readonly string[]): string[] {
    return tokens.map((token) => (this.known.has(token) ? token : unswapped(token, this.known)));
  }

  encode(tokens: readonly string[]): Promise<EncodedInput> {
    return this.shared.encode(sharedQuestion(tokens, this.schema.elements, this.shared.vocabulary), this.schema);
  }

  step(question: EncodedInput, prefixes: readonly (readonly number[])[]): Promise<Float32Array[]> {
    return this.shared.step(question as SharedEncoded, prefixes);
  }

  targetId(token: string): number | undefined {
    return this.targetIds.get(token);
  }

  /** Releases the sessions only when this schema owns them (else other sources still use them). */
  async release(): Promise<void> {
    if (this.ownsSessions) await this.shared.release();
  }
}
