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
import { withoutLeadIn } from '../english/lead-ins.js';
import type { QuestionForm } from '../query-graph/answer-kind.js';

const BOOLEAN_START = /^(is|are|was|were|does|do|did|has|have|had|can|could|will|would|should)\b/;
const SCALAR_START =
  /^(how (many|much|old|long|often)\b|count\b|(what|which) (is|was|are|were|'s) the (total|average|mean|sum|number|count|amount|maximum|minimum|max|min|median)\b|(what|which)'s the (total|average|mean|sum|number|count|amount)\b)/;
const ENTITIES_START = /^(which|who|whom|list|show|name|find|display|give me|get|pull up|look up)\b/;

/** The form a question's wording asks for, read after its lead-in (engines/english/lead-ins.ts). */
export function questionForm(question: string): QuestionForm | null {
  const text = withoutLeadIn(question).toLowerCase();
  if (SCALAR_START.test(text)) return 'SCALAR';
  if (BOOLEAN_START.test(text)) return 'BOOLEAN';
  if (ENTITIES_START.test(text)) return 'ENTITIES';
  return null;
}
