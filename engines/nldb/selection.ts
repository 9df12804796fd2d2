/**
 * The selection check, by code: the words of a question that pick its entities out ("doctors" in
 * "How many people work as doctors?", "horse" in "Who keeps a horse?", "Brindlemoor" in "Who was
 * born in Brindlemoor?") must be found in a support set for it to answer the question.
 *
 * The extractor accepts sets that never mention what the question selects on: a chemist and a
 * lorry driver counted as doctors, a museum's visitor count for "the earliest birth year of any
 * doctor". Such a set shows nothing about the question, whatever the model says.
 *
 * Which words select is read from the collection (word-roles.ts, classes.ts), not from a list:
 * - a lower-case word selects when some fact writes it as a value ("is a doctor", "keeps a
 *   horse"), it is not mostly the word of a number ("visitors a year", "a workforce of 1,120":
 *   what is projected, not selected), it is neither a class noun of things nor the noun the
 *   question ranges over, unless people have it ("of any doctor"): the class check (classes.ts)
 *   decides "company" or "theatre", whose facts need not say what they are; and the question does
 *   not rank or compare by it ("the fewest employees", "over 770 workers");
 * - the words of the one name a question spells out select (two names are alternatives, as in
 *   "Was A founded before B?");
 * - a word no fact holds cannot be required (the collection says it another way, or not at all).
 * Words are compared as the lexical index keys them (lower case, plurals and -ed/-ing folded).
 * A set may also meet a word with a word for a kind of it ("solicitor" for "lawyer", "pony" for
 * "horse"), when the gateway passes such words in (`KindsOf`; the engine works without them).
 */
import { questionNouns, writtenNames, type ClassLexicon } from './classes.js';
import { term, terms } from './lexical-index.js';
import { nameMentions } from './ssg.js';
import { numberValue, tokenize } from './text.js';
import type { WordRoles } from './word-roles.js';

/** What the check needs to know of the collection. */
export interface SelectionEvidence {
  readonly roles: WordRoles;
  readonly classes: ClassLexicon;
}

/**
 * Words for kinds of what a word names, from outside the engine (the gateway reads WordNet's
 * hyponyms): "lawyer" -> ["solicitor", "barrister", ...]. Given the question's word as written.
 */
export type KindsOf = (word: string) => readonly string[];

/** A word of the question a support set must hold (as a term), with the question word it came from. */
export interface SelectionWord {
  readonly term: string;
  readonly word: string;
  /** Terms of words for kinds of it that the collection holds: a set holding one meets the word too. */
  readonly kinds?: readonly string[];
}

/**
 * A word that stands next to a number in this share of the facts holding it or more is the
 * number's own word (a unit or an attribute), never a selection: "year", "workforce", "visitors".
 */
export const NUMBER_WORD_SHARE = 0.5;

/** Words for units of time, as terms: how a date is asked for, never what selects. */
const TIME_UNITS: ReadonlySet<string> = new Set(['year', 'month', 'day', 'date', 'decade', 'century', 'season'].map((w) => term(w) ?? w));

/** Superlatives and comparatives a question ranks or compares by; the word after one is projected. */
const RANKING = /^(?:[a-z]+est|most|least|fewest|more|less|fewer|over|under|above|below|number)$/i;

/** The words of the question that select, as terms; empty when none can be checked. */
export function selectionWords(question: string, evidence: SelectionEvidence, kindsOf?: KindsOf): SelectionWord[] {
  const tokens = tokenize(question);
  const projected = projectedPositions(tokens.map((t) => t.text));
  // the noun the question ranges over is the class check's, unless people have it ("of any doctor")
  const nouns = questionNouns(question);
  const ranged = new Set(nouns.filter((n) => !evidence.classes.isPersonNoun(n)));
  const rangesOver = nouns[0] === undefined ? null : term(nouns[0]);
  const out: SelectionWord[] = [];
  const add = (word: string, t: string, kinds: readonly string[] = []) => {
    if (!out.some((w) => w.term === t)) out.push(kinds.length > 0 ? { term: t, word, kinds } : { term: t, word });
  };
  tokens.forEach((tok, i) => {
    const t = term(tok.text);
    if (t === null || !/^[a-z]/.test(tok.text)) return;
    const { roles, classes } = evidence;
    // a superlative's noun is projected ("the fewest employees") unless it is what the question
    // ranges over and people have it: "Who is the youngest dentist?" must find a dentist
    const rangedPerson = t === rangesOver && classes.isPersonNoun(t);
    if (projected.has(i) && !rangedPerson) return;
    // words for when ("In what year", "the earliest year") ask for a date, they select nothing:
    // facts state the number ("founded in 1835"), not the word
    if (TIME_UNITS.has(t)) return;
    if (roles.factsWith(t) === 0 || !roles.isValueWord(t) || roles.nearNumberShare(t) >= NUMBER_WORD_SHARE) return;
    if (ranged.has(t) || isThingClass(t, tok.text, classes)) return;
    add(tok.text, t, kindsHeld(tok.text, t, roles, kindsOf));
  });
  const names = nameMentions(question).filter((n) => !opensQuestion(question, n));
  if (names.length === 1) {
    for (const w of tokenize(names[0] as string)) {
      const t = term(w.text);
      if (t !== null && evidence.roles.factsWith(t) > 0) add(w.text, t);
    }
  }
  return out;
}

/** Whether the set's facts, together, hold every selection word (a join's words come from its two facts). */
export function meetsSelection(words: readonly SelectionWord[], facts: readonly string[]): boolean {
  if (words.length === 0) return true;
  const held = new Set(facts.flatMap((f) => [...terms(f).keys()]));
  return words.every((w) => held.has(w.term) || (w.kinds ?? []).some((k) => held.has(k)));
}

/**
 * The terms of the words for kinds of a word that some fact writes as a value ("is a solicitor",
 * "keeps a pony"): a kind the facts hold only in names ("Kestrel Bay" for a bay horse) is not one.
 */
function kindsHeld(word: string, t: string, roles: WordRoles, kindsOf: KindsOf | undefined): string[] {
  if (!kindsOf) return [];
  const out: string[] = [];
  for (const kind of kindsOf(word.toLowerCase())) {
    const k = term(kind);
    if (k !== null && k !== t && !out.includes(k) && roles.isValueWord(k)) out.push(k);
  }
  return out;
}

/**
 * Positions of the words a question ranks or compares by: the first content word after a
 * superlative, a comparative or a number ("the fewest employees", "over 770 workers", "the
 * number of visitors"), skipping function words ("more than 310,000 visitors").
 */
function projectedPositions(words: readonly string[]): Set<number> {
  const out = new Set<number>();
  words.forEach((w, i) => {
    if (!RANKING.test(w) && numberValue(w) === null) return;
    for (let j = i + 1; j < words.length && j <= i + 3; j++) {
      const next = words[j] as string;
      if (numberValue(next) !== null) break;
      if (term(next) === null) continue;
      out.add(j);
      break;
    }
  });
  return out;
}

/** A class noun of things: the class check decides it ("company", "museum", "zoo"). */
function isThingClass(t: string, word: string, classes: ClassLexicon): boolean {
  const nouns = [t, word.toLowerCase()];
  return nouns.some((n) => classes.isThingNoun(n) || (classes.isNameForming(n) && !classes.isPersonNoun(n)));
}

/** A one-word "name" that is the question's first word is its verb, capitalised ("Count the parks ..."). */
function opensQuestion(question: string, name: string): boolean {
  return !name.includes(' ') && question.trimStart().startsWith(name);
}

/**
 * The one name a question spells out (as the selection words take it), when the collection writes
 * it as a name of its own (`names`: lexical-index.ts `writtenNames`); else null.
 */
export function spelledName(question: string, names: ReadonlyMap<string, string>): string | null {
  const spelled = nameMentions(question).filter((n) => !opensQuestion(question, n));
  if (spelled.length !== 1) return null;
  const name = (spelled[0] as string).replace(/^(?:the|a|an)\s+/i, '');
  return names.has(name.toLowerCase()) ? name : null;
}

/**
 * Whether some fact of a set writes the name as a name of its own, not only inside a longer one
 * ("Velmark" of "the Velmark Chamber Orchestra", "West Mendale" of "West Mendale Library"): the
 * name's words alone show nothing about it. "Velmark-born X" and "Dunmere's X" write it whole.
 */
export function holdsName(name: string, facts: readonly string[]): boolean {
  const key = name.toLowerCase();
  return facts.some((fact) =>
    writtenNames(fact).some((run) => {
      const words = run.split(' ');
      // a word joined to the name by a hyphen before a lower-case word ("Velmark-born") ends it
      const cut = words.findIndex((w) => /-\p{Ll}/u.test(w));
      const parts = cut < 0 ? [words] : [words.slice(0, cut + 1), words.slice(cut + 1)];
      return parts.some((part) => {
        const text = part.join(' ').replace(/-\p{Ll}[\p{L}-]*$/u, '');
        // (a capitalised word opening the fact, "In Velmark, ...", is no part of the name)
        const bare = text.split(' ').filter((w, i) => i > 0 || term(w) !== null).join(' ');
        return text.toLowerCase() === key || bare.toLowerCase() === key;
      });
    }),
  );
}
