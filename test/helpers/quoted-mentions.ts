/** A question written with its values in double quotes, as the mention finder would mark them: the text without quotes, and each quoted value as a text mention. */
import type { Mention } from '../../engines/predictor/values/mentions.js';

export function quotedMentions(question: string): { text: string; mentions: Mention[] } {
  const mentions: Mention[] = [];
  let text = '';
  for (const [i, part] of question.split('"').entries()) {
    if (i % 2 === 1) mentions.push({ start: text.length, end: text.length + part.length, text: part, kind: 'text', number: null, date: null, candidates: [] });
    text += part;
  }
  return { text, mentions };
}
