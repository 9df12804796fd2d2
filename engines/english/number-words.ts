/**
 * Whole numbers written as English words ("five", "twenty-five", "a hundred"), both ways: the
 * mention finder reads them as number mentions (mentions.ts), and the question generator writes
 * numbers this way now and then (english.ts), so serving reads exactly what training wrote.
 * "zero" is read as 0 ("zero units in stock"), never written.
 * "one" is left out: "which one", "no one", "one of" are no numbers, and nobody asks for "the top
 * one" where "the" would not do. Ordinals ("second", "third") are not values here: the query
 * graph cannot say "the third cheapest" (no offset), so they stay words.
 */

const UNITS = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** The words for `n` (2..99, 100, 1000), or null when people would write the digits. */
export function numberWords(n: number): string | null {
  if (!Number.isInteger(n) || n < 2) return null;
  if (n < 20) return UNITS[n] as string;
  if (n < 100) {
    const tens = TENS[Math.floor(n / 10)] as string;
    return n % 10 === 0 ? tens : `${tens}-${UNITS[n % 10]}`;
  }
  if (n === 100) return 'a hundred';
  if (n === 1000) return 'a thousand';
  return null;
}

const WORDS: ReadonlySet<string> = new Set([...UNITS.slice(2), ...TENS.slice(2), 'hundred', 'thousand', 'zero']);

/** Whether a single (folded) word is a number word ("seven", not "steven"): a fuzzy value match must not take it. */
export function isNumberWord(word: string): boolean {
  return WORDS.has(word.toLowerCase());
}

/** A number written in words, found in a question: character offsets and its value. */
export interface NumberWordSpan {
  readonly start: number;
  readonly end: number;
  readonly value: number;
}

const UNIT_PATTERN = UNITS.slice(2).join('|');
const TENS_PATTERN = TENS.slice(2).join('|');
/** Longest alternatives first, so "twenty-five" is one number and "seventeen" is not "seven". */
const PATTERN = new RegExp(`\\b(?:(?:a|one) (hundred|thousand)|(${TENS_PATTERN})(?:[- ](${UNITS.slice(1, 10).join('|')}))?|(${UNIT_PATTERN})|(zero))\\b`, 'gi');

/** Every number written in words in `text`, left to right. */
export function findNumberWords(text: string): NumberWordSpan[] {
  const out: NumberWordSpan[] = [];
  for (const m of text.matchAll(PATTERN)) {
    const start = m.index ?? 0;
    // "twenty-something", "five-star": a word that goes on with a hyphen is no number of its own.
    if (/^-[\p{L}\p{N}]/u.test(text.slice(start + m[0].length))) continue;
    let value: number;
    if (m[1]) value = m[1].toLowerCase() === 'hundred' ? 100 : 1000;
    else if (m[2]) value = TENS.indexOf(m[2].toLowerCase()) * 10 + (m[3] ? UNITS.indexOf(m[3].toLowerCase()) : 0);
    else if (m[5]) value = 0;
    else value = UNITS.indexOf((m[4] as string).toLowerCase());
    out.push({ start, end: start + m[0].length, value });
  }
  return out;
}

/** Two-digit words (10-99): "ninety-three", "eighteen", "sixty". */
const TWO_DIGITS = `(?:(?:${TENS_PATTERN})(?:[- ](?:${UNITS.slice(1, 10).join('|')}))?|${UNITS.slice(10).join('|')})`;
/**
 * Years said as people say them: a century's words then the year's ("nineteen ninety-three",
 * "eighteen sixty-five", "fifteen hundred", "nineteen oh five"), or "two thousand (and) five" ("two thousand" alone is a number).
 */
const YEAR_PATTERN = new RegExp(`\\b(?:(${UNITS.slice(10).join('|')}|twenty)[- ](?:(hundred)|(?:oh|o)[- ](${UNITS.slice(1, 10).join('|')})|(${TWO_DIGITS}))|two thousand(?: and)?[- ](${TWO_DIGITS}|${UNITS.slice(1, 10).join('|')}))\\b`, 'gi');

/** The value of a run of number words of 1 to 99 ("ninety-three", "eighteen"). */
function wordsValue(words: string): number {
  const [tens, unit] = words.toLowerCase().split(/[- ]/) as [string, string | undefined];
  const t = TENS.indexOf(tens);
  return t >= 2 ? t * 10 + (unit ? UNITS.indexOf(unit) : 0) : UNITS.indexOf(tens);
}

/** Every year said in words in `text` ("nineteen ninety-three": 1993), left to right. */
export function findSpokenYears(text: string): NumberWordSpan[] {
  const out: NumberWordSpan[] = [];
  for (const m of text.matchAll(YEAR_PATTERN)) {
    const start = m.index ?? 0;
    if (/^-[\p{L}\p{N}]/u.test(text.slice(start + m[0].length))) continue;
    const century = m[1] ? wordsValue(m[1]) : 20;
    const rest = m[2] ? 0 : m[3] ? UNITS.indexOf(m[3].toLowerCase()) : m[4] ? wordsValue(m[4]) : m[5] ? wordsValue(m[5]) : 0;
    out.push({ start, end: start + m[0].length, value: century * 100 + rest });
  }
  return out;
}
