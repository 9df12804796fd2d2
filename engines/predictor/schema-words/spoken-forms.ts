/**
 * Attribute names as people say them rather than as schemas spell them. A column is named by its
 * designer's conventions ("Num_of_Staff", "date_of_treatment", "date_arrived", "qty"); a person
 * asking about it says "staff number", "treatment date", "arriving date", "quantity". Three kinds of
 * difference cover most of it, for any schema:
 *
 * - word order: "X of Y" is said "Y X" ("date of birth": "birth date"), and a noun followed by a
 *   participle the other way round ("date arrived": "arrived date");
 * - abbreviations schema designers use for common words (`ABBREVIATIONS`);
 * - inflection: a verb's forms name the same thing ("opening year" for "open year", "arriving
 *   date" for "date arrived"), judged by the lexicon's verbs (WordNet at serving), so "states" and
 *   "station" are not confused the way suffix stripping alone would.
 *
 * Names are compared on their words' base forms (`baseWord`); schema-names.ts indexes each name's
 * spoken forms beside its own spelling, the spelling winning where both match.
 */

/**
 * Abbreviations of common words in column names (the conventions of SQL schemas, not of one
 * database): each stands for the word people say.
 */
const ABBREVIATIONS: ReadonlyMap<string, string> = new Map([
  ['num', 'number'],
  ['nbr', 'number'],
  ['qty', 'quantity'],
  ['amt', 'amount'],
  ['desc', 'description'],
  ['descr', 'description'],
  ['addr', 'address'],
  ['dept', 'department'],
  ['yr', 'year'],
  ['tel', 'telephone'],
  ['cnt', 'count'],
  ['pct', 'percent'],
  ['avg', 'average'],
  ['dob', 'date of birth'],
]);

/** The preposition that joins a name's head to what it is of ("number of staff", "date of treatment"). */
const OF = 'of';

/**
 * A word's base form: a verb's inflections and the nouns of its act reduced to the verb ("opening"
 * -> "open", "arrived" / "arriving" / "arrival" -> "arrive", "located" / "location" -> "locate")
 * when `isVerb` knows the verb; other words as they are. Without `isVerb` only the word itself.
 */
export function baseWord(word: string, isVerb?: (word: string) => boolean): string {
  if (!isVerb || word.length < 5) return word;
  for (const [suffix, restore] of [['ing', ['', 'e']], ['ed', ['', 'e']], ['ied', ['y']], ['ies', ['y']]] as const) {
    if (!word.endsWith(suffix)) continue;
    const stem = word.slice(0, -suffix.length);
    if (stem.length < 3) continue;
    for (const ending of restore) if (isVerb(stem + ending)) return stem + ending;
    // A doubled final consonant ("shipped", "planning").
    if (/([^aeiou])\1$/.test(stem) && isVerb(stem.slice(0, -1))) return stem.slice(0, -1);
  }
  // The noun of a verb's act names what the verb does ("arrival date" for date_arrived, "departure",
  // "population" for a populated place, "location" for located). Stems are long enough that
  // "station" (stat-e) and "total" stay themselves.
  for (const [suffix, shortest] of NOMINAL_SUFFIXES) {
    if (!word.endsWith(suffix)) continue;
    const stem = word.slice(0, -suffix.length);
    if (stem.length < shortest) continue;
    for (const ending of ['', 'e']) if (isVerb(stem + ending)) return stem + ending;
  }
  return word;
}

/** Endings that make a noun of a verb, with the shortest stem each is taken from. */
const NOMINAL_SUFFIXES: readonly (readonly [string, number])[] = [
  ['ion', 5],
  ['al', 5],
  ['ure', 4],
];

/**
 * "No" (plural "nos") after another word of a name is the abbreviation of "number" ("FlightNo",
 * "Phone_No", "room no": people ask for "flight numbers"); alone or first it may be the word "no".
 */
const NUMBER_AFTER_NOUN: ReadonlyMap<string, string> = new Map([
  ['no', 'number'],
  ['nos', 'numbers'],
]);

/** The words with abbreviations spelt out. */
function expanded(words: readonly string[]): string[] {
  return words.flatMap((word, i) => (ABBREVIATIONS.get(word) ?? (i > 0 ? NUMBER_AFTER_NOUN.get(word) : undefined) ?? word).split(' '));
}

/**
 * Other word sequences that say a name (folded words, singular or plural as given): abbreviations
 * spelt out, "X of Y" as "Y X". The name itself is not among them.
 */
export function spokenForms(words: readonly string[]): string[][] {
  const out: string[][] = [];
  const add = (form: readonly string[]) => {
    if (form.length > 0 && !out.some((f) => f.join(' ') === form.join(' ')) && form.join(' ') !== words.join(' ')) out.push([...form]);
  };
  const full = expanded(words);
  for (const form of [words, full]) {
    add(form);
    const of = form.indexOf(OF);
    if (of > 0 && of < form.length - 1 && form.lastIndexOf(OF) === of) add([...form.slice(of + 1), ...form.slice(0, of)]);
  }
  return out;
}

/**
 * A noun followed by a past participle ("date arrived", "time created") said the other way round
 * ("arrived date", with baseWord also "arriving date"); null for other names. Not said after an
 * owner's name: "employee id" reversed would read "employee id employee" as a name.
 */
export function participleFirst(words: readonly string[]): string[] | null {
  const [noun, participle, ...rest] = words;
  return noun && participle && rest.length === 0 && /^[a-z]{2,}ed$/.test(participle) ? [participle, noun] : null;
}
