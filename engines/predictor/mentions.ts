/**
 * Finding the values a question mentions: stored text values (case, accent and whitespace
 * insensitive, one typo or plural away, abbreviated word by word, or one word of a longer value), numbers and money
 * ("$20", "50 dollars", "1,000", "twenty bucks", "top five": number-words.ts), years, months ("March 1998") and dates ("1997-07-04",
 * "July 4, 1997", "4 July 1997"), decades, halves and quarters of years (two mentions each: periodMentions). Each mention becomes a typed placeholder (`@1`, `@2`, ...) in
 * what the model reads, and is bound back into the predicted query graph afterwards (bind.ts).
 */
import { fold, key, words, type WordSpan } from './normalize.js';
import { findNumberWords, isNumberWord } from './number-words.js';
import { ValueMemory, type ValueCandidate } from './value-memory.js';

/** What kind of value a mention is; the model sees it as a token after the placeholder. */
export type MentionKind = 'text' | 'number' | 'year' | 'month' | 'date';

export interface Mention {
  /** Character offsets into the question. */
  readonly start: number;
  readonly end: number;
  /** The question's own text of the mention. */
  readonly text: string;
  readonly kind: MentionKind;
  /** The number (number and year mentions). */
  readonly number: number | null;
  /** `YYYY-MM-DD` for dates, `YYYY-MM` for months. */
  readonly date: string | null;
  /** Stored values it may be, best first, at most one per attribute. */
  readonly candidates: readonly ValueCandidate[];
  /**
   * Other stored values of the same attributes the text matches as well ("George V" is two kings):
   * the interpreter tries them when the first one's answer is empty. Not shown to the model.
   */
  readonly alternatives?: readonly ValueCandidate[];
}

/** Most alternative values kept per mention. */
const MAX_ALTERNATIVES = 4;

export interface MentionOptions {
  /** Most mentions kept (the model has this many placeholders). Default 8. */
  readonly maxMentions?: number;
  /** Longest value looked up, in words. Default 6. */
  readonly maxWords?: number;
  /** Most candidate attributes per mention. Default 6. */
  readonly maxCandidates?: number;
  /**
   * The nouns an adjective pertains to ("French" -> France, "American" -> USA: WordNet's
   * pertainyms), so a value named by its adjective is found when nothing else matched the word.
   * None by default.
   */
  readonly pertainyms?: (adjective: string) => readonly string[];
  /**
   * Whether a whole stored value is found with a comma, a slash or a full stop between or after its
   * words ("Owner/Marketing Assistant", "Jardim das rosas n. 32", "Buckingham, Palace, London"),
   * rather than as pieces. A model reads mentions as it was trained to: the interpreter passes what
   * its training used (model.json `valuesAcrossMarks`; models trained before this rule read the
   * pieces). Default false.
   */
  readonly acrossMarks?: boolean;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const MONTH_PATTERN = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';

/** Finds the mentions of a question, left to right, never overlapping. */
export function findMentions(question: string, memory: ValueMemory, options: MentionOptions = {}): Mention[] {
  const maxMentions = options.maxMentions ?? 8;
  const found: Mention[] = [];
  const taken = (start: number, end: number) => found.some((m) => start < m.end && m.start < end);
  const add = (mention: Mention) => {
    if (!taken(mention.start, mention.end)) found.push(mention);
  };
  const lower = question.toLowerCase();
  const maxCandidates = options.maxCandidates ?? 6;

  // Text values first, longest first: a stored value that contains digits ("Route 66") wins over its number.
  for (const mention of textMentions(question, memory, options.maxWords ?? 6, maxCandidates, options.pertainyms, options.acrossMarks ?? false)) add(mention);
  for (const mention of dateMentions(question, lower)) add(mention);
  for (const mention of periodMentions(question, lower)) add(mention);
  for (const mention of numberMentions(question)) add(mention);
  for (const mention of numberWordMentions(question)) add(mention);
  return found.sort((a, b) => a.start - b.start).slice(0, maxMentions);
}

function textMentions(question: string, memory: ValueMemory, maxWords: number, maxCandidates: number, pertainyms: ((adjective: string) => readonly string[]) | undefined, acrossMarks: boolean): Mention[] {
  const spans = words(question).filter((w) => /[\p{L}\p{N}]/u.test(w.text));
  const out: Mention[] = [];
  const used = new Set<number>();
  const tryLookup = (quality: 'exact' | 'fuzzy' | 'partial' | 'pertainym') => {
    for (let n = Math.min(maxWords, spans.length); n >= 1; n -= 1) {
      for (let i = 0; i + n <= spans.length; i += 1) {
        if (range(i, n).some((j) => used.has(j))) continue;
        const gram = spans.slice(i, i + n);
        if (!contiguous(question, gram, acrossMarks && quality === 'exact')) continue;
        const first = gram[0] as WordSpan;
        const last = gram[gram.length - 1] as WordSpan;
        if (ValueMemory.isStopword(first.text) || ValueMemory.isStopword(last.text)) continue;
        // A lone schema word ("id", "order") is the question talking about the schema, not a value.
        if (n === 1 && (first.text.length < 2 || /^\d+(\.\d+)?$/.test(first.text) || memory.isSchemaWord(first.text))) continue;
        // "top seven" is a number, not Steven one letter away: only a value stored as the word itself takes it.
        if (quality !== 'exact' && gram.some((w) => isNumberWord(w.text))) continue;
        const lookup = (folded: string): readonly ValueCandidate[] => {
          if (quality === 'exact') return acrossMarks ? [...memory.lookupExact(folded), ...memory.lookupWordsOnly(folded)] : memory.lookupExact(folded);
          if (quality === 'fuzzy') {
            const fuzzy = memory.lookupFuzzy(folded);
            return fuzzy.length > 0 || n === 1 ? fuzzy : memory.lookupAbbreviated(folded);
          }
          if (n !== 1 || folded.length < 4) return [];
          if (quality === 'partial') return memory.lookupPart(folded);
          // "French suppliers": the stored value is the noun the adjective pertains to.
          return (pertainyms?.(folded) ?? []).flatMap((noun) => memory.lookupExact(key(noun)));
        };
        const folded = gram.map((w) => w.text).join(' ');
        let candidates = lookup(folded);
        let end = last.end;
        // "Henry VIII's father": the possessive is not part of the name.
        if (candidates.length === 0 && /'s$/.test(folded)) {
          candidates = lookup(folded.slice(0, -2));
          end = last.end - 2;
        }
        if (candidates.length === 0) continue;
        range(i, n).forEach((j) => used.add(j));
        out.push({
          start: first.start,
          end,
          text: question.slice(first.start, end),
          kind: 'text',
          number: null,
          date: null,
          candidates: onePerAttribute(candidates).slice(0, maxCandidates),
          alternatives: alternativesOf(candidates),
        });
      }
    }
  };
  tryLookup('exact');
  tryLookup('fuzzy');
  tryLookup('partial');
  if (pertainyms) tryLookup('pertainym');
  return out;
}

/**
 * Words that follow each other with only spaces, "&", an apostrophe or a dash between them (no "?"
 * inside a value). With `marks`, for a whole stored value, a comma, a slash or a full stop may stand
 * between them too ("Owner/Marketing Assistant", "Buckingham Palace, London, England"): a list of
 * values ("Berlin, London") is no stored value, so it is not found as one.
 */
function contiguous(question: string, gram: readonly WordSpan[], marks: boolean): boolean {
  const gapPattern = marks ? /^\s*[&'\-/,.]?\s*$/ : /^\s*[&'-]?\s*$/;
  for (let k = 1; k < gram.length; k += 1) {
    const gap = question.slice((gram[k - 1] as WordSpan).end, (gram[k] as WordSpan).start);
    if (!gapPattern.test(gap)) return false;
  }
  return true;
}

/** The values onePerAttribute leaves out that match as well as the one kept for their attribute. */
function alternativesOf(candidates: readonly ValueCandidate[]): ValueCandidate[] {
  const kept = onePerAttribute(candidates);
  return candidates.filter((c) => !kept.includes(c) && kept.some((k) => k.classId === c.classId && k.attributeId === c.attributeId && k.match === c.match)).slice(0, MAX_ALTERNATIVES);
}

function onePerAttribute(candidates: readonly ValueCandidate[]): ValueCandidate[] {
  const best = new Map<string, ValueCandidate>();
  for (const candidate of candidates) {
    const id = `${candidate.classId}\u0000${candidate.attributeId}`;
    if (!best.has(id)) best.set(id, candidate);
  }
  return [...best.values()];
}

function dateMentions(question: string, lower: string): Mention[] {
  const out: Mention[] = [];
  const push = (index: number, length: number, kind: 'date' | 'month', date: string) =>
    out.push({ start: index, end: index + length, text: question.slice(index, index + length), kind, number: null, date, candidates: [] });
  for (const m of lower.matchAll(/\b(\d{4})-(\d{2})-(\d{2})\b/g)) push(m.index ?? 0, m[0].length, 'date', `${m[1]}-${m[2]}-${m[3]}`);
  for (const m of lower.matchAll(new RegExp(`\\b${MONTH_PATTERN}\\.? (\\d{1,2})(?:st|nd|rd|th)?,? (\\d{4})\\b`, 'g')))
    push(m.index ?? 0, m[0].length, 'date', isoDate(m[3], m[1], m[2]));
  for (const m of lower.matchAll(new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)? (?:of )?${MONTH_PATTERN}\\.?,? (\\d{4})\\b`, 'g')))
    push(m.index ?? 0, m[0].length, 'date', isoDate(m[3], m[2], m[1]));
  for (const m of lower.matchAll(new RegExp(`\\b${MONTH_PATTERN}\\.?,? (?:of )?(\\d{4})\\b`, 'g'))) {
    const start = m.index ?? 0;
    if (!out.some((d) => start < d.end && d.start < start + m[0].length)) push(start, m[0].length, 'month', isoDate(m[2], m[1], '1').slice(0, 7));
  }
  for (const m of lower.matchAll(/\b(\d{4})-(\d{2})\b(?!-)/g)) {
    const month = Number(m[2]);
    if (month >= 1 && month <= 12) push(m.index ?? 0, m[0].length, 'month', `${m[1]}-${m[2]}`);
  }
  return out;
}

const ORDINALS: Readonly<Record<string, number>> = { first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4 };

/**
 * A decade, a half or a quarter of a year, as the two mentions of its first and last year or month,
 * so `between @1 @2` says it with no operator of its own: "the 1920s" is the years 1920 (its
 * digits) and 1929 (its "s"); "the second half of 1997" the months 1997-07 ("second half of") and
 * 1997-12 (the year); "Q3 1997" and "the third quarter of 1997" 1997-07 and 1997-09. A bound of a
 * comparison takes one of the two ("before the 1920s" = before 1920).
 */
function periodMentions(question: string, lower: string): Mention[] {
  const out: Mention[] = [];
  const year = (start: number, end: number, value: number): Mention => ({ start, end, text: question.slice(start, end), kind: 'year', number: value, date: null, candidates: [] });
  const month = (start: number, end: number, date: string): Mention => ({ start, end, text: question.slice(start, end), kind: 'month', number: null, date, candidates: [] });
  for (const m of lower.matchAll(/\b(1[5-9]|20)\d0s\b/g)) {
    const start = m.index ?? 0;
    const decade = Number(m[0].slice(0, 4));
    out.push(year(start, start + 4, decade), year(start + 4, start + 5, decade + 9));
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

function isoDate(year: string | undefined, month: string | undefined, day: string | undefined): string {
  const index = MONTHS.findIndex((name) => name.startsWith((month ?? '').slice(0, 3)));
  return `${year}-${String(index + 1).padStart(2, '0')}-${String(Number(day)).padStart(2, '0')}`;
}

function numberMentions(question: string): Mention[] {
  const out: Mention[] = [];
  const pattern = /(?:[$€£]\s?)?-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|(?:[$€£]\s?)?-?\d+(?:\.\d+)?%?/g;
  for (const m of question.matchAll(pattern)) {
    const start = m.index ?? 0;
    const before = question[start - 1] ?? ' ';
    const after = question[start + m[0].length] ?? ' ';
    // Part of a word or a code ("A1", "030-0074321") is not a number of its own.
    if (/[\p{L}\p{N}\-_/.]/u.test(before) && !/[$€£]/.test(m[0])) continue;
    if (/[\p{L}_/-]/u.test(after)) continue;
    const value = Number(m[0].replace(/[$€£,%\s]/g, ''));
    if (!Number.isFinite(value)) continue;
    const isYear = Number.isInteger(value) && value >= 1800 && value <= 2100 && /^\d{4}$/.test(m[0]);
    out.push({ start, end: start + m[0].length, text: m[0], kind: isYear ? 'year' : 'number', number: value, date: null, candidates: [] });
  }
  return out;
}

/** Numbers written in words ("top five", "under twenty bucks"), as number-words.ts reads them. */
function numberWordMentions(question: string): Mention[] {
  return findNumberWords(question).map(({ start, end, value }) => ({ start, end, text: question.slice(start, end), kind: 'number', number: value, date: null, candidates: [] }));
}

function range(start: number, length: number): number[] {
  return Array.from({ length }, (_, k) => start + k);
}

/** The question with each mention replaced by its placeholder `@1`, `@2`, ... (folded). */
export function withPlaceholders(question: string, mentions: readonly Mention[]): string {
  let out = '';
  let position = 0;
  mentions.forEach((mention, index) => {
    out += `${question.slice(position, mention.start)} @${index + 1} `;
    position = mention.end;
  });
  return fold(out + question.slice(position));
}
