/**
 * What a collection says about the members of a class, as evidence for names it never classes.
 * Companies are founded, employ people and have head offices; stadiums open, get visitors and
 * are managed. A name no fact gives a class ("West Keamtroutstead Arena", "Loanton Sports
 * Ground") is still told by what its own facts say: when its words are far more those of
 * another class's members than of the asked class's, it is no answer to "How many companies
 * ...". Everything is read from the collection: the classes and their members (classes.ts
 * `membersOf`), the facts about each (the facts it is the subject of), their lower-case words.
 */
import { factsAbout } from './class-roster.js';
import { type LexicalIndex, term } from './lexical-index.js';
import { tokenize } from './text.js';

/**
 * How much more typical of another class a key's words must be than of the asked class (3 on
 * held-out worlds: 1.5 and 2 dropped real members, 4 changed nothing more).
 */
const MARGIN = 3;

/** The lower-case words (as the lexical index keys them) of the facts a name is the subject of. */
function profile(name: string, lexical: LexicalIndex, text: (id: string) => string): Set<string> {
  const out = new Set<string>();
  for (const id of factsAbout(name, lexical, text)) {
    for (const t of tokenize(text(id))) {
      if (!/^[a-z]/.test(t.text)) continue;
      const k = term(t.text);
      if (k) out.add(k);
    }
  }
  return out;
}

/** A class's members' words: for each word, the share of members whose facts use it. */
type ClassWords = ReadonlyMap<string, number>;

function classWords(noun: string, lexical: LexicalIndex, text: (id: string) => string): ClassWords | null {
  const members = lexical.classes.membersOf(noun).filter((m) => !lexical.classes.isPerson(m)).slice(0, 64);
  if (members.length < 2) return null;
  const counts = new Map<string, number>();
  for (const m of members) for (const w of profile(m, lexical, text)) counts.set(w, (counts.get(w) ?? 0) + 1);
  return new Map([...counts].map(([w, n]) => [w, n / members.length]));
}

/** How typical a key's words are of a class: the mean share of members using each of them. */
function fit(words: ReadonlySet<string>, cls: ClassWords): number {
  let sum = 0;
  for (const w of words) sum += cls.get(w) ?? 0;
  return words.size > 0 ? sum / words.size : 0;
}

/**
 * A check for one question's class noun (null when the collection has too few members of it to
 * say): whether a key's own facts read like another class of things rather than this one.
 */
export function profileCheck(
  noun: string,
  lexical: LexicalIndex,
  text: (id: string) => string,
  words: ClassWordsCache = new ClassWordsCache(),
): ((key: string) => boolean) | null {
  const asked = words.of(noun, lexical, text);
  if (asked === null) return null;
  const others = lexical.classes
    .thingNouns()
    .filter((n) => n !== noun)
    .flatMap((n) => words.of(n, lexical, text) ?? []);
  if (others.length === 0) return null;
  return (key) => {
    const own = profile(key, lexical, text);
    if (own.size === 0) return false;
    const asIs = fit(own, asked);
    return others.some((o) => fit(own, o) > MARGIN * asIs);
  };
}

/**
 * The classes' words, kept for one collection until its facts change (every question over a
 * class reads the words of all classes of things: at 10,000 facts that is most of its time).
 */
export class ClassWordsCache {
  private revision = -1;
  private readonly byNoun = new Map<string, ClassWords | null>();

  of(noun: string, lexical: LexicalIndex, text: (id: string) => string): ClassWords | null {
    if (lexical.classes.revision !== this.revision) {
      this.byNoun.clear();
      this.revision = lexical.classes.revision;
    }
    if (!this.byNoun.has(noun)) this.byNoun.set(noun, classWords(noun, lexical, text));
    return this.byNoun.get(noun) ?? null;
  }
}
