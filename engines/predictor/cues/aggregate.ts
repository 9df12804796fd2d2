/**
 * Aggregate cues: a reading that shows a maximum, minimum, total or average needs a word that asks
 * for one ("the highest", "earliest", "total", "average"). The model sometimes reads such a word
 * inside a name ("What are the last names of the employees hired in 1993?" read as the maximum
 * last name). Words inside the schema's names ("last name", "first name") and inside values do
 * not count; any superlative ("-est") counts for a maximum or a minimum, so the check only rules
 * out aggregates no word asks for. A finished reading loses `AGGREGATE_CUE_PENALTY` per shown
 * aggregate without its word, and for keeping only the top row of a sort (`limit #1`) when no word
 * asks for a maximum or minimum. A count is judged only where it is the whole answer (shown, no
 * group): it needs a word that asks for a number ("how many", "number", "count", "#", "total") or
 * a yes/no question ("are there ..."); "What are the plants in Japan called?" and "How is the
 * math course described?" ask for things, not for how many there are. Counts per group ("orders
 * per customer") and counts in conditions are left to the model, unless no word of the question asks
 * for any aggregate: a grouped reading that counts, totals, averages or takes extremes per group
 * needs some word that asks for an amount ("how many", "number", "total", "average", a superlative,
 * "for each", "per", "more than 5 X", "most common"; what english.ts writes for groups and having), else it
 * loses the penalty once ("the date of each treatment" and "the arriving and departing date of the
 * dogs" list things; "each" alone does not ask for a number). And a total or an average of a key
 * (an id, a foreign key) loses it when the words name another thing to total or average ("the
 * average age of the dogs" is no average dog id).
 */
import { questionForm } from '../question-form.js';
import type { SchemaNames } from '../schema-words/schema-names.js';
import type { SchemaGraph } from '../../schema-graph/types.js';
import { AGGREGATES, attributeToken, ITEMS } from '../model/target.js';
import type { CueKind } from './cue.js';
import { groupPhraseAt } from './group.js';

/** Log-probability a reading loses per shown aggregate no word asks for; as much as the other cues (OPERATOR_CUE_PENALTY, measured there). */
export const AGGREGATE_CUE_PENALTY = 4;

/** Words that ask for each aggregate, as english.ts writes them and people do (with any "-est" word for max and min). */
const ASKS: Readonly<Record<'max' | 'min' | 'sum' | 'avg', ReadonlySet<string>>> = {
  max: new Set(['max', 'maximum', 'most', 'last', 'top', 'recent', 'peak']),
  min: new Set(['min', 'minimum', 'least', 'first', 'fewest']),
  sum: new Set(['total', 'totals', 'sum', 'sums', 'combined', 'overall', 'altogether']),
  avg: new Set(['average', 'averages', 'mean', 'avg', 'typical']),
};

/** Words that ask for a number of things ("how many", "the number of", "count", "# of", "a tally"). */
const COUNT_ASKS: ReadonlySet<string> = new Set(['many', 'number', 'numbers', 'count', 'counts', 'counted', 'counting', '#', 'tally', 'total', 'totals', 'amount']);

/**
 * Words that ask for an amount per group without naming the aggregate: "orders per customer",
 * "how much", "with more than 5 orders", "fewer than", "exactly 3", "the most common city",
 * "top 5 by", "how often". With the words of ASKS, COUNT_ASKS, superlatives and a yes/no or
 * how-many question, every way english.ts writes a grouped aggregate or a having condition.
 */
const AMOUNT_ASKS: ReadonlySet<string> = new Set(['per', 'much', 'more', 'fewer', 'less', 'than', 'exactly', 'common', 'frequent', 'frequently', 'popular', 'rarest', 'often', 'top', 'bottom', 'times', 'sorted', 'ordered', 'ranked']);

/**
 * The aggregates the question's words ask for (words outside names and values); `count` when a
 * word asks for a number of things or the question asks yes or no (`question`, its start);
 * `amount` when words ask for some amount per group without naming which (AMOUNT_ASKS, "for each").
 */
export function aggregateCues(said: readonly (string | null)[], names: SchemaNames, question: string): ReadonlySet<string> {
  const words = said.map((w) => w ?? '');
  const asked = new Set<string>();
  for (const { word } of wordsOutsideNames(said, names)) {
    for (const [aggregate, cue] of Object.entries(ASKS)) if (cue.has(word)) asked.add(aggregate);
    if (/^[a-z]{3,}est$/.test(word)) {
      asked.add('max');
      asked.add('min');
    }
    if (COUNT_ASKS.has(word)) asked.add('count');
    if (AMOUNT_ASKS.has(word)) asked.add('amount');
  }
  if (words.some((_, i) => groupPhraseAt(words, i))) asked.add('amount');
  // "How many people live in X?" counts what no class of the schema holds: some attribute's total may.
  if (words.some((w, i) => w === 'how' && words[i + 1] === 'many' && words[i + 2] && names.nameAt(words, i + 2) === null)) asked.add('sum');
  if (questionForm(question) === 'BOOLEAN' || questionForm(question) === 'SCALAR') asked.add('count');
  return asked;
}

/** The question's words (with their positions in `said`) outside the schema's attribute names and the values. */
export function wordsOutsideNames(said: readonly (string | null)[], names: SchemaNames): readonly { readonly word: string; readonly index: number }[] {
  const words = said.map((w) => w ?? '');
  const free: { word: string; index: number }[] = [];
  for (let i = 0; i < words.length; i += 1) {
    const match = words[i] ? names.nameAt(words, i) : null;
    if (match && match.attributes.length > 0) {
      i += match.length - 1;
      continue;
    }
    if (words[i]) free.push({ word: words[i] as string, index: i });
  }
  return free;
}

/**
 * How many shown aggregates of `tokens` (max, min, sum, avg in show items) no word asks for; a
 * reading that keeps only the first row of a sort (`limit #1`, no number said) counts too when no
 * word asks for a maximum or minimum ("the French suppliers and the cities they're in" is no
 * "the supplier in the last city").
 */
export function unaskedAggregates(asked: ReadonlySet<string>, tokens: readonly string[]): number {
  let item = '';
  let unasked = 0;
  const grouped = tokens.includes('group');
  // A grouped reading that aggregates, in a question where no word asks for any amount at all.
  if (grouped && asked.size === 0 && tokens.some((t) => (AGGREGATES as readonly string[]).includes(t))) unasked += 1;
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i] as string;
    if ((ITEMS as readonly string[]).includes(token)) item = token;
    else if (item === 'show' && tokens[i - 1] === 'show' && token in ASKS && !asked.has(token)) unasked += 1;
    else if (item === 'show' && tokens[i - 1] === 'show' && (token === 'count' || token === 'count_distinct') && !grouped && !asked.has('count')) unasked += 1;
    // An offset after it makes the row the n-th ("the third cheapest", "ranked 4th by"): the ordinal asks for it.
    else if (item === 'limit' && token === '#1' && tokens[i + 1] !== 'offset' && !asked.has('max') && !asked.has('min')) unasked += 1;
  }
  return unasked;
}

/** Words that ask for a total or an average of what they name next. */
const MEASURE_ASKS: ReadonlySet<string> = new Set([...ASKS.sum, ...ASKS.avg]);

/**
 * What the question totals or averages: the attributes named right after a word asking for a total
 * or an average, past "of" and "the" ("the average age", "the sum of the prices"), as english.ts
 * writes an aggregate ("average unit price", "sum of the freight"). A word that begins a name
 * ("average scale score") asks for nothing.
 */
export function measuredNames(said: readonly (string | null)[], names: SchemaNames): readonly (readonly string[])[] {
  const words = said.map((w) => w ?? '');
  const cues: (readonly string[])[] = [];
  for (let i = 0; i < words.length; i += 1) {
    if (!MEASURE_ASKS.has(words[i] as string) || (names.nameAt(words, i)?.attributes.length ?? 0) > 0) continue;
    let next = i + 1;
    while (words[next] === 'of' || words[next] === 'the') next += 1;
    const match = names.nameAt(words, next);
    if (match && match.attributes.length > 0) cues.push(match.attributes);
  }
  return cues;
}

/** The attribute tokens of keys: primary-key columns and the columns of relations (an id is no amount to total or average). */
export function keyTokens(schema: SchemaGraph): ReadonlySet<string> {
  const keys = new Set<string>();
  for (const c of schema.classes) {
    for (const a of c.attributes) if (a.primaryKey || c.primaryKey.includes(a.id)) keys.add(attributeToken({ classId: c.id, attributeId: a.id }));
  }
  for (const r of schema.relations) {
    for (const column of r.fromColumns) keys.add(attributeToken({ classId: r.from, attributeId: column }));
    for (const column of r.toColumns) keys.add(attributeToken({ classId: r.to, attributeId: column }));
  }
  return keys;
}

/**
 * How many totals and averages of `tokens` are of a key while the question names what it totals or
 * averages, and that is not the key ("the average age of the dogs" read as the average dog id).
 */
export function keysMeasuredInstead(measured: readonly (readonly string[])[], keys: ReadonlySet<string>, tokens: readonly string[]): number {
  if (measured.length === 0) return 0;
  let instead = 0;
  for (let i = 0; i + 1 < tokens.length; i += 1) {
    if (tokens[i] !== 'sum' && tokens[i] !== 'avg') continue;
    const target = (tokens[i + 1] as string).replace(/#\d+\./, '.');
    if (keys.has(target) && !measured.some((attributes) => attributes.includes(target))) instead += 1;
  }
  return instead;
}

/** Aggregates no word asks for, and keys totalled or averaged instead of what the words name, on finished readings. */
export const AGGREGATE_CUE: CueKind = {
  name: 'aggregate',
  read({ question, said, names, schema }) {
    const asked = aggregateCues(said, names, question);
    const measured = measuredNames(said, names);
    const keys = measured.length > 0 ? keyTokens(schema) : new Set<string>();
    return { whenFinished: (tokens) => AGGREGATE_CUE_PENALTY * (unaskedAggregates(asked, tokens) + keysMeasuredInstead(measured, keys, tokens)) };
  },
};
