/**
 * The words people put around a name that are not the name as a database stores it: titles of
 * rank and office and honorifics before it ("King George V", "Dr Smith", "Sir Isaac Newton") and
 * regnal numbers after it, written as a Roman numeral, an ordinal word or an ordinal number
 * ("George V", "george the fifth", "George 5th"). One class for every schema: the mention finder
 * looks a name up with its affixes and without, and with its regnal number in the Roman form
 * databases store; the value memory knows a stored "Sir Isaac Newton" as "Isaac Newton" too.
 */

/**
 * Titles and honorifics in English, folded (lower case, no full stop). Words that are also common
 * nouns in questions ("general", "president") are left out: "the general manager" is no title.
 */
const HONORIFICS: ReadonlySet<string> = new Set(
  'king queen prince princess emperor empress tsar czar tsarina czarina tsarevich kaiser pope duke duchess archduke archduchess grand earl count countess marquess marquis marchioness viscount viscountess baron baroness lord lady sir dame saint st mr mrs ms miss mister madam dr doctor prof professor rev reverend fr father sister brother sheikh sultan shah pharaoh infante infanta dauphin elector landgrave margrave'.split(' '),
);

/** Words that begin a title but are no honorific alone ("grand" of "Grand Duke", "father"/"sister" as kin). */
const ONLY_BEFORE_ANOTHER: ReadonlySet<string> = new Set(['grand', 'father', 'sister', 'brother', 'st', 'saint']);

/** Whether a folded word is a title or an honorific put before a name. */
export function isHonorific(word: string): boolean {
  return HONORIFICS.has(word.replace(/\.$/, ''));
}

const ORDINAL_WORDS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth', 'thirteenth', 'fourteenth', 'fifteenth', 'sixteenth', 'seventeenth', 'eighteenth', 'nineteenth', 'twentieth'];

/** The Roman numeral of 1..39, in lower case (folded). */
export function romanNumeral(n: number): string | null {
  if (!Number.isInteger(n) || n < 1 || n > 39) return null;
  const tens = 'x'.repeat(Math.floor(n / 10));
  const units = ['', 'i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix'][n % 10] as string;
  return tens + units;
}

/** The regnal number an ordinal word or number stands for ("fifth" / "5th" -> 5), or null. */
export function ordinalValue(word: string): number | null {
  const index = ORDINAL_WORDS.indexOf(word);
  if (index >= 0) return index + 1;
  const digits = /^(\d{1,2})(?:st|nd|rd|th)$/.exec(word);
  return digits ? Number(digits[1]) : null;
}

const ROMAN = /^(x{0,3})(ix|iv|v?i{0,3})$/;

/** Whether a folded word is a Roman numeral ("v", "viii", "xiv"; not the empty word). */
export function isRomanNumeral(word: string): boolean {
  return word.length > 0 && ROMAN.test(word);
}

/**
 * The keys a name written with affixes may be stored under, besides its own words, best first:
 * its regnal number as a Roman numeral ("george the fifth", "george 5th" -> "george v"), and its
 * leading titles left out ("king george v" -> "george v", "dr john smith" -> "john smith").
 * `words` are folded words; the result holds keys (words joined by one space), none equal to the
 * words as given, and none empty.
 */
export function nameKeys(words: readonly string[]): string[] {
  const regnal = withRomanNumerals(words);
  const out = new Set<string>();
  const add = (ws: readonly string[]) => {
    if (ws.length > 0) out.add(ws.join(' '));
  };
  if (regnal) add(regnal);
  for (const form of regnal ? [regnal, words] : [words]) {
    const bare = withoutTitles(form);
    if (bare.length < form.length) add(bare);
  }
  out.delete(words.join(' '));
  return [...out];
}

/** The leading titles of a name: how many of its first words are titles ("grand duke" counts two). */
export function leadingTitles(words: readonly string[]): number {
  let k = 0;
  while (k < words.length - 1 && isHonorific(words[k] as string)) k += 1;
  // "Grand" or "Saint" alone is part of a name ("Saint Helena"), not a title before one.
  if (k === 1 && ONLY_BEFORE_ANOTHER.has((words[0] as string).replace(/\.$/, ''))) return 0;
  return k;
}

function withoutTitles(words: readonly string[]): readonly string[] {
  return words.slice(leadingTitles(words));
}

/**
 * "george the fifth", "george fifth", "george 5th" -> ["george", "v"]; null when the name has no
 * regnal number written otherwise than as a Roman numeral. Only the last word (after "the") counts,
 * and only after a word that is no title ("the fifth" alone is no name).
 */
function withRomanNumerals(words: readonly string[]): string[] | null {
  const last = words[words.length - 1];
  if (last === undefined || words.length < 2) return null;
  const n = ordinalValue(last);
  const numeral = n === null ? null : romanNumeral(n);
  if (!numeral) return null;
  const before = words[words.length - 2] === 'the' ? words.slice(0, -2) : words.slice(0, -1);
  if (before.length === 0 || isHonorific(before[before.length - 1] as string)) return null;
  return [...before, numeral];
}
