/**
 * Count cues: "the most dogs", "the fewest orders", "the largest number of flights", "how many
 * courses", "the number of TV channels" name a class and ask for a count of its rows; after "the
 * most" / "the fewest" (and their "number of" forms) the count is also what the answer is ranked by,
 * most first or fewest first. On databases it was not trained on the model often ranks such a
 * question by an attribute it reads near the noun (validation misses: "the breed the most dogs have"
 * sorted by the dog's name; "the address with the most students" by a line of the address; "the
 * number of TV channels" as the count of distinct HD flags). A reading that counts no row of the
 * class the words name (`count A:Dogs.*`, a count of one of its attributes, or a distinct count of
 * its key: not the distinct values of another attribute), or, after a
 * superlative, does not rank by that count the way the words say, loses `COUNT_CUE_PENALTY`
 * log-probability per cue.
 *
 * The words must name a class, and no attribute (schema-names.ts): "the most expensive product" ranks
 * a price (order cues), "how many units in stock" and "the most customer company name" read an
 * attribute. A class the reading never uses is not
 * judged (the model may name it another way, a relation word on a graph): the cue only decides
 * between readings about the class.
 */
import type { SchemaGraph } from '../../schema-graph/types.js';
import type { SchemaNames } from '../schema-words/schema-names.js';
import { attributeToken, classToken } from '../model/target.js';
import type { CueKind } from './cue.js';

/** Log-probability a reading loses per count cue it does not follow; as much as the other cues (ORDER_CUE_PENALTY). */
export const COUNT_CUE_PENALTY = 4;

type Direction = 'asc' | 'desc';

/** Superlatives that rank by a count when "number of" (or "amount of", "count of") and a class follow: "the greatest amount of languages". */
const MORE = ['largest', 'highest', 'greatest', 'biggest', 'most', 'maximum', 'max'];
const FEWER = ['least', 'smallest', 'lowest', 'fewest', 'minimum', 'min'];
const MEASURES = ['number', 'amount', 'count'];
/** Words that rank by a count when a class follows: "the most orders", "the fewest products", "the largest number of flights". */
const RANKED_COUNTS: readonly { readonly words: readonly string[]; readonly direction: Direction }[] = [
  ...[['most'], ...MORE.flatMap((w) => MEASURES.map((m) => [w, m, 'of']))].map((words) => ({ words, direction: 'desc' as const })),
  ...[['fewest'], ['least'], ...FEWER.flatMap((w) => MEASURES.map((m) => [w, m, 'of']))].map((words) => ({ words, direction: 'asc' as const })),
];
/** Words that ask for a count of the class that follows: "how many orders", "the number of channels". */
const COUNTS: readonly (readonly string[])[] = [['how', 'many'], ['number', 'of'], ['count', 'of'], ['amount', 'of'], ['total', 'number', 'of']];
/** Words that may stand between the cue and the class's name ("the most different customers", "how many distinct ..."), besides values. */
const FILLER = new Set(['the', 'different', 'distinct', 'unique', 'separate', 'individual', 'total']);

/** Every word the count cues read: what a misspelt word of the question is repaired to. */
export const COUNT_WORDS: ReadonlySet<string> = new Set([...RANKED_COUNTS.flatMap((r) => r.words), ...COUNTS.flat()]);

export interface CountCue {
  /**
   * The classes whose rows may be counted (ids), each with its primary key's attributes (a distinct
   * count of one counts its rows too) and the foreign keys of other classes that refer to it (a
   * distinct count of `Documents.Template_ID` counts the templates documents use): one class, or
   * every class a word names ("films" names the class film and, by WordNet, cinema): the count of
   * any of them follows the cue.
   */
  readonly classes: readonly { readonly classId: string; readonly keys: readonly string[]; readonly referredBy?: readonly string[] }[];
  /** The way the count ranks the answer; null when the words only ask for the count. */
  readonly direction: Direction | null;
}
export type CountCues = readonly CountCue[];

/** The count cues of a question's words (`said`: questionWords, mentions as null). */
export function countCues(said: readonly (string | null)[], names: SchemaNames, schema: SchemaGraph): CountCues {
  const words = said.map((w) => w ?? '');
  const at = (i: number, run: readonly string[]) => run.every((w, k) => words[i + k] === w);
  const cues: CountCue[] = [];
  for (let i = 0; i < words.length; i += 1) {
    // The longest run that starts here: "most number of" before "most".
    const ranked = RANKED_COUNTS.filter((r) => at(i, r.words)).sort((a, b) => b.words.length - a.words.length)[0];
    const counted = ranked ? null : COUNTS.filter((run) => at(i, run)).sort((a, b) => b.length - a.length)[0];
    const run = ranked?.words ?? counted;
    if (!run) continue;
    let start = i + run.length;
    // A value may stand before the noun too: "how many official languages", "the number of red cars".
    while (start < words.length && (FILLER.has(words[start] as string) || said[start] === null)) start += 1;
    const classes = countedClassesAt(words, start, names, schema);
    if (classes) cues.push({ classes, direction: ranked?.direction ?? null });
    i += run.length - 1;
  }
  return cues;
}

/**
 * The classes whose rows a count of the words at `start` counts, or null: the longest name there
 * must be a class's alone, not followed by one of its attributes ("the most customer company
 * name", "the number of different employee titles of courtesy" read attributes); other classes the
 * same words name (by WordNet) come after it.
 */
export function countedClassesAt(words: readonly string[], start: number, names: SchemaNames, schema: SchemaGraph): CountCue['classes'] | null {
  const name = names.nameAt(words, start);
  if (name && name.classes.length === 0 && name.attributes.length > 0) return countedThroughAttributes(name.attributes, schema);
  const owner = name && name.attributes.length === 0 ? names.classAt(words, start) : null;
  if (!owner) return null;
  if (names.attributesAt(words, start + name!.length).some((token) => token.startsWith(`A:${owner.id}.`))) return null;
  const others = name!.classes.filter((id) => id !== owner.id).flatMap((id) => schema.classes.filter((c) => c.id === id));
  return [owner, ...others].map((c) => ({ classId: c.id, keys: c.attributes.filter((a) => a.primaryKey).map((a) => a.id), referredBy: foreignKeysTo(c.id, schema) }));
}

/**
 * "How many languages are spoken in Aruba", "the country that speaks the largest number of
 * languages": the words name no class but a text attribute (`countrylanguage.Language`), and what
 * is counted is the rows that hold its values, each a language of a country. A count of the
 * owner's rows or of the attribute's values (distinct or not) follows the cue. A number attribute
 * is no such noun: "how many units in stock" asks for its value. Null when any named attribute is
 * not text.
 */
function countedThroughAttributes(tokens: readonly string[], schema: SchemaGraph): CountCue['classes'] | null {
  const attributes = tokens.map((token) => schema.classes.flatMap((c) => c.attributes).find((a) => attributeToken({ classId: a.classId, attributeId: a.id }) === token));
  if (attributes.some((a) => !a || a.type !== 'text')) return null;
  return attributes.map((a) => {
    const owner = schema.classes.find((c) => c.id === a!.classId)!;
    return { classId: owner.id, keys: [...owner.attributes.filter((k) => k.primaryKey).map((k) => k.id), a!.id] };
  });
}

/** The one-column foreign keys of other classes that refer to `classId`, as attribute tokens. */
function foreignKeysTo(classId: string, schema: SchemaGraph): string[] {
  return schema.relations.filter((r) => r.to === classId && r.from !== classId && !r.through && r.fromColumns.length === 1).map((r) => attributeToken({ classId: r.from, attributeId: r.fromColumns[0] as string }));
}

/**
 * Whether the words at `start` say "number of ...", "count of ...", "amount of ..." as a count
 * of rows rather than a name: no schema name covers the whole run. A schema with an attribute
 * ending in "number" (invoice number, form number) reads "number" alone as a name, so "the highest
 * number of forms" would otherwise sort by the form number and "the name of the customer with the
 * most number of addresses" leave the "address number" unread; an attribute named "number of
 * employees" still covers the run and stays a name.
 */
export function countPhraseAt(words: readonly string[], start: number, names: SchemaNames): boolean {
  const run = COUNTS.filter((r) => r[0] !== 'how' && r.every((w, k) => words[start + k] === w)).sort((a, b) => b.length - a.length)[0];
  if (!run) return false;
  const name = names.nameAt(words, start);
  return !name || name.length < run.length;
}

/** The attribute a token names, when it is one of `classId`'s (any instance): `A:Dogs.*`, `A:Person#2.name` -> '*', 'name'. */
export function attributeOf(token: string | undefined, classId: string): string | null {
  const prefix = classToken(classId).replace(/^C:/, 'A:');
  if (!token?.startsWith(prefix)) return null;
  const rest = token.slice(prefix.length);
  const match = /^(?:#\d+)?\.(.+)$/.exec(rest);
  return match ? (match[1] as string) : null;
}

/** Whether `aggregate token` counts rows of one of the cue's classes: `count A:C.*`, `count A:C.x`, `count_distinct A:C.<key>`, `count_distinct` of a foreign key to C. */
export function countsRows(aggregate: string | undefined, token: string | undefined, cue: CountCue): boolean {
  return cue.classes.some(({ classId, keys, referredBy }) => {
    if (aggregate === 'count_distinct' && token && referredBy?.includes(token.replace(/#\d+\./, '.'))) return true;
    const attribute = attributeOf(token, classId);
    if (attribute === null) return false;
    return aggregate === 'count' || (aggregate === 'count_distinct' && keys.includes(attribute));
  });
}

/**
 * How many cues a finished reading does not follow. A reading that never names the cue's classes
 * (the model may name them another way, a relation word on a graph) is judged on what it counts
 * and ranks by: it must not count rows of another class ("the airport with the most flights"
 * read as a count of airports per airport, "the country that speaks the largest number of
 * languages" as a count of countries: validation misses on unseen databases), and after "the most
 * X" it must rank by a count, not sort by a plain attribute ("the breed with the most dogs" read
 * as the last breed name by the alphabet). A distinct count of a foreign key to the class is a
 * count of it ("how many templates do documents use": the distinct template ids of documents); a
 * reading that follows a relation is not judged on what it counts (the relation may be how it
 * names the class: "the friends of Kyle" through a friend table). A reading that neither counts
 * nor ranks is left alone.
 */
export function countContradictions(cues: CountCues, tokens: readonly string[]): number {
  let contradictions = 0;
  for (const cue of cues) {
    if (!tokens.some((t) => cue.classes.some(({ classId }) => t === classToken(classId) || attributeOf(t, classId) !== null))) {
      // A distinct count of a foreign key to the class counts it; a followed relation may be how the reading names it ("friends").
      const countsOther = !tokens.includes('follow') && tokens.some((t, k) => (t === 'count' || t === 'count_distinct') && !countsRows(t, tokens[k + 1], cue));
      const sortsOtherwise = tokens.some((t, k) => t === 'order' && tokens[k + 2] !== 'count' && tokens[k + 2] !== 'count_distinct');
      if (countsOther || (cue.direction !== null && sortsOtherwise)) contradictions += 1;
      continue;
    }
    const counts = tokens.some((t, k) => countsRows(tokens[k - 1], t, cue));
    const ranks = cue.direction === null || tokens.some((t, k) => t === 'order' && tokens[k + 1] === cue.direction && countsRows(tokens[k + 2], tokens[k + 3], cue));
    if (!counts || !ranks) contradictions += 1;
  }
  return contradictions;
}

/**
 * How many ranked cues ("the most dogs") a reading so far already contradicts by the order it has
 * written: a sort by a plain attribute where the words rank by a count. Judged inside the search,
 * as soon as the sort's attribute is written, so the beam makes room for a reading that ranks by
 * the count (on unseen databases no reading of the beam counted "the owner who owns the most dogs").
 */
export function rankedOtherwise(cues: CountCues, tokens: readonly string[]): number {
  const order = tokens.indexOf('order');
  if (order < 0 || !tokens[order + 2]?.startsWith('A:')) return 0;
  return cues.filter((cue) => cue.direction !== null).length;
}

/** Counts the words ask for: the ranking inside the search, the rest on finished readings. */
export const COUNT_CUE: CueKind = {
  name: 'count',
  words: COUNT_WORDS,
  read({ said, names, schema }) {
    const cues = countCues(said, names, schema);
    return { whileSearching: (tokens) => COUNT_CUE_PENALTY * rankedOtherwise(cues, tokens), whenFinished: (tokens) => COUNT_CUE_PENALTY * countContradictions(cues, tokens) };
  },
};
