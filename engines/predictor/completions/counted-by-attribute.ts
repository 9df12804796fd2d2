/**
 * A count some attribute already holds: "How many people live in Gelderland district?" asks for
 * the district's cities' population summed, not for a count of rows of any class. When a question
 * asks "how many N" or "the number of N" for a noun N that names nothing in the schema, and a
 * number attribute's name ends with a noun that is a kind of N (WordNet: a population is a kind of
 * people), a reading that only counts rows shows the sum of that attribute instead, when exactly
 * one such attribute is of a class the reading reads (outside its patterns; of several, of the
 * class its conditions are on).
 */
import type { SchemaGraph } from '../../schema-graph/types.js';
import { fold } from '../../english/normalize.js';
import { singularWord } from '../../schema-graph/names.js';
import { attributeToken, EOS } from '../model/target.js';
import type { SchemaNames } from '../schema-words/schema-names.js';
import { classesNamed, itemsOf } from './reading-items.js';
import { ownerOf } from '../cues/reading-classes.js';

const NUMBER_TYPES: ReadonlySet<string> = new Set(['integer', 'decimal', 'float']);

/**
 * The number attributes whose values count what the question asks "how many" of, when the noun it
 * counts names no class or attribute (`isKindOf`: WordNet's hypernyms); none otherwise.
 */
export function attributesCounting(said: readonly (string | null)[], names: SchemaNames, schema: SchemaGraph, isKindOf: ((noun: string, ancestor: string) => boolean) | undefined): readonly string[] {
  if (!isKindOf) return [];
  const words = said.map((w) => w ?? '');
  const at = words.findIndex((w, i) => (w === 'how' && words[i + 1] === 'many') || (w === 'number' && words[i + 1] === 'of'));
  const noun = at >= 0 ? words[at + 2] : undefined;
  if (!noun || names.nameAt(words, at + 2) !== null) return [];
  const counts = (head: string) => isKindOf(head, noun) || isKindOf(head, singularWord(noun));
  return schema.classes.flatMap((owner) =>
    owner.attributes
      .filter((a) => NUMBER_TYPES.has(a.type) && !a.primaryKey && counts(fold(a.name.singular).split(' ').at(-1) as string))
      .map((a) => attributeToken({ classId: owner.id, attributeId: a.id })),
  );
}

/** `tokens` showing the sum of the one counting attribute of its classes instead of a count of rows; `tokens` itself otherwise. */
export function withCountedByAttribute(tokens: readonly string[], counting: readonly string[]): readonly string[] {
  if (counting.length === 0) return tokens;
  const items = itemsOf(tokens);
  const shows = items.filter((item) => item[0] === 'show');
  if (shows.length !== 1 || shows[0]![1] !== 'count' || !shows[0]![2]?.endsWith('.*') || items.some((item) => item[0] === 'group' || item[0] === 'having')) return tokens;
  // Of the classes the reading reads outside its patterns; of several, the one its conditions are on.
  const read = classesNamed(items.filter((item) => item[0] !== 'none' && item[0] !== 'some').flat());
  const conditioned = classesNamed(items.filter((item) => item[0] === 'where').flat());
  let candidates = counting.filter((a) => read.has(ownerOf(a)));
  if (candidates.length > 1) candidates = candidates.filter((a) => conditioned.has(ownerOf(a)));
  if (candidates.length !== 1) return tokens;
  const end = tokens.indexOf(EOS);
  return [...items.flatMap((item) => (item[0] === 'show' ? ['show', 'sum', candidates[0]!] : item)), ...(end >= 0 ? tokens.slice(end) : [])];
}
