/**
 * Numbers as the extractor reads them: in digits. People write quantities in words ("sixteen-inch",
 * "three thousand and fifty metres", "two million euros") and with scale words ("€3.8 million",
 * "1.2 million euros"); the extractor's number features (text.ts) and the code that compares and
 * aggregates numbers (constraints.ts, aggregate.ts) only see digits, and its training facts write
 * every number in digits. So the text the extractor reads (facts and question) has such numbers
 * rewritten as digits with thousands separators ("€3,800,000", "3,050 metres", "16-inch"); names
 * and every other word stay as written, and answers copied from the text come back as numbers.
 *
 * Plain English, no domain: number words, "and" inside a number, scale words. A lone small number
 * word ("two students", "one of them") is left alone: it is rarely a quantity anyone compares, and
 * "one" is mostly a pronoun. A number word is rewritten when it is hyphenated to a unit
 * ("two-metre"), holds a scale word ("three thousand"), or is twenty or more ("forty metres").
 */

import { bagIds, type Vocabulary } from './text.js';

/**
 * What the text view is: part of the models' fingerprint, so that a vector index embedded from
 * another view of the facts is rebuilt (models.ts).
 */
export const TEXT_VIEW = 'numbers-as-digits-1';

const SMALL: Readonly<Record<string, number>> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
  twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90,
};
const SCALE: Readonly<Record<string, number>> = { hundred: 100, thousand: 1_000, million: 1_000_000, billion: 1_000_000_000 };

const WORD = `(?:${Object.keys(SMALL).sort((a, b) => b.length - a.length).join('|')})(?:-(?:one|two|three|four|five|six|seven|eight|nine))?`;
const SCALE_WORD = Object.keys(SCALE).join('|');
/** A run of number words: "three thousand and fifty", "twenty-four", "a hundred and ten". */
const WORDS_RE = new RegExp(String.raw`\b(?:(?:a|${WORD})\s+(?:${SCALE_WORD})|${WORD})(?:(?:\s+and)?\s+(?:${WORD}|${SCALE_WORD}))*\b`, 'gi');
/** Digits followed by a scale word: "3.8 million", "€2.4 million", "12 thousand". */
const DIGITS_SCALE_RE = new RegExp(String.raw`\b(\d+(?:\.\d+)?)\s+(${SCALE_WORD})\b`, 'gi');

/** The value of a run of number words, or null when it is not one number ("two three"). */
export function wordsValue(text: string): number | null {
  const words = text.toLowerCase().split(/\s+/).filter((w) => w !== 'and');
  let total = 0;
  let current = 0;
  let last: 'small' | 'scale' | null = null;
  for (const word of words) {
    if (word === 'a') {
      if (last !== null) return null;
      current = 1;
      last = 'small';
      continue;
    }
    const scale = SCALE[word];
    if (scale !== undefined) {
      if (last === null) return null;
      if (scale === 100) current = (current || 1) * 100;
      else {
        total += (current || 1) * scale;
        current = 0;
      }
      last = 'scale';
      continue;
    }
    const [tens, unit] = word.split('-');
    const small = (SMALL[tens ?? ''] ?? NaN) + (unit ? (SMALL[unit] ?? NaN) : 0);
    if (!Number.isFinite(small)) return null;
    // "two three" is two numbers; "hundred and ten", "thousand fifty" go on
    if (last === 'small' && !(current % 100 === 0 && current >= 100) && !(current >= 20 && current % 10 === 0 && small < 10)) return null;
    current += small;
    last = 'small';
  }
  return last === null ? null : total + current;
}

/** `n` with thousands separators, as facts write numbers ("3,800,000"; "3.8" stays). */
function withSeparators(n: number): string {
  const [whole, fraction] = String(n).split('.');
  const grouped = (whole ?? '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction ? `${grouped}.${fraction}` : grouped;
}

/** The text with numbers in words and scale words written in digits (see the file comment). */
export function numbersAsDigits(text: string): string {
  let out = text.replace(DIGITS_SCALE_RE, (whole, digits: string, scale: string) => {
    const value = Number(digits) * (SCALE[scale.toLowerCase()] ?? 1);
    return Number.isFinite(value) ? withSeparators(Math.round(value * 1e6) / 1e6) : whole;
  });
  out = out.replace(WORDS_RE, (match: string, offset: number, all: string) => {
    // capitalised number words are names or open a sentence ("Three Rivers", "Two of them ...")
    if (/^[A-Z]/.test(match)) return match;
    const value = wordsValue(match);
    // "twenty-first", "twenty-something": an ordinal or a vague number, no quantity
    const after = all.slice(offset + match.length);
    if (value === null || /^-(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|something|odd)\b/i.test(after)) return match;
    const hyphenated = all[offset + match.length] === '-' && /[a-z]/i.test(all[offset + match.length + 1] ?? '');
    const scaled = new RegExp(`\\b(?:${SCALE_WORD})\\b`, 'i').test(match);
    return hyphenated || scaled || value >= 20 ? withSeparators(value) : match;
  });
  return out;
}

/** The retriever's input for a text (text.ts `bagIds`) as it reads it: numbers in digits. */
export function retrievalBag(text: string, vocab: Vocabulary): number[] {
  return bagIds(numbersAsDigits(text), vocab);
}
