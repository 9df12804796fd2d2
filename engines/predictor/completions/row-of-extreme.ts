/**
 * The extreme of one attribute and what the same row holds: "the smallest version number and its
 * template type code", "the lowest version number, along with its corresponding template type
 * code", "the highest price and its product name". The words say it: one measure word of the
 * maximum or the minimum, said of an attribute (asked-measures.ts), then "its" or "their" after
 * "and" or "with". The shared model reads this as one extreme per value of the other attribute
 * (`show min A ; show B ; group B`), a table nobody asked for; the row that holds the extreme is
 * what is asked: `show A ; show B ; order asc A ; limit 1` (desc for the maximum). Only a reading
 * that shows that one aggregate beside plain attributes it groups by (and nothing it ranks or
 * filters groups by) is read again; any other stays as the model wrote it.
 */
import type { AskedMeasure } from './asked-measures.js';
import { EOS } from '../model/target.js';
import { itemsOf } from './reading-items.js';

/** Words that join the attribute's extreme to what its row holds: "and its", "with their". */
const JOINS: ReadonlySet<string> = new Set(['and', 'with']);
const POSSESSIVES: ReadonlySet<string> = new Set(['its', 'their']);

/** The one maximum or minimum the words ask for with "its" / "their" after it; null otherwise. */
export function extremeWithItsRow(said: readonly (string | null)[], asked: readonly AskedMeasure[]): AskedMeasure | null {
  const extremes = asked.filter((measure) => measure.aggregate === 'max' || measure.aggregate === 'min');
  if (extremes.length !== 1 || asked.length !== 1) return null;
  const measure = extremes[0]!;
  const its = said.findIndex((word, i) => i > measure.at && POSSESSIVES.has(word ?? '') && JOINS.has(said[i - 1] ?? ''));
  return its >= 0 ? measure : null;
}

/** `tokens` as the row holding the extreme (see the file's comment); `tokens` itself otherwise. */
export function withRowOfExtreme(tokens: readonly string[], measure: AskedMeasure | null): readonly string[] {
  if (!measure) return tokens;
  const items = itemsOf(tokens);
  if (items.some((item) => !['show', 'where', 'group', 'order', 'limit', 'class'].includes(item[0] as string))) return tokens;
  const shows = items.filter((item) => item[0] === 'show');
  const aggregates = shows.filter((item) => item.length === 3);
  const plain = shows.filter((item) => item.length === 2).map((item) => item[1] as string);
  const groups = items.filter((item) => item[0] === 'group').map((item) => item[1] as string);
  if (aggregates.length !== 1 || plain.length === 0) return tokens;
  const [, aggregate, attribute] = aggregates[0]! as readonly [string, string, string];
  if (aggregate !== measure.aggregate || !measure.attributes.includes(attribute.replace(/#\d+\./, '.'))) return tokens;
  // One extreme per group of the attributes shown beside it, and nothing else grouped.
  if (groups.length === 0 || groups.some((group) => !plain.includes(group))) return tokens;
  const kept = items.filter((item) => item[0] === 'show' || item[0] === 'where' || item[0] === 'class');
  const shown = kept.map((item) => (item === aggregates[0] ? ['show', attribute] : item));
  const at = shown.findIndex((item) => item[0] === 'class');
  const ranked = ['order', aggregate === 'max' ? 'desc' : 'asc', attribute, 'limit', '#1'];
  const end = tokens.indexOf(EOS);
  const body = at >= 0 ? [...shown.slice(0, at).flat(), ...ranked, ...shown.slice(at).flat()] : [...shown.flat(), ...ranked];
  return [...body, ...(end >= 0 ? tokens.slice(end) : [])];
}
