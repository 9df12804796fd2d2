/**
 * Patterns affirmed: a `none` pattern (an anti-join) denies, and English denies with a handful of
 * words (cues/negation.ts). On databases it was not trained on, the shared model writes `none` for
 * questions that only say "any", "some" or "ever" ("How many dogs went through any treatments?",
 * "the battles that lost any 'Brig' type ships"): the pattern it read is right, its polarity is not.
 * When no word of the question denies, such a reading's `none` patterns are read as `some` (at
 * least one row meets the pattern). A pattern that compares with another row ("a greater area than
 * any country in Europe": no European country's is as large) or follows relations between
 * instances of a class is left as it is: there "any" does mean every, and its instances are its own.
 */
import { EOS, PATTERN_END } from '../model/target.js';

/** `tokens` with its `none` patterns read as `some`, when `denied` is false and every one of them can be; else `tokens`. */
export function affirmedPatterns(tokens: readonly string[], denied: boolean): readonly string[] {
  if (denied || !tokens.includes('none')) return tokens;
  const patterns: (readonly string[])[] = [];
  let open: string[] | null = null;
  for (const token of tokens) {
    if (token === EOS) break;
    if (!open && token === 'none') open = [];
    if (open) open.push(token);
    if (open && token === PATTERN_END) {
      patterns.push(open);
      open = null;
    }
  }
  if (patterns.some((pattern) => pattern.includes('compare') || pattern.includes('follow'))) return tokens;
  // Outside patterns `none` is no token (the grammar writes it only to open one), and `none` patterns come first.
  return tokens.map((token) => (token === 'none' ? 'some' : token));
}
