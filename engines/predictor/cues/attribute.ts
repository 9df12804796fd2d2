/**
 * Attribute cues: the attribute named right before a value is, as a rule, what the value is
 * compared with ("whose order ship address is not 1 rue Alsace-Lorraine" is about Orders.ShipAddress,
 * "the product supplier id is between 24 and 12" about Products.SupplierID). On long questions the
 * model sometimes puts a value on a neighbouring attribute (the customer's address, the order
 * detail's product id). A reading whose condition on such a value is about none of the attributes
 * the words name loses `ATTRIBUTE_CUE_PENALTY` log-probability per value.
 *
 * Between the name and the value only comparison words may stand ("is not", "other than", "starts
 * with", "is in"); a value after other words ("lander orders", "customers in Germany", "the title
 * of Rowan") or before a noun ("more than 20 orders") has no cue and is left to the model. A date
 * or number after the participle of a date attribute's event is that attribute's ("employees hired
 * in 1993" compares the hire date, "born before 1500" the birth date): the model, which learnt
 * "born" but never "hired", read the first as a birth year.
 */
import { findAttribute } from '../../schema-graph/lookup.js';
import type { SchemaGraph } from '../../schema-graph/types.js';
import type { Mention } from '../values/mentions.js';
import { wordsAfter, wordsBefore } from '../../english/normalize.js';
import type { SchemaNames } from '../schema-words/schema-names.js';
import { ITEMS } from '../model/target.js';
import type { CueKind } from './cue.js';
import { nullCues } from './null.js';

/** Log-probability a reading loses per value it puts on another attribute than the one named before it; as much as OPERATOR_CUE_PENALTY (measured there). */
export const ATTRIBUTE_CUE_PENALTY = 4;

/** Words that may stand between an attribute's name and its value. */
const COMPARISON_WORDS = new Set(
  'is are was were be equal equals to exactly not other than neither nor less lower smaller fewer under below before earlier more greater higher larger over above after later at least most no up on or since between starts begins starting beginning with contains containing includes including has have in'.split(' '),
);

/** Placeholder number (1-based) -> the attribute tokens named right before its mention. */
export type AttributeCues = ReadonlyMap<number, readonly string[]>;

/**
 * With `schema`, a date or a month is cued only to date attributes: "the ship country on or before
 * March 1998" names no date, so "before March 1998" is left to the model (the class's own date).
 */
export function attributeCues(question: string, mentions: readonly Mention[], names: SchemaNames, schema?: SchemaGraph): AttributeCues {
  const cues = new Map<number, readonly string[]>();
  let from = 0;
  mentions.forEach((mention, index) => {
    const before = wordsBefore(question.slice(from, mention.start)).map((w) => w.text);
    from = mention.end;
    // "more than 20 orders", "27403 employees": a value before a noun belongs to that noun.
    const after = wordsAfter(question.slice(mention.end, mentions[index + 1]?.start ?? question.length)).map((w) => w.text);
    if (names.classAt(after, 0) || names.attributesAt(after, 0).length > 0) return;
    // Peel comparison words off the end until a name ends there ("reports to" keeps its "to").
    for (let end = before.length; end > 0; end -= 1) {
      const attributes = names.attributesEndingAt(before.slice(0, end));
      if (attributes.length > 0) {
        const fitting = schema && (mention.kind === 'date' || mention.kind === 'month') ? attributes.filter((token) => isDateToken(schema, token)) : attributes;
        if (fitting.length > 0) cues.set(index + 1, fitting);
        break;
      }
      const dated = mention.kind === 'text' ? [] : names.attributesOfParticiple(before[end - 1] as string);
      if (dated.length > 0) {
        cues.set(index + 1, dated);
        break;
      }
      if (!COMPARISON_WORDS.has(before[end - 1] as string)) break;
    }
  });
  return cues;
}

/** How many cued values `tokens` puts on an attribute the words do not name. */
export function attributeContradictions(cues: AttributeCues, tokens: readonly string[]): number {
  if (cues.size === 0) return 0;
  /** Placeholder -> the attributes of the conditions that use it. */
  const placed = new Map<number, string[]>();
  let item = '';
  let attribute = '';
  for (const token of tokens) {
    if ((ITEMS as readonly string[]).includes(token)) {
      item = token;
      attribute = '';
    } else if (token.startsWith('A:')) attribute = token.replace(/#\d+\./, '.');
    else if (token.startsWith('@')) {
      const k = Number(token.slice(1));
      // A limit's placeholder is a count of rows, not a value of an attribute.
      placed.set(k, [...(placed.get(k) ?? []), item === 'limit' ? '' : attribute]);
    }
  }
  let contradictions = 0;
  for (const [k, attributes] of cues) {
    // A value left out is not counted: the mention finder may split one value in two ("74" "rose st.").
    const on = placed.get(k) ?? [];
    if (on.length > 0 && !on.some((a) => a === '' || attributes.includes(a))) contradictions += 1;
  }
  return contradictions;
}

/**
 * Whether a reading has just named the attribute of a condition whose value the words give to
 * another attribute: conditions come in the order of their values (generator.ts), so the next
 * value is one of the placeholders after the last one written. When each of those has a cue and
 * none names this attribute, nor does a missing- or known-value cue (`tested`), the condition
 * contradicts the words before its value is even written: judged then, a beam that picked the
 * wrong attribute makes room at once ("whose quantity is no more than 10" read as the product id).
 * 0 once the condition has its value or is a null test (then `attributeContradictions` judges).
 */
export function misnamedCondition(cues: AttributeCues, tested: ReadonlySet<string>, mentions: number, tokens: readonly string[]): number {
  // The last item, read backwards: `where A:x` or `where A:x <operator>`, nothing else. (Called for
  // every token the search may write next: the common case returns at once.)
  const where = tokens.lastIndexOf('where', tokens.length - 2);
  if (where < 0 || where < tokens.length - 3) return 0;
  const attribute = tokens[where + 1];
  if (!attribute?.startsWith('A:')) return 0;
  const operator = tokens[where + 2];
  if (operator !== undefined && (CLOSED.has(operator) || operator.startsWith('@'))) return 0;
  const named = attribute.replace(/#\d+\./, '.');
  if (tested.has(named)) return 0;
  let last = 0;
  for (const t of tokens) if (t.startsWith('@')) last = Math.max(last, Number(t.slice(1)));
  if (last >= mentions) return 0;
  for (let k = last + 1; k <= mentions; k += 1) if (!cues.has(k) || cues.get(k)?.includes(named)) return 0;
  return 1;
}

/** What ends a condition without a placeholder: a null test or a truth value. */
const CLOSED: ReadonlySet<string> = new Set(['is_null', 'not_null', 'true', 'false']);

/** Whether an attribute token (`A:Orders.OrderDate`, `A:Person#2.born`) names a date attribute. */
function isDateToken(schema: SchemaGraph, token: string): boolean {
  const body = token.slice(2);
  const dot = body.lastIndexOf('.');
  const classId = body.slice(0, dot).replace(/#\d+$/, '');
  const attributeId = body.slice(dot + 1);
  if (attributeId === '*') return false;
  try {
    const type = findAttribute(schema, classId, attributeId).type;
    return type === 'date' || type === 'datetime';
  } catch {
    return true;
  }
}

/** Attribute cues judged inside the search; a value the missing-value cues test is not misnamed. */
export const ATTRIBUTE_CUE: CueKind = {
  name: 'attribute',
  read({ question, mentions, said, names, schema }) {
    const cues = attributeCues(question, mentions, names, schema);
    const tested = new Set(nullCues(said, names).flatMap((cue) => cue.attributes));
    return {
      whileSearching: (tokens) => ATTRIBUTE_CUE_PENALTY * (attributeContradictions(cues, tokens) + misnamedCondition(cues, tested, mentions.length, tokens)),
    };
  },
};
