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

/** Folded words of a text joined by single spaces: the key values are looked up by. */
export function key(text: string): string {
  return words(text)
    .map((w) => w.text)
    .join(' ');
}

/**
 * The word, or the word of `vocabulary` it is a swap of two neighbouring letters of ("undre" ->
 * "under", "adrdess" -> "address"): the typo people make most, and the one the generator writes.
 * Words shorter than 4 letters are left alone ("no" and "on" are both words).
 */
export function unswapped(word: string, vocabulary: ReadonlySet<string>): string {
  if (word.length < 4 || vocabulary.has(word) || !/^[a-z]+$/.test(word)) return word;
  for (let k = 0; k + 1 < word.length; k += 1) {
    const swapped = word.slice(0, k) + (word[k + 1] as string) + (word[k] as string) + word.slice(k + 2);
    if (vocabulary.has(swapped)) return swapped;
  }
  return word;
}
