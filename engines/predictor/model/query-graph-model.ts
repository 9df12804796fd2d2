/**
 * What the predictor needs of a trained model, whichever kind it is: a per-source model with one
 * output token per schema element (onnx-model.ts + vocabulary.ts), or the shared model that reads
 * the schema as input and points at its elements (shared-model.ts). The question arrives as the
 * tokens of input.ts; the target language is target.ts's either way.
 */

/** A question as the model encoded it (opaque to the search). */
export type EncodedInput = object;

export interface QueryGraphModel {
  /** Whether the model has a word of its own for a question token (else it is read as unknown or hashed). */
  knows(word: string): boolean;
  /** The tokens with unknown words respelt as a known word two swapped letters away ("suplpiers"). */
  respell(tokens: readonly string[]): string[];
  /** Encodes the question's input tokens (input.ts). */
  encode(tokens: readonly string[]): Promise<EncodedInput>;
  /** Log-probabilities of the next target id after each prefix (all prefixes the same length). */
  step(question: EncodedInput, prefixes: readonly (readonly number[])[]): Promise<Float32Array[]>;
  /** The output id of a target token, or undefined when this model cannot write it. */
  targetId(token: string): number | undefined;
  release(): Promise<void>;
}
