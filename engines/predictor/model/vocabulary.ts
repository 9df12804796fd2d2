/**
 * Token <-> id maps of one trained model. Input ids 0..3 are <pad> <unk> <bos> <eos> (the model
 * uses only pad and unk); target ids are targetVocabulary(schema) so id 0 = <pad>, 1 = <bos>,
 * 2 = <eos>, matching train.py.
 */
import type { SchemaGraph } from '../../schema-graph/types.js';
import { unswapped } from '../../english/normalize.js';
import { attributeToken, MAX_PLACEHOLDERS, placeholderToken, targetVocabulary } from './target.js';

export interface VocabularyData {
  readonly input: readonly string[];
  readonly target: readonly string[];
}

export class Vocabulary {
  private readonly inputIds: ReadonlyMap<string, number>;
  private readonly targetIds: ReadonlyMap<string, number>;
  private readonly inputWords: ReadonlySet<string>;

  /** Input ids from here on are question words (before: specials, placeholders, hints). */
  static firstWordId(data: VocabularyData): number {
    const index = data.input.findIndex((t, i) => i > 4 && !t.startsWith('@') && !t.startsWith('kind:') && !t.startsWith('match:') && !t.startsWith('A:'));
    return index < 0 ? data.input.length : index;
  }

  constructor(readonly data: VocabularyData) {
    this.inputIds = new Map(data.input.map((t, i) => [t, i]));
    this.inputWords = new Set(data.input);
    this.targetIds = new Map(data.target.map((t, i) => [t, i]));
  }

  /**
   * Input words seen at least `minCount` times in training questions, plus every hint token the
   * schema can produce (so a value's column is never unknown).
   */
  static build(schema: SchemaGraph, inputs: readonly (readonly string[])[], minCount = 2): Vocabulary {
    const counts = new Map<string, number>();
    for (const tokens of inputs) for (const t of tokens) counts.set(t, (counts.get(t) ?? 0) + 1);
    const fixed = [
      '<pad>',
      '<unk>',
      '<bos>',
      '<eos>',
      '|',
      ...Array.from({ length: MAX_PLACEHOLDERS }, (_, i) => placeholderToken(i + 1)),
      ...['text', 'number', 'year', 'month', 'date'].map((k) => `kind:${k}`),
      ...['exact', 'fuzzy', 'partial'].map((m) => `match:${m}`),
      ...schema.classes.flatMap((c) => c.attributes.map((a) => attributeToken({ classId: c.id, attributeId: a.id }))),
    ];
    const seen = new Set(fixed);
    const words = [...counts.entries()].filter(([t, n]) => n >= minCount && !seen.has(t)).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([t]) => t);
    return new Vocabulary({ input: [...fixed, ...words], target: targetVocabulary(schema) });
  }

  /**
   * The tokens with every word the model does not know, but would with two neighbouring letters
   * swapped back ("suplpiers", "proviedrs"), spelt the way it knows it: the typo people make most.
   * Known words are never touched.
   */
  respell(tokens: readonly string[]): string[] {
    return tokens.map((token) => (this.inputIds.has(token) ? token : unswapped(token, this.inputWords)));
  }

  /** Whether the model has an id of its own for an input token. */
  knows(token: string): boolean {
    return this.inputIds.has(token);
  }

  encodeInput(tokens: readonly string[]): number[] {
    return tokens.map((t) => this.inputIds.get(t) ?? 1);
  }

  encodeTarget(tokens: readonly string[]): number[] {
    return tokens.map((t) => {
      const id = this.targetIds.get(t);
      if (id === undefined) throw new Error(`target token '${t}' is not in the vocabulary`);
      return id;
    });
  }

  targetId(token: string): number | undefined {
    return this.targetIds.get(token);
  }

  targetToken(id: number): string {
    return this.data.target[id] ?? '<pad>';
  }

  get targetSize(): number {
    return this.data.target.length;
  }
}
