/**
 * Measures asked together: "the maximum and minimum share", "the average and maximum number of
 * tickets", "the total population and the average surface area". A question that asks for two
 * aggregates of its rows at once wants one row with both, but a reading holds one measure per
 * decoding step the model learnt to stop after, and the model has seldom seen two (its beam often
 * has none with both). So the words decide: each aggregate word ("maximum", "average", "total")
 * and the name it is said of, a run of them joined by "and" sharing the name after the last; and a
 * reading that shows only ungrouped aggregates, one of them a measure the words ask for, is
 * completed with the asked measures it leaves out, of attributes of the classes it already reads,
 * shown in the order the question names them.
 */
import type { AggregateFunction } from '../../query-graph/types.js';
import type { SchemaNames } from '../schema-words/schema-names.js';
import { itemsOf } from './reading-items.js';
import { ownerOf, readingClasses } from '../cues/reading-classes.js';

/** One aggregate the words ask for: the function, the attributes its name may be, and where the question says it. */
export interface AskedMeasure {
  readonly aggregate: AggregateFunction;
  readonly attributes: readonly string[];
  readonly at: number;
}

/** Words that ask for one aggregate of what they are said of. */
const MEASURE_WORDS: Readonly<Record<string, AggregateFunction>> = {
  max: 'max',
  maximum: 'max',
  highest: 'max',
  largest: 'max',
  biggest: 'max',
  greatest: 'max',
  min: 'min',
  minimum: 'min',
  lowest: 'min',
  smallest: 'min',
  average: 'avg',
  mean: 'avg',
  avg: 'avg',
  total: 'sum',
  sum: 'sum',
};

/** Words between an aggregate word and the name it is said of ("the maximum of the values of area codes"). */
const FILLERS: ReadonlySet<string> = new Set(['of', 'the', 'value', 'values']);

const measureWord = (word: string | undefined): AggregateFunction | null => (word !== undefined && Object.hasOwn(MEASURE_WORDS, word) ? (MEASURE_WORDS[word] as AggregateFunction) : null);

/** The measures the question's words ask for, in the order it says them. */
export function askedMeasures(said: readonly (string | null)[], names: SchemaNames): readonly AskedMeasure[] {
  const words = said.map((w) => w ?? '');
  const out: AskedMeasure[] = [];
  for (let i = 0; i < words.length; i += 1) {
    const first = measureWord(words[i]);
    // A word that begins a name ("average scale score") asks for nothing.
    if (!first || (names.nameAt(words, i)?.attributes.length ?? 0) > 0) continue;
    const run: AggregateFunction[] = [first];
    let next = i + 1;
    for (;;) {
      const joined = words[next] === 'and' || words[next] === 'or' ? measureWord(words[next + 1]) : null;
      if (!joined) break;
      run.push(joined);
      next += 2;
    }
    while (FILLERS.has(words[next] as string)) next += 1;
    const match = names.nameAt(words, next);
    if (!match || match.attributes.length === 0) continue;
    run.forEach((aggregate, k) => out.push({ aggregate, attributes: match.attributes, at: i + 2 * k }));
    i = next + match.length - 1;
  }
  return out;
}

const MEASURES: ReadonlySet<string> = new Set(['max', 'min', 'avg', 'sum']);

/**
 * `tokens` with the asked measures it leaves out shown too, in the order the question names them.
 * A reading is completed when it shows nothing but aggregates of attributes (`max`, `min`, `avg`,
 * `sum`), one a measure the words ask for; or, when no word asks for groups (`grouped` false),
 * nothing else than such aggregates and the attributes it groups them by or shows beside them, with
 * no `having`: the groups, and the order and limit among them, are then what nobody asked for, and go.
 * A measure left out is of the class of the measures shown when it can be, else of a class the reading reads. `tokens`
 * itself when the words ask for fewer than two measures, when the reading is no such reading, or
 * when a measure it leaves out is of a class it does not read.
 */
export function withAskedMeasures(tokens: readonly string[], asked: readonly AskedMeasure[], grouped: boolean): readonly string[] {
  if (asked.length < 2) return tokens;
  const items = itemsOf(tokens);
  const shows = items.filter((item) => item[0] === 'show');
  const groups = items.filter((item) => item[0] === 'group').map((item) => item[1] as string);
  if (items.some((item) => item[0] === 'compute' || item[0] === 'extreme' || item[0] === 'having')) return tokens;
  if (groups.length > 0 && grouped) return tokens;
  const aggregates: (readonly [string, string])[] = [];
  for (const show of shows) {
    if (show.length === 3 && MEASURES.has(show[1] as string) && show[2]?.startsWith('A:')) aggregates.push([show[1] as string, show[2]]);
    // A grouped reading's plain attribute is one more group (the SQL groups by what it shows).
    else if (!(show.length === 2 && groups.length > 0)) return tokens;
  }
  if (aggregates.length === 0) return tokens;
  if (groups.length === 0 && items.some((item) => item[0] === 'order' || item[0] === 'limit')) return tokens;
  const answers = (measure: AskedMeasure, [aggregate, attribute]: readonly [string, string]) => aggregate === measure.aggregate && measure.attributes.includes(attribute.replace(/#\d+\./, '.'));
  if (!asked.some((measure) => aggregates.some((item) => answers(measure, item)))) return tokens;
  const classes = readingClasses(tokens);
  const measures: { readonly item: readonly [string, string]; readonly at: number }[] = aggregates.map((item) => ({ item, at: asked.find((m) => answers(m, item))?.at ?? -1 }));
  for (const measure of asked) {
    if (measures.some(({ item }) => answers(measure, item))) continue;
    // Of the classes the reading reads, the one its measures are of first ("the average GNP and total population": the country's).
    const attribute = measure.attributes.find((a) => aggregates.some(([, b]) => ownerOf(b) === ownerOf(a))) ?? measure.attributes.find((a) => classes.has(ownerOf(a)));
    if (!attribute) return tokens;
    measures.push({ item: [measure.aggregate, attribute], at: measure.at });
  }
  const shown = [...measures].sort((a, b) => a.at - b.at).map(({ item }) => ['show', ...item]);
  // Items before the shows stay, the shows are the measures, conditions stay; groups and what ranks them go.
  const before = items.slice(0, items.findIndex((item) => item[0] === 'show'));
  const conditions = items.filter((item) => item[0] === 'where' || item[0] === 'compare' || item[0] === 'class');
  return [...before, ...shown, ...conditions].flat();
}
