/**
 * Words as source selection compares them: folded, stop words dropped, reduced to a stem, and a
 * few everyday synonyms mapped to the word a schema would use ("born" -> "birth", "clients" ->
 * "customer"). Questions and source profiles go through the same functions, so whatever a
 * rule gets wrong it gets wrong on both sides alike. Pure functions, no state.
 */
import { singularWord } from '../../../engines/schema-graph/names.js';
import { fold } from '../../../engines/english/normalize.js';

/**
 * Words that say nothing about which source holds the answer: function words, question words,
 * and the words every question about any data uses ("total", "number", "list", "data").
 */
const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a an the of in on at to for from by with and or not no nor is are was were be been being am do does did done ' +
    'have has had having what which who whom whose how many much me us we our ours you your yours i my mine he him his ' +
    'she her hers it its they them their theirs this that these those there here than then so as into onto about up out ' +
    'down over under again further once all any both each every few more most other some such only own same too very ' +
    'can could will would shall should may might must just also ever never yet still s t if else when where why while ' +
    'show list give tell find get name names named give display return count number numbers total totals average ' +
    'mean sum maximum minimum max min per between before after since during until within without against across ' +
    'along among around one two three four five six seven eight nine ten first last top bottom data dataset database ' +
    'record records entry entries table tables value values please want know need see exist exists many much kind ' +
    'kinds type types thing things anyone someone anything something everyone everything least less fewer greater ' +
    'larger smaller higher lower biggest largest smallest highest lowest altogether together overall including ' +
    'include includes included whether either neither yes like via per each based located situated'
  ).split(' '),
);

/**
 * Everyday words and the word a schema or a fact would more likely use, by stem. Kept general:
 * these are English equivalences, not knowledge of any one source.
 */
const SYNONYMS: ReadonlyMap<string, string> = new Map([
  ['born', 'birth'],
  ['birthday', 'birth'],
  ['died', 'death'],
  ['die', 'death'],
  ['dead', 'death'],
  ['buri', 'burial'],
  ['bury', 'burial'],
  ['marri', 'marriage'],
  ['marry', 'marriage'],
  ['wed', 'marriage'],
  ['wedding', 'marriage'],
  ['spous', 'marriage'],
  ['spouse', 'marriage'],
  ['client', 'customer'],
  ['buyer', 'customer'],
  ['cost', 'price'],
  ['costli', 'price'],
  ['costly', 'price'],
  ['expens', 'price'],
  ['expensive', 'price'],
  ['cheap', 'price'],
  ['cheapest', 'price'],
  ['pric', 'price'],
  ['dollar', 'price'],
  ['kid', 'child'],
  ['offspring', 'child'],
  ['parent', 'father'],
  ['sibl', 'brother'],
  ['sibling', 'brother'],
  ['staff', 'employee'],
  ['worker', 'employee'],
  ['firm', 'company'],
  ['business', 'company'],
  ['vendor', 'supplier'],
  ['carrier', 'shipper'],
  ['ship', 'shipper'],
  ['shipping', 'shipper'],
  ['sold', 'sell'],
  ['bought', 'buy'],
  ['oldest', 'birth'],
  ['youngest', 'birth'],
  ['old', 'age'],
  ['young', 'age'],
]);

/** A word of a text with its position among the text's words (stop words keep their place). */
export interface Token {
  /** The folded word as written ("henry", "viii"). */
  readonly word: string;
  /** The stem compared between question and profile; stop words keep their word. */
  readonly stem: string;
  readonly stop: boolean;
  /** Only digits: years and amounts say little about which source holds them. */
  readonly numeric: boolean;
}

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;

/** The words of a text as written: letters and digits, apostrophes inside words kept. */
function rawWords(text: string): string[] {
  return [...text.matchAll(WORD)].map((match) => match[0]);
}

/** A written word folded: lower case, no accents, no apostrophes, a possessive "'s" dropped. */
function foldWord(raw: string): string {
  return fold(raw).replace(/’/g, "'").replace(/'s$/, '').replace(/'/g, '');
}

/** Folded words: letters and digits, apostrophes inside words kept; a possessive "'s" dropped. */
export function wordsOf(text: string): string[] {
  return rawWords(text)
    .map(foldWord)
    .filter((word) => word !== '');
}

/** Every word of a text as a token, in order. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const raw of rawWords(text)) {
    const word = foldWord(raw);
    if (word === '') continue;
    const stop = STOPWORDS.has(word);
    tokens.push({ word, stem: stop ? word : stem(word), stop, numeric: /^\d+$/.test(word) });
  }
  return tokens;
}

/** The stems of a text's content words (no stop words, no numbers, no single letters). */
export function contentStems(text: string): string[] {
  return tokenize(text)
    .filter((token) => isContent(token))
    .map((token) => token.stem);
}

/** Whether a token can carry evidence on its own. */
export function isContent(token: Token): boolean {
  return !token.stop && !token.numeric && token.word.length > 1;
}

/**
 * A light stem: the singular (names.ts, so "people" -> "person", "wives" -> "wife"), then the
 * common inflections -ing / -ed cut, then the synonym table, then a final silent e. Not Porter: it only has to
 * put a question's word and a schema's word in the same place, and over-stemming names
 * ("Hastings") would merge values that should stay apart.
 */
export function stem(word: string): string {
  let base = singularWord(word);
  let cut = true;
  if (base.length > 5 && base.endsWith('ing')) base = base.slice(0, -3);
  else if (base.length > 4 && base.endsWith('ied')) base = `${base.slice(0, -3)}y`;
  else if (base.length > 4 && base.endsWith('ed') && !base.endsWith('eed')) base = base.slice(0, -2);
  else cut = false;
  // "shipped" -> "shipp" -> "ship"
  if (cut && /([b-df-hj-np-tv-z])\1$/.test(base) && !/(ll|ss|zz)$/.test(base)) base = base.slice(0, -1);
  // Kinship compounds are their base relation one generation on: "grandfather" -> "father".
  const kin = /^(?:great-?)*grand-?(.{3,})$/.exec(base);
  if (kin?.[1]) base = kin[1];
  base = SYNONYMS.get(base) ?? SYNONYMS.get(word) ?? base;
  // A final silent e goes on both sides, so "hired" -> "hir" meets "hire" -> "hir".
  return base.length > 3 && base.endsWith('e') ? base.slice(0, -1) : base;
}

/** The stems of a phrase joined by spaces, stop words included: the key of a value. */
export function phraseKey(text: string): string {
  return tokenize(text)
    .map((token) => token.stem)
    .join(' ');
}

/** Character trigrams of a word with boundary marks, for finding a known word near a misspelt one. */
export function trigrams(word: string): string[] {
  const padded = `#${word}#`;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i += 1) out.add(padded.slice(i, i + 3));
  return [...out];
}
