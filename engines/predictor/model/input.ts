/**
 * What the model reads: the question's folded words with each mention replaced by its placeholder,
 * then `|` and, per mention, its placeholder, its kind and the attributes whose stored values it
 * matched (`@1 kind:text A:Customers.Country A:Suppliers.Country`). The hints let the model choose
 * the column of a value it cannot see.
 */
import type { Mention } from '../values/mentions.js';
import { words } from '../../english/normalize.js';
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
  const said = plainDirections(out);
  out.length = 0;
  out.push(...said, '|');
  mentions.forEach((mention, index) => {
    out.push(placeholderToken(index + 1), `kind:${mention.kind}`);
    const first = mention.candidates[0];
    if (first) out.push(`match:${first.match}`);
    for (const candidate of mention.candidates) out.push(attributeToken(candidate));
  });
  return out;
}

const HIGH = new Set(['highest', 'largest', 'biggest', 'greatest', 'most', 'latest', 'newest', 'last', 'z']);
const LOW = new Set(['lowest', 'smallest', 'least', 'fewest', 'earliest', 'oldest', 'first', 'a']);

/**
 * "from highest to lowest" and "from lowest to highest" hold the same words in another order, a
 * difference a small model learns slowly: the first becomes "descending", the second goes (an
 * order is ascending unless said otherwise). Also "from z to a" and "from a to z".
 */
export function plainDirections(tokens: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const [from, x, to, y] = [tokens[i], tokens[i + 1] ?? '', tokens[i + 2], tokens[i + 3] ?? ''];
    if (from === 'from' && to === 'to' && ((HIGH.has(x) && LOW.has(y)) || (LOW.has(x) && HIGH.has(y)))) {
      if (HIGH.has(x)) out.push('descending');
      i += 3;
      continue;
    }
    out.push(tokens[i] as string);
  }
  return out;
}
