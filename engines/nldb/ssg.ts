/**
 * The Support Set Generator (NeuralDB Algorithm 1). Starting from the empty set, the state (the
 * question plus a partial support set) is encoded, and maximum inner product search over the fact
 * vectors and the STOP action picks every action scoring above tau: STOP closes the set, each fact
 * opens a larger one. A join thus collects both of its facts in one set ("whose spouse is a
 * doctor?": the doctor, then the marriage naming them), an aggregation one set per operand.
 */
import { parsePairComparison } from './constraints.js';
import { term, type LexicalHit, type NeighbourOptions } from './lexical-index.js';
import type { NldbModels } from './models.js';
import { retrievalBag } from './number-text.js';
import { tokenize } from './text.js';
import type { Hit, VectorIndex } from './vector-index.js';

/** What the generator needs of the models (a narrow view, so tests can stand in for them). */
export type SsgEncoders = Pick<NldbModels, 'vocab' | 'dimensions' | 'encodeStates' | 'encodeStop'> &
  Partial<Pick<NldbModels, 'encodeFacts'>> & {
    readonly config: { readonly ssg: { readonly tau: number } };
  };

export interface SsgOptions {
  /** Score an action must exceed; default: the threshold chosen at training time. */
  readonly tau?: number;
  /** Open sets kept per step (and support sets returned without join expansion). */
  readonly maxSupportSets?: number;
  /** Support sets returned at most; default: maxSupportSets times (1 + neighbourK). */
  readonly maxReturned?: number;
  /** Facts in one support set at most. */
  readonly maxSetSize?: number;
  /** Facts considered when extending a non-empty set. */
  readonly expandK?: number;
  /**
   * When no fact scores above tau for the empty set, the facts within this margin of the best
   * one start support sets anyway (at most `expandK`): scores drift on wording unlike the
   * training data, and the extractor still drops sets that do not help. Infinity disables it.
   */
  readonly fallbackMargin?: number;
  /** Facts BM25 proposes to start support sets (hybrid retrieval; 0 turns it off). */
  readonly lexicalK?: number;
  /** A lexical hit must score at least this share of the best one. */
  readonly lexicalRatio?: number;
  /** Facts sharing a name with a partial set, proposed to extend it (joins; 0 turns it off). */
  readonly neighbourK?: number;
  /**
   * How far below STOP the state encoder may score such a fact and still extend the set (the
   * encoder, trained on regular worlds, stops early on unfamiliar wording; the extractor drops
   * sets that do not help). Infinity: every linked fact extends.
   */
  readonly neighbourMargin?: number;
  /**
   * A question naming two things ("Was A founded before B?", "Is A older than B?") needs one
   * fact about each in the same support set, and nothing links them but the question: the best
   * facts for each name (this many, 0 turns it off) are paired across the names.
   */
  readonly mentionFacts?: number;
}

/** How `extend` offers linked facts. */
export interface ExtendOptions {
  /** Sets of up to this many facts are extended (default 2). */
  readonly most?: number;
  /** The one name a set links through (its subject), or null for every name (lexical-index.ts). */
  readonly through?: (ids: readonly string[]) => string | null;
  /** Whether a set that `through` links to nothing links through all its names instead (default false). */
  readonly orEveryName?: boolean;
}

/** The lexical half of the retriever (FactIndex.lexical), as far as the generator needs it. */
export interface LexicalRetriever {
  search(query: string, k: number): LexicalHit[];
  neighbours(ids: readonly string[], query: string, k: number, options?: NeighbourOptions): LexicalHit[];
}

/** A support set: fact ids in the order they were added, and the weakest step's score. */
export interface SupportSet {
  readonly ids: readonly string[];
  readonly score: number;
}

interface OpenSet {
  readonly ids: readonly string[];
  readonly score: number;
}

export class SupportSetGenerator {
  private readonly tau: number;
  private readonly maxSets: number;
  private readonly maxSize: number;
  private readonly expandK: number;
  private readonly fallbackMargin: number;
  private readonly lexicalK: number;
  private readonly lexicalRatio: number;
  private readonly neighbourK: number;
  private readonly maxReturned: number;
  private readonly neighbourMargin: number;
  private readonly mentionFacts: number;
  private stopVector: Float32Array | null = null;

  constructor(
    private readonly models: SsgEncoders,
    private readonly index: VectorIndex,
    /** The text of a fact by id (support sets are re-encoded with their facts). */
    private readonly textOf: (id: string) => string | undefined,
    options: SsgOptions = {},
    /** BM25 over the same facts; without it the generator is the bi-encoder alone. */
    private readonly lexical: LexicalRetriever | null = null,
  ) {
    this.tau = options.tau ?? models.config.ssg.tau;
    this.maxSets = options.maxSupportSets ?? 64;
    this.maxSize = options.maxSetSize ?? 3;
    this.expandK = options.expandK ?? 8;
    this.fallbackMargin = options.fallbackMargin ?? 1.5;
    this.lexicalK = options.lexicalK ?? 24;
    this.lexicalRatio = options.lexicalRatio ?? 0.5;
    this.neighbourK = options.neighbourK ?? 4;
    this.neighbourMargin = options.neighbourMargin ?? 4;
    this.maxReturned = options.maxReturned ?? this.maxSets * (1 + (lexical ? this.neighbourK : 0));
    this.mentionFacts = options.mentionFacts ?? 5;
  }

  async generate(question: string, signal?: AbortSignal): Promise<readonly SupportSet[]> {
    const vocab = this.models.vocab;
    const questionBag = retrievalBag(question, vocab);
    const stop = await this.stop();
    const dims = this.models.dimensions;
    let open: OpenSet[] = [{ ids: [], score: Infinity }];
    const lexicalStart = this.lexical && this.lexicalK > 0 ? this.lexicalStart(question) : [];
    const closed = new Map<string, SupportSet>();
    for (let depth = 0; depth <= this.maxSize && open.length > 0; depth++) {
      signal?.throwIfAborted();
      const states = await this.models.encodeStates(
        open.map(() => questionBag),
        open.map((set) => set.ids.flatMap((id) => retrievalBag(this.textOf(id) ?? '', vocab))),
      );
      const k = depth === 0 ? this.maxSets : this.expandK;
      const hits = await this.index.search(states, k + this.maxSize);
      const next = new Map<string, OpenSet>();
      const linked = depth > 0 ? await this.linkedFacts(question, open, states) : [];
      open.forEach((set, s) => {
        const state = states.subarray(s * dims, (s + 1) * dims);
        const stopScore = dot(state, stop);
        const all = (hits[s] ?? []).filter((h) => !set.ids.includes(h.id));
        let candidates = all.filter((h) => h.score > this.tau).slice(0, k);
        if (set.ids.length === 0 && candidates.length === 0 && all[0] && Number.isFinite(this.fallbackMargin)) {
          const best = all[0].score;
          candidates = all.filter((h) => h.score >= best - this.fallbackMargin).slice(0, this.expandK);
        }
        if (set.ids.length === 0 && lexicalStart.length > 0) candidates = fuse(candidates, lexicalStart, k);
        const full = set.ids.length >= this.maxSize;
        if (set.ids.length > 0 && (full || stopScore > this.tau || candidates.length === 0)) {
          const key = [...set.ids].sort().join(',');
          if (!closed.has(key)) closed.set(key, { ids: set.ids, score: set.score });
        }
        if (full) return;
        // Extend only with facts the model prefers to stopping (the empty set cannot stop).
        const floor = set.ids.length > 0 ? Math.max(this.tau, stopScore) : -Infinity;
        const extend = candidates.filter((h) => h.score > floor);
        // The other side of a join: facts that name what the set's facts name, as the state
        // encoder ranks them, when it ranks them above stopping.
        const have = new Set(extend.map((h) => h.id));
        for (const n of linked[s] ?? []) {
          if (!have.has(n.id) && n.score > stopScore - this.neighbourMargin) extend.push({ id: n.id, score: set.score - 1e-3 });
        }
        for (const hit of extend) {
          const ids = [...set.ids, hit.id];
          const key = [...ids].sort().join(',');
          if (closed.has(key) || next.has(key)) continue;
          next.set(key, { ids, score: Math.min(set.score, hit.score) });
        }
      });
      open = [...next.values()].sort((a, b) => b.score - a.score).slice(0, this.maxSets);
    }
    const grown = [...closed.values()].sort((a, b) => b.score - a.score).slice(0, this.maxReturned);
    return this.mentionPairs(question, grown);
  }

  /**
   * Second chances for one-fact sets the extractor found nothing in: each set with the `k` facts
   * that share a name with it and that the state encoder ranks first, however far below STOP (the
   * encoder stops early after the fact that names the question's place or employer, before the fact
   * with the number or the spouse a join needs). Sets already proposed are left out.
   */
  async extend(
    question: string,
    sets: readonly (readonly string[])[],
    k: number,
    have: ReadonlySet<string>,
    options: ExtendOptions = {},
  ): Promise<SupportSet[]> {
    // two-fact sets too: a join through a third fact ("the oldest person who works for a company
    // founded before 1999": employer, founding year, birth year)
    const most = options.most ?? 2;
    const singles = sets.filter((ids) => ids.length <= most);
    if (!this.lexical || k <= 0 || singles.length === 0 || !this.models.encodeFacts) return [];
    const vocab = this.models.vocab;
    const questionBag = retrievalBag(question, vocab);
    const open = singles.map((ids) => ({ ids, score: 0 }));
    const states = await this.models.encodeStates(
      open.map(() => questionBag),
      open.map((set) => set.ids.flatMap((id) => retrievalBag(this.textOf(id) ?? '', vocab))),
    );
    const linked = await this.linkedFacts(question, open, states, k, most, options.through, options.orEveryName);
    const seen = new Set(have);
    const out: SupportSet[] = [];
    open.forEach((set, s) => {
      for (const n of linked[s] ?? []) {
        const ids = [...set.ids, n.id];
        const key = [...ids].sort().join(',');
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ ids, score: -3 });
      }
    });
    return out;
  }

  /** The grown sets, then pairs of facts about two different names of the question. */
  private mentionPairs(question: string, grown: readonly SupportSet[]): readonly SupportSet[] {
    if (!this.lexical || this.mentionFacts <= 0) return grown;
    const names = nameMentions(question);
    if (names.length !== 2 || !parsePairComparison(question)) return grown;
    const seen = new Set(grown.map((s) => [...s.ids].sort().join(',')));
    const out = [...grown];
    const facts = names.map((n) => (this.lexical?.search(n, this.mentionFacts) ?? []).map((h) => h.id));
    for (let a = 0; a < facts.length; a++) {
      for (let b = a + 1; b < facts.length; b++) {
        for (const x of facts[a] ?? []) {
          for (const y of facts[b] ?? []) {
            const key = [x, y].sort().join(',');
            if (x === y || seen.has(key)) continue;
            seen.add(key);
            out.push({ ids: [x, y], score: -1 });
          }
        }
      }
    }
    return out;
  }

  /**
   * For each open set, the facts sharing a name with it (BM25's neighbours, a small pool), scored
   * by the state encoder like MIPS would score them, best first, at most `k`.
   */
  private async linkedFacts(
    question: string,
    open: readonly OpenSet[],
    states: Float32Array,
    k = this.neighbourK,
    most = 1,
    through?: (ids: readonly string[]) => string | null,
    orEveryName = false,
  ): Promise<Hit[][]> {
    if (!this.lexical || k <= 0 || !this.models.encodeFacts) return [];
    // Joins of two facts: while growing, only single facts are offered their neighbours (a third
    // fact comes from the state encoder alone, or from the second chance, `most` = 2), which
    // keeps the number of sets, and the latency, in check.
    // A set of two facts goes on from the name its second fact added (the person a company's
    // fact led to), not back through the first fact's names.
    const pools = open.map((set) => {
      if (set.ids.length > most) return [];
      const link = { throughNewest: true, throughName: through?.(set.ids) ?? undefined };
      const n = Math.max(k, this.neighbourK) * 4;
      const pool = this.lexical?.neighbours(set.ids, question, n, link) ?? [];
      if (pool.length > 0 || !orEveryName || link.throughName === undefined) return pool;
      return this.lexical?.neighbours(set.ids, question, n, { throughNewest: true }) ?? [];
    });
    const ids = [...new Set(pools.flat().map((h) => h.id))];
    if (ids.length === 0) return [];
    const vectors = await this.models.encodeFacts(ids.map((id) => retrievalBag(this.textOf(id) ?? '', this.models.vocab)));
    const dims = this.models.dimensions;
    const row = new Map(ids.map((id, i) => [id, vectors.subarray(i * dims, (i + 1) * dims)]));
    return pools.map((pool, s) => {
      const state = states.subarray(s * dims, (s + 1) * dims);
      return pool
        .map((h) => ({ id: h.id, score: dot(state, row.get(h.id) as Float32Array) }))
        .sort((a, b) => b.score - a.score)
        .slice(0, k);
    });
  }

  /** BM25's first facts: those within `lexicalRatio` of the best hit. */
  private lexicalStart(question: string): LexicalHit[] {
    const hits = this.lexical?.search(question, this.lexicalK) ?? [];
    const best = hits[0]?.score ?? 0;
    return hits.filter((h) => h.score >= best * this.lexicalRatio);
  }

  private async stop(): Promise<Float32Array> {
    this.stopVector ??= await this.models.encodeStop();
    return this.stopVector;
  }
}

/**
 * Reciprocal-rank fusion of the bi-encoder's and BM25's first facts: facts both rank high come
 * first, and each side contributes what the other missed. Scores become fused ranks (larger is
 * better) so the sets stay ordered by how strongly they were proposed.
 */
function fuse(dense: readonly Hit[], lexical: readonly LexicalHit[], k: number): Hit[] {
  const score = new Map<string, number>();
  const add = (hits: readonly { id: string }[]) => hits.forEach((h, r) => score.set(h.id, (score.get(h.id) ?? 0) + 1 / (60 + r)));
  add(dense);
  add(lexical);
  return [...score.entries()]
    .map(([id, s]) => ({ id, score: s }))
    .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id))
    .slice(0, k);
}

/**
 * The names a question spells out: runs of capitalised words (joined by "of" or "&"), leaving
 * out question words and other function words that open a sentence ("Was", "Did", "Among").
 */
export function nameMentions(question: string): string[] {
  const tokens = tokenize(question);
  const cap = (i: number) => {
    const t = tokens[i]?.text ?? '';
    return /^[A-Z\u00C0-\u00DE]/.test(t) && term(t) !== null;
  };
  const out: string[] = [];
  let run: string[] = [];
  tokens.forEach((t, i) => {
    const joiner = (t.text === 'of' || t.text === '&') && run.length > 0 && cap(i + 1);
    if (cap(i) || joiner) run.push(t.text);
    else if (run.length > 0) {
      out.push(run.join(' '));
      run = [];
    }
  });
  if (run.length > 0) out.push(run.join(' '));
  return [...new Set(out)];
}

function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] as number) * (b[i] as number);
  return s;
}
