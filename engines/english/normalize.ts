/**
 * Text folding shared by the value memory, the generator and the tokenizer: the same question
 * written with other case, accents or spacing must give the same tokens ("Thüringer" = "thuringer",
 * "Sweden " = "sweden").
 */

/** Lower case, accents removed (NFD, combining marks dropped), whitespace collapsed and trimmed. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[æÆ]/g, 'ae')
    .replace(/[øØ]/g, 'o')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** A word of a question with where it was found (character offsets into the original text). */
export interface WordSpan {
  /** The folded word. */
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/**
 * Words and single punctuation marks, folded, with their offsets. Apostrophes and hyphens inside a
 * word stay in it ("o'brien", "30-day"), so values keep their shape.
 */
export function words(text: string): WordSpan[] {
  const spans: WordSpan[] = [];
  const pattern = /[\p{L}\p{N}]+(?:['’\-.][\p{L}\p{N}]+)*|[^\s\p{L}\p{N}]/gu;
  for (const match of text.matchAll(pattern)) {
    const start = match.index ?? 0;
    spans.push({ text: fold(match[0]).replace(/’/g, "'"), start, end: start + match[0].length });
  }
  return spans;
}

/** Marks that open a quotation or an aside, and those that close one: they stand between a value and the words about it. */
const OPENING_MARKS: ReadonlySet<string> = new Set(['"', "'", '“', '‘', '«', '(', '[', '`']);
const CLOSING_MARKS: ReadonlySet<string> = new Set(['"', "'", '”', '’', '»', ')', ']', '`']);

/**
 * The words before a value, without the marks that open it: in `whose fax is not "030-0074321"`
 * the words before the value end with "not", not with the quotation mark.
 */
export function wordsBefore(text: string): WordSpan[] {
  const spans = words(text);
  let end = spans.length;
  while (end > 0 && OPENING_MARKS.has((spans[end - 1] as WordSpan).text)) end -= 1;
  return spans.slice(0, end);
}

/** The words after a value, without the marks that close it (`"Chai" products` goes on with "products"). */
export function wordsAfter(text: string): WordSpan[] {
  const spans = words(text);
  let start = 0;
  while (start < spans.length && CLOSING_MARKS.has((spans[start] as WordSpan).text)) start += 1;
  return spans.slice(start);
}

/** Folded words of a text joined by single spaces: the key values are looked up by. */
export function key(text: string): string {
  return words(text)
    .map((w) => w.text)
    .join(' ');
}

/**
 * The word, or the word of `vocabulary` it is one typo away from: two neighbouring letters swapped
 * ("undre" -> "under", "adrdess" -> "address"), one letter doubled ("eveery" -> "every") or one
 * left out ("mximum" -> "maximum"): the typos people make most, and the ones the generator writes
 * (registers.ts). Tried in that order, each left to right. Words shorter than 4 letters are left
 * alone ("no" and "on" are both words), and a letter is put back or taken out only in words of 5
 * or more ("sold" is no "solid" misspelt).
 */
export function unswapped(word: string, vocabulary: ReadonlySet<string>): string {
  if (word.length < 4 || vocabulary.has(word) || !/^[a-z]+$/.test(word)) return word;
  for (let k = 0; k + 1 < word.length; k += 1) {
    const swapped = word.slice(0, k) + (word[k + 1] as string) + (word[k] as string) + word.slice(k + 2);
    if (vocabulary.has(swapped)) return swapped;
  }
  if (word.length < 5) return word;
  for (let k = 0; k + 1 < word.length; k += 1) {
    if (word[k] !== word[k + 1]) continue;
    const single = word.slice(0, k) + word.slice(k + 1);
    if (vocabulary.has(single)) return single;
  }
  for (let k = 1; k < word.length; k += 1) {
    for (const letter of LETTERS) {
      const whole = word.slice(0, k) + letter + word.slice(k);
      if (vocabulary.has(whole)) return whole;
    }
  }
  return word;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
