/**
 * A ranking by the attribute a superlative names, not by a count that ranks nothing or by the
 * extreme of another attribute: "the 3 most populated countries", "the production code of the most
 * recently aired cartoon", "how much does the most recent treatment cost". On databases it never
 * saw, the shared model reads "the most X" as "the X with the most rows" often enough that its
 * whole beam may rank a class by the count of its own rows per group (`group country.Name ; order
 * desc count country.*`: a count of 1 in every group, so the order is the tie-break's), or take the
 * maximum of the attribute asked for (`show max Treatments.cost`, not the cost of the latest
 * treatment). When the order cues (cues/order.ts) name one attribute of that class as what a
 * superlative ranks, the reading ranks the class by it instead:
 *
 * - a count of the class's rows grouped by its key or label (one row per group), or grouped by
 *   anything when the superlative stands before the class's singular noun ("the most recent
 *   cartoon" is one cartoon), becomes a sort by the attribute, without the count and the grouping;
 * - the one extreme of another attribute of the class becomes that attribute of the first row in
 *   the cue's order (the superlative ranks the class, the words ask for its attribute).
 *
 * Everything else the reading says (conditions, limit) is kept. A count grouped by another
 * attribute under a plural ("the regions with the most countries") counts rows that may be many
 * and is left as the model wrote it.
 */
import { labelAttribute } from '../../schema-graph/labels.js';
import type { SchemaGraph } from '../../schema-graph/types.js';
import type { OrderCue, OrderCues } from '../cues/order.js';
import { attributeToken, EOS } from '../model/target.js';
import { firstInstanceClassOf, itemsOf } from './reading-items.js';

/** The one superlative cue that names one attribute of `classId` and says which way; null when none or several. */
function superlativeOf(cues: OrderCues, classId: string): OrderCue | null {
  const said = cues.filter((cue) => cue.superlative && cue.direction !== null && cue.attributes.length === 1 && firstInstanceClassOf(cue.attributes[0]) === classId);
  return said.length === 1 ? (said[0] as OrderCue) : null;
}

/** `tokens` ranked by the attribute a superlative names (see the file's comment); `tokens` itself otherwise. */
export function withRankedByAttribute(tokens: readonly string[], cues: OrderCues, schema: SchemaGraph): readonly string[] {
  const items = itemsOf(tokens);
  if (items.some((item) => ['having', 'follow', 'none', 'some', 'compute', 'extreme', 'offset'].includes(item[0] as string))) return tokens;
  const end = tokens.indexOf(EOS);
  const rest = end >= 0 ? tokens.slice(end) : [];
  const orders = items.filter((item) => item[0] === 'order');
  if (orders.length === 0) return extremeAsFirst(items, rest, cues);
  const order = orders[0];
  if (orders.length !== 1 || order?.length !== 4 || order[2] !== 'count' || !order[3]?.endsWith('.*')) return tokens;
  const ranked = firstInstanceClassOf(order[3]);
  const owner = schema.classes.find((c) => c.id === ranked);
  const cue = ranked ? superlativeOf(cues, ranked) : null;
  if (!ranked || !owner || !cue) return tokens;
  const perRow = new Set([...owner.primaryKey, labelAttribute(schema, ranked)?.id].filter((id): id is string => Boolean(id)).map((id) => attributeToken({ classId: ranked, attributeId: id })));
  const groups = items.filter((item) => item[0] === 'group');
  const grouped = groups.length > 0 && groups.every((g) => g.length === 2 && firstInstanceClassOf(g[1]) === ranked);
  if (!grouped || !(cue.single || groups.every((g) => perRow.has(g[1] as string)))) return tokens;
  const counted = order[3];
  const out = items.flatMap((item) => {
    if (item[0] === 'group' || (item[0] === 'show' && item[1] === 'count' && item[2] === counted)) return [];
    if (item === order) return ['order', cue.direction as string, cue.attributes[0] as string];
    return item;
  });
  return out.includes('show') ? [...out, ...rest] : tokens;
}

/** `show max B` (alone) of the class a superlative ranks by A, as `show B order <way> A limit #1`; the items as they were otherwise. */
function extremeAsFirst(items: readonly (readonly string[])[], rest: readonly string[], cues: OrderCues): readonly string[] {
  const original = [...items.flat(), ...rest];
  const shows = items.filter((item) => item[0] === 'show');
  const show = shows[0];
  if (shows.length !== 1 || show?.length !== 3 || (show[1] !== 'max' && show[1] !== 'min')) return original;
  if (items.some((item) => ['group', 'limit', 'distinct'].includes(item[0] as string))) return original;
  const shown = show[2] as string;
  const owner = firstInstanceClassOf(shown);
  const cue = owner ? superlativeOf(cues, owner) : null;
  if (!cue || cue.attributes[0] === shown || shown.endsWith('.*')) return original;
  return [...items.flatMap((item) => (item === show ? ['show', shown] : item)), 'order', cue.direction as string, cue.attributes[0] as string, 'limit', '#1', ...rest];
}
