/**
 * What a question's wording asks for, read from how it starts (English only):
 * - yes/no: "is there ...", "are there any ...", "does/do/did ...", "was/were ...", "has/have/had ...",
 *   "can/could/will/would ..." -> BOOLEAN;
 * - a number: "how many/much ...", "what is/was the total/average/number/sum/count ...", "count ..."
 *   -> SCALAR;
 * - things: "which ...", "who/whom ...", "list/show/name/find/give me ..." -> ENTITIES;
 * - anything else -> null (the query graph alone decides: TABLE when it is not one thing per row).
 * A pure function of the text; the query graph decides the rest (engines/query-graph/answer-kind.ts).
 */
import type { QuestionForm } from '../query-graph/answer-kind.js';

const BOOLEAN_START = /^(is|are|was|were|does|do|did|has|have|had|can|could|will|would|should)\b/;
const SCALAR_START =
  /^(how (many|much|old|long|often)\b|count\b|(what|which) (is|was|are|were|'s) the (total|average|mean|sum|number|count|amount|maximum|minimum|max|min|median)\b|(what|which)'s the (total|average|mean|sum|number|count|amount)\b)/;
const ENTITIES_START = /^(which|who|whom|list|show|name|find|display|give me|get|pull up|look up)\b/;
/** Verbs a request starts with: "can you list ...", "could u show me ...". */
const REQUEST_VERBS = 'list|show|give|find|get|tell|display|count|name|return|pull|look';
/**
 * Politeness and filler before the question proper, taken off one after the other: "please", "pls",
 * "tell me", "i want to know", "do you know", and "can/could/would you" when a request verb follows
 * ("can you list the products" is a request for a list, "can you buy X" stays a yes/no question).
 */
const LEAD_INS: readonly RegExp[] = [
  /^(please|pls|plz|kindly)\b/,
  new RegExp(`^(can|could|would|will) (you|u)( please| pls| kindly)?(?= (${REQUEST_VERBS})\\b)`),
  /^(tell me|i (want|need|would like|'d like) to (know|see)|do you know)\b/,
];

/** The question in lower case without its lead-in ("Can you please list the products?" -> "list the products?"). */
export function withoutLeadIn(question: string): string {
  let text = question.trim().toLowerCase().replace(/\u2019/g, "'").replace(/\s+/g, ' ');
  for (let before = ''; before !== text; ) {
    before = text;
    for (const leadIn of LEAD_INS) text = text.replace(leadIn, '').replace(/^[^\p{L}\p{N}]+/u, '');
  }
  return text;
}

export function questionForm(question: string): QuestionForm | null {
  const text = withoutLeadIn(question);
  if (SCALAR_START.test(text)) return 'SCALAR';
  if (BOOLEAN_START.test(text)) return 'BOOLEAN';
  if (ENTITIES_START.test(text)) return 'ENTITIES';
  return null;
}
