/**
 * The question's words, held against each reading the model writes. A reading falls behind when it
 * compares a value against the words before it (operator-cues.ts), puts it on another attribute
 * than the one named before it (attribute-cues.ts), groups by another thing than "for each X" names
 * (group-cues.ts) or sorts by another than "sorted by X" or a superlative names (order-cues.ts):
 * judged inside the search as soon as the value, group or order item is written, so a contradicted
 * beam makes room for another; and when it writes past its conditions without testing for missing
 * (or known) what "with no X" or "with a X" says (null-cues.ts: held-out top-1/top-3 of 400, royals
 * seed 99 365/392 -> 367/394, Northwind seed 31 top-3 394 -> 395, the rest unchanged, against
 * judging it on finished readings). And when it leaves out a name the question says (coverage.ts: of
 * a class it uses, or unmistakable), does not sort where the words say it should,
 * shows attributes in another order than named or keeps more than the one row "our cheapest product"
 * asks for (order-cues.ts), leaves out a whole value the question names
 * (value-coverage.ts), shows a maximum, total or average no word asks for (aggregate-cues.ts), or
 * does not count (and rank by the count of) the class "how many X" or "the most X" names
 * (count-cues.ts): judged on finished readings. (Judging those inside
 * the search too, at the end of each reading, did worse: Northwind held-out top-1 265 and 268
 * against 267 and 271 of 300, seeds 5 and 99.)
 *
 * Every cue is checked against generated gold graphs (test/predictor/reading-cues-gold.test.ts):
 * what the generator writes, a cue must not contradict.
 */
import type { SchemaGraph } from '../schema-graph/types.js';
import { AGGREGATE_CUE_PENALTY, aggregateCues, unaskedAggregates } from './aggregate-cues.js';
import { COUNT_CUE_PENALTY, COUNT_WORDS, countContradictions, countCues } from './count-cues.js';
import { ATTRIBUTE_CUE_PENALTY, attributeContradictions, attributeCues, misnamedCondition } from './attribute-cues.js';
import { IGNORED_ATTRIBUTE_PENALTY, questionWords, unreadNames } from './coverage.js';
import { GROUP_CUE_PENALTY, GROUP_WORDS, groupContradictions, groupCues } from './group-cues.js';
import type { Mention } from './mentions.js';
import { unswapped } from './normalize.js';
import { NULL_CUE_PENALTY, NULL_WORDS, nullContradictions, nullCues } from './null-cues.js';
import { cueContradictions, OPERATOR_CUE_PENALTY, operatorCues } from './operator-cues.js';
import { ORDER_CUE_PENALTY, ORDER_WORDS, orderContradictions, orderCues, shownOutOfOrder, unlimitedSingles } from './order-cues.js';
import type { SchemaNames } from './schema-names.js';
import { readAs } from './reading-view.js';
import { EOS } from './target.js';
import { UNUSED_VALUE_PENALTY, unusedValues, wholeValues } from './value-coverage.js';

export interface ReadingChecks {
  /** Log-probability a beam loses for appending `token` to `prefix` (beam.ts stepPenalty). */
  readonly duringSearch: (prefix: readonly string[], token: string) => number;
  /** Log-probability a finished reading loses on top of what it lost during the search. */
  readonly whenFinished: (tokens: readonly string[]) => number;
}

/** The words the cues read; a question's word with two neighbouring letters swapped is read as the cue word it misspells ("bgigest"). Names are repaired by schema-names.ts. */
const CUE_WORDS: ReadonlySet<string> = new Set([...ORDER_WORDS, ...GROUP_WORDS, ...NULL_WORDS, ...COUNT_WORDS]);

export function readingChecks(question: string, mentions: readonly Mention[], names: SchemaNames, schema: SchemaGraph): ReadingChecks {
  const said = questionWords(question, mentions).map((word) => word && unswapped(word, CUE_WORDS));
  const operators = operatorCues(question, mentions, (before) => names.endsWithAttribute(before));
  const attributes = attributeCues(question, mentions, names, schema);
  const groups = groupCues(said, names, schema);
  const sorts = orderCues(said, names);
  const nulls = nullCues(said, names);
  const values = wholeValues(mentions);
  const aggregates = aggregateCues(said, names);
  const counts = countCues(said, names);
  const tested = new Set(nulls.flatMap((cue) => cue.attributes));
  const searched = (tokens: readonly string[]) =>
    OPERATOR_CUE_PENALTY * cueContradictions(operators, tokens) +
    ATTRIBUTE_CUE_PENALTY * attributeContradictions(attributes, tokens) +
    ATTRIBUTE_CUE_PENALTY * misnamedCondition(attributes, tested, mentions.length, tokens) +
    GROUP_CUE_PENALTY * groupContradictions(groups, tokens) +
    (sortsSoFar(readAs(tokens, schema)) ? ORDER_CUE_PENALTY * orderContradictions(sorts, readAs(tokens, schema)) : 0);
  // Every continuation of a beam shares its prefix (the same array): judge the prefix once.
  const judgedPrefixes = new WeakMap<readonly string[], number>();
  const prefixPenalty = (prefix: readonly string[]) => {
    const known = judgedPrefixes.get(prefix);
    if (known !== undefined) return known;
    const penalty = searched(prefix);
    judgedPrefixes.set(prefix, penalty);
    return penalty;
  };
  return {
    // Only a value or an attribute can change what the search judges; and once a reading is past
    // its conditions, the null tests the words ask for can no longer come.
    duringSearch: (prefix, token) =>
      (token.startsWith('@') || token.startsWith('A:') || /^c\d+$/.test(token) || token === 'is_null' || token === 'not_null' || token === 'true' || token === 'false' ? searched([...prefix, token]) - prefixPenalty(prefix) : 0) +
      (closesConditions(prefix, token) ? NULL_CUE_PENALTY * nullContradictions(nulls, prefix) : 0),
    whenFinished: (written) => {
      const tokens = readAs(written, schema);
      return (
        IGNORED_ATTRIBUTE_PENALTY * unreadNames(said, tokens, names) +
        (sortsSoFar(tokens) ? 0 : ORDER_CUE_PENALTY * orderContradictions(sorts, tokens)) +
        ORDER_CUE_PENALTY * shownOutOfOrder(said, tokens, names, schema) +
        ORDER_CUE_PENALTY * unlimitedSingles(sorts, tokens) +
        UNUSED_VALUE_PENALTY * unusedValues(values, tokens) +
        AGGREGATE_CUE_PENALTY * unaskedAggregates(aggregates, tokens) +
        COUNT_CUE_PENALTY * countContradictions(counts, tokens)
      );
    },
  };
}

/** Whether a reading (or its beginning) sorts by something yet: only then can its order cues be judged in the search. */
function sortsSoFar(tokens: readonly string[]): boolean {
  const order = tokens.indexOf('order');
  return order >= 0 && tokens.slice(order).some((t) => t.startsWith('A:'));
}

/** Items after the conditions (and the end): a reading that writes one has written all its where items. */
const AFTER_CONDITIONS: ReadonlySet<string> = new Set(['group', 'having', 'order', 'limit', 'distinct', 'class', EOS]);

/** Whether `token` is the first a reading writes past its conditions. */
function closesConditions(prefix: readonly string[], token: string): boolean {
  return AFTER_CONDITIONS.has(token) && !prefix.some((t) => AFTER_CONDITIONS.has(t));
}
