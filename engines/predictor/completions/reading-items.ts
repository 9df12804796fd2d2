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

/** The class of an attribute token of the first instance (`A:country.Name` -> country); null for any other token (another instance, a class, a value). */
export function firstInstanceClassOf(token: string | undefined): string | null {
  if (!token?.startsWith('A:') || token.includes('#')) return null;
  return token.slice(2, token.lastIndexOf('.'));
}

/**
 * The one plain attribute a reading shows (`A:Class.attribute`, first instance), or null when it
 * shows anything else or more, or groups, filters groups, computes or keeps extremes (there the
 * shown value is what was computed).
 */
export function onlyShownAttribute(tokens: readonly string[]): string | null {
  const items = itemsOf(tokens);
  if (items.some((item) => ['group', 'having', 'compute', 'extreme'].includes(item[0] as string))) return null;
  const shows = items.filter((item) => item[0] === 'show');
  if (shows.length !== 1 || shows[0]!.length !== 2) return null;
  const shown = shows[0]![1]!;
  return shown.startsWith('A:') && !shown.includes('#') && !shown.endsWith('.*') ? shown : null;
}

/** `tokens` (whose only show is `onlyShownAttribute`) showing `attribute` instead. */
export function showingInstead(tokens: readonly string[], attribute: string): readonly string[] {
  const end = tokens.indexOf(EOS);
  return [...itemsOf(tokens).flatMap((item) => (item[0] === 'show' ? ['show', attribute] : item)), ...(end >= 0 ? tokens.slice(end) : [])];
}

/**
 * A reading made of `items` with `patterns` (each a whole `none` / `some` item) put where patterns
 * go, after the follows and any patterns and before everything else (canonical order), ended as
 * `tokens` was.
 */
export function withPatternsAdded(items: readonly (readonly string[])[], patterns: readonly (readonly string[])[], tokens: readonly string[]): readonly string[] {
  const at = items.findIndex((item) => !['follow', 'none', 'some'].includes(item[0] as string));
  const reordered = [...items.slice(0, at < 0 ? items.length : at), ...patterns, ...(at < 0 ? [] : items.slice(at))];
  const end = tokens.indexOf(EOS);
  return [...reordered.flat(), ...(end >= 0 ? tokens.slice(end) : [])];
}

/** Classes of every schema token of `tokens` (any instance, classes joined through and `*`). */
export function classesNamed(tokens: readonly string[]): ReadonlySet<string> {
  const out = new Set<string>();
  for (const token of tokens) {
    if (token.startsWith('C:')) out.add(token.slice(2));
    else if (token.startsWith('A:')) out.add(token.slice(2, token.lastIndexOf('.')).replace(/#\d+$/, ''));
  }
  return out;
}
