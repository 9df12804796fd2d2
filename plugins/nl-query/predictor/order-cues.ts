/**
 * Order cues: "sorted by X", "ordered by X" and superlatives ("the highest X", "the lowest total
 * X") name what a question sorts by. On long questions the model sometimes sorts by another
 * attribute it also shows (held-out Northwind errors: "... and employee last name of all orders ...
 * by employee reports to" sorted by the last name). A reading that sorts by none of the attributes
 * the cue's words name (or does not sort at all) loses `ORDER_CUE_PENALTY` log-probability per cue.
 * The words must name an attribute (schema-names.ts); "the most orders" names a class and is left
 * to the model.
 */
import type { SchemaNames } from './schema-names.js';
import { ITEMS } from './target.js';

/** Log-probability a reading loses per order cue it does not follow. */
export const ORDER_CUE_PENALTY = 2;

const SORTED = [['sorted', 'by'], ['ordered', 'by'], ['sort', 'by'], ['sorting', 'by']];
const SUPERLATIVES = new Set(['highest', 'lowest', 'largest', 'smallest', 'biggest', 'greatest']);
/** Words between a superlative and the attribute it ranks: "the highest total unit price". */
const MEASURE_WORDS = new Set(['the', 'total', 'average', 'mean', 'maximum', 'minimum', 'max', 'min', 'sum', 'overall', 'combined']);

/**
 * Each cue: the attribute tokens one of which the reading must sort by; a superlative may also be
 * a maximum or minimum ("the biggest order id of order details" is `show max`).
 */
export type OrderCues = readonly { readonly attributes: readonly string[]; readonly superlative: boolean }[];

/** The order cues of a question's words (folded, null inside value mentions: coverage.ts questionWords). */
export function orderCues(said: readonly (string | null)[], names: SchemaNames): OrderCues {
  const words = said.map((w) => w ?? '');
  const cues: { attributes: readonly string[]; superlative: boolean }[] = [];
  for (let i = 0; i < words.length; i += 1) {
    let start = -1;
    const sorted = SORTED.find((run) => run.every((w, k) => words[i + k] === w));
    if (sorted) start = i + sorted.length;
    else if (SUPERLATIVES.has(words[i] as string)) {
      start = i + 1;
      while (start < words.length && MEASURE_WORDS.has(words[start] as string)) start += 1;
      if (words[start] === 'of') start += 1;
    }
    if (start < 0) continue;
    const attributes = names.attributesAt(words, start);
    if (attributes.length > 0) cues.push({ attributes, superlative: !sorted });
  }
  return cues;
}

/** How many cues `tokens` does not follow (no order item, nor for a superlative a max or min, of any attribute the cue names). */
export function orderContradictions(cues: OrderCues, tokens: readonly string[]): number {
  if (cues.length === 0) return 0;
  const sortedBy = new Set<string>();
  const extremes = new Set<string>();
  let item = '';
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i] as string;
    if ((ITEMS as readonly string[]).includes(token)) item = token;
    if (!token.startsWith('A:')) continue;
    const attribute = token.replace(/#\d+\./, '.');
    if (item === 'order') sortedBy.add(attribute);
    if (tokens[i - 1] === 'max' || tokens[i - 1] === 'min') extremes.add(attribute);
  }
  return cues.filter((cue) => !cue.attributes.some((a) => sortedBy.has(a) || (cue.superlative && extremes.has(a)))).length;
}
