/**
 * What the schema-conditioned (shared) model reads: the question's words, and the schema's
 * elements (schema-elements.ts) as bags of words with their kind, type, instance and key flag.
 * A value the question mentions marks the elements whose stored values it matched with its
 * placeholder (`@1` joins the bag of `Customers.Country`), as the per-source model's hints do.
 *
 * Word ids are shared across schemas: words seen in training have their own id; any other word
 * hashes into one of a fixed number of buckets, so the same unknown word in the question and in a
 * schema name ("horsepower") still gets the same id, and the model can match the two. Both sides
 * are singularised ("prices" = "price").
 */
import { singularWord } from '../../schema-graph/names.js';
import type { SchemaElement } from './schema-elements.js';
import { fixedTargetTokens } from './schema-elements.js';
import { MAX_PLACEHOLDERS, placeholderToken } from './target.js';

/**
 * Most question tokens read; the gateway cuts longer questions first, saying so (question-fit.ts,
 * measured on the whole input with its hints, so the cut here never happens silently). With the
 * value hints (three tokens per placeholder) the input stays within the model's 96 positions.
 */
export const MAX_QUESTION_TOKENS = 64;
/** Most words of an element's own name bag (placeholders first) and of its owner's. */
export const ELEMENT_WORDS = 8;
export const OWNER_WORDS = 4;
/** Most elements a schema may have for the shared model (Northwind has 118). */
export const MAX_ELEMENTS = 512;

const KINDS = ['class', 'all', 'attribute', 'relation'] as const;
const TYPES = ['text', 'integer', 'decimal', 'float', 'boolean', 'date', 'datetime', 'binary', 'other'] as const;

/** The input tokens with ids of their own before any word: specials, placeholders, value hints. */
export function fixedInputTokens(): string[] {
  return [
    '<pad>',
    '<unk>',
    '|',
    ...Array.from({ length: MAX_PLACEHOLDERS }, (_, i) => placeholderToken(i + 1)),
    ...['text', 'number', 'year', 'month', 'date'].map((k) => `kind:${k}`),
    ...['exact', 'fuzzy', 'partial'].map((m) => `match:${m}`),
  ];
}

export interface SharedVocabularyData {
  /** Fixed input tokens, then known words. */
  readonly words: readonly string[];
  /** Hash buckets for words not in `words`. */
  readonly buckets: number;
  /** Fixed target tokens (the output ids before the elements). */
  readonly fixedTargets: readonly string[];
}

export class SharedVocabulary {
  private readonly ids: ReadonlyMap<string, number>;

  constructor(readonly data: SharedVocabularyData) {
    this.ids = new Map(data.words.map((w, i) => [w, i]));
  }

  /** Fixed tokens, then words seen at least `minCount` times (most frequent first, at most `maxWords`). */
  static build(texts: Iterable<readonly string[]>, options: { minCount?: number; maxWords?: number; buckets?: number } = {}): SharedVocabulary {
    const fixed = fixedInputTokens();
    const seen = new Set(fixed);
    const counts = new Map<string, number>();
    for (const tokens of texts) for (const t of tokens) if (!seen.has(t)) counts.set(t, (counts.get(t) ?? 0) + 1);
    const known = [...counts.entries()]
      .filter(([, n]) => n >= (options.minCount ?? 3))
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, options.maxWords ?? 12_000)
      .map(([t]) => t);
    return new SharedVocabulary({ words: [...fixed, ...known], buckets: options.buckets ?? 2048, fixedTargets: fixedTargetTokens() });
  }

  get size(): number {
    return this.data.words.length + this.data.buckets;
  }

  /** Whether a word has an id of its own (not a bucket). */
  knows(word: string): boolean {
    return this.ids.has(word);
  }

  id(token: string): number {
    const known = this.ids.get(token);
    if (known !== undefined) return known;
    return this.data.words.length + (fnv1a(token) % this.data.buckets);
  }
}

/** The schema's elements as id arrays (padded), the same for every question on it. */
export interface SchemaTensors {
  readonly elements: readonly SchemaElement[];
  /** [element][ELEMENT_WORDS] word ids, 0-padded. */
  readonly words: readonly (readonly number[])[];
  /** [element][OWNER_WORDS] word ids of the owning class, 0-padded. */
  readonly owner: readonly (readonly number[])[];
  /** [element][kind 1-4, type 0-9, instance 1-4, primary key 0/1]. */
  readonly meta: readonly (readonly [number, number, number, number])[];
}

export function schemaTensors(elements: readonly SchemaElement[], vocabulary: SharedVocabulary): SchemaTensors {
  const padded = (ids: number[], n: number) => [...ids.slice(0, n), ...Array<number>(Math.max(0, n - ids.length)).fill(0)];
  return {
    elements,
    words: elements.map((e) => padded(e.words.map((w) => vocabulary.id(w)), ELEMENT_WORDS)),
    owner: elements.map((e) => padded(e.owner.map((w) => vocabulary.id(w)), OWNER_WORDS)),
    meta: elements.map((e) => [KINDS.indexOf(e.kind) + 1, e.type ? TYPES.indexOf(e.type as (typeof TYPES)[number]) + 1 : 0, e.instance, e.primaryKey ? 1 : 0] as const),
  };
}

/** One question as the shared model reads it: its token ids, and which elements each mention marks. */
export interface SharedQuestion {
  readonly src: readonly number[];
  /**
   * Per question token, which schema names it is a word of (schema linking by name, as people
   * name things): 0 none, 1 an attribute's or relation's name, 2 a class's name, 3 both.
   */
  readonly links: readonly number[];
  /** [element index, placeholder word id] pairs. */
  readonly marks: readonly (readonly [number, number])[];
  /**
   * [element index, own name linked, owner linked] for the elements the question names: 2 when
   * every word of the name is in the question, 1 when some is.
   */
  readonly linked: readonly (readonly [number, number, number])[];
}

/**
 * Reads the per-source input tokens (input.ts: words, `|`, then per mention `@k kind:x match:y`
 * and the attribute tokens it matched): the attribute tokens become marks on those elements.
 */
export function sharedQuestion(tokens: readonly string[], elements: readonly SchemaElement[], vocabulary: SharedVocabulary): SharedQuestion {
  const bar = tokens.lastIndexOf('|');
  const question = (bar < 0 ? tokens : tokens.slice(0, bar)).slice(0, MAX_QUESTION_TOKENS).map(inputWord);
  const hints: string[] = [];
  const marks: [number, number][] = [];
  const index = new Map(elements.map((e, i) => [e.token, i]));
  let placeholder: string | null = null;
  for (const token of bar < 0 ? [] : tokens.slice(bar + 1)) {
    if (token.startsWith('A:')) {
      const at = index.get(token);
      if (at !== undefined && placeholder) marks.push([at, vocabulary.id(placeholder)]);
      continue;
    }
    if (/^@\d+$/.test(token)) placeholder = token;
    hints.push(token);
  }
  const words = new Set(question);
  const level = (name: readonly string[]) => (name.length === 0 ? 0 : name.every((w) => words.has(w)) ? 2 : name.some((w) => words.has(w)) ? 1 : 0);
  const linked: [number, number, number][] = [];
  const attributeWords = new Set<string>();
  const classWords = new Set<string>();
  elements.forEach((e, i) => {
    for (const w of e.words) (e.kind === 'class' || e.kind === 'all' ? classWords : attributeWords).add(w);
    const own = level(e.words);
    const owner = level(e.owner);
    if (own > 0 || owner > 0) linked.push([i, own, owner]);
  });
  const links = [...question.map((w) => (attributeWords.has(w) ? 1 : 0) + (classWords.has(w) ? 2 : 0)), 0, ...hints.map(() => 0)];
  const kept = hints.slice(0, 3 * MAX_PLACEHOLDERS);
  return { src: [...question, '|', ...kept].map((t) => vocabulary.id(t)), links: links.slice(0, question.length + 1 + kept.length), marks, linked };
}

/** A question word as the shared model reads it: singular, so "prices" meets the attribute "price". */
export function inputWord(token: string): string {
  return /^[a-z]+$/.test(token) ? singularWord(token) : token;
}

/** 32-bit FNV-1a of a string's UTF-16 code units (the trainer never hashes: ids are computed here). */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}
