/**
 * Arithmetic of an attribute with itself is no value anyone asks for: "How much surface area do
 * the countries in the Caribbean cover together?" read as the sum of `SurfaceArea + SurfaceArea`
 * (the model takes "together", "combined" for a plus). A computed value whose two sides are one
 * and the same attribute (`compute + A:x A:x`) is that attribute: the compute goes and every use
 * of its value (`c1`) reads the attribute; later computed values are renumbered.
 */
import { computedToken, EOS } from '../model/target.js';
import { itemsOf } from './reading-items.js';

/** `tokens` with each computed value of an attribute with itself read as the attribute; `tokens` itself when there is none. */
export function withoutSelfArithmetic(tokens: readonly string[]): readonly string[] {
  const items = itemsOf(tokens);
  const computes = items.filter((item) => item[0] === 'compute');
  const selfMade = computes.flatMap((item, k) => (item.length === 4 && item[2]!.startsWith('A:') && item[2] === item[3] ? [{ item, k }] : []));
  if (selfMade.length === 0) return tokens;
  // Each computed token (c1, c2, ...) reads the attribute it stood for, or its new number.
  const renamed = new Map<string, string>();
  let kept = 0;
  computes.forEach((item, k) => {
    const self = selfMade.find((s) => s.item === item);
    renamed.set(computedToken(k + 1), self ? (item[2] as string) : computedToken((kept += 1)));
  });
  const end = tokens.indexOf(EOS);
  const out = items.filter((item) => !selfMade.some((s) => s.item === item)).flatMap((item) => item.map((t) => renamed.get(t) ?? t));
  return [...out, ...(end >= 0 ? tokens.slice(end) : [])];
}
