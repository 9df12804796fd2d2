/**
 * Yes/no questions of class membership ("Is Ilse Marrow an astronomer?"): the extractor answers
 * yes from any fact that names the person and holds the class word, also when the word is another
 * name's ("Theo Brannagh, an astronomer in the Exoplanet Survey Group, is married to the chemist
 * Ilse Marrow"). The collection says whose class a word is (classes.ts: "X, a NOUN", "the NOUN X",
 * "X is a NOUN"), so a yes that rests only on facts giving the word to someone else shows nothing.
 * Domain-free: the question's grammar, and what the facts state.
 */
import { nameKey, namesIn, singular } from './classes.js';
import { terms } from './lexical-index.js';
import { nameMentions } from './ssg.js';

/** What a membership question asks: whether `name` is a `noun`. */
export interface MembershipAsked {
  readonly name: string;
  readonly noun: string;
}

/** "Is/Was X a/an NOUN?" with X a name the question spells out; null for any other question. */
export function membershipAsked(question: string): MembershipAsked | null {
  const m = /^\s*(?:is|was|are|were)\s+(?:the\s+)?(.+?)\s+an?\s+([A-Za-z-]+)\s*\??\s*$/i.exec(question);
  if (!m) return null;
  const name = (m[1] as string).trim();
  const mentions = nameMentions(question).map(nameKey);
  if (!mentions.includes(nameKey(name))) return null;
  return { name, noun: singular((m[2] as string).toLowerCase()) };
}

/** What the check needs of the collection's class statements (classes.ts ClassLexicon). */
export interface ClassStatements {
  classesOf(name: string): string[];
}

/**
 * Whether a yes for "Is `name` a `noun`?" from these facts shows nothing: no fact naming `name`
 * holds the word (or a word for a kind of it), or each that does names someone else the
 * collection calls one, and the collection never calls `name` one. False when a fact could state
 * it of `name`.
 */
export function yesShowsNothing(asked: MembershipAsked, facts: readonly string[], classes: ClassStatements, kinds: readonly string[] = []): boolean {
  const words = new Set([asked.noun, ...kinds]);
  const is = (n: string) => classes.classesOf(n).some((c) => words.has(c));
  if (is(asked.name)) return false;
  const key = nameKey(asked.name);
  const holding = facts.filter((f) => f.toLowerCase().includes(key) && [...terms(f).keys()].some((t) => words.has(t) || words.has(singular(t))));
  return holding.every((f) => namesIn(f).some((n) => n !== key && !n.includes(key) && is(n)));
}
