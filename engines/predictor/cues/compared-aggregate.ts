/**
 * Compared-aggregate cue: a value compared with an aggregate of rows of their own ("dogs with an
 * age below the average", "cities whose population is greater than the average population of
 * cities", "countries that have greater surface area than any country in Europe", "museums which
 * have more staff than the minimum staff number of all museums opened after 2010"). The words are a
 * comparative ("greater", "more", "smaller", "below", "above", ...; "than" after the adjectives),
 * then an aggregate word ("the average", "the mean", "the minimum", "the maximum", "the lowest",
 * "any", "all", "every"), with "that of" / "those of" and "the" allowed between. "any", "all" and
 * "every" read as English has them: greater than any (every) one is greater than the greatest,
 * smaller than any is smaller than the smallest (people's SQL for "greater than any" is sometimes
 * the minimum; the words are not read that way here).
 *
 * What is compared is the number or date attribute the words name next to the comparative ("greater
 * surface area than", "an age below") or after the aggregate word ("the average population"); the
 * values said after the aggregate word ("in Europe", "opened after 2010") are conditions on the
 * aggregate's rows, not on the answer's. completions/compared-aggregate.ts rewrites readings into
 * that comparison; a finished reading that compares nothing with an aggregate loses
 * `COMPARED_AGGREGATE_CUE_PENALTY`.
 */
import type { ComparisonOperator, Operator } from '../../query-graph/types.js';
import type { SchemaGraph } from '../../schema-graph/types.js';
import { words as wordSpans, type WordSpan } from '../../english/normalize.js';
import type { Mention } from '../values/mentions.js';
import type { SchemaNames } from '../schema-words/schema-names.js';
import type { CueKind } from './cue.js';
import { operatorCues, type OperatorCues } from './operator.js';

/** As much as the other cues a reading may contradict once (ORDER_CUE_PENALTY, COUNT_CUE_PENALTY). */
export const COMPARED_AGGREGATE_CUE_PENALTY = 4;

/** Comparative adjectives (need "than") and prepositions (do not), each with its direction. */
const ABOVE_THAN = ['greater', 'more', 'larger', 'bigger', 'higher', 'longer', 'heavier', 'taller', 'later'];
const BELOW_THAN = ['less', 'fewer', 'smaller', 'lower', 'shorter', 'lighter', 'earlier'];
const ABOVE = ['above', 'over', 'exceeds', 'exceed', 'exceeding', 'exceeded'];
const BELOW = ['below', 'under'];

/** Aggregate words: what each computes (`any` is the greatest when above, the smallest when below). */
const AGGREGATE_WORDS: ReadonlyMap<string, 'avg' | 'min' | 'max' | 'any'> = new Map([
  ...['average', 'mean', 'avg'].map((w) => [w, 'avg'] as const),
  ...['minimum', 'min', 'lowest', 'smallest', 'least'].map((w) => [w, 'min'] as const),
  ...['maximum', 'max', 'highest', 'largest', 'biggest', 'greatest'].map((w) => [w, 'max'] as const),
  ...['any', 'all', 'every'].map((w) => [w, 'any'] as const),
]);
/** Words allowed between the comparative (or "than") and the aggregate word. */
const BETWEEN = new Set(['the', 'that', 'those', 'of', 'one', 'ones']);
/** Words allowed between a compared attribute's name and the comparative after it ("population that is above"). */
const LINKING = new Set(['is', 'are', 'was', 'were', 'be', 'being', 'that', 'which', 'with', 'has', 'have', 'had', 'a', 'an', 'its', 'their']);

export interface ComparedAggregateCue {
  readonly operator: ComparisonOperator;
  readonly aggregate: 'avg' | 'min' | 'max';
  /**
   * The attribute tokens the words may compare (`A:Dogs.age`), numbers and dates, likeliest first;
   * none when the words name none ("a treatment that costs less than the average": the reading's).
   */
  readonly attributes: readonly string[];
  /** Placeholders (1-based) of the values said of the aggregate's rows ("any country in Europe"). */
  readonly own: readonly number[];
  /** Placeholders of values made of the comparison's own words ("Greater" found as part of a name). */
  readonly junk: readonly number[];
  /**
   * For each of `own`, the condition its words say when no reading holds it: a text value's column
   * (`=`), or a number's attribute named right before it with the operator its words say.
   */
  readonly fallbacks: ReadonlyMap<number, { readonly attribute: string; readonly operator: Operator }>;
}

const ORDERED = ['integer', 'decimal', 'float', 'date', 'datetime'];

/**
 * The number and date attributes whose name ends in `word` ("area": SurfaceArea, "staff":
 * Num_of_Staff read as "number of staff"): what a comparative says when it names no whole attribute.
 */
function lastWordAttributes(word: string, schema: SchemaGraph): string[] {
  const out: string[] = [];
  for (const schemaClass of schema.classes) {
    for (const attribute of schemaClass.attributes) {
      if (!ORDERED.includes(attribute.type)) continue;
      const last = (name: string) => name.toLowerCase().split(/\s+/).pop();
      if (last(attribute.name.singular) === word || last(attribute.name.plural) === word) out.push(`A:${schemaClass.id}.${attribute.id}`);
    }
  }
  return out;
}

/** The one comparison with an aggregate the question's words say, or null. */
export function comparedAggregateCue(question: string, mentions: readonly Mention[], names: SchemaNames, schema: SchemaGraph): ComparedAggregateCue | null {
  const spans = wordSpans(question);
  // "above-average", "below-average": the preposition and the aggregate word, as if apart; an
  // adjective of the row's own attribute ("an above-average surface area in Asia": the values after it are the row's).
  const split = spans.flatMap((s): Span[] => {
    const joined = /^(above|below|over|under)-(average|mean)$/.exec(s.text);
    if (!joined) return [s];
    const cut = s.start + joined[1]!.length;
    return [{ text: joined[1]!, start: s.start, end: cut }, { text: joined[2]!, start: cut + 1, end: s.end, adjective: true }];
  });
  return cueIn(split, mentions, names, schema, operatorCues(question, mentions));
}

/** A word, and whether it is the aggregate half of a hyphenated adjective ("above-average"). */
type Span = WordSpan & { readonly adjective?: boolean };

function cueIn(spans: readonly Span[], mentions: readonly Mention[], names: SchemaNames, schema: SchemaGraph, operators: OperatorCues): ComparedAggregateCue | null {
  const w = spans.map((s) => s.text);
  const ordered = (token: string) => {
    const dot = token.lastIndexOf('.');
    const type = schema.classes.find((c) => c.id === token.slice(2, dot))?.attributes.find((a) => a.id === token.slice(dot + 1))?.type;
    return type !== undefined && ORDERED.includes(type);
  };
  for (let i = 0; i < w.length; i += 1) {
    const word = w[i]!;
    const above = ABOVE_THAN.includes(word) || ABOVE.includes(word);
    const needsThan = ABOVE_THAN.includes(word) || BELOW_THAN.includes(word);
    if (!above && !needsThan && !BELOW.includes(word)) continue;
    let j = i + 1;
    const named: string[] = [];
    if (needsThan) {
      // What is compared may stand between the adjective and "than": "greater surface area than", "more staff than".
      let end = j;
      while (end < w.length && end - j < 3 && w[end] !== 'than' && w[end] !== 'or') end += 1;
      if (end > j) {
        const after = names.nameAt(w, j);
        if (after && after.length === end - j) named.push(...after.attributes);
        named.push(...lastWordAttributes(w[end - 1]!, schema));
      }
      j = end;
    }
    let orEqual = false;
    if (needsThan) {
      if (w[j] === 'or' && w[j + 1] === 'equal' && w[j + 2] === 'to') {
        orEqual = true;
        j += 3;
      }
      if (w[j] !== 'than') continue;
      j += 1;
      if (w[j] === 'or' && w[j + 1] === 'equal' && w[j + 2] === 'to') {
        orEqual = true;
        j += 3;
      }
    }
    while (j < w.length && BETWEEN.has(w[j]!)) j += 1;
    const kind = AGGREGATE_WORDS.get(w[j] ?? '');
    if (!kind) continue;
    const aggregateAt = j;
    // The attribute named after the aggregate word ("the average population"), then before the comparative.
    const following = names.nameAt(w, aggregateAt + 1);
    if (following) named.push(...following.attributes);
    for (let k = i - 1; k >= Math.max(0, i - 5); k -= 1) {
      const ending = names.attributesEndingAt(w.slice(0, k + 1));
      if (ending.length > 0) {
        named.push(...ending);
        break;
      }
      if (!LINKING.has(w[k]!)) break;
    }
    const attributes = [...new Set(named)].filter(ordered);
    const operator: ComparisonOperator = above ? (orEqual ? '>=' : '>') : orEqual ? '<=' : '<';
    const aggregate = kind === 'any' ? (above ? 'max' : 'min') : kind;
    const phraseEnd = spans[aggregateAt]!.end;
    const comparativeStart = spans[i]!.start;
    const own: number[] = [];
    const junk: number[] = [];
    mentions.forEach((m, index) => {
      if (m.start >= phraseEnd) {
        if (!spans[aggregateAt]!.adjective) own.push(index + 1);
      }
      else if (m.end > comparativeStart && m.start < phraseEnd) junk.push(index + 1);
    });
    const fallbacks = new Map<number, { attribute: string; operator: Operator }>();
    for (const k of own) {
      const m = mentions[k - 1]!;
      const candidate = m.candidates[0];
      if (m.kind === 'text' && candidate) {
        fallbacks.set(k, { attribute: `A:${candidate.classId}.${candidate.attributeId}`, operator: '=' });
        continue;
      }
      if (m.number === null) continue;
      // "opened after 2010": the attribute the words before the value name, past the comparison's words.
      const before = spans.filter((s) => s.end <= m.start).map((s) => s.text);
      while (before.length > 0 && (operators.get(k) !== undefined) && ['after', 'before', 'than', 'more', 'less', 'over', 'under', 'above', 'below', 'since', 'in', 'greater', 'later', 'earlier', 'fewer'].includes(before[before.length - 1]!)) before.pop();
      const attribute = [...names.attributesEndingAt(before), ...names.attributesOfParticiple(before[before.length - 1] ?? '')].find(ordered);
      const allowed = (operators.get(k) ?? ['=']).filter((op) => ['=', '<', '<=', '>', '>='].includes(op));
      if (attribute && allowed.length === 1) fallbacks.set(k, { attribute, operator: allowed[0]! });
    }
    return { operator, aggregate, attributes, own, junk, fallbacks };
  }
  return null;
}

/** Whether a reading compares an attribute with an aggregate (`compare A:x < avg A:y … end`). */
export function comparesAggregate(tokens: readonly string[]): boolean {
  return tokens.some((t, i) => t === 'compare' && ['avg', 'min', 'max', 'sum', 'count', 'count_distinct'].includes(tokens[i + 3] ?? ''));
}

/** A reading that compares nothing with an aggregate, when the words say such a comparison. */
export const COMPARED_AGGREGATE_CUE: CueKind = {
  name: 'compared-aggregate',
  read({ question, mentions, names, schema }) {
    if (!comparedAggregateCue(question, mentions, names, schema)) return {};
    return { whenFinished: (tokens) => (comparesAggregate(tokens) ? 0 : COMPARED_AGGREGATE_CUE_PENALTY) };
  },
};
