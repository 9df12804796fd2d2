/**
 * The kind of number a min/max/arg question asks for, as its derivations agree. The extractor
 * sometimes copies a number of the wrong kind ("Prerlusman Library was opened in 1998" for "the
 * least visited library"), and one such value can decide the extreme. A year written as a date
 * ("in 1998", "since 1991", "17 March 1944") and a number that cannot be a year ("675,787", "72")
 * are of different kinds; when the question's derivations hold both, the kind most of them copy
 * is the question's and the others are dropped. A year-like number without a date word
 * ("employs 1500 people", "(born 1930)") could be either and is always kept.
 */
import { isYearAt, writtenAsDate } from './constraints.js';
import { isYear, tokenize } from './text.js';

/** What kind of number a value is, as its fact writes it. */
export type ValueKind = 'date' | 'quantity' | 'either';

/** The kind of `value` where `fact` writes it (the first place it does). */
export function valueKind(value: string, fact: string): ValueKind {
  if (!isYear(value)) return 'quantity';
  const tokens = tokenize(fact);
  const at = tokens.findIndex((t) => t.text === value);
  if (at >= 0 && !isYearAt(tokens, at)) return 'quantity';
  return at > 0 && writtenAsDate(tokens[at - 1]?.text ?? '') ? 'date' : 'either';
}

/**
 * Which values to keep: all but those of the kind fewer values have, when dates and quantities
 * are both present and not equally many (null: a derivation without a value, always kept).
 */
export function keepMajorityKind(kinds: readonly (ValueKind | null)[]): boolean[] {
  const dates = kinds.filter((k) => k === 'date').length;
  const quantities = kinds.filter((k) => k === 'quantity').length;
  if (dates === 0 || quantities === 0 || dates === quantities) return kinds.map(() => true);
  const minority: ValueKind = dates < quantities ? 'date' : 'quantity';
  return kinds.map((k) => k !== minority);
}
