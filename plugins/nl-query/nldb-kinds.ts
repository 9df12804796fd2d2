/**
 * Words for kinds of what a noun names, from WordNet's hyponyms (`WordNet.kindsOf`, the noun's
 * first nine senses, two levels down): "lawyer" -> solicitor, barrister, ...; "horse" -> pony, mare,
 * ...; "parrot" -> budgerigar, budgie; "case" -> bag, trunk, briefcase (its container sense is its
 * fifth). The text-facts engine takes them as `kindsOf` (engines/nldb/selection.ts): a support set
 * that says "is a solicitor" then meets "lawyers" in a question, and a key the facts call a trunk
 * agrees with "Which cases" (classes.ts). More than the first senses, because the question's
 * word does not say which one it means and a collection names its things by the sense it uses
 * (two senses missed the held-out "case" world's bags and trunks). Only kinds, never
 * WordNet's synonyms: those run across meanings a collection keeps apart (WordNet makes "chemist"
 * and "pharmacist" one synset, "cat" a "guy"), while a kind of a thing is always that thing.
 */
import { WordNet } from '../../engines/english/wordnet.js';

/** Senses of the noun whose kinds count (WordNet orders them by frequency). */
const KIND_SENSES = 9;

/** One-word lower-case names of kinds of a noun (as written or plural), nearest first; [] without WordNet. */
export function kindsOf(word: string): string[] {
  try {
    return WordNet.shared().kindsOf(word, KIND_SENSES);
  } catch {
    return []; // no WordNet database installed: the engine works without kinds
  }
}

/** Senses of a verb whose synonyms count as the same event. */
const EVENT_SENSES = 3;

/**
 * Other words for a verb, from WordNet's synonyms of its first senses, each of which has the
 * meaning among its own first two ("establish" -> found, launch, ...; "discover" -> find, detect,
 * ...): the text-facts engine counts a year dated by one as the question's event
 * (engines/nldb/event-years.ts `offEventYears`). Used only to keep readings a question's own word
 * would drop, never to add answers; [] without WordNet.
 */
export function eventSynonyms(word: string): string[] {
  try {
    return WordNet.shared().synonyms(word, 'verb', EVENT_SENSES);
  } catch {
    return [];
  }
}
