/**
 * Schema words written short. Schema designers shorten the words of their names ("IndepYear",
 * "DestAirport", "CountryAbbrev", "cust_id", "authOrder"); people asking write the word in full
 * ("independence year", "destination", "abbreviation", "customer", "author").
 * A trained model links a question's word to a schema name by the word itself, so "destination"
 * never meets "dest". This finds, for a word of a question, the schema word it writes in full.
 *
 * Nothing here lists abbreviations: they come from the schema at load. A schema word is taken for
 * an abbreviation when it has at least four letters, is no English word (the lexicon, WordNet at
 * serving, knows neither it nor its singular), no function word ("from", which WordNet leaves out)
 * and no plural of another schema word. A question's word writes it in full when the question's
 * word is a noun (what names name) that is no schema word itself, begins with it and is at least
 * two letters longer: "indep" of "independence" and "independent", "dest" of "destination",
 * "abbrev" of "abbreviation"; never "descending" or "describe" for a "desc". Shorter
 * beginnings ("stu", "emp", "fac", "bal") begin too many words ("study", "empty", "factor",
 * "balloon") to be read from a question alone, and abbreviations that drop letters inside ("dept",
 * "mgr", "qty") fit common words as well ("dept": "development", "description"; "mgr": "migraine"),
 * so neither is read here (spoken-forms.ts spells out the common ones for the names).
 *
 * Measured on the 144 Spider training schemas (shared/datasets/spider-train-dbs): 84 name words
 * are taken for abbreviations (most are words run together, "fname", "stuid", "hiredate", or
 * acronyms, "iata", "ssn"); ten begin some WordNet word, and where that word is a common one
 * (tagged five times or more in WordNet's corpus) it is the word meant: auth (author, authority),
 * cust (customer, custom), desc (description, describe), init (initial), and prereq
 * (prerequisite) among rarer ones.
 */
import { nounBases } from '../../english/noun-bases.js';

/** Fewest letters an abbreviation has (shorter ones, "stu", "ts", begin too many words). */
const SHORTEST = 4;
/** How many letters longer than the abbreviation the word it shortens is at least. */
const LONGER_BY = 2;

/** What the abbreviations know of English (WordNet at serving). */
export interface AbbreviationLexicon {
  /** Whether a lower-case word is an English word (any part of speech, any inflection). */
  readonly isWord: (word: string) => boolean;
  /** Whether a lower-case word is a noun (as written or plural). */
  readonly isNoun: (word: string) => boolean;
  /** Whether a word is a function word ("of", "per", "and"), which no lexicon of content words lists. */
  readonly isFunctionWord: (word: string) => boolean;
}

/** Whether `full` writes `short` in full (the rule above; both lower-case letters). */
export function writesInFull(full: string, short: string): boolean {
  return short.length >= SHORTEST && full.length >= short.length + LONGER_BY && full.startsWith(short);
}

export class SchemaAbbreviations {
  /** The schema's words taken for abbreviations, longest first. */
  private readonly shortened: readonly string[];
  private readonly schemaWords: ReadonlySet<string>;
  /** Question words already read: what they write in full, or null (a server reads any words, so bounded). */
  private readonly read = new Map<string, string | null>();

  constructor(
    /** Words of the schema's human names (folded, singular and plural welcome). */
    schemaWords: Iterable<string>,
    private readonly lexicon: AbbreviationLexicon,
  ) {
    this.schemaWords = new Set(schemaWords);
    this.shortened = [...this.schemaWords]
      .filter((word) => /^[a-z]+$/.test(word) && word.length >= SHORTEST && !nounBases(word).some((base) => lexicon.isWord(base) || lexicon.isFunctionWord(base)))
      // A plural the names make of a short word ("depts" of "dept") is that word, not one more abbreviation.
      .filter((word) => !nounBases(word).slice(1).some((base) => this.schemaWords.has(base)))
      .sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  }

  /** The schema's words taken for abbreviations (for the model card and tests). */
  get words(): readonly string[] {
    return this.shortened;
  }

  /**
   * The schema word a question's word writes in full ("destination" -> "dest"), or null. Of two
   * that begin it ("indep", "independ"), the longer, which says more of the word.
   */
  abbreviationOf(word: string): string | null {
    const known = this.read.get(word);
    if (known !== undefined) return known;
    if (this.read.size >= REMEMBERED_WORDS) this.read.clear();
    const found = this.find(word);
    this.read.set(word, found);
    return found;
  }

  private find(word: string): string | null {
    if (this.shortened.length === 0 || !/^[a-z]+$/.test(word) || this.schemaWords.has(word) || !this.lexicon.isNoun(word)) return null;
    return this.shortened.find((short) => writesInFull(word, short)) ?? null;
  }
}

/** Most question words remembered (a few hundred questions' worth). */
const REMEMBERED_WORDS = 20_000;
