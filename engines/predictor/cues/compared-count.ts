/**
 * Compared-count cues: "templates used by more than one document", "countries with at least 3
 * plants", "documents that have 2 or more paragraphs", "types with fewer than three templates",
 * "the document with 1 to 2 paragraphs" put a number right before a class's name, after words that
 * compare (or with "or more" / "or fewer" after it): the number counts that class's rows, so the
 * reading must compare a count of them in a having condition. On databases it was not trained on the
 * model often puts the number on an attribute it reads near it instead (validation misses: "at
 * least two paragraphs" read as a document id >= 2, "fewer than 3 templates" as a version number
 * < 3). A reading that compares no count of the class in a having condition loses
 * `COMPARED_COUNT_PENALTY` log-probability per cue.
 *
 * A number alone before a class's name is no cue ("5 products" may be how many to show: "list 5
 * products"); the words around it must compare. The name must be a class's alone, not followed
 * by one of its attributes ("more than 20 units in stock", "over 3 order lines' quantity" read an
 * attribute), and a class the reading never uses is not judged (the model may name it another way,
 * a relation word on a graph).
 */
import type { ComparisonOperator } from '../../query-graph/types.js';
import type { SchemaGraph } from '../../schema-graph/types.js';
import type { SchemaNames } from '../schema-words/schema-names.js';
import { classToken } from '../model/target.js';
import { attributeOf, countedClassesAt, countsRows, type CountCue } from './count.js';
import type { CueKind } from './cue.js';

/** Log-probability a reading loses per compared-count cue it does not follow; as much as the other cues (COUNT_CUE_PENALTY). */
export const COMPARED_COUNT_PENALTY = 4;

/** Words that compare the number after them, and how ("more than 2", "at least 3", "only one"); "between 1 and 2" is a range. */
const BEFORE_SAYS: ReadonlyMap<string, ComparisonOperator | null> = new Map<string, ComparisonOperator | null>([
  ...['more than', 'greater than', 'over', 'above', 'upwards of'].map((w) => [w, '>'] as const),
  ...['less than', 'fewer than', 'under', 'below'].map((w) => [w, '<'] as const),
  ...['at least', 'no fewer than', 'no less than'].map((w) => [w, '>='] as const),
  ...['at most', 'no more than', 'up to'].map((w) => [w, '<='] as const),
  ...['exactly', 'only'].map((w) => [w, '='] as const),
  ['between', null],
]);
const BEFORE: readonly (readonly string[])[] = [...BEFORE_SAYS.keys()].map((w) => w.split(' '));
/** Words after the number that compare it, and how: "2 or more paragraphs", "3 or fewer", "1 to 2 paragraphs" (the second number follows). */
const AFTER_SAYS: ReadonlyMap<string, ComparisonOperator> = new Map<string, ComparisonOperator>([
  ...['or more', 'or greater', 'or above', 'plus'].map((w) => [w, '>='] as const),
  ...['or fewer', 'or less', 'or below'].map((w) => [w, '<='] as const),
]);
const AFTER: readonly (readonly string[])[] = [...AFTER_SAYS.keys()].map((w) => w.split(' '));
/** Words that join a range's two numbers: "between 1 and 2", "1 to 2", "from 1 to 2". */
const RANGE = new Set(['and', 'to', '-']);
/** Words that may stand between the number and the class's name. */
const FILLER = new Set(['different', 'distinct', 'unique', 'separate', 'individual', 'total', 'single']);

/** Every word the compared-count cues read: what a misspelt word of the question is repaired to. */
export const COMPARED_COUNT_WORDS: ReadonlySet<string> = new Set([...BEFORE.flat(), ...AFTER.flat()]);

/** A compared-count cue: the class counted, and the comparison the words say (null for a range, "between 1 and 2"). */
export interface ComparedCountCue extends CountCue {
  readonly operator: ComparisonOperator | null;
}

/** The compared-count cues of a question's words (`said`: questionWords, value mentions as null). */
export function comparedCountCues(said: readonly (string | null)[], names: SchemaNames, schema: SchemaGraph): readonly ComparedCountCue[] {
  const isNumber = (i: number) => i < said.length && said[i] === null;
  const at = (i: number, run: readonly string[]) => run.every((w, k) => said[i + k] === w);
  const longest = (i: number, runs: readonly (readonly string[])[]) => runs.filter((run) => at(i, run)).sort((a, b) => b.length - a.length)[0];
  const words = said.map((w) => w ?? '');
  const cues: ComparedCountCue[] = [];
  for (let i = 0; i < said.length; i += 1) {
    if (!isNumber(i)) continue;
    // The number's own phrase: the words before it compare, or the words after it do.
    const before = [3, 2, 1].map((n) => (i - n >= 0 ? BEFORE.find((run) => run.length === n && at(i - n, run)) : undefined)).find((run) => run !== undefined);
    let end = i + 1;
    // "1 to 2 paragraphs", "between 1 and 2 paragraphs": the range's second number.
    const range = RANGE.has(said[end] ?? '') && isNumber(end + 1);
    if (range) end += 2;
    const after = longest(end, AFTER);
    if (after) end += after.length;
    if (!before && !after && end === i + 1) continue;
    while (end < said.length && FILLER.has(said[end] as string)) end += 1;
    const classes = countedClassesAt(words, end, names, schema);
    if (!classes) continue;
    const operator = range ? null : ((after ? AFTER_SAYS.get(after.join(' ')) : undefined) ?? (before ? BEFORE_SAYS.get(before.join(' ')) : undefined) ?? null);
    cues.push({ classes, direction: null, operator });
    i = end;
  }
  return cues;
}

/** How many cues a finished reading does not follow: it uses the class but compares no count of its rows in a having condition. */
export function comparedCountContradictions(cues: readonly CountCue[], tokens: readonly string[]): number {
  let contradictions = 0;
  for (const cue of cues) {
    const uses = tokens.some((t) => cue.classes.some(({ classId }) => t === classToken(classId) || attributeOf(t, classId) !== null));
    if (!uses) continue;
    const compares = tokens.some((t, k) => t === 'having' && countsRows(tokens[k + 1], tokens[k + 2], cue));
    if (!compares) contradictions += 1;
  }
  return contradictions;
}

/** Counts the words compare with a number, on finished readings. */
export const COMPARED_COUNT_CUE: CueKind = {
  name: 'compared count',
  words: COMPARED_COUNT_WORDS,
  read({ said, names, schema }) {
    const cues = comparedCountCues(said, names, schema);
    return { whenFinished: (tokens) => COMPARED_COUNT_PENALTY * comparedCountContradictions(cues, tokens) };
  },
};
