/**
 * Order cues: "sorted by X", "ordered by X", "by X alphabetically", superlatives ("the highest X",
 * "the lowest total X") and superlative adjectives of a class ("the cheapest product", "the oldest
 * employee") name what a question sorts by, and superlatives also which way; an adjective before a
 * singular noun asks for one row, unless the noun opens an attribute's name or one follows it ("the 2
 * customers with the latest order date" ranks order dates). On long questions the model sometimes sorts
 * by another attribute it also shows (held-out Northwind errors: "... and employee last name of all
 * orders ... by employee reports to" sorted by the last name). A reading that does not sort by any
 * attribute the cue names, the cue's way (for a superlative, a maximum or minimum of it will do),
 * loses `ORDER_CUE_PENALTY` log-probability per cue. The words must name an attribute, or for an
 * adjective a class with a price or date (schema-names.ts); "the most orders" names a class and is
 * left to the model. "The first X" and "the last X" rank X by its dates as "the earliest" and "the
 * latest" do, a participle may stand before the class ("the most recently aired cartoon"), and a
 * column named as a date is one whatever type it was given (SQLite keeps dates as text). A sort is
 * said the ways people say it ("order by document id", "ordered by
 * their air date", "order the results by the level"), and which way by the words after what it
 * sorts by ("... from high to low", "... in descending order"); "in reverse alphabetical order"
 * without a "by" sorts the text the question names, Z first (validation misses on unseen
 * databases: the readings sorted by another attribute, or the other way).
 */
import type { SchemaAttribute, SchemaClass, SchemaGraph } from '../../schema-graph/types.js';
import { BIRTH, MONEY } from '../generator/english.js';
import { labelAttribute } from '../../schema-graph/labels.js';
import { key } from '../../english/normalize.js';
import { sharesStem } from '../../english/stems.js';
import type { SchemaNames } from '../schema-words/schema-names.js';
import { attributeToken, ITEMS } from '../model/target.js';
import type { CueKind } from './cue.js';
import { readAs } from './reading-view.js';
import { countPhraseAt } from './count.js';
import { keyTokens } from './aggregate.js';

/** Log-probability a reading loses per order cue it does not follow; as much as OPERATOR_CUE_PENALTY (measured there). */
export const ORDER_CUE_PENALTY = 4;

type Direction = 'asc' | 'desc';

/** Verbs that sort: "sorted by X", "order by X", "order the results by X". */
const SORT_VERBS: ReadonlySet<string> = new Set(['sorted', 'sort', 'sorting', 'ordered', 'order', 'ordering']);
/** What may stand between a sort verb and "by": "order the results by", "sort them by". */
const SORTED_THINGS: ReadonlySet<string> = new Set(['the', 'results', 'result', 'them', 'it', 'list', 'rows']);
/** Words between "by" and what it sorts by: "ordered by their air date", "sort by the level". */
const DETERMINERS: ReadonlySet<string> = new Set(['the', 'their', 'its', 'his', 'her']);
/** Words after what a sort names that say which way: "sorted by rating from high to low", "ordered by age in descending order". */
const DIRECTION_WORDS: readonly { readonly words: readonly string[]; readonly direction: Direction }[] = [
  ...['descending', 'in descending order', 'desc', 'from high to low', 'from highest to lowest', 'from largest to smallest', 'from most to least', 'highest first', 'most first', 'largest first', 'in reverse order', 'reversed'].map((w) => ({ words: w.split(' '), direction: 'desc' as const })),
  ...['ascending', 'in ascending order', 'asc', 'from low to high', 'from lowest to highest', 'from smallest to largest', 'from least to most', 'lowest first', 'fewest first', 'smallest first'].map((w) => ({ words: w.split(' '), direction: 'asc' as const })),
];
/**
 * Words after what a sort names that say which way by age or time ("sorted by age from old to
 * young", "by date from oldest to newest"): the elder first. For a date or a year the elder is
 * the earlier, for an age the larger; they say nothing of other attributes.
 */
const AGE_DIRECTION_WORDS: readonly { readonly words: readonly string[]; readonly elderFirst: boolean }[] = [
  ...['from old to young', 'from oldest to youngest', 'from older to younger', 'from old to new', 'from oldest to newest', 'from older to newer', 'from earliest to latest', 'from early to late', 'oldest first', 'earliest first'].map((w) => ({ words: w.split(' '), elderFirst: true })),
  ...['from young to old', 'from youngest to oldest', 'from younger to older', 'from new to old', 'from newest to oldest', 'from newer to older', 'from latest to earliest', 'from late to early', 'youngest first', 'newest first', 'latest first'].map((w) => ({ words: w.split(' '), elderFirst: false })),
];
/** "in reverse alphabetical order", "in alphabetical order", "reversed lexicographical order": a sort of text, without naming it after "by". */
const TEXT_ORDERS: readonly { readonly words: readonly string[]; readonly direction: Direction }[] = [
  ...['reverse', 'reversed', 'descending', 'inverse'].flatMap((way) => ['alphabetical', 'lexicographical', 'lexicographic'].map((kind) => ({ words: [way, kind, 'order'], direction: 'desc' as const }))),
  ...['alphabetical', 'lexicographical', 'lexicographic'].map((kind) => ({ words: ['in', kind, 'order'], direction: 'asc' as const })),
];
const SUPERLATIVES: ReadonlyMap<string, Direction> = new Map([
  ['highest', 'desc'],
  ['largest', 'desc'],
  ['biggest', 'desc'],
  ['greatest', 'desc'],
  ['lowest', 'asc'],
  ['smallest', 'asc'],
  // Superlatives of size, whatever is measured: "the shortest life expectancy", "the longest flight".
  ...(['longest', 'tallest', 'heaviest', 'widest', 'deepest', 'thickest'] as const).map((w) => [w, 'desc'] as const),
  ...(['shortest', 'lightest', 'narrowest', 'shallowest', 'thinnest'] as const).map((w) => [w, 'asc'] as const),
]);
/**
 * Words after "by X" that say X is sorted and which way ("by category name alphabetically", "by notes
 * from z to a"). Only words for text: "by country, highest first" may rank a total per country.
 */
const ALPHABETICAL: readonly { readonly words: readonly string[]; readonly direction: Direction }[] = [
  { words: ['alphabetically'], direction: 'asc' },
  { words: ['from', 'a', 'to', 'z'], direction: 'asc' },
  { words: ['from', 'z', 'to', 'a'], direction: 'desc' },
];
/** Words between a superlative and the attribute it ranks: "the highest total unit price". */
const MEASURE_WORDS = new Set(['the', 'total', 'average', 'mean', 'maximum', 'minimum', 'max', 'min', 'sum', 'overall', 'combined']);

/** Adjectives that rank a class by its price or its dates ("the 3 cheapest products"), as english.ts writes them. */
const ADJECTIVES: readonly { readonly words: readonly string[]; readonly direction: Direction; readonly ranks: (a: SchemaAttribute, owner: SchemaClass) => boolean }[] = [
  ...[['cheapest'], ['least', 'expensive']].map((words) => ({ words, direction: 'asc' as const, ranks: isMoney })),
  ...[['most', 'expensive'], ['priciest'], ['costliest']].map((words) => ({ words, direction: 'desc' as const, ranks: isMoney })),
  ...[['oldest'], ['eldest'], ['earliest'], ['first']].map((words) => ({ words, direction: 'asc' as const, ranks: isAge })),
  ...[['youngest'], ['newest'], ['latest'], ['most', 'recent'], ['most', 'recently'], ['last']].map((words) => ({ words, direction: 'desc' as const, ranks: isAge })),
];

/** Every word the order cues read: what a misspelt word of the question is repaired to ("bgigest"). */
export const ORDER_WORDS: ReadonlySet<string> = new Set([...SORT_VERBS, 'by', ...SUPERLATIVES.keys(), ...MEASURE_WORDS, ...ADJECTIVES.flatMap((a) => a.words), 'alphabetically', ...TEXT_ORDERS.flatMap((t) => t.words)]);

/** Where a sort verb's "by" ends ("sorted by", "order the results by"): the index after "by", or null. */
function sortedByAt(words: readonly string[], i: number): number | null {
  if (!SORT_VERBS.has(words[i] as string)) return null;
  let k = i + 1;
  while (k < words.length && k - i <= 3 && SORTED_THINGS.has(words[k] as string)) k += 1;
  if (words[k] !== 'by') return null;
  k += 1;
  while (k < words.length && DETERMINERS.has(words[k] as string)) k += 1;
  return k;
}

function isMoney(attribute: SchemaAttribute): boolean {
  return attribute.type !== 'text' && MONEY.test(attribute.name.singular);
}

/** A name that says a date ("original air date", "date of treatment"), whatever type the column was given (SQLite keeps dates as text). */
const DATE_NAME = /\bdate\b/;

/** A birth date makes a thing old or young; a class without one is old by its other dates. */
function isAge(attribute: SchemaAttribute, owner: SchemaClass): boolean {
  const dated = (a: SchemaAttribute) => a.type === 'date' || a.type === 'datetime' || BIRTH.test(a.name.singular) || DATE_NAME.test(a.name.singular);
  const hasBirth = owner.attributes.some((a) => dated(a) && BIRTH.test(a.name.singular));
  return dated(attribute) && (!hasBirth || BIRTH.test(attribute.name.singular));
}

/** One cue: the attribute tokens one of which the reading must sort by, which way (null: either), and whether a maximum or minimum of it also does. */
export interface OrderCue {
  readonly attributes: readonly string[];
  readonly direction: Direction | null;
  readonly superlative: boolean;
  /** Whether the words ask for one row: a superlative adjective before a singular noun ("our cheapest product"). */
  readonly single?: boolean;
  /** Whether a sort verb names the attributes ("ordered by document id"): the words ask for that sort, not for a ranking. */
  readonly sortVerb?: boolean;
}

export type OrderCues = readonly OrderCue[];

/**
 * The order cues of a question's words (folded, null inside value mentions: cues/coverage.ts
 * questionWords); `schema`, when given, tells which named attributes are text for "in reverse
 * alphabetical order".
 */
export function orderCues(said: readonly (string | null)[], names: SchemaNames, schema?: SchemaGraph): OrderCues {
  const words = said.map((w) => w ?? '');
  const at = (i: number, run: readonly string[]) => run.every((w, k) => words[i + k] === w);
  const cues: OrderCue[] = [];
  for (let i = 0; i < words.length; i += 1) {
    const sortedStart = sortedByAt(words, i);
    const direction = SUPERLATIVES.get(words[i] as string);
    if (sortedStart !== null || direction) {
      let start = sortedStart ?? i + 1;
      if (direction) while (start < words.length && MEASURE_WORDS.has(words[start] as string)) start += 1;
      if (direction && words[start] === 'of') start += 1;
      // "the highest number of forms", "sorted by number of orders": a count of rows (count.ts), not an attribute named "... number".
      if (countPhraseAt(words, start, names)) continue;
      const name = names.nameAt(words, start);
      const attributes = name?.attributes ?? [];
      // "sorted by rating from high to low": the words after the name say which way.
      const way = sortedStart !== null && name ? (DIRECTION_WORDS.find((d) => at(start + name.length, d.words))?.direction ?? ageWay(attributes, AGE_DIRECTION_WORDS.find((d) => at(start + name.length, d.words)), schema)) : undefined;
      if (attributes.length > 0) cues.push({ attributes, direction: direction ?? way ?? null, superlative: Boolean(direction), ...(sortedStart !== null ? { sortVerb: true } : {}) });
      continue;
    }
    const textOrder = schema ? TEXT_ORDERS.find((t) => at(i, t.words)) : undefined;
    if (textOrder && schema && !words.slice(0, i).includes('by')) {
      const attributes = namedText(words, names, schema);
      if (attributes.length > 0) cues.push({ attributes, direction: textOrder.direction, superlative: false });
      continue;
    }
    if (words[i] === 'by') {
      const name = names.nameAt(words, i + 1);
      const alphabetical = name && name.attributes.length > 0 ? ALPHABETICAL.find((a) => at(i + 1 + name.length, a.words)) : undefined;
      if (name && alphabetical) cues.push({ attributes: name.attributes, direction: alphabetical.direction, superlative: false });
      continue;
    }
    const adjective = ADJECTIVES.find((a) => at(i, a.words));
    if (!adjective) {
      const derived = schema ? derivedSuperlativeAt(words, i, names, schema) : null;
      if (derived) cues.push(derived);
      continue;
    }
    // "the most recently aired cartoon", "the first registered student": a participle may stand before the class.
    let noun = i + adjective.words.length;
    if (/^[a-z]{3,}ed$/.test(words[noun] as string) && !names.nameAt(words, noun)) noun += 1;
    const owner = names.classAt(words, noun);
    if (!owner) continue;
    const attributes = owner.attributes.filter((a) => adjective.ranks(a, owner)).map((a) => attributeToken({ classId: owner.id, attributeId: a.id }));
    // "the cheapest product" is one; "the cheapest products" (or "the cheapest sheep") may be any number,
    // and so may "the 2 employees with the latest order date" or "... the oldest employee hire date":
    // the class's word opens an attribute's longer name, or an attribute's name follows it, so the
    // adjective ranks that attribute, not one of the class's things.
    const singular = key(owner.name.singular);
    const longer = names.nameAt(words, noun);
    const after = names.nameAt(words, noun + singular.split(' ').length);
    const ranksAttribute = (longer !== null && longer.attributes.length > 0 && longer.length > singular.split(' ').length) || (after !== null && after.attributes.length > 0);
    const single = singular !== key(owner.name.plural) && at(noun, singular.split(' ')) && !ranksAttribute;
    if (attributes.length > 0) cues.push({ attributes, direction: adjective.direction, superlative: true, single });
  }
  return cues;
}

/** Which way age words sort `attributes` (all dates or years, or all ages); undefined when they say nothing, sort something else, or the attributes disagree. */
function ageWay(attributes: readonly string[], said: { readonly elderFirst: boolean } | undefined, schema: SchemaGraph | undefined): Direction | undefined {
  if (!said || !schema) return undefined;
  const kinds = new Set(
    attributes.map((token) => {
      const owner = schema.classes.find((c) => c.id === token.slice(2, token.lastIndexOf('.')));
      const attribute = owner?.attributes.find((a) => a.id === token.slice(token.lastIndexOf('.') + 1));
      if (!attribute) return 'other';
      const named = key(attribute.name.singular).split(' ');
      if (attribute.type === 'date' || attribute.type === 'datetime' || (NUMBERS.has(attribute.type) && named.includes('year'))) return 'date';
      return NUMBERS.has(attribute.type) && named.includes('age') ? 'age' : 'other';
    }),
  );
  if (kinds.size !== 1 || kinds.has('other')) return undefined;
  return kinds.has('date') === said.elderFirst ? 'asc' : 'desc';
}

/** Number types a derived superlative ranks ("the most populated countries" ranks a count of people, not a name). */
const NUMBERS: ReadonlySet<string> = new Set(['integer', 'decimal', 'float']);

/**
 * "the most populated countries", "the least visited museum", "which country is the most
 * populous": "most" or "least" before a word made from a word of a number attribute's name (not
 * the name itself: "the least capacities" may total them per group) ranks by that attribute, of
 * the class after the word when one follows, else of the classes the question names. Null when no
 * number attribute fits, when they belong to more than one class, or when the words count rows
 * ("the most orders": count.ts).
 */
function derivedSuperlativeAt(words: readonly string[], i: number, names: SchemaNames, schema: SchemaGraph): OrderCue | null {
  const direction: Direction | undefined = words[i] === 'most' ? 'desc' : words[i] === 'least' ? 'asc' : undefined;
  const word = words[i + 1];
  if (!direction || !word || word.length < 5 || countPhraseAt(words, i + 1, names)) return null;
  // "the most products" counts a class's rows (count.ts).
  if (names.classAt(words, i + 1) || (names.nameAt(words, i + 1)?.classes.length ?? 0) > 0) return null;
  // Keys number rows; they rank nothing a superlative says.
  const keys = keyTokens(schema);
  const owner = names.classAt(words, i + 2);
  const asked = new Set(words.flatMap((_, k) => names.nameAt(words, k)?.classes ?? []));
  const classes = owner ? [owner] : schema.classes.filter((c) => asked.has(c.id));
  // Made from the name, not the name itself: "the least capacities" may total them per group.
  const fits = (a: SchemaAttribute) => !`${key(a.name.singular)} ${key(a.name.plural)}`.split(' ').includes(word) && key(a.name.singular).split(' ').some((w) => sharesStem(word, w));
  const ranked = classes.flatMap((c) => c.attributes.filter((a) => NUMBERS.has(a.type) && !keys.has(attributeToken({ classId: c.id, attributeId: a.id })) && fits(a)).map((a) => attributeToken({ classId: c.id, attributeId: a.id })));
  if (ranked.length === 0 || new Set(ranked.map((t) => t.slice(2, t.lastIndexOf('.')))).size > 1) return null;
  const single = owner !== null && key(owner.name.singular) !== key(owner.name.plural) && at(words, i + 2, key(owner.name.singular).split(' '));
  return { attributes: ranked, direction, superlative: true, single };
}

/** Whether `run` stands in `words` at `i`. */
const at = (words: readonly string[], i: number, run: readonly string[]) => run.every((w, k) => words[i + k] === w);

/** The text attributes the words name (each name read whole, longest first): what "in reverse alphabetical order" sorts. */
function namedText(words: readonly string[], names: SchemaNames, schema: SchemaGraph): string[] {
  const text = new Set(schema.classes.flatMap((c) => c.attributes.filter((a) => a.type === 'text').map((a) => attributeToken({ classId: c.id, attributeId: a.id }))));
  const found: string[] = [];
  for (let i = 0; i < words.length; i += 1) {
    const match = words[i] ? names.nameAt(words, i) : null;
    if (!match) continue;
    for (const attribute of match.attributes) if (text.has(attribute) && !found.includes(attribute)) found.push(attribute);
    i += match.length - 1;
  }
  return found;
}

/** How many cues `tokens` does not follow. */
export function orderContradictions(cues: OrderCues, tokens: readonly string[]): number {
  if (cues.length === 0) return 0;
  const sorted: { attribute: string; direction: string }[] = [];
  const extremes: { attribute: string; direction: string }[] = [];
  let item = '';
  let direction = '';
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i] as string;
    if ((ITEMS as readonly string[]).includes(token)) item = token;
    if (item === 'order' && (token === 'asc' || token === 'desc')) direction = token;
    if (!token.startsWith('A:')) continue;
    const attribute = token.replace(/#\d+\./, '.');
    if (item === 'order') sorted.push({ attribute, direction });
    // A maximum is the top of a descending order, a minimum of an ascending one.
    if (tokens[i - 1] === 'max' || tokens[i - 1] === 'min') extremes.push({ attribute, direction: tokens[i - 1] === 'max' ? 'desc' : 'asc' });
  }
  const follows = (cue: OrderCue, found: { attribute: string; direction: string }) => cue.attributes.includes(found.attribute) && (cue.direction === null || cue.direction === found.direction);
  return cues.filter((cue) => !sorted.some((s) => follows(cue, s)) && !(cue.superlative && extremes.some((e) => follows(cue, e)))).length;
}

/**
 * How many cues that ask for one row ("what's our cheapest product") a reading that sorts does not
 * keep to its first row (`limit #1`); a reading that shows the maximum or minimum instead is left
 * to the other checks. Judged on finished readings: the limit comes last.
 */
export function unlimitedSingles(cues: OrderCues, tokens: readonly string[]): number {
  const singles = cues.filter((cue) => cue.single).length;
  if (singles === 0 || !tokens.includes('order')) return 0;
  const limit = tokens.indexOf('limit');
  return limit >= 0 && tokens[limit + 1] === '#1' ? 0 : singles;
}

/**
 * Whether a reading shows attributes in another order than the question names them ("fax and home
 * page of suppliers" shows the fax first): 1 if so, else 0. Only attributes the question names are
 * placed (a name several attributes share places each of them), and never a class's naming
 * attribute, which "which products" shows without naming it.
 */
export function shownOutOfOrder(said: readonly (string | null)[], tokens: readonly string[], names: SchemaNames, schema: SchemaGraph): number {
  const words = said.map((w) => w ?? '');
  // Where each attribute is first named by a name of its own, else by a name it shares ("id").
  const own = new Map<string, number>();
  const shared = new Map<string, number>();
  for (let i = 0; i < words.length; i += 1) {
    const match = names.nameAt(words, i);
    if (!match) continue;
    const first = match.attributes.length === 1 ? own : shared;
    for (const attribute of match.attributes) if (!first.has(attribute)) first.set(attribute, i);
    i += match.length - 1;
  }
  let last = -1;
  for (let i = 0; i + 1 < tokens.length; i += 1) {
    if (tokens[i] !== 'show' || !(tokens[i + 1] as string).startsWith('A:')) continue;
    const attribute = (tokens[i + 1] as string).replace(/#\d+\./, '.');
    // "the products and their id": a class's naming attribute is shown for its noun, wherever its name is.
    const owner = attribute.slice(2, attribute.lastIndexOf('.'));
    if (attribute === attributeToken({ classId: owner, attributeId: labelAttribute(schema, owner)?.id ?? '' })) continue;
    const position = own.get(attribute) ?? shared.get(attribute);
    if (position === undefined) continue;
    if (position < last) return 1;
    last = position;
  }
  return 0;
}

/** Whether a reading (or its beginning) sorts by something yet: only then can its order cues be judged in the search. */
function sortsSoFar(tokens: readonly string[]): boolean {
  const order = tokens.indexOf('order');
  return order >= 0 && tokens.slice(order).some((t) => t.startsWith('A:'));
}

/**
 * Order cues: what a reading sorts by, judged inside the search once it sorts (else when it ends);
 * on finished readings also the order of what it shows and the one row a single superlative asks for.
 */
export const ORDER_CUE: CueKind = {
  name: 'order',
  words: ORDER_WORDS,
  read({ said, names, schema }) {
    const cues = orderCues(said, names, schema);
    return {
      whileSearching: (written) => {
        const tokens = readAs(written, schema);
        return sortsSoFar(tokens) ? ORDER_CUE_PENALTY * orderContradictions(cues, tokens) : 0;
      },
      whenFinished: (tokens) =>
        ORDER_CUE_PENALTY * ((sortsSoFar(tokens) ? 0 : orderContradictions(cues, tokens)) + shownOutOfOrder(said, tokens, names, schema) + unlimitedSingles(cues, tokens)),
    };
  },
};
