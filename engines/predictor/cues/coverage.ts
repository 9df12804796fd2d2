/**
 * Readings that leave out what the question says. The question's words are read as names, longest
 * first (schema-names.ts): "the ship city of orders" names Orders.ShipCity, "Is Chai discontinued?"
 * Products.Discontinued, "the employee id" every attribute called so. A name is read by a reading
 * that uses any attribute it names. A name left unread counts against the reading when one of its
 * attributes belongs to a class the reading uses (it has most likely dropped that part of the
 * question), or when the name is unmistakable (two words or more, one attribute: "order shipped
 * date"; or one attribute's acronym written in capitals: "the maximum GNP") whatever classes the
 * reading uses. Such readings lose IGNORED_ATTRIBUTE_PENALTY
 * log-probability per name, so a beam that reads the whole question moves ahead of one that does
 * not. Words inside value mentions do not count ("Sales Representative" names no attribute).
 */
import type { SchemaGraph } from '../../schema-graph/types.js';
import type { Mention } from '../values/mentions.js';
import type { SchemaNames } from '../schema-words/schema-names.js';
import { words } from '../../english/normalize.js';
import type { CueKind } from './cue.js';
import { COUNT_WORDS, countPhraseAt } from './count.js';
import { GROUP_WORDS } from './group.js';
import { ORDER_WORDS } from './order.js';
import { ownerOf, readingClasses, standsBetween } from './reading-classes.js';

/**
 * Log-probability a reading loses for each name of the question it leaves out (e^-4: about a
 * fiftieth, as much as a cue contradiction). It exists for questions like "Is Chai discontinued?",
 * where the flag is the whole point: the retrained Northwind model put the plain name reading 3.9
 * above the flag, so 2.5 no longer sufficed. Northwind held-out top-1 (seeds 5 / 99), the names
 * read as runs of words of used classes only: 264 / 265 of 300; longest names, any class for
 * unmistakable ones: 266 / 267 (with the cues of reading-checks.ts, old model); 2.5 and 4 the same
 * (287 of 300, seed 99, retrained model).
 */
export const IGNORED_ATTRIBUTE_PENALTY = 4;

/** Words the other cues read: as a class's whole name ("order", "count"), they say how to answer, not what about. */
const CUE_VOCABULARY: ReadonlySet<string> = new Set([...ORDER_WORDS, ...COUNT_WORDS, ...GROUP_WORDS]);

/** The question's words outside value mentions, folded, in order (a mention leaves a gap). */
export function questionWords(question: string, mentions: readonly Mention[]): readonly (string | null)[] {
  return words(question).map((w) => (mentions.some((m) => w.start < m.end && m.start < w.end) ? null : w.text));
}

/** How many of the question's names `tokens` leave unread where it counts (see the file's comment). */
export function unreadNames(questionWordList: readonly (string | null)[], tokens: readonly string[], names: SchemaNames, schema?: SchemaGraph, acronyms: ReadonlySet<number> = new Set()): number {
  const used = new Set(tokens.filter((t) => t.startsWith('A:')).map((t) => t.replace(/#\d+\./, '.')));
  const classes = readingClasses(tokens);
  const said = questionWordList.map((w) => w ?? '');
  let unread = 0;
  const counted = new Set<string>();
  for (let i = 0; i < said.length; i += 1) {
    const match = said[i] ? names.nameAt(said, i) : null;
    // "the most number of addresses" counts addresses: "number" is no attribute's name there (count.ts).
    if (!match || countPhraseAt(said, i, names)) continue;
    const next = i + match.length;
    i = next - 1;
    // A name right before a value ("of house of Windsor", "ship city Lyon") says what the value is:
    // cues/attribute.ts judges where the value goes, and a person's name may hold such words.
    if (questionWordList[next] === null || (said[next] === 'of' && questionWordList[next + 1] === null)) continue;
    // "regions" may be the class Regions: read when the reading uses it. A class's name alone
    // ("the average age of all the dogs") is read only by a reading that uses the class.
    if (match.classes.some((c) => classes.has(c)) || match.attributes.some((a) => used.has(a))) continue;
    if (match.attributes.length === 0) {
      // "in descending order", "the count": a word other cues read says how, not what. A class the
      // reading's joins pass through is read ("the dairy products category" between quantities and categories).
      const through = schema !== undefined && match.classes.some((c) => standsBetween(c, classes, schema));
      if (!through && (match.length > 1 || !CUE_VOCABULARY.has(said[i - match.length + 1] as string))) unread += 1;
      continue;
    }
    // Two words or more, or an acronym the question writes in capitals ("the maximum GNP"), name one attribute unmistakably.
    const unmistakable = match.attributes.length === 1 && (match.length >= 2 || acronyms.has(i));
    // An attribute said twice ("a price per unit": head noun and first word of unit price) is left out once.
    const named = match.attributes.join(' ');
    if ((unmistakable || match.attributes.some((a) => classes.has(ownerOf(a)))) && !counted.has(named)) {
      counted.add(named);
      unread += 1;
    }
  }
  return unread;
}

/**
 * The positions (in `words(question)`) of words written in capitals, two letters or more, in a
 * question that is not itself written in capitals: an acronym ("GNP", "NAEP") is a name, rarely an
 * everyday word.
 */
export function acronymsOf(question: string): ReadonlySet<number> {
  const spans = words(question);
  const written = spans.map((w) => question.slice(w.start, w.end));
  const capitals = (text: string) => /^\p{Lu}{2,}$/u.test(text);
  if (written.filter((text) => /\p{L}/u.test(text)).every(capitals)) return new Set();
  return new Set(written.flatMap((text, index) => (capitals(text) ? [index] : [])));
}

/** Names the question says that a finished reading leaves out. */
export const COVERAGE_CUE: CueKind = {
  name: 'coverage',
  read({ question, said, names, schema }) {
    const acronyms = acronymsOf(question);
    return { whenFinished: (tokens) => IGNORED_ATTRIBUTE_PENALTY * unreadNames(said, tokens, names, schema, acronyms) };
  },
};
