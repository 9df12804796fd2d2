/**
 * Readings that leave out what the question says. When a question names an attribute of a class
 * a reading uses, word for word ("Is Chai discontinued?" names Products.Discontinued; "the ship
 * city of orders" names Orders.ShipCity), a reading that never touches that attribute has most
 * likely dropped part of the question. Such readings lose `penalty` log-probability per attribute
 * they leave out, so a beam that reads the whole question moves ahead of one that does not.
 * Words inside value mentions do not count ("Sales Representative" names no attribute).
 */
import type { SchemaGraph } from '../../../engines/schema-graph/types.js';
import type { Mention } from './mentions.js';
import type { SchemaNames } from './schema-names.js';
import { fold, words } from './normalize.js';
import { attributeToken } from './target.js';

/**
 * Log-probability a reading loses for each attribute the question names and it leaves out (e^-2.5:
 * about a twelfth). Measured on Northwind held-out questions (seed 5: 254/300 with or without it;
 * seed 99: 251 against 252) and the dev questions (unchanged on all three sources); it exists for
 * questions like "Is Chai discontinued?", where the flag is the whole point.
 */
export const IGNORED_ATTRIBUTE_PENALTY = 2.5;

/** The question's words outside value mentions, folded, in order (a mention leaves a gap). */
export function questionWords(question: string, mentions: readonly Mention[]): readonly (string | null)[] {
  return words(question).map((w) => (mentions.some((m) => w.start < m.end && m.start < w.end) ? null : w.text));
}

/** How many attributes of the classes `tokens` uses the question names in full while `tokens` never use them. */
export function ignoredAttributes(questionWordList: readonly (string | null)[], tokens: readonly string[], schema: SchemaGraph): number {
  const used = new Set(tokens.filter((t) => t.startsWith('A:')).map((t) => t.replace(/#\d+\./, '.')));
  const classes = new Set<string>();
  for (const token of tokens) {
    if (token.startsWith('C:')) classes.add(token.slice(2));
    if (token.startsWith('A:')) classes.add(token.slice(2, token.lastIndexOf('.')).replace(/#\d+$/, ''));
  }
  let ignored = 0;
  for (const owner of schema.classes) {
    if (!classes.has(owner.id)) continue;
    for (const attribute of owner.attributes) {
      if (used.has(attributeToken({ classId: owner.id, attributeId: attribute.id }))) continue;
      const forms = [attribute.name.singular, attribute.name.plural].map((n) => fold(n).split(' ').filter(Boolean));
      if (forms.some((form) => form.length > 0 && containsRun(questionWordList, form))) ignored += 1;
    }
  }
  return ignored;
}

function containsRun(list: readonly (string | null)[], run: readonly string[]): boolean {
  for (let i = 0; i + run.length <= list.length; i += 1) if (run.every((w, k) => list[i + k] === w)) return true;
  return false;
}

/**
 * How many attributes the question names unmistakably (a name only one attribute has, of two words
 * or more: "order shipped date", "ship postal code") `tokens` never use, counting only attributes
 * of classes `tokens` do not use (ignoredAttributes counts the others). A reading that shows the
 * order detail's order id where the question asked for the "order shipped date" has dropped it.
 */
export function unreadNamedAttributes(questionWordList: readonly (string | null)[], tokens: readonly string[], names: SchemaNames): number {
  const used = new Set(tokens.filter((t) => t.startsWith('A:')).map((t) => t.replace(/#\d+\./, '.')));
  const classes = new Set<string>();
  for (const token of tokens) {
    if (token.startsWith('C:')) classes.add(token.slice(2));
    if (token.startsWith('A:')) classes.add(token.slice(2, token.lastIndexOf('.')).replace(/#\d+$/, ''));
  }
  const words = questionWordList.map((w) => w ?? '');
  let unread = 0;
  for (let i = 0; i < words.length; i += 1) {
    const match = names.nameAt(words, i);
    if (!match) continue;
    const [only] = match.attributes;
    if (match.attributes.length === 1 && match.length >= 2 && only && !used.has(only) && !classes.has(only.slice(2, only.lastIndexOf('.')))) unread += 1;
    i += match.length - 1;
  }
  return unread;
}
