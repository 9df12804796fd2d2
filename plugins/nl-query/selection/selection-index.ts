/**
 * The inverted index over source profiles: phrase key -> the sources it is evidence for. Scoring
 * a question touches only the postings of the question's own words and phrases, so its cost
 * grows with the question, not with the number of sources.
 *
 * The score of a source is the share of the question's information it explains: every content
 * word of the question weighs its inverse source frequency (a word many sources know says little
 * about which one is meant; a word no source knows counts fully against all of them), and a source
 * explains a word as strongly as its best matching phrase covering that word (a whole value
 * "Henry VIII" covers both words at full strength). The result is in [0, 1].
 */
import { isBoundary, keyOf, type EvidenceKind, type SourceProfile } from './profile.js';
import { isContent, tokenize, type Token } from './terms.js';

interface Posting {
  readonly source: number;
  readonly strength: number;
  readonly kind: EvidenceKind;
}

/** One source's score for one question, with the phrases that earned it. */
export interface IndexScore {
  readonly source: string;
  readonly score: number;
  readonly evidence: readonly string[];
}

export interface IndexOptions {
  /**
   * Imaginary sources that know no word, added to the count when weighing words: with few real
   * sources every word would otherwise look rare or common by accident. Default 20.
   */
  readonly priorSources?: number;
  /** Longest phrase of the question looked up, in words. Default 6. */
  readonly maxPhraseWords?: number;
  /** Evidence strings kept per source. Default 5. */
  readonly maxEvidence?: number;
  /**
   * Two sources are near-duplicates (the same data in two stores) when at least this share of the
   * smaller one's distinctive phrases is also in the other. Default 0.5.
   */
  readonly twinOverlap?: number;
}

/** Phrases held by more sources than this are common words, not distinctive content, when finding twins. */
const TWIN_MAX_SHARED = 8;

/** How one source covers each word of the question. */
interface Cover {
  /** Per token: the strongest match covering it. */
  readonly strength: Float64Array;
  /** Evidence text -> what it earned. */
  readonly notes: Map<string, number>;
}

export class SelectionIndex {
  private readonly postings = new Map<string, Posting[]>();
  private readonly ids: readonly string[];
  private readonly position: ReadonlyMap<string, number>;
  private readonly prior: number;
  private readonly maxPhraseWords: number;
  private readonly maxEvidence: number;
  /** Source -> its near-duplicates. */
  private readonly twins: ReadonlyMap<number, readonly number[]>;

  constructor(profiles: readonly SourceProfile[], options: IndexOptions = {}) {
    this.ids = profiles.map((profile) => profile.id);
    this.position = new Map(this.ids.map((id, i) => [id, i]));
    this.prior = options.priorSources ?? 20;
    this.maxPhraseWords = options.maxPhraseWords ?? 6;
    this.maxEvidence = options.maxEvidence ?? 5;
    profiles.forEach((profile, source) => {
      for (const [phrase, entry] of profile.entries) {
        const list = this.postings.get(phrase);
        const posting = { source, strength: entry.strength, kind: entry.kind };
        if (list) list.push(posting);
        else this.postings.set(phrase, [posting]);
      }
    });
    this.twins = this.findTwins(options.twinOverlap ?? 0.5);
  }

  /** The near-duplicates of a source (ids), found when the index was built. */
  twinsOf(id: string): readonly string[] {
    const at = this.position.get(id);
    return at === undefined ? [] : (this.twins.get(at) ?? []).map((twin) => this.ids[twin] as string);
  }

  /**
   * Pairs of sources whose distinctive phrases (held by few sources) mostly coincide: Northwind in
   * SQL and as a graph, one fact collection copied into another.
   */
  private findTwins(overlap: number): Map<number, number[]> {
    const distinctive = new Array<number>(this.ids.length).fill(0);
    const shared = new Map<number, number>();
    for (const list of this.postings.values()) {
      if (list.length > TWIN_MAX_SHARED) continue;
      for (const posting of list) distinctive[posting.source] = (distinctive[posting.source] ?? 0) + 1;
      for (let i = 0; i < list.length; i += 1) {
        for (let j = i + 1; j < list.length; j += 1) {
          const a = Math.min((list[i] as Posting).source, (list[j] as Posting).source);
          const b = Math.max((list[i] as Posting).source, (list[j] as Posting).source);
          const pair = a * this.ids.length + b;
          shared.set(pair, (shared.get(pair) ?? 0) + 1);
        }
      }
    }
    const twins = new Map<number, number[]>();
    for (const [pair, count] of shared) {
      const a = Math.floor(pair / this.ids.length);
      const b = pair % this.ids.length;
      const smaller = Math.min(distinctive[a] ?? 0, distinctive[b] ?? 0);
      if (smaller === 0 || count / smaller < overlap) continue;
      twins.set(a, [...(twins.get(a) ?? []), b]);
      twins.set(b, [...(twins.get(b) ?? []), a]);
    }
    return twins;
  }

  get size(): number {
    return this.ids.length;
  }

  has(id: string): boolean {
    return this.position.has(id);
  }

  /** Scores of the `candidates` (ids not in the index score 0), in the order given. */
  score(question: string, candidates: readonly string[]): IndexScore[] {
    const tokens = tokenize(question);
    const wanted = new Set<number>();
    for (const id of candidates) {
      const at = this.position.get(id);
      if (at !== undefined) wanted.add(at);
    }
    const weights = tokens.map((token) => (isContent(token) ? this.weightOf(token) : 0));
    const total = weights.reduce((a, b) => a + b, 0);

    const covers = new Map<number, Cover>();
    for (let start = 0; start < tokens.length; start += 1) {
      for (let end = start + 1; end <= Math.min(tokens.length, start + this.maxPhraseWords); end += 1) {
        const phrase = tokens.slice(start, end);
        if (!lookable(phrase)) continue;
        const postings = this.postings.get(keyOf(phrase));
        if (!postings) continue;
        let gain = 0;
        for (let i = start; i < end; i += 1) gain += weights[i] ?? 0;
        const note = (kind: EvidenceKind) => `${kind} "${phrase.map((token) => token.word).join(' ')}"`;
        for (const posting of postings) {
          if (!wanted.has(posting.source)) continue;
          let cover = covers.get(posting.source);
          if (!cover) {
            cover = { strength: new Float64Array(tokens.length), notes: new Map() };
            covers.set(posting.source, cover);
          }
          for (let i = start; i < end; i += 1) cover.strength[i] = Math.max(cover.strength[i] ?? 0, posting.strength);
          const text = note(posting.kind);
          cover.notes.set(text, Math.max(cover.notes.get(text) ?? 0, gain * posting.strength));
        }
      }
    }

    return candidates.map((id) => {
      const at = this.position.get(id);
      const cover = at === undefined ? undefined : covers.get(at);
      if (!cover || total === 0) return { source: id, score: 0, evidence: [] };
      let explained = 0;
      cover.strength.forEach((strength, i) => (explained += strength * (weights[i] ?? 0)));
      const evidence = [...cover.notes]
        .sort((a, b) => b[1] - a[1])
        .slice(0, this.maxEvidence)
        .map(([text]) => text);
      return { source: id, score: explained / total, evidence };
    });
  }

  /** Inverse source frequency of a word, smoothed by the imaginary empty sources. */
  private weightOf(token: Token): number {
    const known = this.postings.get(token.stem)?.length ?? 0;
    return Math.log(1 + (this.ids.length + this.prior) / (known + 1));
  }
}

/** A phrase worth looking up: one content word, or several words not starting or ending on a stop word. */
function lookable(phrase: readonly Token[]): boolean {
  if (phrase.length === 1) return phrase[0] !== undefined && isContent(phrase[0]);
  return isBoundary(phrase[0]) && isBoundary(phrase.at(-1)) && phrase.some(isContent);
}
