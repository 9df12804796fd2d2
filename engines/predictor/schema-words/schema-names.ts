/**
 * Which attributes a question's words name: "ship address" is Orders.ShipAddress, "customer city"
 * is Customers.City (an owner's name first, as the generator and people write another class's
 * attribute), "city" alone is every class's city. The cues that check a reading against the words
 * around values and superlatives (cues/operator.ts, cues/order.ts) ask this.
 *
 * Matching is on folded words, longest name first, so "order id" is the attribute rather than the
 * class Orders. A word with two neighbouring letters swapped ("adrdess") still matches. An
 * attribute is also known by the ways people say its name (spoken-forms.ts: "staff number" for
 * Num_of_Staff, "arriving date" for date_arrived), the name as spelt winning where both match.
 */
import { pluralWord, singularWord } from '../../schema-graph/names.js';
import type { HumanName, SchemaClass, SchemaGraph } from '../../schema-graph/types.js';
import { eventParticiple } from './events.js';
import { baseWord, participleFirst, spokenForms } from './spoken-forms.js';
import { fold, unswapped } from '../../english/normalize.js';
import { attributeToken, classToken } from '../model/target.js';

export interface NameMatch {
  readonly length: number;
  readonly attributes: readonly string[];
  readonly classes: readonly string[];
}

export interface SchemaNames {
  /** The attribute tokens named by the words starting at `start` (longest name there), or none. */
  attributesAt(words: readonly string[], start: number): readonly string[];
  /** Whether the last words name an attribute ("... units on order"). */
  endsWithAttribute(words: readonly string[]): boolean;
  /** The attribute tokens the last words name (longest name ending there), or none. */
  attributesEndingAt(words: readonly string[]): readonly string[];
  /** The longest name starting at `start`: how many words, the attribute tokens and the class ids it names ("regions" names both); null when no name starts there. */
  nameAt(words: readonly string[], start: number): NameMatch | null;
  /** The class named by the words starting at `start` ("products", "order details"), or null. */
  classAt(words: readonly string[], start: number): SchemaClass | null;
  /** The date attributes whose event the participle says ("hired": Employees.HireDate), or none. */
  attributesOfParticiple(word: string): readonly string[];
}

/** What the names know of English beyond the schema's own words (WordNet's, at serving). */
export interface NameLexicon {
  /** Synonyms of a singular noun: a name whose last word is said by one counts too ("unit cost"). */
  readonly nounSynonyms?: (noun: string) => readonly string[];
  /** Whether a word is a verb: a date attribute named after one is said by its participle ("hired in 1993"). */
  readonly isVerb?: (word: string) => boolean;
  /** The schema word a word writes in full ("destination" -> "dest" of DestAirport: abbreviations.ts). */
  readonly abbreviationOf?: (word: string) => string | null;
}

/** Words that say which row or how much rather than what: never a name's first word standing for the name ("first name"). */
const NO_HEAD_WORD: ReadonlySet<string> = new Set(['first', 'last', 'second', 'third', 'next', 'previous', 'total', 'average', 'mean', 'max', 'min', 'maximum', 'minimum', 'number', 'count', 'other', 'main', 'current', 'new', 'old', 'full', 'short', 'long', 'all', 'any', 'each', 'per', 'top', 'the', 'and', 'has', 'have', 'not']);

/**
 * The names of a schema's classes and attributes. With the lexicon's noun synonyms, a name whose
 * last word is said by a synonym counts too ("supplier telephone", "unit cost"), as the generator
 * writes them (english.ts) and people do; with its verbs, date attributes are known by their
 * participles ("hired", "shipped").
 */
export function schemaNames(schema: SchemaGraph, lexicon: NameLexicon = {}): SchemaNames {
  const synonyms = lexicon.nounSynonyms;
  const base = (words: readonly string[]) => words.map((w) => baseWord(w, lexicon.isVerb)).join(' ');
  const names = new Map<string, string[]>();
  const spoken = new Map<string, string[]>();
  const addTo = (map: Map<string, string[]>, name: string, token: string) => {
    if (!name) return;
    const tokens = map.get(name) ?? [];
    if (!tokens.includes(token)) tokens.push(token);
    map.set(name, tokens);
  };
  const add = (name: string, token: string) => addTo(names, name, token);
  /** An attribute's name as people say it, alone and after its owner's name, looked up on base forms after the names as spelt. */
  const addSpoken = (name: string, token: string, owner: string) => {
    for (const form of [name.split(' '), ...spokenForms(name.split(' '))]) {
      addTo(spoken, base(form), token);
      addTo(spoken, base([...owner.split(' '), ...form]), token);
    }
    const reversed = participleFirst(name.split(' '));
    if (reversed) addTo(spoken, base(reversed), token);
  };
  /** A name's folded forms, singular and plural, also with the last word said otherwise. */
  const forms = (name: HumanName): string[] => {
    const out = [fold(name.singular), fold(name.plural)];
    // "units on orders": people put a plural on a name's last word even where the schema's plural has none.
    const singularWords = fold(name.singular).split(' ');
    if (singularWords.length > 1) out.push([...singularWords.slice(0, -1), pluralWord(singularWords.at(-1) as string)].join(' '));
    if (!synonyms) return out;
    for (const [form, plural] of [[name.singular, false], [name.plural, true]] as const) {
      const words = fold(form).split(' ');
      const last = words.pop() ?? '';
      for (const synonym of synonyms(plural ? singularWord(last) : last)) out.push(fold([...words, plural ? pluralWord(synonym) : synonym].join(' ')));
    }
    return out;
  };
  for (const owner of schema.classes) {
    // Classes are names too: "order id" wins over "order".
    for (const form of forms(owner.name)) add(form, classToken(owner.id));
    const ownerWords = fold(owner.name.singular);
    for (const attribute of owner.attributes) {
      const token = attributeToken({ classId: owner.id, attributeId: attribute.id });
      for (const name of forms(attribute.name)) {
        add(name, token);
        addSpoken(name, token, ownerWords);
        // "product name" is also said "name" of products; another class's attribute with its owner first.
        if (name.startsWith(`${ownerWords} `)) add(name.slice(ownerWords.length + 1), token);
        else add(`${ownerWords} ${name}`, token);
      }
    }
  }
  // A name's first word alone, where it says the attribute: "email" for email address, "size" for
  // size code, "cost" for cost of treatment; and its last word, its head noun, alone or after the
  // owner's name: "price" and "product price" for unit price, as "the enrolments" name student
  // enrolments below. Only a word that is no name already, that no attribute of another name has
  // among its words (in any class: "unit" of unit price is also in "quantity per unit"), that is no
  // word of order or amount, and no participle (people say "liked by", "created in" as verbs, not
  // as the name of liked id or created date).
  const existing = new Set(names.keys());
  const attributeNames = schema.classes.flatMap((owner) => owner.attributes.map((attribute) => ({ owner, attribute, name: fold(attribute.name.singular) })));
  /** Word -> the distinct attribute names that have it (one pass, not one per attribute: schemas run to thousands of columns). */
  const namesWithWord = new Map<string, Set<string>>();
  for (const { name } of attributeNames) for (const word of name.split(' ')) namesWithWord.set(word, (namesWithWord.get(word) ?? new Set()).add(name));
  const saysAlone = (word: string) =>
    /^[a-z]{3,}$/.test(word) && !/(ed|ing)$/.test(word) && !existing.has(word) && !NO_HEAD_WORD.has(word) && (namesWithWord.get(word)?.size ?? 0) <= 1;
  for (const { owner, attribute, name } of attributeNames) {
    const words = name.split(' ');
    if (words.length < 2) continue;
    const token = attributeToken({ classId: owner.id, attributeId: attribute.id });
    const [first, last] = [words[0] as string, words.at(-1) as string];
    if (saysAlone(first)) add(first, token);
    if (saysAlone(last)) {
      const ownerWords = fold(owner.name.singular);
      for (const form of [last, pluralWord(last)]) {
        add(form, token);
        add(`${ownerWords} ${form}`, token);
      }
    }
  }
  // A class's name's first word alone names the class ("degrees" for degree programs), when it is no
  // name yet and no other class has it in its name or in an attribute's (its own attributes may,
  // "degree summary name", and so may the keys others hold of it, "degree program id").
  for (const owner of schema.classes) {
    const words = fold(owner.name.singular).split(' ');
    const head = words[0] as string;
    if (words.length < 2 || !/^[a-z]{3,}$/.test(head) || /(ed|ing)$/.test(head) || names.has(head) || NO_HEAD_WORD.has(head)) continue;
    const hasHead = (name: HumanName) => fold(name.singular).split(' ').includes(head);
    const keyOfOwner = (other: string, attributeId: string) => schema.relations.some((r) => r.from === other && r.to === owner.id && r.fromColumns.includes(attributeId));
    if (schema.classes.some((other) => other !== owner && (hasHead(other.name) || other.attributes.some((a) => hasHead(a.name) && !keyOfOwner(other.id, a.id))))) continue;
    for (const form of [head, pluralWord(head)]) add(form, classToken(owner.id));
  }
  // A class's name's last word, its head noun, alone names the class too ("enrolments" for student
  // enrolment: a student enrolment is an enrolment), when it is no name yet and no other class's name
  // nor any other class's attribute's name ends with it (a key others hold of it may: "student
  // enrolment id" ends otherwise anyway).
  const endsWith = (name: HumanName, word: string) => fold(name.singular).split(' ').at(-1) === word;
  for (const owner of schema.classes) {
    const words = fold(owner.name.singular).split(' ');
    const head = words.at(-1) as string;
    if (words.length < 2 || !/^[a-z]{3,}$/.test(head) || names.has(head) || NO_HEAD_WORD.has(head)) continue;
    if (schema.classes.some((other) => other !== owner && (endsWith(other.name, head) || other.attributes.some((a) => endsWith(a.name, head))))) continue;
    // Said as the name's own last word is ("enrollments" where WordNet spells enrolment so too).
    const heads = [head, ...(synonyms?.(head) ?? []).map(fold).filter((synonym) => /^[a-z]{3,}$/.test(synonym) && !names.has(synonym))];
    for (const word of heads) for (const form of [word, pluralWord(word)]) add(form, classToken(owner.id));
  }
  const participles = new Map<string, string[]>();
  for (const owner of schema.classes) {
    for (const attribute of owner.attributes) {
      const participle = eventParticiple(attribute, lexicon.isVerb);
      if (participle) participles.set(participle, [...(participles.get(participle) ?? []), attributeToken({ classId: owner.id, attributeId: attribute.id })]);
    }
  }
  return new NameIndex(names, spoken, (word) => baseWord(word, lexicon.isVerb), participles, schema, lexicon.abbreviationOf);
}

class NameIndex implements SchemaNames {
  /** Every word of every name: what a misspelt word is repaired to. */
  private readonly vocabulary: ReadonlySet<string>;
  private readonly longest: number;
  /**
   * Words as names spell them and their base forms, remembered: the reading checks look names up at
   * every word of a question for every reading the search writes, and a misspelling's repair and a
   * participle's verb (WordNet) cost far more than the lookup. Bounded, as a server reads any words.
   */
  private readonly spellings = new Map<string, string>();
  private readonly bases = new Map<string, string>();

  /** Folded name -> the element tokens (attributes and classes) it names. */
  constructor(
    private readonly names: ReadonlyMap<string, readonly string[]>,
    /** Base-form words of the ways people say attribute names -> the attribute tokens (spoken-forms.ts). */
    private readonly spoken: ReadonlyMap<string, readonly string[]>,
    private readonly baseOf: (word: string) => string,
    /** Participle -> the date attribute tokens it says. */
    private readonly participles: ReadonlyMap<string, readonly string[]>,
    private readonly schema: SchemaGraph,
    /** The schema word a word writes in full, if any (abbreviations.ts). */
    private readonly abbreviationOf?: (word: string) => string | null,
  ) {
    const words = [...names.keys()].map((n) => n.split(' '));
    this.vocabulary = new Set(words.flat());
    // Two at least: a one-word name may be written as two words (spelt).
    this.longest = Math.max(2, ...words.map((w) => w.length), ...[...spoken.keys()].map((n) => n.split(' ').length));
  }

  /** The elements a run of (respelt) words names: as spelt first, else as people say attribute names. */
  private named(run: readonly string[]): readonly string[] | undefined {
    return this.spelt(run) ?? this.spoken.get(run.map((w) => remembered(this.bases, w, this.baseOf)).join(' '));
  }

  /**
   * The elements a run of words names as spelt, its words apart or run together: a schema writes
   * compounds as one word ("Highschooler", "Airdate", "Zipcode") that people write as two ("high
   * schoolers", "air date", "zip code").
   */
  private spelt(run: readonly string[]): readonly string[] | undefined {
    return this.names.get(run.join(' ')) ?? (run.length > 1 && run.every((w) => /^\p{L}+$/u.test(w)) ? this.names.get(run.join('')) : undefined);
  }

  attributesAt(words: readonly string[], start: number): readonly string[] {
    return this.nameAt(words, start)?.attributes ?? [];
  }

  nameAt(words: readonly string[], start: number): NameMatch | null {
    const spelt = words.slice(start, start + this.longest).map((w) => this.spelling(w));
    for (let length = spelt.length; length >= 1; length -= 1) {
      const elements = this.named(spelt.slice(0, length));
      if (elements) return { length, attributes: elements.filter((e) => e.startsWith('A:')), classes: elements.filter((e) => e.startsWith('C:')).map((e) => e.slice(2)) };
    }
    return null;
  }

  endsWithAttribute(words: readonly string[]): boolean {
    return this.attributesEndingAt(words).length > 0;
  }

  attributesEndingAt(words: readonly string[]): readonly string[] {
    const spelt = words.slice(Math.max(0, words.length - this.longest)).map((w) => this.spelling(w));
    for (let length = spelt.length; length >= 1; length -= 1) {
      const attributes = this.named(spelt.slice(spelt.length - length))?.filter((e) => e.startsWith('A:')) ?? [];
      if (attributes.length > 0) return attributes;
    }
    return [];
  }

  classAt(words: readonly string[], start: number): SchemaClass | null {
    const spelt = words.slice(start, start + this.longest).map((w) => this.spelling(w));
    for (let length = spelt.length; length >= 1; length -= 1) {
      const token = this.spelt(spelt.slice(0, length))?.find((e) => e.startsWith('C:'));
      if (token) return this.schema.classes.find((c) => classToken(c.id) === token) ?? null;
    }
    return null;
  }

  attributesOfParticiple(word: string): readonly string[] {
    return this.participles.get(word) ?? [];
  }

  /**
   * The word as names spell it: an owner's possessive is its name ("the professional's first name"
   * names what "professional first name" does, "customers' cities" what "customers cities" does),
   * a word two neighbouring letters swapped is the name word it misspells (typos people make), and
   * a word a name shortens is that name's word ("destination airport" names DestAirport).
   */
  private spelling(word: string): string {
    return remembered(this.spellings, word, (w) => {
      const plain = w.replace(/['’]s$/, '').replace(/(s)['’]$/, '$1');
      if (this.vocabulary.has(plain)) return plain;
      return this.abbreviationOf?.(plain) ?? unswapped(plain, this.vocabulary);
    });
  }

}

/** Most words a name index remembers the spelling or base form of (a few hundred questions' worth). */
const REMEMBERED_WORDS = 20_000;

/** `of(word)`, remembered in `memory` (emptied when full). */
function remembered(memory: Map<string, string>, word: string, of: (word: string) => string): string {
  const known = memory.get(word);
  if (known !== undefined) return known;
  if (memory.size >= REMEMBERED_WORDS) memory.clear();
  const value = of(word);
  memory.set(word, value);
  return value;
}
