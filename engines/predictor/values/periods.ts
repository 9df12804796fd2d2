/**
 * Periods people name instead of dates, each as the two mentions of its first and last year or
 * month, so `between @1 @2` says it with no operator of its own (a bound of a comparison takes
 * one of the two: "before the 1920s" = before 1920):
 * - decades: "the 1920s" / "1920's" (1920 from its digits, 1929 from its "s"), "the 80s", "'80s",
 *   "the eighties", with "early", "mid" or "late" before them (the first, middle or last years;
 *   "the late 1800s" is the century's last third);
 *   a decade without its century ("the 80s") is in the century that the source's years are in,
 *   and two numbers (80, 89: "in their 80s") when the source stores no years;
 * - centuries: "the 19th century", "the nineteenth century" (1800 to 1899);
 * - a year written with an apostrophe ("in '97"), in the source's century;
 * - halves and quarters of years: "the second half of 1997" (1997-07 from "second half of",
 *   1997-12 from the year), "Q3 1997" and "the third quarter of 1997" (1997-07, 1997-09).
 */
import type { Mention } from './mentions.js';
import type { ValueMemory } from './value-memory.js';

const ORDINALS: Readonly<Record<string, number>> = { first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4 };

const DECADE_WORDS = ['twenties', 'thirties', 'forties', 'fifties', 'sixties', 'seventies', 'eighties', 'nineties'];
const CENTURY_WORDS = ['eleventh', 'twelfth', 'thirteenth', 'fourteenth', 'fifteenth', 'sixteenth', 'seventeenth', 'eighteenth', 'nineteenth', 'twentieth', 'twenty-first'];

/** The years of a decade "early", "mid" or "late" stands for (offsets from its first year). */
const PART_OF_DECADE: Readonly<Record<string, readonly [number, number]>> = { early: [0, 3], mid: [4, 6], 'mid-': [4, 6], late: [7, 9] };
/** The same of a century ("the late 1800s": 1867 to 1899). */
const PART_OF_CENTURY: Readonly<Record<string, readonly [number, number]>> = { early: [0, 32], mid: [33, 66], 'mid-': [33, 66], late: [67, 99] };

export function periodMentions(question: string, lower: string, memory: ValueMemory): Mention[] {
  const out: Mention[] = [];
  const year = (start: number, end: number, value: number): Mention => ({ start, end, text: question.slice(start, end), kind: 'year', number: value, date: null, candidates: [] });
  const number = (start: number, end: number, value: number): Mention => ({ ...year(start, end, value), kind: 'number' });
  const month = (start: number, end: number, date: string): Mention => ({ start, end, text: question.slice(start, end), kind: 'month', number: null, date, candidates: [] });
  const century = sourceCentury(memory);
  const decade = (start: number, split: number, end: number, first: number, part: string | undefined, withCentury: boolean) => {
    // "the 1800s" is read as the decade the generator writes so; "the late 1800s" can only be the century's end.
    const parts = withCentury && part && first % 100 === 0 ? PART_OF_CENTURY : PART_OF_DECADE;
    const [from, to] = part ? (parts[part] as readonly [number, number]) : [0, 9];
    if (withCentury) out.push(year(start, split, first + from), year(split, end, first + to));
    else if (century !== null) out.push(year(start, split, century + first + from), year(split, end, century + first + to));
    else out.push(number(start, split, first + from), number(split, end, first + to));
  };
  const partPattern = '(?:(early|mid-|mid|late) )?';
  for (const m of lower.matchAll(new RegExp(`\\b${partPattern}((?:1[0-9]|20)\\d0)['’]?s\\b`, 'g'))) {
    const start = m.index ?? 0;
    const end = start + m[0].length;
    decade(start, end - 1, end, Number(m[2]), m[1], true);
  }
  for (const m of lower.matchAll(new RegExp(`(?:^|[\\s(])${partPattern}['’]?([1-9]0)['’]?s\\b`, 'g'))) {
    const start = (m.index ?? 0) + (/^[\s(]/.test(m[0]) ? 1 : 0);
    const end = (m.index ?? 0) + m[0].length;
    decade(start, end - 1, end, Number(m[2]), m[1], false);
  }
  for (const m of lower.matchAll(new RegExp(`\\b${partPattern}(${DECADE_WORDS.join('|')})\\b`, 'g'))) {
    const start = m.index ?? 0;
    const end = start + m[0].length;
    decade(start, end - 4, end, (DECADE_WORDS.indexOf(m[2] as string) + 2) * 10, m[1], false);
  }
  for (const m of lower.matchAll(new RegExp(`\\b(\\d{2})(?:st|nd|rd|th)[ -]century|\\b(${CENTURY_WORDS.join('|')})[ -]century`, 'g'))) {
    const start = m.index ?? 0;
    const end = start + m[0].length;
    const ordinal = m[1] ? Number(m[1]) : CENTURY_WORDS.indexOf(m[2] as string) + 11;
    if (ordinal < 11 || ordinal > 21) continue;
    const first = (ordinal - 1) * 100;
    out.push(year(start, end - 8, first), year(end - 7, end, first + 99));
  }
  for (const m of lower.matchAll(/(?:^|\s)['’](\d{2})\b(?!['’]?s)/g)) {
    if (century === null) continue;
    const start = (m.index ?? 0) + (/^\s/.test(m[0]) ? 1 : 0);
    out.push(year(start, (m.index ?? 0) + m[0].length, century + Number(m[1])));
  }
  const pad = (n: number) => String(n).padStart(2, '0');
  for (const m of lower.matchAll(/\b(first|second|1st|2nd) half (?:of )?(\d{4})\b/g)) {
    const start = m.index ?? 0;
    const at = start + m[0].length - 4;
    const first = ORDINALS[m[1] as string] === 1;
    out.push(month(start, at - 1, `${m[2]}-${first ? '01' : '07'}`), month(at, at + 4, `${m[2]}-${first ? '06' : '12'}`));
  }
  for (const m of lower.matchAll(/\b(?:(first|second|third|fourth|1st|2nd|3rd|4th) quarter (?:of )?|q([1-4]),? )(\d{4})\b/g)) {
    const start = m.index ?? 0;
    const at = start + m[0].length - 4;
    const q = m[2] ? Number(m[2]) : (ORDINALS[m[1] as string] as number);
    out.push(month(start, at - 1, `${m[3]}-${pad(q * 3 - 2)}`), month(at, at + 4, `${m[3]}-${pad(q * 3)}`));
  }
  return out;
}

/**
 * The century (1900, 2000, ...) most of the source's years are in: the years of its date columns
 * and of whole-number columns that hold only years (1000 to 2100), weighted by how many of each
 * century's years a column spans; the later century on a tie ("the 80s" of a source spanning 1950
 * to 2020 is the 1980s). Null when the source stores no years.
 */
export function sourceCentury(memory: ValueMemory): number | null {
  const weight = new Map<number, number>();
  for (const column of memory.columns) {
    const from = yearOf(column.min);
    const to = yearOf(column.max);
    const temporal = column.type === 'date' || column.type === 'datetime';
    if (from === null || to === null || to < from) continue;
    if (!temporal && !(column.type === 'integer' && from >= 1000 && to <= 2100)) continue;
    for (let c = Math.floor(from / 100) * 100; c <= to; c += 100) {
      const span = Math.min(to, c + 99) - Math.max(from, c) + 1;
      weight.set(c, (weight.get(c) ?? 0) + span);
    }
  }
  let best: number | null = null;
  for (const [c, w] of weight) if (best === null || w > (weight.get(best) ?? 0) || (w === weight.get(best) && c > best)) best = c;
  return best;
}

function yearOf(value: number | string | null): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value === 'string') {
    const m = /^(\d{4})-/.exec(value);
    return m ? Number(m[1]) : null;
  }
  return null;
}
