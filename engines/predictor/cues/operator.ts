/**
 * Operator cues: the words right before a value often say how it is compared ("other than 600",
 * "below 24", "starts with 5022", "between 4 and 9"). The model reads them too, but on long
 * questions it sometimes hands a comparison to the wrong value (held-out Northwind errors: "freight
 * other than 600" read as `=` while the customer's address got the `!=`). A reading whose
 * condition on a value contradicts the cue in front of that value loses `OPERATOR_CUE_PENALTY`
 * log-probability per contradiction, so a beam that agrees with the words moves ahead.
 *
 * Only cues that are unambiguous in English count; a value with other words before it ("units on
 * order 90") has no cue and constrains nothing. Comparative adjectives before "than" say which way
 * whatever the attribute: "cheaper than $20", "shorter than 3 hours" are below, "pricier than fifty
 * bucks", "more expensive than", "longer than", "heavier than" above (english.ts writes the price
 * ones); "older" and "younger" are left out (an age and a birth date go opposite ways). A comparison
 * denied is the other one with its value ("not higher than 4", "no fewer than 3"). Words inside earlier mentions are
 * never read as cues. A cue word with two neighbouring letters swapped ("undre 11010") still counts.
 */
import type { Operator } from '../../query-graph/types.js';
import type { Mention } from '../values/mentions.js';
import { unswapped, wordsBefore } from '../../english/normalize.js';
import { ITEMS } from '../model/target.js';
import type { CueKind } from './cue.js';

/**
 * Log-probability a reading loses per condition whose operator contradicts the words before its
 * value. The cues contradict almost no generated gold graph, so a contradiction weighs much (e^-4,
 * about 1/55); Northwind held-out top-1 with every cue at 2 / 4 / 8: 263 / 264 / 264 (seed 5),
 * 262 / 265 / 265 (seed 99).
 */
export const OPERATOR_CUE_PENALTY = 4;

/** Words that say a value is below, and above, what is compared with it. */
const BELOW = ['less than', 'lower than', 'smaller than', 'fewer than', 'under', 'below', 'before', 'earlier than', 'cheaper than', 'less expensive than', 'shorter than', 'lighter than'];
const ABOVE = ['more than', 'greater than', 'higher than', 'larger than', 'over', 'above', 'after', 'later than', 'pricier than', 'more expensive than', 'costlier than', 'dearer than', 'bigger than', 'longer than', 'taller than', 'heavier than'];

/** A comparison denied is the other one, its value included: "not higher than 4" is at most 4, "no fewer than 3" at least 3. */
const denied = (phrases: readonly string[]) => phrases.flatMap((phrase) => [`not ${phrase}`, ...(phrase.endsWith(' than') ? [`no ${phrase}`] : [])]);

/** The operators a cue allows for the condition whose first value follows it. */
const CUES: readonly { readonly phrase: string; readonly allows: readonly Operator[] }[] = [
  ...['on or before', 'at most', 'up to', ...denied(ABOVE)].map((phrase) => ({ phrase, allows: ['<='] as const })),
  ...['on or after', 'at least', 'since', ...denied(BELOW)].map((phrase) => ({ phrase, allows: ['>='] as const })),
  ...BELOW.map((phrase) => ({ phrase, allows: ['<'] as const })),
  ...ABOVE.map((phrase) => ({ phrase, allows: ['>'] as const })),
  ...['other than', 'not', 'neither', 'except', 'excluding', 'not on'].map((phrase) => ({ phrase, allows: ['!=', 'not_in'] as const })),
  { phrase: 'between', allows: ['between'] },
  ...['starts with', 'begins with', 'starting with', 'beginning with'].map((phrase) => ({ phrase, allows: ['starts_with'] as const })),
  ...['contains', 'containing', 'includes', 'including'].map((phrase) => ({ phrase, allows: ['contains'] as const })),
];

/** Every word of a cue: what a misspelt word is repaired to. */
const CUE_WORDS: ReadonlySet<string> = new Set(CUES.flatMap((c) => c.phrase.split(' ')));

/** Placeholder number (1-based, as in the target tokens) -> the operators the words before it allow. */
export type OperatorCues = ReadonlyMap<number, readonly Operator[]>;

/** What a value right after a plain "is" or an attribute's name is compared by ("whose freight is 600", "units on order 90"). */
const EQUALITY: readonly Operator[] = ['=', 'in', 'year', 'month'];
const SAYS_EQUAL = ['is', 'equal to', 'exactly', 'named', 'called', 'equals'];

/**
 * The cue in front of each mention that has one. With `endsWithName` (schema-names.ts), a value
 * straight after an attribute's name is an equality ("units on order 90").
 */
export function operatorCues(question: string, mentions: readonly Mention[], endsWithName?: (words: readonly string[]) => boolean): OperatorCues {
  const cues = new Map<number, readonly Operator[]>();
  let from = 0;
  mentions.forEach((mention, index) => {
    const before = wordsBefore(question.slice(from, mention.start)).map((w) => unswapped(w.text, CUE_WORDS));
    from = mention.end;
    const cue = CUES.filter((c) => endsWith(before, c.phrase.split(' '))).sort((a, b) => b.phrase.length - a.phrase.length)[0];
    if (cue) cues.set(index + 1, cue.allows);
    else if ((SAYS_EQUAL.some((p) => endsWith(before, p.split(' '))) || endsWithName?.(before))) cues.set(index + 1, EQUALITY);
  });
  return cues;
}

/** How many conditions of `tokens` (where and having items) compare their first value in a way its cue rules out. */
export function cueContradictions(cues: OperatorCues, tokens: readonly string[]): number {
  let contradictions = 0;
  for (let i = 0; i < tokens.length; i += 1) {
    if (tokens[i] !== 'where' && tokens[i] !== 'having') continue;
    // where A:x <op> @k ...; having <aggregate> A:x <op> @k
    let j = i + 1;
    while (j < tokens.length && !(ITEMS as readonly string[]).includes(tokens[j] as string) && !(tokens[j] as string).startsWith('@')) j += 1;
    const value = tokens[j];
    if (!value?.startsWith('@')) continue;
    const allows = cues.get(Number(value.slice(1)));
    const operator = tokens[j - 1] as Operator;
    if (allows && !allows.includes(operator)) contradictions += 1;
  }
  return contradictions;
}

function endsWith(list: readonly string[], run: readonly string[]): boolean {
  if (run.length > list.length) return false;
  return run.every((w, k) => list[list.length - run.length + k] === w);
}

/** Operator cues judged inside the search. */
export const OPERATOR_CUE: CueKind = {
  name: 'operator',
  read({ question, mentions, names }) {
    const cues = operatorCues(question, mentions, (before) => names.endsWithAttribute(before));
    return { whileSearching: (tokens) => OPERATOR_CUE_PENALTY * cueContradictions(cues, tokens) };
  },
};
