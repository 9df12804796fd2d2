/**
 * What the model reads: the question's folded words with each mention replaced by its placeholder,
 * then `|` and, per mention, its placeholder, its kind and the attributes whose stored values it
 * matched (`@1 kind:text A:Customers.Country A:Suppliers.Country`). The hints let the model choose
 * the column of a value it cannot see.
 */
import type { Mention } from './mentions.js';
import { words } from './normalize.js';
import { attributeToken, placeholderToken } from './target.js';

export function inputTokens(question: string, mentions: readonly Mention[]): string[] {
  const out: string[] = [];
  let position = 0;
  const text = (segment: string) => out.push(...words(segment).map((w) => w.text).filter((w) => /[\p{L}\p{N}]/u.test(w)));
  mentions.forEach((mention, index) => {
    text(question.slice(position, mention.start));
    out.push(placeholderToken(index + 1));
    position = mention.end;
  });
  text(question.slice(position));
  out.push('|');
  mentions.forEach((mention, index) => {
    out.push(placeholderToken(index + 1), `kind:${mention.kind}`);
    const first = mention.candidates[0];
    if (first) out.push(`match:${first.match}`);
    for (const candidate of mention.candidates) out.push(attributeToken(candidate));
  });
  return out;
}
