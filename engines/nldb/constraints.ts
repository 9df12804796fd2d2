/**
 * Number comparisons a question states ("born before 1960", "more than 100,000 visitors", "in the
 * 1980s", "in the twentieth century"), checked by ordinary code against a support set's facts.
 *
 * The extractor sees comparisons only through per-token features and often lets a fact through
 * whose number fails them ("born in 1969" for "born before 1960"). A support set can only show
 * that an entity passes a comparison if one of its numbers of the compared kind (a year, or a
 * quantity) satisfies it, so a set without such a number gives [NULL_ANSWER] whatever the model
 * says, and a yes/no question with a comparison is answered by the comparison itself.
 */
import { datedYears } from './event-years.js';
import { isYear, numberValue, tokenize } from './text.js';
import { inBaseUnit, mixedUnits, type Quantity, type Unit, unitAfter } from './units.js';

/** A closed interval over one kind of number. */
export interface NumberConstraint {
  readonly kind: 'year' | 'quantity';
  readonly min: number;
  readonly max: number;
}

const ORDINALS: Readonly<Record<string, number>> = {
  fifteenth: 15,
  sixteenth: 16,
  seventeenth: 17,
  eighteenth: 18,
  nineteenth: 19,
  twentieth: 20,
  'twenty-first': 21,
  'twenty first': 21,
};

const NUM = String.raw`(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)`;
const value = (raw: string): number => Number(raw.replaceAll(',', ''));
/** Integers are compared with strict bounds made inclusive (the numbers in facts are whole). */
const EPS = 1e-9;

/** The comparisons stated in a question (none for most questions). */
export function parseConstraints(question: string): NumberConstraint[] {
  const q = question.replace(/\s+/g, ' ');
  const out: NumberConstraint[] = [];
  const take = (re: RegExp, make: (m: RegExpExecArray) => NumberConstraint | null): void => {
    for (const m of q.matchAll(new RegExp(re, 'gi'))) {
      const c = make(m);
      if (c) out.push(c);
    }
  };
  // between A and B (either kind, by the numbers' look)
  take(new RegExp(String.raw`\bbetween ${NUM} and ${NUM}`), (m) => {
    const a = value(m[1] as string);
    const b = value(m[2] as string);
    const kind = isYear(m[1] as string) && isYear(m[2] as string) ? 'year' : 'quantity';
    return { kind, min: Math.min(a, b), max: Math.max(a, b) };
  });
  // years: before / after / since
  take(new RegExp(String.raw`\b(before|earlier than|prior to|after|later than|since) ${NUM}\b(?!\s*(?:,\d|\.\d|%))`), (m) => {
    const raw = m[2] as string;
    if (!isYear(raw)) return null;
    const v = value(raw);
    const word = (m[1] as string).toLowerCase();
    if (word === 'since') return { kind: 'year', min: v, max: Infinity };
    return /before|earlier|prior/.test(word) ? { kind: 'year', min: -Infinity, max: v - EPS } : { kind: 'year', min: v + EPS, max: Infinity };
  });
  // decades: "in the 1980s"
  take(/\bthe (\d{3}0)'?s\b/, (m) => {
    const v = value(m[1] as string);
    return v >= 1000 && v <= 2100 ? { kind: 'year', min: v, max: v + 9 } : null;
  });
  // centuries: "the twentieth century", "the 19th century" (1900-1999, as the training data says)
  take(/\bthe (\d{1,2})(?:st|nd|rd|th) century\b|\bthe ([a-z]+(?:[- ]first)?) century\b/, (m) => {
    const n = m[1] ? Number(m[1]) : ORDINALS[(m[2] as string).toLowerCase()];
    return n ? { kind: 'year', min: (n - 1) * 100, max: (n - 1) * 100 + 99 } : null;
  });
  // quantities: more than / fewer than / at least / at most
  take(
    new RegExp(
      String.raw`\b(more than|over|above|greater than|in excess of|exceeding|fewer than|less than|under|below|at least|no fewer than|no less than|at most|no more than) [€$£¥]?${NUM}\b`,
    ),
    (m) => {
      // "more than 10 years" compares lengths of time, which facts do not state as quantities
      if (TIME_UNIT.test(/^\s*([A-Za-z]+)/.exec(q.slice((m.index ?? 0) + m[0].length))?.[1] ?? '')) return null;
      const v = value(m[2] as string);
      const word = (m[1] as string).toLowerCase();
      if (/at least|no fewer|no less/.test(word)) return { kind: 'quantity', min: v, max: Infinity };
      if (/at most|no more/.test(word)) return { kind: 'quantity', min: -Infinity, max: v };
      if (/fewer|less|under|below/.test(word)) return { kind: 'quantity', min: -Infinity, max: v - EPS };
      return { kind: 'quantity', min: v + EPS, max: Infinity };
    },
  );
  return out;
}

/** Words that make the number before them a length of time. */
const TIME_UNIT = /^(?:years?|months?|weeks?|days?|hours?|minutes?|decades?|centuries)$/i;

/** Month names: the number before one is the day of a date ("born on 4 November 1976"). */
/** Words after which a year is a date. */
const DATE_WORD = /^(?:in|since|from|on|until|till)$/i;
const MONTH = /^(?:January|February|March|April|May|June|July|August|September|October|November|December)$/;

/** Whether a number token is a year where it stands: year-like digits not followed by what they measure. */
export function isYearAt(tokens: readonly { text: string }[], i: number): boolean {
  const t = tokens[i]?.text ?? '';
  return isYear(t);
}

/** Whether the token after a number makes it something other than a quantity (a length of time, a day). */
function notAQuantity(next: string): boolean {
  return TIME_UNIT.test(next) || MONTH.test(next);
}

/** Whether a number in a fact is written as the day of a date ("4" in "born on 4 November 1976"). */
export function isDayOfDate(number: string, fact: string): boolean {
  const tokens = tokenize(fact);
  const at = tokens.findIndex((t, i) => t.text === number && MONTH.test(tokens[i + 1]?.text ?? ''));
  return at >= 0 && !tokens.some((t, i) => t.text === number && !MONTH.test(tokens[i + 1]?.text ?? ''));
}

/**
 * Whether an extreme's value passes the question's comparisons of its own kind: "the youngest
 * person born before 1973" is not 1989, whatever other number of the set passes.
 */
export function valuePasses(constraints: readonly NumberConstraint[], value: string): boolean {
  const v = numberValue(value);
  if (v === null) return true;
  const kind: NumberConstraint['kind'] = isYear(value) ? 'year' : 'quantity';
  return constraints.every((c) => c.kind !== kind || (v >= c.min && v <= c.max));
}

/** The numbers of a kind in some facts: years, or quantities (other numbers; years when there are none). */
export function numbersOfKind(facts: readonly string[], kind: NumberConstraint['kind']): number[] {
  const all = facts.flatMap((f) => {
    const tokens = tokenize(f);
    return tokens.flatMap((t, i) => {
      const v = numberValue(t.text);
      // a length of time ("after 32 years near the mill") or the day of a date is not what a
      // quantity comparison ("under 520,000 visitors") is about: any small number would pass it
      if (v === null || (kind === 'quantity' && notAQuantity(tokens[i + 1]?.text ?? ''))) return [];
      const year = isYearAt(tokens, i);
      return [{ v, year, dated: year && writtenAsDate(tokens[i - 1]?.text ?? '') }];
    });
  });
  if (kind === 'year') return all.filter((n) => n.year).map((n) => n.v);
  const quantities = all.filter((n) => !n.year).map((n) => n.v);
  // a fact without other numbers may write a quantity like a year ("1987 employees"), but not
  // after "in", "since" or a month: "opened in 1987" says nothing about visitors
  return quantities.length > 0 ? quantities : all.filter((n) => !n.dated).map((n) => n.v);
}

/** Whether the word before a year makes it a date ("in 1987", "since 2014", "3 May 1985"). */
export function writtenAsDate(before: string): boolean {
  return DATE_WORD.test(before) || MONTH.test(before);
}

/** Whether some number of the facts satisfies each constraint. */
export function satisfies(constraints: readonly NumberConstraint[], facts: readonly string[]): boolean {
  return constraints.every((c) => numbersOfKind(facts, c.kind).some((v) => v >= c.min && v <= c.max));
}

/** Whether the facts state a number of each constraint's kind at all. */
export function statesKind(constraints: readonly NumberConstraint[], facts: readonly string[]): boolean {
  return constraints.every((c) => numbersOfKind(facts, c.kind).length > 0);
}

/** "Was A founded before B?": two named things compared on one kind of number. */
export interface PairComparison {
  readonly kind: NumberConstraint['kind'];
  /** Whether the first thing's number must be smaller ('<') or larger ('>') than the second's. */
  readonly op: '<' | '>';
}

const PAIR_WORDS: readonly [RegExp, PairComparison][] = [
  [/\b(?:before|earlier than|older than)\b/i, { kind: 'year', op: '<' }],
  [/\b(?:after|later than|younger than|newer than)\b/i, { kind: 'year', op: '>' }],
  [/\b(?:more|larger|bigger|greater|higher)\b[\w\s]*\bthan\b/i, { kind: 'quantity', op: '>' }],
  [/\b(?:fewer|less|smaller|lower)\b[\w\s]*\bthan\b/i, { kind: 'quantity', op: '<' }],
];

/** The comparison of a yes/no question between two names, or null ("Is A older than B?"). */
export function parsePairComparison(question: string): PairComparison | null {
  if (parseConstraints(question).length > 0) return null;
  for (const [re, c] of PAIR_WORDS) if (re.test(question)) return c;
  return null;
}

/**
 * The comparison's outcome over a support set: the first name's fact and the second name's fact
 * (facts naming one and not the other), each stating exactly one number of the compared kind;
 * null when the set does not show both.
 */
export function comparePair(c: PairComparison, names: readonly [string, string], facts: readonly string[], event: ReadonlySet<string> = new Set()): boolean | null {
  const low = facts.map((f) => f.toLowerCase());
  const [a, b] = names.map((n) => n.toLowerCase());
  if (!a || !b) return null;
  const one = (name: string, other: string): Quantity | null => {
    const holding = facts.filter((_, i) => low[i]?.includes(name) && !low[i]?.includes(other));
    let values = new Set(holding.flatMap((f) => numbersOfKind([f], c.kind)));
    // several years: the one of the event the question asks about ("discovered", not "b. 1986"; event-years.ts)
    if (values.size > 1 && c.kind === 'year') values = new Set(yearsOfEvent(holding, event));
    if (values.size !== 1) return null;
    const value = [...values][0] as number;
    // the unit written after it ("a 3.6 m mirror", "a 60-inch telescope"): quantities compare across units
    const unit = c.kind === 'quantity' ? (holding.map((f) => unitOf(f, value)).find((u) => u !== null) ?? null) : null;
    return { value, unit };
  };
  const qa = one(a, b);
  const qb = one(b, a);
  if (qa === null || qb === null) return null;
  const [va, vb] = mixedUnits([qa, qb]) ? [inBaseUnit(qa), inBaseUnit(qb)] : [qa.value, qb.value];
  if (va === vb) return null;
  return c.op === '<' ? va < vb : va > vb;
}

/** The years of `facts` whose words hold the most of the question's event words (event-years.ts; none without such a word). */
function yearsOfEvent(facts: readonly string[], event: ReadonlySet<string>): number[] {
  const years = facts.flatMap((f) => datedYears(f));
  const score = (w: ReadonlySet<string>) => [...w].filter((x) => event.has(x)).length;
  const best = Math.max(0, ...years.map((y) => score(y.words)));
  return best === 0 ? [] : years.filter((y) => score(y.words) === best).map((y) => numberValue(y.value) ?? NaN);
}

/** The unit written after a number of a fact (units.ts), or null. */
function unitOf(fact: string, value: number): Unit | null {
  const token = tokenize(fact).find((t) => numberValue(t.text) === value);
  return token ? unitAfter(fact, token.end) : null;
}

/** Whether a question asks for people ("Who ...", "Which person ...", "How many people ..."). */
export function asksForPeople(question: string): boolean {
  const q = question.trim();
  return (
    /^(?:who|whom|whose)\b/i.test(q) ||
    /^(?:which|what) (?:person|people)\b/i.test(q) ||
    /^how many (?:people|persons)\b/i.test(q) ||
    /^(?:list|name|count) (?:everyone|the people|the persons|all the people)\b/i.test(q) ||
    /\b(?:person|anyone|someone|everyone)\b/i.test(q) ||
    /^among people\b.*\bwho\b/i.test(q)
  );
}

/**
 * Whether a name is a thing's rather than a person's: its last word is an ordinary word
 * ("Prier Public Library", "Tallow Lane Bakery", "Orrin Chemical Works"), where people's names end
 * in a surname. `ordinary` says whether a word is written in lower case somewhere (the collection).
 */
export function namesAThing(name: string, ordinary: (word: string) => boolean): boolean {
  const words = tokenize(name).filter((t) => /^[A-Za-z\u00C0-\u024F]/.test(t.text));
  const last = words[words.length - 1];
  return words.length >= 2 && last !== undefined && /^[A-Z]/.test(last.text) && ordinary(last.text);
}
