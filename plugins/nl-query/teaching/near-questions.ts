/**
 * How near a question is to a taught one when their words differ ("How many dogs are there?" /
 * "Count the number of dogs"), read lexically and domain-free: each question becomes
 *
 * - the operations its words ask for, as classes of English ("how many", "count", "number of"
 *   are one count; "average" and "mean" one mean; "more", "above", "over", "exceed" one greater;
 *   "not", "without", "except" one negation; ...), which must be the SAME set in both questions:
 *   "cheapest" against "most expensive" may share every other word and still ask the opposite;
 * - its content words (folded and stemmed as selection/terms.ts does, function words out), with
 *   the values it mentions set aside (they are re-linked, not compared: example-index.ts binds them);
 * - of those, the words that name a part of the source's schema (a table or class, a column or
 *   property, a relation: schemaNameWords). Each one the new question says must be in the taught
 *   question or name what its taught graph reads: they say what is shown, counted or compared, and
 *   "the names and grades of each student" is not "the grade of each student", nor "flights from
 *   source airport X" "... destination airport X", though each pair shares most words. Words that
 *   name nothing of the schema ("list", "operate", "perform", "popular") may differ: they are how
 *   people reword; so may a name the new question leaves unsaid ("Which cities ..." for "the names
 *   of the cities ...").
 *
 * Nearness is the Dice overlap of the content words (0..1), 0 when the operations differ or the new
 * question names a part of the schema the taught one does not. The
 * threshold a near question must reach to answer as taught, and the probability such a reading
 * carries, come from a curve on the dev paraphrases (`npm run bench -- teach-near`: every
 * questions-dev Northwind question taught, its hand-written rewordings and the other questions
 * asked), never from validation questions.
 */
import type { Mention } from '../../../engines/predictor/values/mentions.js';
import type { HumanName, SchemaGraph } from '../../../engines/schema-graph/types.js';
import { stem, tokenize, type Token } from '../selection/terms.js';

/** Words (folded) and the operation class each names. Classes of English, no source's words. */
const OPERATION_WORDS: ReadonlyMap<string, string> = new Map(
  (
    [
      // "number" is a count only as "number of" (NUMBER_WORDS): "flight number" is a column.
      ['count', 'count counts counted counting many'],
      ['sum', 'sum sums total totals totalled combined altogether'],
      ['mean', 'average averages mean avg'],
      ['max', 'maximum max most highest largest biggest greatest top'],
      ['min', 'minimum min least lowest smallest fewest bottom'],
      ['greater', 'more greater larger higher bigger above over exceed exceeds exceeding exceeded beyond after later older longer'],
      ['less', 'less fewer smaller lower below under before earlier younger shorter'],
      ['not', 'not no none never without except excluding nobody nothing neither nor dont doesnt didnt isnt arent wasnt werent havent hasnt hadnt cant cannot wont'],
      ['order', 'order ordered sort sorted sorting ascending descending alphabetical alphabetically rank ranked'],
      ['distinct', 'distinct different unique'],
      ['each', 'each per every'],
      ['or', 'or either'],
      ['both', 'both'],
    ] as const
  ).flatMap(([kind, words]) => words.split(' ').map((word) => [word, kind] as const)),
);

/**
 * Words that say nothing of what is asked: articles, prepositions, pronouns, auxiliaries, question
 * words and request openers. Only these: unlike source selection's stop words, "name", "first",
 * "last", "type" tell one column from another, and two questions differing in them are two questions.
 */
const FUNCTION_WORDS: ReadonlySet<string> = new Set(
  (
    'a an the of in on at to for from by with and nor is are was were be been being am do does did done have has had having ' +
    'what which who whom whose how when where why me us we our ours you your yours i my mine he him his she her hers it its ' +
    'they them their theirs this that these those there here than then so as into onto about also just please show list give ' +
    'tell find get display return want know need see all any some such only own same too very can could will would shall ' +
    'should may might must kindly s t let lets'
  ).split(' '),
);

/** Two-word phrases whose class is not the sum of their words ("total number" is a count). */
const OPERATION_PHRASES: ReadonlyMap<string, string> = new Map([
  ['total number', 'count'],
  ['at least', 'greater'],
  ['at most', 'less'],
  ['no more', 'less'],
  ['no less', 'greater'],
  ['no fewer', 'greater'],
]);

/** Words that ask for a count as "the number of" and name a thing otherwise ("flight numbers", "version number"): countsNumber. */
const NUMBER_WORDS: ReadonlySet<string> = new Set(['number', 'numbers']);

/**
 * Whether the number word at `i` asks for a count: "of" follows and no content word comes before
 * ("the number of flights", "the greatest number of friends", "names and numbers of likes"), as
 * against a noun it ends ("flight numbers of flights", "the version number of templates").
 */
function countsNumber(tokens: readonly Token[], i: number): boolean {
  if (tokens[i + 1]?.word !== 'of') return false;
  const before = tokens[i - 1]?.word;
  return before === undefined || FUNCTION_WORDS.has(before) || OPERATION_WORDS.has(before) || SUPERLATIVE.test(before);
}

/** A superlative's ending ("oldest", "cheapest"); a few nouns end so too ("interest") and are then compared strictly, which only loses matches. */
const SUPERLATIVE = /^[a-z]{2,}est$/;

/** A question as nearness reads it. */
export interface NearFeatures {
  /** Operation classes, sorted and joined: equal strings or not near at all. */
  readonly operations: string;
  /** Content word stems, values set aside. */
  readonly words: ReadonlySet<string>;
  /** Those of them that name a part of the schema. */
  readonly names: ReadonlySet<string>;
}

/** A content word as nearness compares it: folded, stemmed; null for function words, numbers and single letters. */
function contentStem(token: Token): string | null {
  return !FUNCTION_WORDS.has(token.word) && !token.numeric && token.word.length > 1 ? stem(token.word) : null;
}

/**
 * The stems of the content words that name the schema's classes, attributes and relations, as
 * people say them (their human names, singular and plural): what a question's words are checked
 * against to tell which of them say what is asked for.
 */
export function schemaNameWords(schema: SchemaGraph): ReadonlySet<string> {
  return nameWords([...schema.classes.flatMap((c) => [c.name, ...c.attributes.map((a) => a.name)]), ...schema.relations.map((r) => r.name)]);
}

/** The content word stems of human names (a schema's, or those a taught graph reads: graph-names.ts). */
export function nameWords(names: readonly HumanName[]): ReadonlySet<string> {
  const words = new Set<string>();
  for (const name of names) {
    for (const token of tokenize(`${name.singular} ${name.plural}`)) {
      if (OPERATION_WORDS.has(token.word) || NUMBER_WORDS.has(token.word)) continue;
      const word = contentStem(token);
      if (word) words.add(word);
    }
  }
  return words;
}

/**
 * The question's operations and content words; the text of each mention is left out. `schemaWords`
 * (schemaNameWords of the source) tells which content words name the schema; without it none do.
 */
export function nearFeatures(question: string, mentions: readonly Mention[], schemaWords: ReadonlySet<string> = new Set()): NearFeatures {
  const tokens: Token[] = [];
  let position = 0;
  for (const mention of mentions) {
    tokens.push(...tokenize(question.slice(position, mention.start)));
    position = mention.end;
  }
  tokens.push(...tokenize(question.slice(position)));
  const operations = new Set<string>();
  const words = new Set<string>();
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i] as Token;
    const phrase = OPERATION_PHRASES.get(`${token.word} ${tokens[i + 1]?.word ?? ''}`);
    if (phrase) {
      operations.add(phrase);
      i += 1;
      continue;
    }
    const kind = NUMBER_WORDS.has(token.word) ? (countsNumber(tokens, i) ? 'count' : undefined) : OPERATION_WORDS.get(token.word);
    if (kind) operations.add(kind);
    // A superlative or a word compared with "than" says which way, and "oldest" is not "youngest":
    // each must be in both questions as it is.
    else if (SUPERLATIVE.test(token.word) || tokens[i + 1]?.word === 'than') operations.add(token.word);
    else {
      const word = contentStem(token);
      if (word) words.add(word);
    }
  }
  return { operations: [...operations].sort().join(' '), words, names: new Set([...words].filter((word) => schemaWords.has(word))) };
}

/**
 * How near question `a` is to the taught question `b`: the Dice overlap of their content words
 * when they ask for the same operations and every word of `a` that names a part of the schema is
 * in `b` or names what `b`'s taught graph reads (`taughtReads`, nameWords of graph-names.ts); else 0.
 * A word naming the schema that only the taught question has may go unsaid ("Which cities ..." for
 * "the names of cities ..."); one only the new question has asks for more than was taught.
 */
export function nearness(a: NearFeatures, b: NearFeatures, taughtReads: ReadonlySet<string> = new Set()): number {
  if (a.operations !== b.operations) return 0;
  for (const name of a.names) if (!b.words.has(name) && !taughtReads.has(name)) return 0;
  const total = a.words.size + b.words.size;
  if (total === 0) return 0;
  let shared = 0;
  for (const word of a.words) if (b.words.has(word)) shared += 1;
  return (2 * shared) / total;
}
