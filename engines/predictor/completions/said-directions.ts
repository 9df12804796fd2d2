/**
 * Sorts the words ask for: "in reverse alphabetical order", "sorted by rating from high to low",
 * "the most recent cartoon". On databases it never saw, the shared model reads which attribute a
 * question sorts by more often than which way, and its beam may hold the sort one way only, or no
 * sort at all (questions-others: "the section names in reverse alphabetical order", every reading
 * ascending or unsorted). The order cues (cues/order.ts) read the attribute and the way from the
 * words. A reading that sorts by an attribute a cue names, the other way than the cue says, is
 * sorted the cue's way; a reading that sorts by nothing and shows one attribute a cue names is
 * sorted by it. An attribute two cues send opposite ways is left as the model wrote it.
 *
 * What a sort verb names is what the reading sorts by ("Order by document id", "ordered by their
 * air date"): a reading that sorts by something else (the count it shows, another attribute) is
 * sorted by the named attribute instead, the one it shows or groups by (or a column holding it:
 * a foreign key to the named key), else the one of a class it reads, and ascending unless the words
 * say otherwise (withSaidSortKey).
 */
import type { OrderCues } from '../cues/order.js';
import type { SchemaGraph } from '../../schema-graph/types.js';
import { attributeToken, EOS } from '../model/target.js';
import { itemsOf } from './reading-items.js';
import { ownerOf } from '../cues/reading-classes.js';

/** Items that come after the sort in a reading (model/target.ts ITEMS). */
const AFTER_ORDER: ReadonlySet<string> = new Set(['limit', 'offset', 'distinct', 'class']);

/** `tokens` sorted the way the words say; `tokens` itself when they say nothing it does not do. */
export function withSaidDirections(tokens: readonly string[], cues: OrderCues): readonly string[] {
  const said = new Map<string, 'asc' | 'desc' | null>();
  for (const cue of cues) {
    if (cue.direction === null) continue;
    for (const attribute of cue.attributes) said.set(attribute, said.has(attribute) && said.get(attribute) !== cue.direction ? null : cue.direction);
  }
  if (said.size === 0) return tokens;
  const plain = (token: string | undefined) => token?.replace(/#\d+\./, '.');
  if (!tokens.includes('order')) return sortedAsSaid(tokens, said);
  let changed = false;
  const out = tokens.map((token, i) => {
    // A sort item is `order <direction> <measure>`; only a plain attribute's sort is turned.
    if (tokens[i - 1] !== 'order' || (token !== 'asc' && token !== 'desc')) return token;
    const attribute = tokens[i + 1];
    const direction = attribute?.startsWith('A:') ? said.get(plain(attribute)!) : undefined;
    if (!direction || direction === token) return token;
    changed = true;
    return direction;
  });
  return changed ? out : tokens;
}

/** An unsorted reading that shows exactly one attribute the cues give a direction for, sorted by it; else `tokens`. */
function sortedAsSaid(tokens: readonly string[], said: ReadonlyMap<string, 'asc' | 'desc' | null>): readonly string[] {
  const shown = tokens.flatMap((token, i) => (tokens[i - 1] === 'show' && token.startsWith('A:') && said.get(token.replace(/#\d+\./, '.')) ? [token] : []));
  if (shown.length !== 1 || tokens.includes('limit')) return tokens;
  const attribute = shown[0]!;
  const end = tokens.indexOf(EOS) >= 0 ? tokens.indexOf(EOS) : tokens.length;
  const at = tokens.findIndex((token, i) => i < end && AFTER_ORDER.has(token));
  const place = at >= 0 ? at : end;
  return [...tokens.slice(0, place), 'order', said.get(attribute.replace(/#\d+\./, '.'))!, attribute, ...tokens.slice(place)];
}


/** `tokens` sorted by the attribute the one sort verb of the question names, when they sort by something else; `tokens` itself otherwise. */
export function withSaidSortKey(tokens: readonly string[], cues: OrderCues, schema: SchemaGraph): readonly string[] {
  const sorts = cues.filter((cue) => cue.sortVerb);
  if (sorts.length !== 1) return tokens;
  // A column that holds the named key of another class is sorted as that key ("ordered by id":
  // the document ids the reading shows from paragraphs).
  const cue = { ...sorts[0]!, attributes: [...new Set(sorts[0]!.attributes.flatMap((a) => [a, ...columnsReferring(a, schema)]))] };
  const items = itemsOf(tokens);
  const orders = items.filter((item) => item[0] === 'order');
  if (orders.length !== 1) return tokens;
  const order = orders[0]!;
  const plain = (token: string | undefined) => token?.replace(/#\d+\./, '.');
  if (order.slice(2).some((token) => cue.attributes.includes(plain(token) as string))) return tokens;
  const used = (keyword: string) => new Set(items.filter((item) => item[0] === keyword).flatMap((item) => (item.length === 2 ? [item[1] as string] : [])));
  const shown = used('show');
  const grouped = used('group');
  const classes = new Set(tokens.filter((t) => t.startsWith('A:')).map(ownerOf));
  const named = (among: (attribute: string) => boolean) => cue.attributes.filter(among);
  const candidates = [named((a) => shown.has(a) || grouped.has(a)), named((a) => classes.has(ownerOf(a)))].find((found) => found.length > 0) ?? [];
  // A grouped reading can sort only by what it groups or shows.
  if (candidates.length !== 1 || (grouped.size > 0 && !shown.has(candidates[0]!) && !grouped.has(candidates[0]!))) return tokens;
  const end = tokens.indexOf(EOS);
  const sorted = ['order', cue.direction ?? 'asc', candidates[0]!];
  return [...items.flatMap((item) => (item === order ? sorted : item)), ...(end >= 0 ? tokens.slice(end) : [])];
}

/** The one-column foreign keys of other classes that hold `attribute` (a token), as tokens. */
function columnsReferring(attribute: string, schema: SchemaGraph): string[] {
  return schema.relations
    .filter((r) => !r.through && r.from !== r.to && r.fromColumns.length === 1 && attributeToken({ classId: r.to, attributeId: r.toColumns[0]! }) === attribute)
    .map((r) => attributeToken({ classId: r.from, attributeId: r.fromColumns[0]! }));
}
