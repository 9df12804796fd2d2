/**
 * Tokens, ids and per-token features for the two NeuralDB models. This is the TypeScript twin of
 * models/train/nldb/textnorm.py: the models were trained on exactly these rules, so any change
 * here must be made there too (and the models retrained).
 */
import { nounBases } from '../english/noun-bases.js';

const TOKEN_RE = /\d+(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|'s\b|[A-Za-z\u00C0-\u024F]+|[^\sA-Za-z\d\u00C0-\u024F]/g;

export const PAD = 0;
export const CLS = 1;
export const SEP = 2;
export const STOP = 3;
const YEAR = 4;
const NUM = 5;
/** Unknown words (mostly names) hash into this many ids, so one name always gets one id. */
export const WORD_BUCKETS = 1024;
/** Character trigrams of words, for the retriever (plurals, inflections). */
export const TRIGRAM_BUCKETS = 2048;
export const N_FEATURES = 16;

/** A token with its character offsets in the text it came from. */
export interface Token {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** Word -> id, as written by the trainer in models/nldb/vocab.json. */
export type Vocabulary = ReadonlyMap<string, number>;

const STOPWORDS: ReadonlySet<string> = new Set(
  "a an the of in on at to for by with and or is are was were be been has have had do does did which who whom whose what how many much any every all 's , . ? !".split(
    ' ',
  ),
);

export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    h ^= byte;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export function tokenize(text: string): Token[] {
  return [...text.matchAll(TOKEN_RE)].map((m) => ({ text: m[0], start: m.index, end: m.index + m[0].length }));
}

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const isAlpha = (c: string | undefined): boolean => c !== undefined && /[A-Za-z\u00C0-\u024F]/.test(c);
const isUpper = (c: string | undefined): boolean => c !== undefined && c !== c.toLowerCase() && c === c.toUpperCase();

/** The number a token spells (thousands separators dropped), or null. */
export function numberValue(token: string): number | null {
  if (!isDigit(token[0])) return null;
  const value = Number(token.replaceAll(',', ''));
  return Number.isFinite(value) ? value : null;
}

export function isYear(token: string): boolean {
  const v = numberValue(token);
  return v !== null && !token.includes(',') && !token.includes('.') && v >= 1000 && v <= 2100;
}

export function wordId(token: string, vocab: Vocabulary): number {
  if (isDigit(token[0])) return isYear(token) ? YEAR : NUM;
  const low = token.toLowerCase();
  // Unknown words start right after the vocabulary's size (as the trainer does; the few ids that
  // overlap its last words are harmless and must stay as trained).
  const known = vocab.get(low);
  if (known !== undefined) return known;
  // Capitalised unknown words (names, mostly) and lower-case ones (rare words) hash apart.
  const half = WORD_BUCKETS / 2;
  return vocab.size + (fnv1a(low) % half) + (isUpper(token[0]) ? 0 : half);
}

/** Retriever input: word ids plus hashed character trigrams of alphabetic words. */
export function bagIds(text: string, vocab: Vocabulary): number[] {
  const base = vocab.size + WORD_BUCKETS;
  const ids: number[] = [];
  for (const { text: token } of tokenize(text)) {
    ids.push(wordId(token, vocab));
    if (isAlpha(token[0]) && token.length >= 3) {
      const w = `<${token.toLowerCase()}>`;
      for (let i = 0; i + 3 <= w.length; i++) ids.push(base + (fnv1a(w.slice(i, i + 3)) % TRIGRAM_BUCKETS));
    }
  }
  return ids;
}

/**
 * Where an id lands in the retriever's lexical channel (a count sketch): a slot in
 * [0, size) and a sign. Multiplicative hashing, as the trainer's sketch_slots.
 */
export function sketchSlot(id: number, size: number): { slot: number; sign: 1 | -1 } {
  const h = Math.imul(id, 2654435761 | 0) >>> 0;
  return { slot: h % size, sign: Math.floor(h / 65536) % 2 === 0 ? 1 : -1 };
}

/** Where an extractor position came from: a fact (index, character span) or nothing (-1). */
export interface Position {
  readonly fact: number;
  readonly start: number;
  readonly end: number;
}

/** One extractor input row: [CLS] question [SEP] fact [SEP] fact [SEP] ... */
export interface EncodedSupport {
  readonly ids: readonly number[];
  readonly segments: readonly number[];
  /** N_FEATURES values per position, row-major. */
  readonly features: readonly number[];
  readonly positions: readonly Position[];
}


/**
 * `features`: how many of the per-token features the model was trained with (a model made before
 * a feature was added reads the first ones only). `kindsOf` (WordNet's kinds of a noun, as the
 * trainer's wordnet.kinds_of) sets feature 15, "a kind of a word on the other side" ("schooner" in
 * a fact for "ships" in the question); without it the feature is 0.
 */
export function encodeSpj(
  question: string,
  facts: readonly string[],
  vocab: Vocabulary,
  maxLen: number,
  features = N_FEATURES,
  kindsOf?: (word: string) => readonly string[],
): EncodedSupport {
  const qTokens = tokenize(question);
  const none: Position = { fact: -1, start: 0, end: 0 };
  let ids: number[] = [CLS];
  let segs: number[] = [0];
  let positions: Position[] = [none];
  let toks: { text: string; seg: number }[] = [{ text: '', seg: 0 }];
  for (const t of qTokens) {
    ids.push(wordId(t.text, vocab));
    segs.push(0);
    positions.push({ fact: -1, start: t.start, end: t.end });
    toks.push({ text: t.text, seg: 0 });
  }
  ids.push(SEP);
  segs.push(0);
  positions.push(none);
  toks.push({ text: '', seg: 0 });
  const starts = new Set<number>();
  facts.forEach((fact, fi) => {
    if (ids.length >= maxLen) return;
    starts.add(ids.length);
    const seg = Math.min(fi + 1, 3);
    for (const t of tokenize(fact)) {
      ids.push(wordId(t.text, vocab));
      segs.push(seg);
      positions.push({ fact: fi, start: t.start, end: t.end });
      toks.push({ text: t.text, seg: fi + 1 });
    }
    ids.push(SEP);
    segs.push(seg);
    positions.push(none);
    toks.push({ text: '', seg: fi + 1 });
  });
  ids = ids.slice(0, maxLen);
  segs = segs.slice(0, maxLen);
  positions = positions.slice(0, maxLen);
  toks = toks.slice(0, maxLen);

  const content = (t: string): boolean => isAlpha(t[0]) && !STOPWORDS.has(t.toLowerCase());
  const qWords = new Set(qTokens.filter((t) => content(t.text)).map((t) => t.text.toLowerCase()));
  const fWords = new Set(toks.filter((t) => t.seg > 0 && t.text && content(t.text)).map((t) => t.text.toLowerCase()));
  const numbers = (list: readonly { text: string }[]) =>
    list.filter((t) => t.text && numberValue(t.text) !== null).map((t) => ({ v: numberValue(t.text) as number, year: isYear(t.text) }));
  const qNums = numbers(qTokens);
  const fNums = numbers(toks.filter((t) => t.seg > 0));
  // Content words per fact: a word in two facts of the set is what joins them (a name, mostly).
  const inFacts = new Map<string, Set<number>>();
  for (const t of toks) {
    if (t.seg > 0 && t.text && content(t.text)) {
      const key = t.text.toLowerCase();
      inFacts.set(key, (inFacts.get(key) ?? new Set<number>()).add(t.seg));
    }
  }

  // kinds (WordNet hyponyms) of the question's words in the facts, and the other way round
  const wantKinds = kindsOf !== undefined && features > 15;
  const qKinds = new Set(wantKinds ? [...qWords].flatMap((q) => kindsOf(q)) : []);
  const fBases = new Set([...fWords].flatMap((w) => nounBases(w)));

  const out: number[] = [];
  toks.forEach((t, i) => {
    const f = new Array<number>(N_FEATURES).fill(0);
    f[0] = t.seg === 0 ? 1 : 0;
    if (t.text) {
      f[1] = isUpper(t.text[0]) ? 1 : 0;
      const v = numberValue(t.text);
      if (v === null) {
        if (content(t.text)) f[3] = (t.seg === 0 ? fWords : qWords).has(t.text.toLowerCase()) ? 1 : 0;
      } else {
        f[2] = 1;
        const year = isYear(t.text);
        if (t.seg > 0) {
          const sameQ = qNums.filter((q) => q.year === year).map((q) => q.v);
          if (sameQ.some((q) => v > q)) f[4] = 1;
          if (sameQ.some((q) => v < q)) f[5] = 1;
          if (sameQ.some((q) => v === q)) f[6] = 1;
          const sameF = fNums.filter((n) => n.year === year).map((n) => n.v);
          if (sameF.length >= 2 && new Set(sameF).size >= 2) {
            if (v === Math.max(...sameF)) f[7] = 1;
            if (v === Math.min(...sameF)) f[8] = 1;
          }
        }
        if (year) f[9 + (v < 1800 ? 0 : v < 1900 ? 1 : v < 2000 ? 2 : 3)] = 1;
      }
    }
    if (starts.has(i)) f[13] = 1;
    if (t.seg > 0 && t.text && isAlpha(t.text[0]) && (inFacts.get(t.text.toLowerCase())?.size ?? 0) >= 2) f[14] = 1;
    if (wantKinds && t.text && content(t.text)) {
      const low = t.text.toLowerCase();
      f[15] = t.seg > 0 ? (nounBases(low).some((b) => qKinds.has(b)) ? 1 : 0) : kindsOf(low).some((k) => fBases.has(k)) ? 1 : 0;
    }
    out.push(...f.slice(0, features));
  });
  return { ids, segments: segs, features: out, positions };
}
