/** Readings cut into their items, for the completions that rewrite them. */
import { EOS, ITEMS, PATTERN_END } from '../model/target.js';

/** A reading cut into its items, each a keyword and what follows it; a `none` / `some` pattern is one item to its `end`. */
export function itemsOf(tokens: readonly string[]): readonly (readonly string[])[] {
  const items: string[][] = [];
  let depth = 0;
  for (const token of tokens) {
    if (token === EOS) break;
    if (depth === 0 && (ITEMS as readonly string[]).includes(token)) items.push([]);
    items[items.length - 1]?.push(token);
    if (token === 'none' || token === 'some') depth += 1;
    else if (token === PATTERN_END) depth = Math.max(0, depth - 1);
  }
  return items;
}
