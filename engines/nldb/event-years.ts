/**
 * Which year of a fact is the year of the event the question asks about.
 *
 * A fact often dates two events ("Iona Fairclough (b. 1986) discovered Comet Fairclough in 2011",
 * "Solveig Anker was born in 1966 and married Matthias Drey in 1994", "Greer Penhallow, born in
 * 1974, joined the group in 2003"), and the extractor's value span may land on the other one: the
 * earliest *discovery* then reads a birth year, the oldest member a wedding. Which year goes with
 * which event is plain from the text: each year is dated by the words written since the year
 * before it (or, for a year opening the fact, "In 2011 the medal went to ...", the words after it).
 * The question names its event with a word of its own ("discovered", "born", "in service"; the
 * age of "youngest"/"oldest" is a birth), leaving out what it ranges over (its class noun), the
 * names it spells out, the extreme words and what follows a relative word (a join's conditions).
 *
 * Checked by code, domain-free: among the years of the facts about the same thing (the fact the
 * value came from, and the set's facts with the same subject, or for an arg answer naming its key),
 * the one whose words hold more of the question's event words than the chosen year's replaces it.
 * Nothing is decided when the question names no event word or no year's words hold one (synonyms:
 * "spotted" for "discovered" are left to the extractor).
 */
import { questionNouns, subjectOf } from './classes.js';
import { terms } from './lexical-index.js';
import type { Derivation } from './derivation.js';
import { isYear, tokenize } from './text.js';

/** Words that ask for an age: the event is a birth. */
const AGE = /\b(?:young|younger|youngest|old|older|oldest|elder|eldest|age|ages|aged)\b/i;
/** Words of a question that are no event: what it asks for and how it compares. */
const NOT_AN_EVENT = new Set(['year', 'date', 'time', 'something', 'anything', 'one', 'ever', 'recent', 'recently', 'first', 'last', 'earliest', 'latest', 'newest', 'oldest', 'youngest', 'eldest', 'smallest', 'largest', 'biggest', 'highest', 'lowest', 'longest', 'shortest', 'least', 'most', 'lead']);
/**
 * Whether the question's event is a birth only because it asks for an age ("the oldest company",
 * "the youngest person"), not because it says "born" or "birth": a thing's age is no birth.
 */
export function ageOnly(question: string): boolean {
  return AGE.test(question) && !/\b(?:born|births?)\b/i.test(question);
}

/** Terms that write a birth ("b. 1986", "year of birth"), as `terms` keys them. */
const BIRTH_TERMS = new Set(['born', 'birth']);

/**
 * The question's event words, as `terms` keys them (stemmed, lower case): its words minus the
 * names it spells out (capitalised after the first word), its class nouns and the extreme and
 * question words; "born" when it asks for an age. Empty when it names no event.
 */
export function eventWords(question: string): Set<string> {
  const names = new Set<string>();
  tokenize(question).forEach((t, i) => {
    if (i > 0 && /^[A-Z\u00C0-\u00DE]/.test(t.text)) for (const k of terms(t.text).keys()) names.add(k);
  });
  const nouns = new Set(questionNouns(question).flatMap((n) => [...terms(n).keys()]));
  // an age or a birth asked is the birth, whatever else the question says ("the most recent birth
  // year among people who work for ...")
  if (AGE.test(question) || /\b(?:born|births?)\b/i.test(question)) return new Set(['born']);
  // the event is the main clause's: what follows a relative word is a condition of the join
  // ("... of any observatory with a telescope commissioned after 2000")
  const main = question.replace(/^(\S+.*?)\s(?:among|who|whom|whose|that|which|where|with|of any|of all)\b.*$/is, '$1');
  const asked = tokenize(main).filter((t) => !NOT_AN_EVENT.has(t.text.toLowerCase()) && !/est$/i.test(t.text));
  return new Set(asked.flatMap((t) => [...terms(t.text).keys()]).filter((k) => !names.has(k) && !nouns.has(k)));
}

/** One year of a fact and the words that date it. */
interface DatedYear {
  readonly value: string;
  readonly fact: number;
  readonly words: ReadonlySet<string>;
}

/**
 * The years of a fact, each with the words written since the year before it (a year opening the
 * fact, with no word of its own before it, takes the words up to the next year); a birth written
 * "b." or "birth" is the term "born".
 */
export function datedYears(fact: string, index = 0): DatedYear[] {
  const tokens = tokenize(fact);
  const at = tokens.map((t, i) => (isYear(t.text) ? i : -1)).filter((i) => i >= 0);
  const wordsOf = (from: number, to: number) => {
    const out = new Set<string>();
    const text = fact.slice(from, to);
    for (const k of terms(text).keys()) out.add(BIRTH_TERMS.has(k) ? 'born' : k);
    // "(b. 1986)": a birth abbreviated (one letter, which `terms` leaves out)
    if (/(?:^|[\s(])b\.\s*$/.test(text)) out.add('born');
    return out;
  };
  return at.map((i, n) => {
    const token = tokens[i] as { text: string; start: number; end: number };
    const prev = n > 0 ? (tokens[at[n - 1] as number] as { end: number }).end : 0;
    let words = wordsOf(prev, token.start);
    if (words.size === 0) {
      const next = n + 1 < at.length ? (tokens[at[n + 1] as number] as { start: number }).start : fact.length;
      words = wordsOf(token.end, next);
    }
    return { value: token.text, fact: index, words };
  });
}

const overlap = (words: ReadonlySet<string>, event: ReadonlySet<string>): number => [...words].filter((w) => event.has(w)).length;

/**
 * The year of the asked event among the facts about the same thing as the chosen year, when it
 * is another one: `{ value, fact }` (the year as written, the fact it is in), or null to keep the
 * chosen year. `about`: whether a fact of the set is about the same thing (default: same subject).
 */
export function yearOfEvent(
  event: ReadonlySet<string>,
  facts: readonly string[],
  chosen: { value: string; fact: number },
  about?: (fact: string) => boolean,
  ordinary: (word: string) => boolean = () => false,
): { value: string; fact: number } | null {
  if (event.size === 0 || !isYear(chosen.value.trim())) return null;
  const home = facts[chosen.fact];
  if (home === undefined) return null;
  const subject = subjectOf(home, ordinary)?.toLowerCase();
  const same = about ?? ((f: string) => subject !== undefined && subjectOf(f, ordinary)?.toLowerCase() === subject);
  const years = facts.flatMap((f, i) => (i === chosen.fact || same(f) ? datedYears(f, i) : []));
  const mine = years.find((y) => y.fact === chosen.fact && y.value === chosen.value.trim());
  if (!mine) return null;
  const own = overlap(mine.words, event);
  const best = Math.max(...years.map((y) => overlap(y.words, event)));
  if (best <= own) return null;
  const top = years.filter((y) => overlap(y.words, event) === best && y.value !== mine.value);
  const values = new Set(top.map((y) => y.value));
  if (values.size !== 1) return null;
  const pick = top[0] as DatedYear;
  return { value: pick.value, fact: pick.fact };
}

/**
 * Over all of a question's extreme derivations (MIN/MAX/ARGMIN/ARGMAX): when the years of some
 * are dated by words holding the question's event words, a year dated by words holding none of
 * them answers another event ("struck its last coin in 1596" for "the oldest company founded",
 * "re-coated in 2010" for "discovered") and its derivation becomes [NULL_ANSWER], in place.
 * Nothing changes when no year's words hold an event word (the collection writes the event
 * another way) or the question names none; numbers that are not years are left alone.
 * `home(i)`: the fact derivation i's value was copied from.
 */
export function offEventYears(
  derivations: Derivation[],
  asked: ReadonlySet<string>,
  home: (i: number) => string,
  /** Other words for an event word (WordNet's synonyms of a verb: "establish" for "found"), as written; each counts as the word. */
  synonyms: (word: string) => readonly string[] = () => [],
  /** Whether derivation i's key is shown to be of the class asked (classes.ts verdict 'agree'): then it is kept, its year perhaps written with a word of another verb ("dates back to 1977" for "founded"). */
  vouched: (i: number) => boolean = () => false,
): void {
  if (asked.size === 0) return;
  const event = new Set(asked);
  for (const word of asked) for (const other of synonyms(word)) for (const k of terms(other).keys()) event.add(k);
  const held = derivations.map((d, i) => {
    if (d.type !== 'MIN' && d.type !== 'MAX' && d.type !== 'ARGMIN' && d.type !== 'ARGMAX') return null;
    const value = d.value.trim();
    if (!isYear(value)) return null;
    const dated = datedYears(home(i)).find((y) => y.value === value);
    return dated ? overlap(dated.words, event) : null;
  });
  if (!held.some((n) => n !== null && n > 0)) return;
  held.forEach((n, i) => {
    if (n === 0 && !vouched(i)) derivations[i] = { type: 'NULL' };
  });
}
