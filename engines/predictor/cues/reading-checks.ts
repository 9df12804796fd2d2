/**
 * The question's words, held against each reading the model writes. A reading falls behind when it
 * compares a value against the words before it (cues/operator.ts), puts it on another attribute
 * than the one named before it (cues/attribute.ts), groups by another thing than "for each X" names
 * (cues/group.ts), follows a family relation no family word of the question says (cues/kin.ts) or sorts by another than "sorted by X" or a superlative names (cues/order.ts):
 * judged inside the search as soon as the value, group or order item is written, so a contradicted
 * beam makes room for another; and when it writes past its conditions without testing for missing
 * (or known) what "with no X" or "with a X" says (cues/null.ts: held-out top-1/top-3 of 400, royals
 * seed 99 365/392 -> 367/394, Northwind seed 31 top-3 394 -> 395, the rest unchanged, against
 * judging it on finished readings), or with a null test where no word says something is missing or there. And when it leaves out a name the question says (cues/coverage.ts: of
 * a class it uses, or unmistakable), does not sort where the words say it should,
 * shows attributes in another order than named or keeps more than the one row "our cheapest product"
 * asks for (cues/order.ts), leaves out a whole value the question names
 * (cues/value-coverage.ts), shows a maximum, total or average no word asks for, aggregates per group
 * where no word asks for any amount, or totals or averages a key instead of what the words name (cues/aggregate.ts), or
 * does not count (and rank by the count of) the class "how many X" or "the most X" names
 * (cues/count.ts), compares no count of the class a compared number names ("at least 3
 * plants": cues/compared-count.ts), or shows another class's attribute of the name "the X of the
 * Y" gives to Y (cues/owner.ts), or shows a key of a class that has a name when no word asks for
 * an id, a number or a code (cues/key-shown.ts), or writes an anti-join when no word denies
 * (cues/negation.ts), or skips rows where no ordinal names a place in a ranking (cues/ranked.ts),
 * or reads a class nothing asks for, for an attribute a class the words ask for has by the same
 * name (the city's population beside the country's: cues/unasked-class.ts), or does not keep as
 * many rows as "the top 3" or "the 5 largest" says (cues/row-count.ts): judged on finished readings. (Judging those inside
 * the search too, at the end of each reading, did worse: Northwind held-out top-1 265 and 268
 * against 267 and 271 of 300, seeds 5 and 99.)
 *
 * Every cue is checked against generated gold graphs (test/predictor/reading-cues-gold.test.ts):
 * what the generator writes, a cue must not contradict.
 */
import type { SchemaGraph } from '../../schema-graph/types.js';
import type { Mention } from '../values/mentions.js';
import { unswapped } from '../../english/normalize.js';
import type { SchemaNames } from '../schema-words/schema-names.js';
import { EOS } from '../model/target.js';
import { AGGREGATE_CUE } from './aggregate.js';
import { ATTRIBUTE_CUE } from './attribute.js';
import { AVERAGE_CUE } from './average.js';
import { COMPARED_COUNT_CUE } from './compared-count.js';
import { COUNT_CUE } from './count.js';
import { COVERAGE_CUE, questionWords } from './coverage.js';
import type { Cue, CueKind } from './cue.js';
import { GROUP_CUE } from './group.js';
import { KEY_SHOWN_CUE } from './key-shown.js';
import { KIN_CUE } from './kin.js';
import { NULL_CUE } from './null.js';
import { OPERATOR_CUE } from './operator.js';
import { NEGATION_CUE } from './negation.js';
import { OWNER_CUE } from './owner.js';
import { ORDER_CUE } from './order.js';
import { RANKED_CUE } from './ranked.js';
import { readAs } from './reading-view.js';
import { ROW_COUNT_CUE } from './row-count.js';
import { UNASKED_CLASS_CUE } from './unasked-class.js';
import { VALUE_COVERAGE_CUE } from './value-coverage.js';
import { COMPARED_AGGREGATE_CUE } from './compared-aggregate.js';

/** Every kind of cue the readings are held against (cue.ts: the contract each keeps). */
export const CUE_KINDS: readonly CueKind[] = [OPERATOR_CUE, ATTRIBUTE_CUE, GROUP_CUE, ORDER_CUE, NULL_CUE, COVERAGE_CUE, VALUE_COVERAGE_CUE, AGGREGATE_CUE, COUNT_CUE, COMPARED_COUNT_CUE, OWNER_CUE, AVERAGE_CUE, NEGATION_CUE, KEY_SHOWN_CUE, KIN_CUE, RANKED_CUE, UNASKED_CLASS_CUE, ROW_COUNT_CUE, COMPARED_AGGREGATE_CUE];

export interface ReadingChecks {
  /** Log-probability a beam loses for appending `token` to `prefix` (beam.ts stepPenalty). */
  readonly duringSearch: (prefix: readonly string[], token: string) => number;
  /** Log-probability a finished reading loses on top of what it lost during the search. */
  readonly whenFinished: (tokens: readonly string[]) => number;
}

/** The words the cues read; a question's word with two neighbouring letters swapped is read as the cue word it misspells ("bgigest"). Names are repaired by schema-names.ts. */
const CUE_WORDS: ReadonlySet<string> = new Set(CUE_KINDS.flatMap((kind) => [...(kind.words ?? [])]));

export function readingChecks(question: string, mentions: readonly Mention[], names: SchemaNames, schema: SchemaGraph): ReadingChecks {
  const said = questionWords(question, mentions).map((word) => word && unswapped(word, CUE_WORDS));
  const cues: readonly Cue[] = CUE_KINDS.map((kind) => kind.read({ question, mentions, said, names, schema }));
  const sum = (judge: (cue: Cue) => number) => cues.reduce((total, cue) => total + judge(cue), 0);
  const searched = (tokens: readonly string[]) => sum((cue) => cue.whileSearching?.(tokens) ?? 0);
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
    // Only a value, an attribute or a followed relation can change what the search judges; and once a reading is past
    // its conditions, the null tests the words ask for can no longer come.
    duringSearch: (prefix, token) =>
      (token.startsWith('@') || token.startsWith('A:') || token.startsWith('R:') || /^c\d+$/.test(token) || token === 'is_null' || token === 'not_null' || token === 'true' || token === 'false' ? searched([...prefix, token]) - prefixPenalty(prefix) : 0) +
      (closesConditions(prefix, token) ? sum((cue) => cue.whenConditionsEnd?.(prefix) ?? 0) : 0),
    whenFinished: (written) => {
      const tokens = readAs(written, schema);
      return sum((cue) => cue.whenFinished?.(tokens) ?? 0);
    },
  };
}

/** Items after the conditions (and the end): a reading that writes one has written all its where items. */
const AFTER_CONDITIONS: ReadonlySet<string> = new Set(['group', 'having', 'order', 'limit', 'distinct', 'class', EOS]);

/** Whether `token` is the first a reading writes past its conditions. */
function closesConditions(prefix: readonly string[], token: string): boolean {
  return AFTER_CONDITIONS.has(token) && !prefix.some((t) => AFTER_CONDITIONS.has(t));
}
