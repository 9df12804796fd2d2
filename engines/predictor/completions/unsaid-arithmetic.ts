/**
 * Arithmetic the words do not ask for. The shared model reads "together", "combined" and a plain
 * "and" between two attributes as a plus often enough on databases it never saw:
 *
 * - an attribute with itself ("How much surface area do the countries in the Caribbean cover
 *   together?" read as the sum of `SurfaceArea + SurfaceArea`) is no value anyone asks for: the
 *   compute goes and every use of its value (`c1`) reads the attribute;
 * - a sum of two attributes where no word adds ("plus", "+", "added", "sum of") is a list: "the
 *   name, population, and life expectancy" shows both, each under the aggregate the sum had, when
 *   the sum is only shown (a sum sorted or compared by is left as written).
 *
 * Later computed values are renumbered.
 */
import { computedToken, EOS } from '../model/target.js';
import { itemsOf } from './reading-items.js';

/** Words that ask for a sum: with one of them, a plus may be what the question says. */
const ADDING: ReadonlySet<string> = new Set(['plus', '+', 'added', 'adding', 'add', 'sum', 'summed']);

/** `tokens` without the arithmetic the words do not ask for (see the file's comment); `tokens` itself when there is none. */
export function withoutUnsaidArithmetic(tokens: readonly string[], words: readonly string[]): readonly string[] {
  const items = itemsOf(tokens);
  const computes = items.filter((item) => item[0] === 'compute');
  const adds = words.some((w) => ADDING.has(w));
  const operands = (item: readonly string[]) => item.length === 4 && item[2]!.startsWith('A:') && item[3]!.startsWith('A:');
  const self = (item: readonly string[]) => operands(item) && item[2] === item[3];
  const used = (token: string) => items.filter((item) => item.includes(token));
  // A sum of two attributes only shown (`show c1`, `show avg c1`) becomes a list.
  const listed = (item: readonly string[], k: number) =>
    !adds && item[1] === '+' && operands(item) && !self(item) && used(computedToken(k + 1)).every((use) => use[0] === 'show' && use.at(-1) === computedToken(k + 1));
  const gone = computes.map((item, k) => self(item) || listed(item, k));
  if (!gone.some(Boolean)) return tokens;
  const renamed = new Map<string, readonly string[]>();
  let kept = 0;
  computes.forEach((item, k) => renamed.set(computedToken(k + 1), gone[k] ? (self(item) ? [item[2]!] : [item[2]!, item[3]!]) : [computedToken((kept += 1))]));
  const end = tokens.indexOf(EOS);
  const out = items
    .filter((item) => !(item[0] === 'compute' && gone[computes.indexOf(item)]))
    .flatMap((item) => {
      const split = item.findIndex((t) => (renamed.get(t)?.length ?? 0) > 1);
      // A shown sum that is a list: one show per operand, under the same aggregate.
      if (item[0] === 'show' && split >= 0) return renamed.get(item[split]!)!.flatMap((operand) => item.map((t, i) => (i === split ? operand : t)));
      return item.flatMap((t) => renamed.get(t) ?? [t]);
    });
  return [...out, ...(end >= 0 ? tokens.slice(end) : [])];
}
