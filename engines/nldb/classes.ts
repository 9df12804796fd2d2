/**
 * What kind of thing a name is, as the collection itself says it, checked by code against the
 * noun of the question ("How many companies ...", "Which zoo ...", "Among museums ...").
 *
 * The extractor accepts facts of another class with the same kind of number or relation ("Saint
 * Pairtford Maritime Museum" for "which zoo has the fewest visitors", a person for "how many
 * companies are in X"): one such answer changes a count or decides an extreme. The collection
 * often states what a name is ("X is a software company", "Y, a zoo in Z"), names often end in
 * their class ("... Maritime Museum", "... Zoo") or open with it ("Comet Tully", "Comet
 * Hallstrom"), and people are born and married. A key whose
 * class the collection shows to be another gives [NULL_ANSWER]; a key the collection says nothing
 * about is kept (no evidence is not a disagreement).
 *
 * Everything here is read from the facts (no list of classes): a *class noun* is a word some fact
 * uses as "NAME is a ... NOUN" or "NAME, a ... NOUN"; a class noun is *name-forming* when it also
 * ends some name ("Museum", "Zoo", "Park"), and a *person noun* when a name with it is a person.
 */
import { tokenize } from './text.js';

/** What one fact says about the names it starts clauses with. */
export interface ClassStatement {
  /** The name, lower case, without a leading article. */
  readonly name: string;
  /** The class noun the fact gives it (singular, lower case), if any. */
  readonly noun: string | null;
  /** Whether the fact shows the name to be a person (born, married, a native). */
  readonly person: boolean;
  /** Whether the fact writes the name as a place: right after "in" or "near", with no article ("born in Westry"). */
  readonly place?: boolean;
  /** Whether the fact shows the name to be an organisation or a place people visit (founded, employs, works at it). */
  readonly thing?: boolean;
  /**
   * Whether the fact writes the name right after "the" ("the Lathen Trust", "The Vantor
   * Telescope"): English gives a person's name no article, so a name written so is not a person's.
   */
  readonly definite?: boolean;
  /**
   * The word written just before the name after an article ("the exoplanet Osprey-2b", "the
   * chemist Ilse Marrow", "the veteran astronomer X"): a class noun only where the collection also
   * states it as one the usual way (adjectives come there too: "the young X", "the newer Y").
   */
  readonly before?: string;
  /**
   * The word written just after a name of one word that follows "the" ("the CASCADE
   * spectrograph", "the Wren photometer"): what the collection calls it, or an adjective.
   */
  readonly after?: string;
}

/** A capitalised word; digits inside it belong to it ("Osprey-2b", "B-52"). */
const CAP = String.raw`[A-Z\u00C0-\u00DE][A-Za-z\d\u00C0-\u024F-]*`;
/** Capitalised words, joined by "of" or "&" ("Kestrelford Museum of Clocks", "Harrow & Finch Logistics"). */
const NAME_RE = new RegExp(String.raw`${CAP}(?:\s+(?:(?:of|&)\s+)?${CAP})*`, 'g');
/** Words that end a class phrase ("a textile company from ...", "a zoo with ..."). */
const PHRASE_END =
  'in|at|on|with|from|that|which|who|whose|based|for|of|and|or|by|near|founded|established|located|set|opened|built|where|since|born|to|run|owned|known|called|named';
/** Participles that end a class phrase too ("a grant made by", "a prize awarded to"). */
const PARTICIPLE = '[a-z]+ed|made|given|held|led|kept|paid|taken|written|seen|won|sold|grown|shown';
const CLASS_AFTER = new RegExp(
  // (a qualifier may be an amount, "a €310,000 fellowship grant"; a participle ends the phrase, "a grant made by")
  String.raw`^(?:\s+(?:is|was)\s+|,\s+)(?:a|an)\s+((?:[€£$]?[a-z\d][\w.,-]*\s+){0,3}?[a-z][\w-]*)(?=\s+(?:${PHRASE_END}|${PARTICIPLE})\b|\s*[,.;:()]|\s*$)`,
);
const PERSON_AFTER: readonly RegExp[] = [
  /^(?:\s+(?:was|is|has\s+been|got)\s+(?:born|married)|,\s+(?:who\s+(?:was|is)\s+)?born|\s+born|\s*\(born)\b/,
  /^(?:'s|’s)\s+(?:birthplace|year of birth|date of birth|birth|husband|wife|spouse)\b/,
  /^,?\s+(?:is\s+)?an?\s+(?:[A-Z][\w-]*\s+)?native\b/,
  // "X, who is a weaver, was born in 2004"
  /^,\s+(?:who|a|an)\s[^,.]*,\s+(?:was|is)\s+born\b/,
  /^\s+and\s+[A-Z][\w\s&'-]*?\s+(?:are|were)\s+(?:married|husband and wife)\b/,
  // "X, long since retired, was born in ...": an aside between commas, then the birth
  /^,[^,.;()]*,\s+(?:was|is)\s+born\b/,
  // "X (b. 1986)": a birth abbreviated
  /^\s*\(b\.\s*\d/,
];
/** Written before a name, a birth: "the Velmark-born X" (and, opening the name's capitalised run, `BORN_OPENING`). */
const PERSON_BEFORE = /(?:^|\s)[A-Z][\p{L}'-]*-born\s+$/u;
const BORN_OPENING = /^[A-Z][\p{L}'-]*-born\s+(?=[A-Z])/u;
const ARTICLE = /^(?:the|a|an)\s+/i;
/** A lower-case word between an article (and up to two more words) and a name: "the exoplanet ", "the veteran astronomer ". */
const NOUN_BEFORE = /\b(?:the|a|an)\s+(?:[\w-]+\s+){0,2}?(?!(?:the|a|an|of|in|on|at|to|for|by|with|from|and|or)\s)([a-z][a-z-]*)\s+$/i;
/** A lower-case word right after a name, not a verb of being or a function word: "the CASCADE spectrograph". */
const WORD_AFTER = /^\s+(?!(?:is|was|are|were|has|had|have|and|or|of|in|on|at|to|for|by|with|from|that|which|who|whose|as|it|its)\b)([a-z][a-z-]*)\b/;
/** What organisations and visited places do: founded, based somewhere, employing, open. */
const THING_AFTER =
  /^\s+(?:was\s+(?:founded|established|set\s+up|started|opened|built)|has\s+been\s+(?:trading|open)|has\s+its\s+(?:head|headquarters)|is\s+based\s+in|employs\s+\d|has\s+[\d,]+\s+(?:employees|staff|workers|visitors)|has\s+a\s+workforce|(?:attracts|receives|welcomes|gets|counts)\s+[\d,]+\s+visitors|(?:first\s+)?opened\s+(?:in|to)\b)/;
/** Where people work: the name after these is an organisation (or a place with staff), not a person. */
const WORKPLACE_BEFORE = /\b(?:works?|worked|working)\s+(?:at|for)\s+$|\bemployed\s+by\s+$|\bon\s+the\s+staff\s+of\s+$|\ba\s+job\s+at\s+$|\ban\s+employee\s+of\s+$/i;

/** A plural class word as its singular ("companies" -> "company", "museums" -> "museum", "people" -> "person"). */
export function singular(word: string): string {
  const w = word.toLowerCase();
  if (w === 'people' || w === 'persons') return 'person';
  if (w === 'men' || w === 'women') return w === 'men' ? 'man' : 'woman';
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && /(?:ches|shes|sses|xes)$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us')) return w.slice(0, -1);
  return w;
}

/** A name as the lexicon keys it: lower case, single spaces, no leading article. */
export function nameKey(name: string): string {
  return name.replace(/\s+/g, ' ').trim().replace(ARTICLE, '').toLowerCase();
}

/** The last word of a name, as a class word would be written (singular, lower case). */
export function lastWord(name: string): string | null {
  const words = tokenize(name).filter((t) => /^[A-Za-z\u00C0-\u024F]/.test(t.text));
  const last = words[words.length - 1];
  return last ? singular(last.text) : null;
}

/** The word that heads a name: the one before "of" ("museum" of "Kestrelford Museum of Clocks"), else its last (singular, lower case). */
export function headWord(name: string): string | null {
  const before = /^(.+?)\s+of\s+/i.exec(name.trim())?.[1];
  return lastWord(before ?? name);
}

/** The first word of a name, as a class word would be written (singular, lower case). */
export function firstWord(name: string): string | null {
  const first = tokenize(name).find((t) => /^[A-Za-z\u00C0-\u024F]/.test(t.text));
  return first ? singular(first.text) : null;
}

/** The class statements of one fact: names followed by "is a NOUN", ", a NOUN", "was born", ... */
export function classStatements(text: string): ClassStatement[] {
  const out: ClassStatement[] = [];
  for (const m of text.matchAll(NAME_RE)) {
    const rest = text.slice((m.index ?? 0) + m[0].length);
    const before = text.slice(0, m.index ?? 0);
    // "Velmark-born Bastian Oriel": a birth written before the name, inside the capitalised run
    const bornIn = BORN_OPENING.exec(m[0]);
    const name = nameKey(bornIn ? m[0].slice(bornIn[0].length) : m[0]);
    if (!name) continue;
    const cls = CLASS_AFTER.exec(rest);
    const phrase = cls?.[1]?.split(/\s+/) ?? [];
    const noun = phrase.length > 0 ? singular(phrase[phrase.length - 1] as string) : null;
    const person = PERSON_AFTER.some((re) => re.test(rest)) || PERSON_BEFORE.test(before) || (bornIn !== null && name.includes(' '));
    const place = /\b(?:in|near)\s+$/.test(before) && !ARTICLE.test(m[0]);
    const thing = !person && (THING_AFTER.test(rest) || WORKPLACE_BEFORE.test(before));
    const pre = NOUN_BEFORE.exec(before)?.[1];
    const preceding = pre !== undefined ? singular(pre) : undefined;
    // (a sentence opening "The CASCADE spectrograph" holds its article in the match)
    const afterThe = /^the\s/i.test(m[0]) || /\bthe\s+$/i.test(before);
    const definite = afterThe && !person;
    const post = !name.includes(' ') && afterThe ? WORD_AFTER.exec(rest)?.[1] : undefined;
    const following = post !== undefined ? singular(post) : undefined;
    if (noun || person || place || thing || definite || preceding || following) {
      out.push({
        name,
        noun,
        person,
        ...(place ? { place } : {}),
        ...(thing ? { thing } : {}),
        ...(definite ? { definite } : {}),
        ...(preceding ? { before: preceding } : {}),
        ...(following ? { after: following } : {}),
      });
    }
  }
  return out;
}

/**
 * The question's class noun ("How many companies" -> "company", "Which zoo", "Among museums", "the
 * oldest company", "of any doctor"), or null: the first candidate `known` accepts (the collection's
 * class nouns; "person" always).
 */
export function questionNoun(question: string, known: (noun: string) => boolean = () => true): string | null {
  return [...questionNouns(question), ...furtherNouns(question)].find((n) => n === 'person' || known(n)) ?? null;
}

/**
 * Where else a question's class noun stands, for `questionNoun` to try after `questionNouns`
 * (which `known` then filters; they are not offered to the selection check, which would stop
 * requiring them): the head of a compound after the lead ("Which research group" -> "group"),
 * the noun after a name that qualifies it ("Which Halvard Medal winner" -> "winner"), "number of
 * X", a fragment opened by a plural ("comets discovered after 2000?", "Refractors that ..."), and
 * the three words after a superlative ("Smallest refractor aperture", "most recently discovered
 * exoplanet?"). Words written capitalised inside the question are names'.
 */
function furtherNouns(question: string): string[] {
  const q = question.trim();
  const word = String.raw`[a-z][a-z-]*`;
  const first = new RegExp(String.raw`^(${word})\b`, 'i').exec(q)?.[1];
  const words = [
    new RegExp(String.raw`^(?:how many|which|what|count|list|name)\s+(?:of the\s+|all\s+|every\s+|each\s+)?(?:the\s+)?${word}\s+(${word})\b`, 'i').exec(q)?.[1],
    new RegExp(String.raw`\bnumber of\s+(?:the\s+)?(${word})\b`, 'i').exec(q)?.[1],
    // after a name that qualifies it: "Which Halvard Medal winner", "How many Tolland Ferry Company vessels"
    new RegExp(String.raw`^(?:how many|which|what|count|list|name)\s+(?:all\s+|every\s+|each\s+|the\s+)?(?:[A-Z][\w-]*\s+)+(${word})\b`).exec(`${q.charAt(0).toLowerCase()}${q.slice(1)}`)?.[1],
    ...[...q.matchAll(new RegExp(String.raw`\b(?:[a-z]+est|most|least)\s+((?:${word}\s+){0,2}${word})`, 'gi'))].flatMap((m) => (m[1] as string).split(/\s+/)),
  ].filter((x) => x !== undefined && /^[a-z]/.test(x));
  // (a capitalised word is a name's, "Which Halvard Medal winner"; the fragment's first word is capitalised as a sentence's)
  if (first !== undefined && singular(first) !== first.toLowerCase()) words.unshift(first);
  return [...new Set(words.filter((x): x is string => !!x && !NOT_A_NOUN.test(x)).map(singular))];
}

/** The words a question may range over, most likely first (singular, lower case). */
export function questionNouns(question: string): string[] {
  const q = question.trim();
  const lead =
    /^(?:how many|which|what)\s+(?:of the\s+)?([a-z][a-z-]*)\b/i.exec(q) ??
    /^among\s+(?:the\s+|all\s+)?([a-z][a-z-]*)\b/i.exec(q) ??
    /^(?:count|list|name)\s+(?:all\s+|every\s+|each\s+)?(?:the\s+)?([a-z][a-z-]*)\b/i.exec(q);
  const words = [
    lead?.[1],
    // "Which is the most visited castle?"
    /^(?:which|what) (?:is|was|are|were) the (?:[\w-]+ ){0,3}?([a-z][a-z-]*)(?= (?:that|which|who|with|in|of|among)\b|\s*[?.]?$)/i.exec(q)?.[1],
    ...superlativeNouns(q),
  ];
  const usable = (x: string | undefined): x is string => !!x && !NOT_A_NOUN.test(x);
  return [...new Set(words.filter(usable).map(singular))];
}

/** Words after a question's lead that are not what it ranges over. */
const NOT_A_NOUN = /^(?:is|was|are|were|do|does|did|has|have|had|can|will|of|year|years|number|one|ones|kind|type|the|a|an)$/i;

/** "the oldest company", "the least-visited park", "of any doctor": the noun a superlative ranges over. */
function superlativeNouns(q: string): (string | undefined)[] {
  return [
    /\b(?:of|for) any ([a-z][a-z-]*)\b/i.exec(q)?.[1],
    /\bamong (?:the |all )?([a-z][a-z-]*)\b/i.exec(q)?.[1],
    /\bthe (?:[a-z]+est|most[ -][a-z]+|least[ -][a-z]+) ([a-z][a-z-]*)\b/i.exec(q)?.[1],
  ];
}

/**
 * The name a fact is about: its first name, leaving out a capitalised ordinary word opening the
 * sentence ("In 1975 Lorna Fairweather was born", "Founded in 1987, Harrow & Finch ...").
 * `ordinary` says whether a word is written in lower case somewhere (the collection).
 */
export function subjectOf(fact: string, ordinary: (word: string) => boolean): string | null {
  for (const m of fact.matchAll(NAME_RE)) {
    const name = m[0].replace(ARTICLE, '');
    if (!name || ARTICLE.test(`${name} `) || (!name.includes(' ') && ordinary(name))) continue;
    return name;
  }
  return null;
}

/** The names a fact mentions (article dropped, lower case), as the lexicon keys them. */
/** A fact's names as it writes them, a leading article left out ("the Gannet Reflector" -> "Gannet Reflector"). */
export function writtenNames(fact: string): string[] {
  return [...fact.matchAll(NAME_RE)].map((m) => m[0].replace(/\s+/g, ' ').trim().replace(ARTICLE, '')).filter((n) => n.length > 0);
}

export function namesIn(fact: string): string[] {
  return [...fact.matchAll(NAME_RE)].map((m) => nameKey(m[0])).filter((n) => n.length > 0);
}

type Verdict = 'agree' | 'disagree' | 'unknown';

/** Counts per key, kept in step with the facts (added and removed). */
class Counter<K> {
  private readonly counts = new Map<K, number>();
  add(k: K, n: number): void {
    const v = (this.counts.get(k) ?? 0) + n;
    if (v > 0) this.counts.set(k, v);
    else this.counts.delete(k);
  }
  has(k: K): boolean {
    return (this.counts.get(k) ?? 0) > 0;
  }
  count(k: K): number {
    return this.counts.get(k) ?? 0;
  }
  keys(): IterableIterator<K> {
    return this.counts.keys();
  }
}

/** The collection's class statements, indexed by name, kept in step with the facts. */
export class ClassLexicon {
  private readonly byFact = new Map<string, { statements: ClassStatement[]; lastWords: string[]; names: string[]; singles: string[] }>();
  /** Names of one word ("Kestrelford" of "born in Kestrelford"). */
  private readonly singleNames = new Counter<string>();
  /** name -> noun -> facts stating it. */
  private readonly classes = new Map<string, Counter<string>>();
  private readonly persons = new Counter<string>();
  private readonly places = new Counter<string>();
  private readonly things = new Counter<string>();
  /** Names written right after "the" (ClassStatement.definite). */
  private readonly definites = new Counter<string>();
  private readonly nouns = new Counter<string>();
  /** Last words of names ("museum" of "Hollin Art Museum"). */
  private readonly lastWords = new Counter<string>();
  /** Names of two words or more, as nameKey writes them. */
  private readonly longNames = new Counter<string>();
  /** Last word of a name -> the class nouns facts give names ending in it ("arena" -> "stadium"). */
  private readonly suffixes = new Map<string, Counter<string>>();
  /** name -> the words written before it after an article ("the exoplanet X"), class nouns or not. */
  private readonly preceded = new Map<string, Counter<string>>();
  /** name (one word) -> the words written after it after "the" ("the CASCADE spectrograph"). */
  private readonly followed = new Map<string, Counter<string>>();
  private version = 0;
  /** Grows with every fact added or removed: what is read from the facts is stale when it moves. */
  get revision(): number {
    return this.version;
  }
  private endingCache: { version: number; endings: Map<string, { names: number; person: boolean }> } | null = null;
  private beginningCache: { version: number; firsts: Map<string, number> } | null = null;
  private nounCache: { version: number; person: Set<string>; thing: Set<string>; place: Set<string> } | null = null;

  add(id: string, text: string): void {
    if (this.byFact.has(id)) this.remove(id);
    const statements = classStatements(text);
    const long = [...text.matchAll(NAME_RE)].filter((m) => m[0].includes(' '));
    const singles = [...text.matchAll(NAME_RE)].map((m) => nameKey(m[0])).filter((n) => n.length > 0 && !n.includes(' '));
    const lastWords = long.flatMap((m) => lastWord(m[0]) ?? []);
    const names = long.map((m) => nameKey(m[0]));
    this.byFact.set(id, { statements, lastWords, names, singles });
    this.apply(statements, lastWords, names, 1, singles);
  }

  remove(id: string): void {
    const entry = this.byFact.get(id);
    if (!entry) return;
    this.apply(entry.statements, entry.lastWords, entry.names, -1, entry.singles);
    this.byFact.delete(id);
  }

  private apply(statements: readonly ClassStatement[], lastWords: readonly string[], names: readonly string[], n: number, singles: readonly string[]): void {
    this.version++;
    for (const w of singles) this.singleNames.add(w, n);
    for (const s of statements) {
      if (s.noun) {
        const c = this.classes.get(s.name) ?? new Counter<string>();
        c.add(s.noun, n);
        this.classes.set(s.name, c);
        this.nouns.add(s.noun, n);
        const last = s.name.includes(' ') ? lastWord(s.name) : null;
        if (last !== null) {
          const c = this.suffixes.get(last) ?? new Counter<string>();
          c.add(s.noun, n);
          this.suffixes.set(last, c);
        }
      }
      if (s.before) {
        const c = this.preceded.get(s.name) ?? new Counter<string>();
        c.add(s.before, n);
        this.preceded.set(s.name, c);
      }
      if (s.after) {
        const c = this.followed.get(s.name) ?? new Counter<string>();
        c.add(s.after, n);
        this.followed.set(s.name, c);
      }
      if (s.person) this.persons.add(s.name, n);
      if (s.place) this.places.add(s.name, n);
      if (s.thing) this.things.add(s.name, n);
      if (s.definite) this.definites.add(s.name, n);
    }
    for (const w of lastWords) this.lastWords.add(w, n);
    for (const name of names) this.longNames.add(name, n);
  }

  /**
   * The names the collection shows to be of a class (lower case): those a fact gives the class
   * noun and those ending in it ("... Museum", "... Museum of Clocks"); people only for a class
   * people have ("doctor").
   */
  membersOf(noun: string): string[] {
    const out = new Set<string>();
    for (const [name, nouns] of this.classes) if (nouns.has(noun)) out.add(name);
    if (this.isClassNoun(noun)) for (const [name, words] of this.preceded) if (words.has(noun)) out.add(name);
    for (const name of this.longNames.keys()) if (lastWord(name) === noun) out.add(name);
    if (this.beginsNames(noun)) for (const name of this.longNames.keys()) if (this.begunBy(name) === noun) out.add(name);
    return [...out].filter((name) => !this.isPerson(name) || this.isPersonNoun(noun));
  }

  /** The class nouns the collection gives a name (also written before it: "the exoplanet X"). */
  classesOf(name: string): string[] {
    const key = nameKey(name);
    const stated = [...(this.classes.get(key)?.keys() ?? [])];
    const before = [...(this.preceded.get(key)?.keys() ?? [])].filter((w) => this.isClassNoun(w) && !stated.includes(w));
    return [...stated, ...before];
  }

  isPerson(name: string): boolean {
    return this.persons.has(nameKey(name));
  }

  /** Whether some fact shows the name to be an organisation or a visited place ("X was founded in", "works at X"). */
  isThing(name: string): boolean {
    return this.things.has(nameKey(name));
  }

  /** Whether some fact writes the name right after "the" ("the Lathen Trust"): no person's name. */
  isDefinite(name: string): boolean {
    return this.definites.has(nameKey(name));
  }

  /** Whether some fact writes the name as a place ("born in Westry", "a market near Heskmoss"). */
  isPlace(name: string): boolean {
    return this.places.has(nameKey(name));
  }

  /** A word the collection uses for a class: some fact says "X is a NOUN" (", a NOUN", ...). */
  isClassNoun(noun: string): boolean {
    return this.nouns.has(noun);
  }

  /** A class noun that also ends names ("museum", "zoo", "park"). */
  isNameForming(noun: string): boolean {
    return this.nouns.has(noun) && this.lastWords.has(noun);
  }

  /** A class noun some person has ("doctor", "native"). */
  isPersonNoun(noun: string): boolean {
    return this.nounKinds().person.has(noun);
  }

  /** A class noun of two names or more, none of them a person ("company", "zoo"). */
  isThingNoun(noun: string): boolean {
    return this.nounKinds().thing.has(noun);
  }

  /** The class nouns of things: each given to two names or more, none of them a person. */
  thingNouns(): string[] {
    return [...this.nounKinds().thing];
  }

  /** A class noun some place has ("town", "village"). */
  isPlaceNoun(noun: string): boolean {
    return this.nounKinds().place.has(noun);
  }

  private nounKinds(): { person: Set<string>; thing: Set<string>; place: Set<string> } {
    if (!this.nounCache || this.nounCache.version !== this.version) {
      const person = new Set<string>();
      const place = new Set<string>();
      const names = new Map<string, number>();
      for (const [name, c] of this.classes) {
        for (const k of c.keys()) {
          if (this.persons.has(name)) person.add(k);
          if (this.places.has(name)) place.add(k);
          names.set(k, (names.get(k) ?? 0) + 1);
        }
      }
      const thing = new Set([...names].filter(([k, n]) => n >= 2 && !person.has(k)).map(([k]) => k));
      this.nounCache = { version: this.version, person, thing, place };
    }
    return this.nounCache;
  }

  /**
   * Whether a key can be of the question's class noun: 'agree' when the collection says so (or
   * the name ends in it), 'disagree' when it shows another class (the name ends in another
   * name-forming class noun or in a word several names end in, as below, or opens with another
   * class's word, "Comet Tully" for "exoplanets"; a fact gives it one; it is a person and the class
   * never is; it is a number; or the question asks for people and the key's class never is a
   * person's, or its last word ends other names and never a person's, or it opens with a class
   * word of things, "Comet Ashgrove"), else 'unknown'.
   * `kinds`: words for kinds of the noun (WordNet's hyponyms): a key the facts call one of them
   * agrees.
   */
  verdict(key: string, noun: string, kinds: readonly string[] = []): Verdict {
    // a number ("4.2" of "a 4.2-metre reflector") names no member of any class
    if (!/\p{L}/u.test(key)) return 'disagree';
    const explicit = this.classesOf(key);
    // a kind of the class is of the class: "X is a ferry" for "Which vessels" (kinds: WordNet's, given)
    if (explicit.some((c) => kinds.includes(c))) return 'agree';
    const last = lastWord(key);
    const wantsPerson = noun === 'person';
    const person = this.isPerson(key);
    const thingClass = (c: string) => this.isThingNoun(c) || (this.isNameForming(c) && !this.isPersonNoun(c));
    if (wantsPerson) {
      if (person) return 'agree';
      if (explicit.some((c) => this.isPersonNoun(c))) return 'unknown';
      if (this.isPlace(key) || this.isThing(key) || this.isDefinite(key)) return 'disagree';
      // a name ending in a word that ends other names and never a person's ("... Group",
      // "... Observatory"): a thing's, whatever class noun the facts give it or not
      const thingEnding = last !== null && key.includes(' ') && ((this.isNameForming(last) && !this.isPersonNoun(last)) || this.endsNames(last));
      // a name opening with a class word of things ("Comet Ashgrove")
      const thingOpening = this.classOpening(key) !== null;
      return explicit.some(thingClass) || thingEnding || thingOpening ? 'disagree' : 'unknown';
    }
    if (!this.isClassNoun(noun)) return this.verdictByEndings(key, noun, kinds);
    if (explicit.includes(noun)) return 'agree';
    if (last === noun) return 'agree';
    // a name opening with another class's word ("Comet Tully" for "exoplanets")
    if (this.foreignOpening(key, noun, kinds)) return 'disagree';
    const personNoun = this.isPersonNoun(noun);
    if (person && !personNoun && (this.isThingNoun(noun) || this.isNameForming(noun))) return 'disagree';
    // a place is not a company, a zoo or a park (unless places are what the question asks for)
    if (this.isPlace(key) && !person && !this.isPlaceNoun(noun) && (this.isThingNoun(noun) || this.isNameForming(noun))) return 'disagree';
    // a name ending in another class's word ("... Refractor" for a grant), unless the class's own
    // members are named with such endings ("Dale Mills, a company") or the word is a kind of it
    const foreignEnding = this.isNameForming(last ?? '') || (this.endsNames(last ?? '') && !this.namesMembersByEnding(noun));
    if (last !== null && key.includes(' ') && foreignEnding && !this.isPersonNoun(last) && !kinds.includes(last)) return 'disagree';
    if (explicit.some((c) => this.isNameForming(c) && !this.isPersonNoun(c))) return 'disagree';
    if (personNoun && !person && explicit.some(thingClass) && !explicit.some((c) => this.isPersonNoun(c))) return 'disagree';
    if (!personNoun && !person && (this.isThingNoun(noun) || this.isNameForming(noun)) && this.endsOutsideClass(key, noun)) return 'disagree';
    return 'unknown';
  }

  /** Whether a name the facts give the class ends in a word several names end in ("... Mills, a company"). */
  namesMembersByEnding(noun: string): boolean {
    for (const [ending, nouns] of this.suffixes) if (nouns.has(noun) && this.lastWords.count(ending) >= 2) return true;
    return false;
  }

  /**
   * A word that ends two names or more, none of them a person's ("refractor" of "Brask Refractor"
   * and "Sable Refractor"): the names show a class even where no fact says "X is a refractor".
   */
  endsNames(word: string): boolean {
    if (!this.endingCache || this.endingCache.version !== this.version) {
      const endings = new Map<string, { names: number; person: boolean }>();
      for (const name of this.longNames.keys()) {
        const last = lastWord(name);
        if (last === null) continue;
        const e = endings.get(last) ?? { names: 0, person: false };
        endings.set(last, { names: e.names + 1, person: e.person || this.isPerson(name) });
      }
      this.endingCache = { version: this.version, endings };
    }
    const e = this.endingCache.endings.get(word);
    return e !== undefined && e.names >= 2 && !e.person;
  }

  /**
   * The word a name of two words or more opens with when it is the name's class word ("comet" of
   * "Comet Tully", "Comet Hallstrom"): its first word, singular, unless the name ends in a class
   * noun that forms names, or is longer and ends in a word that ends other names ("Comet Dynamics
   * Group" is a group), or is a person's or a place's. Null otherwise.
   */
  private begunBy(name: string): string | null {
    const key = nameKey(name);
    if (!key.includes(' ') || this.isPerson(key) || this.isPlace(key)) return null;
    const word = firstWord(key);
    const last = lastWord(key);
    if (word === null || last === null) return null;
    // (a surname ends other names too, "Comet Hallstrom" and "Emeric Hallstrom": only a longer
    // name's ending says another class)
    const words = key.split(' ');
    if (words.slice(1).some((w) => w !== word && this.isNameForming(singular(w)))) return null;
    return last !== word && (this.isNameForming(last) || (words.length > 2 && this.endsNames(last))) ? null : word;
  }

  /**
   * A word that opens two names of two words or more as their class word, before different words, and never a
   * person's or a place's name nor a name alone ("comet" of "Comet Tully" and "Comet Penhallow";
   * not "saint" of "born in Saint Ambry", "kestrelford" of "in Kestrelford", "tallow" of "Tallow
   * Lane Bakery" and "Tallow Lane Market"): the names show a class, written before the proper
   * name, where no fact says "X is a comet".
   */
  beginsNames(word: string): boolean {
    if (!this.beginningCache || this.beginningCache.version !== this.version) {
      // class word -> the words that follow it in its names ("tully", "penhallow")
      const firsts = new Map<string, Set<string>>();
      const people = new Set<string>();
      for (const name of this.longNames.keys()) {
        const first = this.begunBy(name);
        // (the class word and one proper word: "Comet Tully", not "Ostvard Regional Council")
        if (first !== null && name.split(' ').length === 2) {
          const seconds = firsts.get(first) ?? new Set<string>();
          seconds.add(name.split(' ')[1] ?? '');
          firsts.set(first, seconds);
        } else if (this.isPerson(name) || this.isPlace(name)) {
          const w = firstWord(name);
          if (w !== null) people.add(w);
        }
      }
      const counts = new Map<string, number>();
      // (a word written alone as a name is a name itself: "Kestrelford Museum" is Kestrelford's)
      for (const [w, seconds] of firsts) if (!people.has(w) && !this.singleNames.has(w)) counts.set(w, seconds.size);
      this.beginningCache = { version: this.version, firsts: counts };
    }
    return (this.beginningCache.firsts.get(word) ?? 0) >= 2;
  }

  /** The class word a name opens with, when it opens names of a class ("comet" of "Comet Tully"), else null. */
  classOpening(name: string): string | null {
    const word = this.begunBy(name);
    return word !== null && this.beginsNames(word) ? word : null;
  }

  /** Whether a name opens with the class word of names of another class than `noun` (nor a kind of it). */
  private foreignOpening(key: string, noun: string, kinds: readonly string[]): boolean {
    const opening = this.classOpening(key);
    return opening !== null && opening !== noun && !kinds.includes(opening);
  }

  /** The words the facts write right after a one-word name ("spectrograph" of "the CASCADE spectrograph"). */
  writtenAfter(name: string): string[] {
    return [...(this.followed.get(nameKey(name))?.keys() ?? [])];
  }

  /**
   * The one name of `facts`, other than `key`, that is of the class (verdict 'agree'), or null when
   * there is none or more than one. An extractor that pointed at the wrong name of a fact
   * ("Crannock Hill Station" of "Crannock Hill Station's great Hollis Refractor" for "refractors")
   * is answered by the fact's name of the asked class.
   */
  nameOfClass(facts: readonly string[], noun: string, kinds: readonly string[], key: string): string | null {
    const found = new Map<string, string>();
    for (const fact of facts) {
      for (const m of fact.matchAll(NAME_RE)) {
        const name = m[0].replace(ARTICLE, '');
        const k = nameKey(name);
        if (k && k !== nameKey(key) && this.verdict(name, noun, kinds) === 'agree') found.set(k, name);
      }
    }
    return found.size === 1 ? ([...found.values()][0] as string) : null;
  }

  /**
   * The verdict for a noun no fact gives a name as its class but that ends names ("... Refractor")
   * or opens them ("Comet ..."): a key ending in it (or heading a name before "of", or in a kind of
   * it), or opening with it, agrees; a person, a name the facts give another class, and any other
   * name of several words disagree (the class writes its word in its members' names); one word
   * the facts write beside another word ("the CASCADE spectrograph") disagrees with a class that
   * opens names; else nothing is known.
   */
  private verdictByEndings(key: string, noun: string, kinds: readonly string[]): Verdict {
    const ends = this.endsNames(noun);
    const begins = this.beginsNames(noun);
    if (!ends && !begins) return 'unknown';
    const last = lastWord(key);
    // (a class word before "of" heads its name: "Kestrelford Museum of Clocks")
    const head = headWord(key);
    const explicit = this.classesOf(key);
    const ending = (w: string | null) => w !== null && (w === noun || kinds.includes(w));
    if ((ends && (ending(last) || ending(head))) || explicit.includes(noun)) return 'agree';
    if (begins && ending(this.begunBy(key))) return 'agree';
    if (this.isPerson(key)) return 'disagree';
    // a name the facts give another class ("Quist-1b, an exoplanet" for "comets")
    if (explicit.some((c) => this.isClassNoun(c) && !kinds.includes(c))) return 'disagree';
    // the class's word is written in its members' names: a name of several words without it is
    // another's, and so is a name opening with another class's word ("Comet Tully" for
    // "refractors") or one word the facts write with another word ("the CASCADE spectrograph"
    // for "comets")
    if (key.includes(' ')) return 'disagree';
    if (this.foreignOpening(key, noun, kinds)) return 'disagree';
    if (begins && this.writtenAfter(key).some((w) => !ending(w))) return 'disagree';
    return 'unknown';
  }

  /**
   * Where a class names its members by a few endings, a name with another ending is of another
   * class: when two names or more end in the class word itself ("Kenton Zoo", "Moufield Zoo"),
   * the facts give the class to names with some endings ("Wildlife Park", "Aquarium") and the key
   * ends in a word that ends two names or more but never one of the class ("Sywick Nature
   * Reserve", "Flylwell Fort"), the key is not of the class. Classes named in many ways
   * (companies: "Robotics", "Media", ...) rarely end in their class word and are left alone.
   */
  private endsOutsideClass(key: string, noun: string): boolean {
    const last = lastWord(key);
    if (last === null || !key.includes(' ')) return false;
    if (this.lastWords.count(noun) < 2 || this.lastWords.count(last) < 2) return false;
    const endings = [...this.suffixes].filter(([, nouns]) => nouns.has(noun)).map(([ending]) => ending);
    return endings.length > 0 && !endings.includes(last);
  }
}
