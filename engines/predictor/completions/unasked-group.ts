/**
 * A total the question asks for is one total, not one per thing no word names: "Give the total
 * surface area covered by countries in Asia or Europe" read as each country's surface area
 * (`show country.Name ; show sum country.SurfaceArea ; group country.Name`). When the question
 * opens by asking for an aggregate ("what is the total ...", "give the average ...", "how many
 * ..."), says nothing that groups ("each", "every", "per", or "by X" after a word that is no
 * participle: "covered by countries" says who covers), and the reading groups by
 * attributes no word of the question names, without ranking or filtering the groups, those groups
 * and the shown attributes they group go.
 */
import type { SchemaNames } from '../schema-words/schema-names.js';
import { EOS } from '../model/target.js';
import { itemsOf } from './reading-items.js';
import { openings } from './listed-shows.js';

/** Words that open a request for an aggregate: "the total ...", "the average ...", "the number of ...". */
const AGGREGATE_WORDS: ReadonlySet<string> = new Set(['total', 'average', 'mean', 'maximum', 'minimum', 'max', 'min', 'sum', 'number', 'count']);

/** Whether the words ask for one aggregate and say nothing that groups; `grouped`: a group phrase is said (cues/group.ts). */
export function asksForOneAggregate(said: readonly (string | null)[], grouped: boolean): boolean {
  const words = said.map((w) => w ?? '');
  // "each", "every" and "per" anywhere group: "How many products does each category have?".
  if (grouped || words.some((w) => w === 'each' || w === 'every' || w === 'per')) return false;
  // "by country" groups (or sorts); "covered by countries" says who.
  if (words.some((w, i) => w === 'by' && i > 0 && !/(ed|en)$/.test(words[i - 1] as string))) return false;
  if (words[0] === 'how' && (words[1] === 'many' || words[1] === 'much')) return true;
  const first = openings(words)[0];
  return first !== undefined && first.sentence === 0 && AGGREGATE_WORDS.has(words[first.at] as string);
}

/** The attribute tokens the question's words name, anywhere. */
export function namedAttributes(said: readonly (string | null)[], names: SchemaNames): ReadonlySet<string> {
  const words = said.map((w) => w ?? '');
  return new Set(words.flatMap((w, i) => (w ? (names.nameAt(words, i)?.attributes ?? []) : [])));
}

/** `tokens` without the groups no word asks for (see the file's comment); `tokens` itself otherwise. */
export function withoutUnaskedGroups(tokens: readonly string[], oneAggregate: boolean, named: ReadonlySet<string>): readonly string[] {
  if (!oneAggregate) return tokens;
  const items = itemsOf(tokens);
  if (items.some((item) => ['order', 'limit', 'having', 'extreme', 'follow', 'none', 'some'].includes(item[0] as string))) return tokens;
  const groups = items.filter((item) => item[0] === 'group');
  const unasked = new Set(groups.filter((item) => item.length === 2 && !named.has((item[1] as string).replace(/#\d+\./, '.'))).map((item) => item[1] as string));
  if (groups.length === 0 || unasked.size !== groups.length) return tokens;
  const kept = items.filter((item) => !(item[0] === 'group' || (item[0] === 'show' && item.length === 2 && unasked.has(item[1] as string))));
  if (!kept.some((item) => item[0] === 'show')) return tokens;
  const end = tokens.indexOf(EOS);
  return [...kept.flat(), ...(end >= 0 ? tokens.slice(end) : [])];
}
