/**
 * Value coverage: a value the question names in full ("located in colchester", "from Brazil") is
 * there to be compared with. On long questions the model sometimes drops one of several conditions
 * (held-out Northwind errors: "the orders ... located in colchester and where the employee country
 * is not UK" read without the city). A finished reading that uses no placeholder of a text mention
 * whose words are a whole stored value loses `UNUSED_VALUE_PENALTY` log-probability per such value.
 *
 * A value named by its adjective counts too ("German customers": Germany; mentions.ts `adjective`).
 * Only exact matches count: a partial match ("Marketing" of "Marketing Manager") or a number
 * ("top 5", "employee 3") is often no value at all. In generated questions such a mention is left
 * out of the gold graph about once in 150 (a value split at a slash: "Owner/Marketing Assistant").
 */
import type { Mention } from '../values/mentions.js';
import type { CueKind } from './cue.js';

/** Log-probability a finished reading loses per whole value it leaves out; as much as the other cues (OPERATOR_CUE_PENALTY, measured there). */
export const UNUSED_VALUE_PENALTY = 4;

/** The placeholders (1-based) of the mentions that are whole stored values, or name one by its adjective ("German": Germany). */
export function wholeValues(mentions: readonly Mention[]): readonly number[] {
  const whole = (mention: Mention) => mention.kind === 'text' && mention.candidates[0]?.match === 'exact' && (/\s/.test(mention.text.trim()) || mention.adjective === true);
  return mentions.flatMap((mention, index) => (whole(mention) ? [index + 1] : []));
}

/** How many of `values` (placeholders) the reading leaves out. */
export function unusedValues(values: readonly number[], tokens: readonly string[]): number {
  if (values.length === 0) return 0;
  const used = new Set(tokens.filter((t) => t.startsWith('@')).map((t) => Number(t.slice(1))));
  return values.filter((k) => !used.has(k)).length;
}

/** Whole values the question names that a finished reading leaves out. */
export const VALUE_COVERAGE_CUE: CueKind = {
  name: 'value-coverage',
  read({ mentions }) {
    const values = wholeValues(mentions);
    return { whenFinished: (tokens) => UNUSED_VALUE_PENALTY * unusedValues(values, tokens) };
  },
};
