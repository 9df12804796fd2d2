/**
 * Words made from one another ("populated", "populous", "populace" and "population"; "operating"
 * and "operational"; "engineering" and "engineer"), told apart without a dictionary of
 * derivations: they open with the same stem, all but at most three letters of the shorter word,
 * and at least five letters.
 */

/** Letters the shared stem has at least. */
const MIN_STEM = 5;
/** Letters the shorter word may have past the shared stem (a suffix: -ed, -ous, -ing, -ity, -al). */
const MAX_SUFFIX = 3;

/** Whether two different folded words are made from one stem (see the file's comment). */
export function sharesStem(word: string, other: string): boolean {
  if (word === other) return false;
  let common = 0;
  while (common < word.length && word[common] === other[common]) common += 1;
  return common >= Math.max(MIN_STEM, Math.min(word.length, other.length) - MAX_SUFFIX);
}

/** The key words made from one stem are indexed by: their first MIN_STEM letters. */
export function stemKey(word: string): string | null {
  return word.length >= MIN_STEM ? word.slice(0, MIN_STEM) : null;
}
