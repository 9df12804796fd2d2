/**
 * Finding the values a question mentions: stored text values (case, accent and whitespace
 * insensitive, one typo or plural away, abbreviated word by word, one word of a longer value, or a
 * word made from the same stem as a one-word value: "operating" for 'Operational'), numbers and money
 * ("$20", "50 dollars", "1,000", "twenty bucks", "top five": number-words.ts), years (also said in words, "nineteen ninety-three"), months ("March 1998") and dates ("1997-07-04",
 * "July 4, 1997", "4 July 1997", "7/4/1997", "1997/07/04"), names with titles and regnal numbers and parts of names
 * (name-affixes.ts, ValueMemory.lookupName), yes/no columns by their name's words ("official": flags.ts), decades, halves and quarters of years (two mentions each: periodMentions). Each mention becomes a typed placeholder (`@1`, `@2`, ...) in
 * what the model reads, and is bound back into the predicted query graph afterwards (bind.ts).
 */
import { rankByQuestion } from './disambiguate.js';
import { leadingTitles, nameKeys } from './name-affixes.js';
import { fold, key, words, type WordSpan } from '../../english/normalize.js';
import { findNumberWords, findSpokenYears, isNumberWord } from '../../english/number-words.js';
import { flagMentionsIn, type FlagColumn } from './flags.js';
import { periodMentions } from './periods.js';
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
  /**
   * Whether the question cannot tell the first candidate from an alternative (same match, nothing
   * in the question favours one: "Albert" among three Alberts): the interpreter then offers each
   * as a reading of its own instead of silently picking one (disambiguate.ts).
   */
  readonly ambiguous?: boolean;
  /**
   * Whether the question names the value by the adjective that pertains to it ("German customers":
   * Germany, WordNet's pertainyms). Such a word is chosen to name the value, as a value written out
   * in full is, so a reading that leaves it out is wrong (cues/value-coverage.ts).
   */
  readonly adjective?: boolean;
  /**
   * Whether the question says the number is an amount of money: a currency sign before it ("$50",
   * "€20") or a currency word after it ("50 dollars", "twenty bucks", "10 euros"). An amount of
   * money is never a key ("products over $50" is no ProductID over 50: model/grammar.ts).
   */
  readonly money?: boolean;
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
  /**
   * The source's yes/no columns (flags.ts): the words of such a column's name ("official") are a
   * mention of its yes value ('T'), found after every stored value. None by default.
   */
  readonly flags?: readonly FlagColumn[];
  /**
   * The schema word a word writes in full ("independence" -> "indep" of IndepYear:
   * schema-words/abbreviations.ts), so that such a word is the question naming the schema, as the
   * abbreviation itself would be, not a value ("independence year" is no city 'Independence').
   * None by default.
   */
  readonly abbreviationOf?: (word: string) => string | null;
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
  for (const mention of textMentions(question, memory, options.maxWords ?? 6, maxCandidates, options.pertainyms, options.acrossMarks ?? false, options.abbreviationOf)) add(mention);
  for (const { start, end, candidate } of flagMentionsIn(question, options.flags ?? [])) add({ start, end, text: question.slice(start, end), kind: 'text', number: null, date: null, candidates: [candidate] });
  for (const mention of dateMentions(question, lower)) add(mention);
  for (const mention of periodMentions(question, lower, memory)) add(mention);
  for (const mention of numberMentions(question)) add(mention);
  // "nineteen ninety-three" is one year, not the numbers 19 and 93.
  for (const { start, end, value } of findSpokenYears(question)) add({ start, end, text: question.slice(start, end), kind: 'year', number: value, date: null, candidates: [] });
  for (const mention of numberWordMentions(question)) add(mention);
  return found.sort((a, b) => a.start - b.start).slice(0, maxMentions);
}

function textMentions(
  question: string,
  memory: ValueMemory,
  maxWords: number,
  maxCandidates: number,
  pertainyms: ((adjective: string) => readonly string[]) | undefined,
  acrossMarks: boolean,
  abbreviationOf: ((word: string) => string | null) | undefined,
): Mention[] {
  const spans = words(question).filter((w) => /[\p{L}\p{N}]/u.test(w.text));
  // The words as the schema writes them: a word the schema shortens is its schema word.
  const schemaSpelt = abbreviationOf ? spans.map((w) => ({ ...w, text: abbreviationOf(w.text) ?? w.text })) : spans;
  const out: Mention[] = [];
  const used = new Set<number>();
  const tryLookup = (quality: 'exact' | 'fuzzy' | 'name' | 'partial' | 'pertainym' | 'derived', fewest = 1, most = maxWords) => {
    for (let n = Math.min(most, spans.length); n >= fewest; n -= 1) {
      for (let i = 0; i + n <= spans.length; i += 1) {
        if (range(i, n).some((j) => used.has(j))) continue;
        const gram = spans.slice(i, i + n);
        if (!contiguous(question, gram, acrossMarks && quality === 'exact')) continue;
        const first = gram[0] as WordSpan;
        const last = gram[gram.length - 1] as WordSpan;
        // A value may begin with an article ("The Rise of the Blue Beetle"), found whole; no part of one may.
        if ((ValueMemory.isStopword(first.text) || ValueMemory.isStopword(last.text)) && !(quality === 'exact' && n >= 2)) continue;
        // A lone schema word ("id", "order") is the question talking about the schema, not a value.
        // A word of a longer name ("operational" of "operational from") may still be a whole stored value
        // ('Operational'), unless the question writes that name out around it ("package option") or it is
        // as short as the abbreviations every schema uses ("id" of "product id" is no 'ID' of Idaho).
        const asSchema = (schemaSpelt[i] as WordSpan).text;
        const schemaWord = quality === 'exact' ? memory.isSchemaName(asSchema) || (memory.isSchemaWord(asSchema) && (asSchema.length < 4 || insideSchemaName(schemaSpelt, i, memory))) : memory.isSchemaWord(asSchema);
        if (n === 1 && (first.text.length < 2 || /^\d+(\.\d+)?$/.test(first.text) || schemaWord)) continue;
        // "top seven" is a number, not Steven one letter away: only a value stored as the word itself takes it.
        if (quality !== 'exact' && gram.some((w) => isNumberWord(w.text))) continue;
        const lookup = (folded: string): readonly ValueCandidate[] => {
          if (quality === 'exact') {
            const direct = acrossMarks ? [...memory.lookupExact(folded), ...memory.lookupWordsOnly(folded)] : [...memory.lookupExact(folded), ...memory.lookupWordsOnly(folded).filter((c) => marksOnlyAtEdges(c.value))];
            if (direct.length > 0) return direct;
            if (ValueMemory.isStopword(first.text) || ValueMemory.isStopword(last.text)) return [];
            // "King George V", "george the fifth", "Dr Smith": the name with its affixes as stored (name-affixes.ts).
            for (const variant of nameKeys(folded.split(' '))) {
              const found = memory.lookupExact(variant);
              if (found.length > 0) return titledFirst(found, folded.split(' '), memory);
            }
            return [];
          }
          if (quality === 'name') return nameLookup(folded, writtenAsName(question, spans, i, n), memory);
          if (quality === 'fuzzy') {
            const fuzzy = memory.lookupFuzzy(folded);
            return fuzzy.length > 0 || n === 1 ? fuzzy : memory.lookupAbbreviated(folded);
          }
          if (n !== 1 || folded.length < 4) return [];
          if (quality === 'partial') return memory.lookupPart(folded);
          // "operating plants": a one-word value the word is made from, or makes (stems.ts).
          if (quality === 'derived') return memory.lookupDerived(folded);
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
        const others = spans.filter((_, j) => j < i || j >= i + n).map((w) => w.text);
        const { ranked, tied } = rankByQuestion(candidates, folded.split(' '), others, memory);
        const kept = onePerAttribute(ranked);
        const alternatives = alternativesOf(ranked);
        out.push({
          start: first.start,
          end,
          text: question.slice(first.start, end),
          kind: 'text',
          number: null,
          date: null,
          candidates: kept.slice(0, maxCandidates),
          alternatives,
          ...(tied && alternatives.length > 0 ? { ambiguous: true } : {}),
          ...(quality === 'pertainym' ? { adjective: true } : {}),
        });
      }
    }
  };
  // Several words of one name ("Henry Tudor", "King George") before any one of them alone ("Henry").
  tryLookup('exact', 2);
  tryLookup('name', 2);
  tryLookup('exact', 1, 1);
  // The noun an adjective pertains to before a value one letter away: "German" is Germany by the
  // dictionary, not by a typo (and the model then reads it as a whole value, not a fuzzy one).
  if (pertainyms) tryLookup('pertainym');
  tryLookup('fuzzy');
  tryLookup('name', 1, 1);
  tryLookup('partial');
  tryLookup('derived', 1, 1);
  return out;
}

/** Most stored values of one attribute several lower-case words with no title may be a part of. */
const MAX_PLAIN_PART_VALUES = 3;

/** Most stored values of one attribute a name part may stand for ("George" of forty Georges is no name of one). */
const MAX_NAME_VALUES = 30;

/**
 * A part of stored names (name-affixes.ts, ValueMemory.lookupName): "King George", "Albert",
 * "henry tudor". Several words are a part in any case; one word only after a title ("King
 * George") or written as a name (capitalised inside the sentence), since a lone lower-case word
 * shared by many values ("street") is rather the question's own word. Titles narrow the values to
 * those of things with that title when the source has titles.
 */
function nameLookup(folded: string, asName: boolean, memory: ValueMemory): readonly ValueCandidate[] {
  const ws = folded.split(' ');
  const titles = leadingTitles(ws);
  const part = ws.slice(titles);
  const variant = nameKeys(part)[0]?.split(' ');
  const asked = variant && variant.length === part.length ? variant : part;
  if (asked.length === 1 && titles === 0 && !asName) return [];
  if (asked.length === 1 && ((asked[0] as string).length < 3 || memory.isSchemaWord(asked[0] as string))) return [];
  if (asked.every((w) => memory.isSchemaWord(w) || ValueMemory.isStopword(w))) return [];
  // "House Stuart", "Stuart house": the schema's word beside a value is the question naming the attribute, not a part of a name.
  if (asked.length > 1 && (memory.isSchemaWord(asked[0] as string) || memory.isSchemaWord(asked[asked.length - 1] as string))) return [];
  const found = titledFirst(memory.lookupName(asked), ws, memory);
  const share = new Map<string, number>();
  const id = (c: ValueCandidate) => `${c.classId}\u0000${c.attributeId}`;
  for (const c of found) share.set(id(c), (share.get(id(c)) ?? 0) + 1);
  // Words not written as a name, with no title, are a part only of few values ("area school district" is everywhere).
  const most = titles > 0 || asName ? MAX_NAME_VALUES : MAX_PLAIN_PART_VALUES;
  return found.filter((c) => (share.get(id(c)) ?? 0) <= most);
}

/**
 * The values of things with the titles a name is written with ("King George": the kings), when
 * the source knows titles and some have them; all of them when none has. A name found only by
 * leaving its titles out, none of whose values has them, is no find where the source knows
 * titles: the name's part may still find a titled thing ("King George" is no plain "George").
 */
function titledFirst(found: readonly ValueCandidate[], ws: readonly string[], memory: ValueMemory): readonly ValueCandidate[] {
  const titles = leadingTitles(ws);
  if (titles === 0) return found;
  const written = new Set(ws.slice(0, titles));
  const titled = found.filter((c) => memory.titlesOf(c.value).some((t) => written.has(t.toLowerCase())));
  if (titled.length > 0) return titled;
  return memory.knowsTitles() ? [] : found;
}

/**
 * Whether the `n` words at `index` are written as a name: each capitalised, the first not the first
 * word of a sentence, and no capitalised word right before or after (a part of "Lower Layer Output
 * Area" is no name of its own).
 */
function writtenAsName(question: string, spans: readonly WordSpan[], index: number, n: number): boolean {
  const capital = (k: number) => {
    const span = spans[k];
    return span !== undefined && /^\p{Lu}/u.test(question.slice(span.start, span.end));
  };
  const first = spans[index] as WordSpan;
  if (index === 0 || /[.!?:]\s*$/.test(question.slice(0, first.start))) return false;
  for (let k = index; k < index + n; k += 1) if (!capital(k)) return false;
  return !capital(index - 1) && !capital(index + n);
}

/** Whether the word at `index` is part of a schema name of two to four words the question writes out ("package option"). */
function insideSchemaName(spans: readonly WordSpan[], index: number, memory: ValueMemory): boolean {
  for (let n = 2; n <= 4; n += 1) {
    for (let from = Math.max(0, index - n + 1); from <= index && from + n <= spans.length; from += 1) {
      const run = spans.slice(from, from + n).map((w) => w.text);
      if (memory.isSchemaName(run.join(' '))) return true;
      // A two-word name said the other way round around "of" ("year of independence" for independence year).
      if (n === 3 && run[1] === 'of' && memory.isSchemaName(`${run[2]} ${run[0]}`)) return true;
    }
  }
  return false;
}

/** Whether a stored value's marks are all before or after its words ("Fall of the Blue Beetle!"): its words alone are the value. */
function marksOnlyAtEdges(value: string): boolean {
  return !/[\p{L}\p{N}][^\p{L}\p{N}\s'’&-]+\s*[\p{L}\p{N}]/u.test(value.trim());
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
  // "1997/07/04"; "7/4/1997" month first as in the US unless the first number cannot be a month ("25/12/1997").
  const pad = (n: string | undefined) => String(Number(n)).padStart(2, '0');
  for (const m of lower.matchAll(/\b(\d{4})\/(\d{1,2})\/(\d{1,2})\b/g)) if (Number(m[2]) <= 12 && Number(m[3]) <= 31) push(m.index ?? 0, m[0].length, 'date', `${m[1]}-${pad(m[2])}-${pad(m[3])}`);
  for (const m of lower.matchAll(/\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/g)) {
    const [month, dayOf] = Number(m[1]) > 12 ? [m[2], m[1]] : [m[1], m[2]];
    if (Number(month) <= 12 && Number(dayOf) <= 31) push(m.index ?? 0, m[0].length, 'date', `${m[3]}-${pad(month)}-${pad(dayOf)}`);
  }
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
    const money = /[$€£]/.test(m[0]) || saysMoneyAfter(question, start + m[0].length);
    out.push({ start, end: start + m[0].length, text: m[0], kind: isYear ? 'year' : 'number', number: value, date: null, candidates: [], ...(money ? { money } : {}) });
  }
  return out;
}

/** Words after a number that make it an amount of money ("50 dollars", "twenty bucks", "10 euros", "5 usd"). */
const CURRENCY_WORDS = /^\s*(?:dollars?|bucks?|euros?|quid|usd|eur|gbp|cents?)\b/i;

/** Whether a currency word follows position `end` of the question. */
function saysMoneyAfter(question: string, end: number): boolean {
  return CURRENCY_WORDS.test(question.slice(end));
}

/** Numbers written in words ("top five", "under twenty bucks"), as number-words.ts reads them. */
function numberWordMentions(question: string): Mention[] {
  return findNumberWords(question).map(({ start, end, value }) => {
    const money = /[$€£]\s*$/.test(question.slice(0, start)) || saysMoneyAfter(question, end);
    return { start, end, text: question.slice(start, end), kind: 'number' as const, number: value, date: null, candidates: [], ...(money ? { money } : {}) };
  });
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
