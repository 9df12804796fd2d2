/**
 * The lead-in people put before what they ask: courtesy ("please", "pls", "hey,"), filler ("so",
 * "ok", "and"), framing ("tell me", "i want to know", "i wonder", "do you know") and a request
 * worded as a question ("can you list ...", "could u pls show me ..."): taken off before a
 * question's form is read, so "Can you list the suppliers?" is a request for a list, not a yes/no
 * question, and "Tell me, is Chai discontinued?" is one. "Can you" stays when no request verb
 * follows ("can you buy X" is a yes/no question). English only; shared by every engine that reads
 * a question's form (the query-graph predictor, the text-fact engine).
 */

/** Verbs a request starts with: "can you list ...", "could u show me ...". */
const REQUEST_VERBS = 'list|show|give|find|get|tell|display|count|name|return|pull|look|say|identify';

/** Each lead-in, matched at the start of the (trimmed) question, without regard to case. */
const LEAD_INS: readonly RegExp[] = [
  /^(please|pls|plz|kindly|so|ok|okay|now|also|then|and|hey|hi)\b/i,
  new RegExp(`^(can|could|would|will) (you|u)( please| pls| kindly)?(?= (${REQUEST_VERBS})\\b)`, 'i'),
  /^(tell me|i (want|need|would like|'d like) to (know|see)|i wonder|do you know)\b/i,
];

/**
 * The question without its lead-in, its letters as written, white space made single and curly
 * apostrophes straight ("Could you please list the products?" -> "list the products?").
 */
export function withoutLeadIn(question: string): string {
  let text = question.trim().replace(/\u2019/g, "'").replace(/\s+/g, ' ');
  for (let before = ''; before !== text; ) {
    before = text;
    for (const leadIn of LEAD_INS) text = text.replace(leadIn, '').replace(/^[^\p{L}\p{N}]+/u, '');
  }
  return text;
}
