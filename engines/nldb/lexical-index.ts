/**
 * The lexical half of the hybrid retriever: BM25 over the facts' words, in memory, kept in step
 * with the vector index by FactIndex. The learnt bi-encoder sees names only through hashed
 * buckets, so a rare name or place in the question ("Pellham Optics", "Brindlemoor") can lose to
 * facts that merely look alike; BM25 weighs a word by how rare it is in this collection, which is
 * exactly what makes names find their facts. It also gives the Support Set Generator the facts
 * that share a name with a partial support set (the other side of a join).
 *
 * Words are lower-cased and lightly stemmed (plurals, -ed, -ing), so "companies" meets
 * "company" and "founded" meets "founding". Numbers and function words are not indexed.
 */
import { ClassLexicon, namesIn, writtenNames } from './classes.js';
import { tokenize } from './text.js';
import { WordRoles } from './word-roles.js';

/** One lexical hit. */
export interface LexicalHit {
  readonly id: string;
  readonly score: number;
}

const K1 = 1.2;
const B = 0.75;

/** Words that say nothing about which fact is meant (question words included). */
const FUNCTION_WORDS: ReadonlySet<string> = new Set(
  (
    "a an the of in on at to for by with from and or but as is are was were be been being has have had do does did " +
    'which who whom whose what when where why how many much any anyone everyone every all each some no not there ' +
    "that this these those it its it's he she his her him they them their i we you our your 's list name give tell " +
    'me us than more most less least fewer fewest among into over since before after also still only just'
  ).split(' '),
);

/** Lower-case, light stemming; null for words not worth indexing. */
export function term(token: string): string | null {
  const first = token[0];
  if (first === undefined || !/[A-Za-z\u00C0-\u024F]/.test(first)) return null;
  const low = token.toLowerCase();
  if (FUNCTION_WORDS.has(low) || low.length < 2) return null;
  return stem(low);
}

function stem(w: string): string {
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 5 && w.endsWith('ing')) return w.slice(0, -3);
  if (w.length > 4 && w.endsWith('ed')) return w.slice(0, -2);
  if (w.length > 4 && /(?:ches|shes|sses|xes)$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us')) return w.slice(0, -1);
  return w;
}

/** The distinct indexable terms of a text with their counts. */
export function terms(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of tokenize(text)) {
    const k = term(t.text);
    if (k) out.set(k, (out.get(k) ?? 0) + 1);
  }
  return out;
}

/** Words of names: capitalised tokens that are not the first word of the text. */
export function nameTerms(text: string): Set<string> {
  const out = new Set<string>();
  tokenize(text).forEach((t, i) => {
    const first = t.text[0];
    if (i === 0 || first === undefined || first === first.toLowerCase()) return;
    const k = term(t.text);
    if (k) out.add(k);
  });
  return out;
}

/** How `neighbours` links. */
export interface NeighbourOptions {
  /**
   * Link through the names the last fact adds to the ones before it (the next step of a chain of
   * facts), rather than through every name of the set; when it adds none, every name links.
   */
  readonly throughNewest?: boolean;
  /**
   * Link only through this name's words (the thing a fact is about, not the town it also names);
   * a name none of whose words the facts write as a name links through every name.
   */
  readonly throughName?: string;
}

/** What the index keeps of one fact. */
interface Doc {
  readonly length: number;
  readonly terms: Map<string, number>;
  /** Capitalised words after the first (names, as far as the text alone shows). */
  readonly names: Set<string>;
  /** The first word (lower-cased) when capitalised: a name unless the collection also writes it in lower case. */
  readonly first: string | null;
  readonly lower: Set<string>;
  /** Names as written: runs of capitalised words (terms), the first word of the text included. */
  readonly runs: readonly (readonly string[])[];
  /** Names as the class lexicon keys them (to ask it which are places). */
  readonly named: readonly string[];
  /** Names as written (classes.ts `writtenNames`). */
  readonly written: readonly string[];
}

/** Runs of consecutive capitalised words, as terms ("Pellham Optics" -> [pellham, optic]). */
function nameRuns(text: string): string[][] {
  const runs: string[][] = [];
  let run: string[] = [];
  for (const t of tokenize(text)) {
    const k = /^[A-Z\u00C0-\u00DE]/.test(t.text) ? term(t.text) : null;
    if (k) run.push(k);
    else if (t.text !== '&' && run.length > 0) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/** A text's first word, lower-cased, when it is capitalised and worth indexing (null otherwise). */
function firstCapitalised(text: string): string | null {
  const first = tokenize(text)[0]?.text;
  if (!first || !/^[A-Z\u00C0-\u00DE]/.test(first) || term(first) === null) return null;
  return first.toLowerCase();
}

export class LexicalIndex {
  private readonly postings = new Map<string, Map<string, number>>();
  private readonly docs = new Map<string, Doc>();
  private totalLength = 0;
  /** Facts that write each word in lower case ("a museum", "works as a baker"). */
  private readonly lowerCase = new Map<string, number>();
  /** `writtenNames`, until the facts change. */
  private names: Map<string, string> | null = null;
  /** What the facts say each name is ("X is a zoo", "Y was born in ..."; see classes.ts). */
  readonly classes = new ClassLexicon();
  /** How the facts use each word: as a value ("a doctor"), next to numbers (see word-roles.ts). */
  readonly roles = new WordRoles();

  get size(): number {
    return this.docs.size;
  }

  add(id: string, text: string): void {
    if (this.docs.has(id)) this.remove(id);
    const ts = terms(text);
    let length = 0;
    for (const [t, n] of ts) {
      length += n;
      const p = this.postings.get(t) ?? new Map<string, number>();
      p.set(id, n);
      this.postings.set(t, p);
    }
    const lower = new Set(tokenize(text).flatMap((t) => (/^[a-z]/.test(t.text) ? [t.text] : [])));
    for (const w of lower) this.lowerCase.set(w, (this.lowerCase.get(w) ?? 0) + 1);
    this.docs.set(id, { length, terms: ts, names: nameTerms(text), first: firstCapitalised(text), lower, runs: nameRuns(text), named: namesIn(text), written: writtenNames(text) });
    this.names = null;
    this.totalLength += length;
    this.classes.add(id, text);
    this.roles.add(id, text);
  }

  /**
   * The collection's names as written, keyed in lower case ("port alder" -> "Port Alder"): names
   * of one word the collection also writes in lower case ("Founded" opening a fact) and names all
   * of whose words it does are left out. Kept until the facts change.
   */
  writtenNames(): ReadonlyMap<string, string> {
    if (this.names === null) {
      const out = new Map<string, string>();
      // a one-word name is written capitalised somewhere but at a fact's start ("Founded in 2010, ...")
      const inside = new Set<string>();
      for (const doc of this.docs.values()) for (const n of doc.names) inside.add(n);
      for (const doc of this.docs.values()) {
        for (const name of doc.written) {
          const words = tokenize(name).filter((t) => /^\p{L}/u.test(t.text));
          // (a function word is no name's: "Each year ..." opening a fact)
          const inner = words.filter((w, k) => k === 0 || (w.text !== 'of' && w.text !== '&'));
          if (words.length === 0 || words.every((w) => this.isOrdinaryWord(w.text)) || inner.some((w) => term(w.text) === null)) continue;
          if (words.length === 1 && !inside.has(term(words[0]?.text ?? '') ?? '')) continue;
          const key = name.toLowerCase();
          if (!out.has(key)) out.set(key, name);
        }
      }
      this.names = out;
    }
    return this.names;
  }

  /** Whether some fact writes this word in lower case: an ordinary word, not only ever a name. */
  isOrdinaryWord(word: string): boolean {
    return (this.lowerCase.get(word.toLowerCase()) ?? 0) > 0;
  }

  remove(id: string): void {
    const doc = this.docs.get(id);
    if (!doc) return;
    this.names = null;
    for (const t of doc.terms.keys()) {
      const p = this.postings.get(t);
      p?.delete(id);
      if (p && p.size === 0) this.postings.delete(t);
    }
    for (const w of doc.lower) {
      const n = (this.lowerCase.get(w) ?? 0) - 1;
      if (n > 0) this.lowerCase.set(w, n);
      else this.lowerCase.delete(w);
    }
    this.totalLength -= doc.length;
    this.docs.delete(id);
    this.classes.remove(id);
    this.roles.remove(id);
  }

  /** Inverse document frequency (BM25's, never negative). */
  idf(t: string): number {
    const df = this.postings.get(t)?.size ?? 0;
    const n = this.docs.size;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /** BM25 of the query's terms, best first, at most k hits. */
  search(query: string, k: number): LexicalHit[] {
    return this.scoreTerms([...terms(query).keys()], null, k);
  }

  /**
   * Facts that share a name with the given facts (the other side of a join), scored by BM25 of the
   * query's terms plus the shared name words' weight, best first.
   */
  neighbours(ids: readonly string[], query: string, k: number, options: NeighbourOptions = {}): LexicalHit[] {
    const chosen = options.throughName !== undefined ? this.namedWords(ids, options.throughName) : options.throughNewest ? this.newestNames(ids) : null;
    const names = chosen ?? new Set<string>();
    if (chosen === null || (options.throughName !== undefined && chosen.size === 0)) for (const id of ids) for (const n of this.nameWords(id)) names.add(n);
    // A name word in most facts (the town every fact mentions) links nothing.
    const common = (n: string) => (this.postings.get(n)?.size ?? 0) > Math.max(20, this.docs.size * 0.05);
    // Nor does a name the question spells out: the set holds it already, and every fact about it
    // would follow ("companies based in X": the other companies in X, not this one's founding year).
    const queryTerms = [...terms(query).keys()];
    const asked = new Set(queryTerms);
    const linking = [...names].filter((n) => !common(n) && !asked.has(n));
    if (linking.length === 0) return [];
    const exclude = new Set(ids);
    const linked = new Set<string>();
    // Linked facts name the word as a name too, and share a whole name with the set (one's name
    // written in full in the other), not a word of two names: "Cleardthorpe Wildlife Park" and
    // "Leardpraiton Wildlife Park" are not the same place, nor is "the railway" a name.
    const linkSet = new Set(linking);
    const ownRuns = ids.flatMap((id) => this.nameRunsOf(id));
    const whole = (run: readonly string[], words: ReadonlySet<string>) => run.some((w) => linkSet.has(w)) && run.every((w) => words.has(w));
    for (const n of linking) {
      for (const id of this.postings.get(n)?.keys() ?? []) {
        if (exclude.has(id) || linked.has(id)) continue;
        const theirs = this.nameWords(id);
        if (!theirs.has(n)) continue;
        if (this.nameRunsOf(id).some((r) => whole(r, names)) || ownRuns.some((r) => whole(r, theirs))) linked.add(id);
      }
    }
    if (linked.size === 0) return [];
    const hits: LexicalHit[] = [];
    for (const id of linked) {
      const doc = this.docs.get(id);
      if (!doc) continue;
      let score = 0;
      const docNames = this.nameWords(id);
      for (const n of linking) if (docNames.has(n)) score += this.idf(n);
      score += this.bm25(id, queryTerms);
      hits.push({ id, score });
    }
    return hits.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id)).slice(0, k);
  }

  /** The words of a name that the given facts write as name words. */
  private namedWords(ids: readonly string[], name: string): Set<string> {
    const own = new Set(ids.flatMap((id) => [...this.nameWords(id)]));
    return new Set([...terms(name).keys()].filter((t) => own.has(t)));
  }

  /**
   * The name words the last fact of a chain brings that the facts before it do not: a chain goes
   * on from the entity it reached last ("X was founded in 1924" -> "Heerda works for X" -> what
   * Heerda's facts say), not back through the first fact's company or town. Empty when the last
   * fact names nothing new.
   */
  private newestNames(ids: readonly string[]): Set<string> | null {
    const last = ids[ids.length - 1];
    if (last === undefined || ids.length < 2) return null;
    const before = new Set(ids.slice(0, -1).flatMap((id) => [...this.nameWords(id)]));
    const added = [...this.nameWords(last)].filter((n) => !before.has(n));
    if (added.length === 0) return null;
    // nor on from a town it added ("Bliolay Fort is located in Little Packminster"): everyone
    // born there would follow
    const places = new Set((this.docs.get(last)?.named ?? []).filter((n) => this.classes.isPlace(n)).flatMap((n) => [...terms(n).keys()]));
    return new Set(added.filter((n) => !places.has(n)));
  }

  /**
   * The name words of a fact: its capitalised words, the first one included unless some fact
   * writes it in lower case ("Pellham Optics was founded ..." names Pellham; "Most ..." does not).
   * Facts mostly open with their subject, so leaving the first word out lost the very name a join
   * goes through.
   */
  private nameWords(id: string): ReadonlySet<string> {
    const doc = this.docs.get(id);
    if (!doc) return new Set();
    if (doc.first === null || this.lowerCase.has(doc.first)) return doc.names;
    const first = term(doc.first);
    return first === null || doc.names.has(first) ? doc.names : new Set([...doc.names, first]);
  }

  /** A fact's names as runs of terms, leaving out a first word the collection writes in lower case. */
  private nameRunsOf(id: string): readonly (readonly string[])[] {
    const doc = this.docs.get(id);
    if (!doc) return [];
    const names = this.nameWords(id);
    return doc.runs.map((r) => r.filter((w) => names.has(w))).filter((r) => r.length > 0);
  }

  private bm25(id: string, queryTerms: readonly string[]): number {
    const doc = this.docs.get(id);
    if (!doc) return 0;
    const avg = this.totalLength / Math.max(1, this.docs.size);
    let s = 0;
    for (const t of queryTerms) {
      const tf = doc.terms.get(t);
      if (!tf) continue;
      s += (this.idf(t) * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * doc.length) / Math.max(1, avg)));
    }
    return s;
  }

  private scoreTerms(queryTerms: readonly string[], only: ReadonlySet<string> | null, k: number): LexicalHit[] {
    const candidates = new Set<string>();
    for (const t of queryTerms) for (const id of this.postings.get(t)?.keys() ?? []) if (!only || only.has(id)) candidates.add(id);
    const hits = [...candidates].map((id) => ({ id, score: this.bm25(id, queryTerms) }));
    return hits.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id)).slice(0, k);
  }
}
