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
 * per customer") and counts in conditions are left to the model.
 */
import { questionForm } from '../question-form.js';
import type { SchemaNames } from '../schema-words/schema-names.js';
import { ITEMS } from '../model/target.js';
import type { CueKind } from './cue.js';

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
 * The aggregates the question's words ask for (words outside names and values); `count` when a
 * word asks for a number of things or the question asks yes or no (`question`, its start).
 */
export function aggregateCues(said: readonly (string | null)[], names: SchemaNames, question: string): ReadonlySet<string> {
  const words = said.map((w) => w ?? '');
  const free: string[] = [];
  for (let i = 0; i < words.length; i += 1) {
    const match = words[i] ? names.nameAt(words, i) : null;
    if (match && match.attributes.length > 0) {
      i += match.length - 1;
      continue;
    }
    if (words[i]) free.push(words[i] as string);
  }
  const asked = new Set<string>();
  for (const word of free) {
    for (const [aggregate, cue] of Object.entries(ASKS)) if (cue.has(word)) asked.add(aggregate);
    if (/^[a-z]{3,}est$/.test(word)) {
      asked.add('max');
      asked.add('min');
    }
    if (COUNT_ASKS.has(word)) asked.add('count');
  }
  if (questionForm(question) === 'BOOLEAN' || questionForm(question) === 'SCALAR') asked.add('count');
  return asked;
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

/** Aggregates no word asks for, on finished readings. */
export const AGGREGATE_CUE: CueKind = {
  name: 'aggregate',
  read({ question, said, names }) {
    const asked = aggregateCues(said, names, question);
    return { whenFinished: (tokens) => AGGREGATE_CUE_PENALTY * unaskedAggregates(asked, tokens) };
  },
};
