/**
 * Words for kinds of what a noun names, from WordNet's hyponyms (`WordNet.kindsOf`, two senses,
 * two levels down): "lawyer" -> solicitor, barrister, ...; "horse" -> pony, mare, ...; "parrot" ->
 * budgerigar, budgie. The text-facts engine takes them as `kindsOf` (engines/nldb/selection.ts):
 * a support set that says "is a solicitor" then meets "lawyers" in a question. Only kinds, never
 * WordNet's synonyms: those run across meanings a collection keeps apart (WordNet makes "chemist"
 * and "pharmacist" one synset, "cat" a "guy"), while a kind of a thing is always that thing.
 */
import { WordNet } from '../../engines/english/wordnet.js';

/** One-word lower-case names of kinds of a noun (as written or plural), nearest first; [] without WordNet. */
export function kindsOf(word: string): string[] {
  try {
    return WordNet.shared().kindsOf(word);
  } catch {
    return []; // no WordNet database installed: the engine works without kinds
  }
}
