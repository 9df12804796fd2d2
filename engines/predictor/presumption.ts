/**
 * Does a question presume that something answers it? "Which products cost more than 50 dollars?"
 * does (an empty result more likely means the reading was wrong); "Are there any products over
 * 500 dollars?" and "How many…?" do not (no rows, or zero, is a fine answer). Federation uses
 * this to decide whether an empty result ends the search or the next reading is tried.
 */
import { withoutLeadIn } from '../english/lead-ins.js';
import { questionForm } from './question-form.js';

export function presumesAnswer(question: string): boolean {
  if (questionForm(question) === 'BOOLEAN') return false;
  const text = withoutLeadIn(question).toLowerCase();
  if (/\b(if any|any at all|whether)\b/.test(text)) return false;
  if (/^(how many|count)\b/.test(text)) return false;
  return true;
}
