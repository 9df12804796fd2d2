/**
 * Does a question presume that something answers it? "Which products cost more than 50 dollars?"
 * does (an empty result more likely means the reading was wrong); "Are there any products over
 * 500 dollars?" and "How many…?" do not (no rows, or zero, is a fine answer). Federation uses
 * this to decide whether an empty result ends the search or the next reading is tried.
 */
export function presumesAnswer(question: string): boolean {
  const text = question.trim().toLowerCase();
  if (/^(is|are|was|were|does|do|did|has|have|had|can|could|will|would|should)\b/.test(text)) return false;
  if (/\b(if any|any at all|whether)\b/.test(text)) return false;
  if (/^how many\b/.test(text)) return false;
  return true;
}
