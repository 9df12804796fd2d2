/**
 * What an English question's grammar says about its query type, before any model reads it: a
 * question opening with an auxiliary verb ("Is", "Did", "Are there any") wants yes or no, "how
 * many" / "the number of" / "count" wants a count, a superlative ("the heaviest", "the most
 * recent", "earns the least", "first") wants an extreme, and the superlative's direction says
 * which end. The extractor's type head was trained on one generator's wording and misreads other
 * wordings ("Are there any X that ...?" as a set question, "the lightest" as the heaviest); the
 * grammar of the question is the same in every domain, so it narrows the types the head may
 * choose from (spj.ts) and the head chooses among what is left.
 *
 * Nothing here names a domain: the words are English function words, auxiliaries and scalar
 * adjectives.
 */
import { withoutLeadIn } from '../english/lead-ins.js';
import type { QueryType } from './derivation.js';

/** What the wording of a question allows. */
export interface QuestionForm {
  /** The query types the wording allows (the extractor picks among them). */
  readonly allowed: ReadonlySet<QueryType>;
  /**
   * For an existential yes/no question ("Are there any X that ...?", "Do any X ...?"), the set
   * question whose members decide it ("Which X ...?"): yes when it has a member.
   */
  readonly existential: string | null;
}

const EXTREMES: readonly QueryType[] = ['MIN', 'MAX', 'ARGMIN', 'ARGMAX'];

/** Auxiliaries that open a yes/no question. */
const AUXILIARY = /^(?:is|are|was|were|do|does|did|has|have|had|can|could|will|would|should|shall|may|might|must|isn't|aren't|wasn't|weren't|doesn't|don't|didn't|hasn't|haven't)\b/i;

/** Words that ask for a count wherever they stand. */
const COUNT = /\bhow many\b|\b(?:the |total )?number of\b|^(?:count|tally)\b|\bhow much (?:people|staff)\b/i;

/**
 * Superlatives and extreme words with the end of the scale they point to. Age words point at
 * years (what facts state: "born in 1961", "opened in 1870"): the oldest has the smallest year.
 */
const TOWARDS_MAX = [
  'most', 'highest', 'largest', 'biggest', 'greatest', 'longest', 'tallest', 'heaviest', 'widest', 'deepest', 'maximum',
  'max', 'top', 'richest', 'fastest', 'busiest', 'warmest', 'hottest', 'farthest', 'furthest', 'brightest', 'wealthiest',
  'costliest', 'priciest', 'dearest', 'strongest', 'loudest', 'thickest', 'broadest', 'steepest', 'latest', 'last',
  'newest', 'youngest', 'recent', 'best-paid', 'highest-paid', 'hugest',
];
const TOWARDS_MIN = [
  'least', 'fewest', 'lowest', 'smallest', 'shortest', 'lightest', 'cheapest', 'narrowest', 'shallowest', 'minimum', 'min',
  'slowest', 'poorest', 'coldest', 'nearest', 'closest', 'weakest', 'tiniest', 'thinnest', 'earliest', 'first', 'oldest',
  'eldest', 'worst-paid', 'lowest-paid',
];
const DIRECTION = new Map<string, 'MIN' | 'MAX'>([...TOWARDS_MAX.map((w) => [w, 'MAX'] as const), ...TOWARDS_MIN.map((w) => [w, 'MIN'] as const)]);

/**
 * The end of the scale the question's first extreme word points to ("the most recent" -> MAX,
 * "the least expensive" -> MIN, "which opened first" -> MIN), or null without one.
 * "most"/"least" before another scale word take that word's sense ("most recent" stays MAX,
 * "least recent" is MIN; "most" alone is MAX).
 */
export function extremeDirection(question: string): 'MIN' | 'MAX' | null {
  const words = question.toLowerCase().match(/[a-z]+(?:-[a-z]+)*/g) ?? [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    // "at least 3", "at most": comparisons, not extremes; "first name", "last name" are no scale
    if ((w === 'least' || w === 'most') && words[i - 1] === 'at') continue;
    if ((w === 'first' || w === 'last') && /^(?:name|names)$/.test(words[i + 1] ?? '')) continue;
    const d = DIRECTION.get(w);
    if (!d) continue;
    if (w === 'least') return 'MIN';
    if (w === 'most') {
      const next = DIRECTION.get(words[i + 1] ?? '');
      return next ?? 'MAX';
    }
    return d;
  }
  return null;
}

/** Whether the question holds an extreme word (a superlative, "first", "last", "minimum"). */
export function asksForExtreme(question: string): boolean {
  return extremeDirection(question) !== null || /\b[a-z]{3,}iest\b|\b[a-z]{3,}est (?:[a-z]+ )?(?:of|among|in|on)\b/i.test(question);
}

/**
 * "Are there any officers that were born in X?" -> "Which officers were born in X?";
 * "Do any machines happen to be motors?" -> "Which machines happen to be motors?";
 * "Are any telescopes in Chile?" -> "Which telescopes are in Chile?"; null for other questions.
 */
export function existentialSetQuestion(question: string): string | null {
  const q = withoutLeadIn(question).replace(/\s*[?.!]+$/, '');
  const relative = (rest: string) => rest.replace(/^([a-z][\w-]*(?: [a-z][\w-]*)?) (?:that|who|which) /i, '$1 ');
  let m = /^(?:are|were|is|was) there (?:any|some|a|an) (.+)$/i.exec(q);
  if (m) return `Which ${relative(m[1] as string)}?`;
  m = /^(are|were|is|was) (?:any|some) ([a-z][\w-]*) (.+)$/i.exec(q);
  if (m) return `Which ${m[2]} ${(m[1] as string).toLowerCase()} ${m[3]}?`;
  m = /^(?:do|does|did|have|has|had|can|could|will|would) (?:any|some) ([a-z][\w-]*) (.+)$/i.exec(q);
  if (m) return `Which ${m[1]} ${m[2]}?`;
  return null;
}

/** Extreme words about time: their values are years ("the oldest" has the earliest year). */
const TEMPORAL = new Set(['earliest', 'latest', 'oldest', 'eldest', 'youngest', 'newest', 'first', 'last', 'recent', 'recently']);

/** A question naming the unit it wants the answer in ("in euros", "in metres") asks for a number. */
const UNIT_ASKED =
  /\bin (?:euros?|dollars?|pounds?|francs?|yen|metres?|meters?|feet|foot|inches|kilomet(?:re|er)s?|centimet(?:re|er)s?|millimet(?:re|er)s?|miles?|kilograms?|kilos?|grams?|tonnes?|tons?|litres?|liters?|years?|seconds?|minutes?|hours?|days?)\b/;

/** The first extreme word of a question and where it stands (word index), or null. */
function firstExtreme(words: readonly string[]): { word: string; at: number } | null {
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    if ((w === 'least' || w === 'most') && words[i - 1] === 'at') continue;
    if ((w === 'first' || w === 'last') && /^(?:name|names)$/.test(words[i + 1] ?? '')) continue;
    if (DIRECTION.has(w) || /^[a-z]{3,}iest$/.test(w)) return { word: w === 'most' || w === 'least' ? `${w} ${words[i + 1] ?? ''}` : w, at: i };
  }
  return null;
}

/** The question lower-cased, its words, its first extreme word and the words before it; null without one. */
function readExtreme(question: string): { q: string; words: string[]; ext: { word: string; at: number }; before: string[] } | null {
  const q = withoutLeadIn(question).toLowerCase();
  const words = q.match(/[a-z]+(?:-[a-z]+)*/g) ?? [];
  const ext = firstExtreme(words);
  return ext ? { q, words, ext, before: words.slice(0, ext.at) } : null;
}

/**
 * The number word an extreme qualifies ("the earliest year", "the largest number of", "the latest
 * founding year"), or null: one qualifying word may stand between, not a rate ("visitors per year").
 */
function numberWordAfter(words: readonly string[], ext: { word: string; at: number }): string | null {
  const at = ext.at + ext.word.split(' ').length;
  const number = /^(?:year|years|number|amount|figure|value|date|sum)$/;
  const next = words[at] ?? '';
  if (number.test(next)) return next;
  const second = words[at + 1] ?? '';
  return number.test(second) && second !== 'number' && !/^(?:per|each|every|a|an|the|in|of)$/.test(next) ? second : null;
}

/**
 * Whether an extreme question asks for the extreme number ('value': "In what year was the oldest
 * X founded?", "How high is the highest X?", "the largest budget of any X", "the weight of the
 * heaviest X", "the largest fare, in euros") or for whose it is ('key': "Which X is the oldest?", "Who earns the least?",
 * "the biggest X that ...", "What is the largest X?"), or null when the wording does not say.
 */
export function extremeAsksFor(question: string): 'value' | 'key' | null {
  const read = readExtreme(question);
  if (!read) return null;
  const { q, words, ext, before } = read;
  // "In what year", "when", "how high", "what year", "the number of": the number itself
  if (/^(?:when|how)$/.test(words[0] ?? '') && words[1] !== 'many') return 'value';
  if (before.includes('year') || before.includes('when')) return 'value';
  // "the largest budget of any association": a number ranging over a class
  if (new RegExp(`\\b${ext.word.split(' ').pop()} [a-z-]+(?: [a-z-]+)? of (?:any|a|an)\\b`).test(q)) return 'value';
  if (/^(?:which|who|whom|whose)$/.test(words[0] ?? '')) return 'key';
  // "the earliest year ...", "the largest number of ...", "... in euros?": a number
  if (numberWordAfter(words, ext) !== null) return 'value';
  if (UNIT_ASKED.test(q)) return 'value';
  // "what is the weight of the heaviest beam", "number of members of the largest association"
  if (/\bof (?:the|any) (?:[a-z-]+ )?$/.test(`${before.join(' ')} `) && before.length >= 2 && !/^(?:which|who)$/.test(before[0] ?? '')) {
    const head = before.filter((w) => !/^(?:what|s|is|was|the|a|an|of|in|metres|meters|kilograms|euros|dollars|tell|me|give)$/.test(w));
    if (head.length > 0) return 'value';
  }
  // "the biggest X that ...", "What is the largest X?": a thing
  if (before.every((w) => /^(?:what|s|is|was|are|were|the|a|an|tell|me|give|name|show|find)$/.test(w))) return 'key';
  return null;
}

/**
 * Whether an extreme's number is a year ('year': the extreme word is about time, or the question
 * asks for a year) or a quantity ('quantity': "the heaviest", "the largest budget", "the most
 * members"), or null without an extreme word.
 */
export function extremeKind(question: string): 'year' | 'quantity' | null {
  const read = readExtreme(question);
  if (!read) return null;
  const { words, ext, before } = read;
  // "the oldest", "the earliest founding year", "In what year ... the largest": years; "visitors
  // per year" is a rate, not a year
  const yearAfter = /^years?$/.test(numberWordAfter(words, ext) ?? '');
  if (ext.word.split(' ').some((w) => TEMPORAL.has(w)) || before.includes('year') || before.includes('when') || yearAfter) return 'year';
  return 'quantity';
}

/** Reads the types a question's wording allows (see the file comment). */
export function readQuestionForm(question: string): QuestionForm {
  const q = withoutLeadIn(question);
  const only = (...types: QueryType[]): ReadonlySet<QueryType> => new Set(types);
  // "how many" always counts ("How many people work at the oldest firm?"); "the number of" may
  // be what a superlative ranges over ("the largest number of students")
  if (/\bhow many\b/i.test(q) || (COUNT.test(q) && !asksForExtreme(q))) return { allowed: only('COUNT'), existential: null };
  if (AUXILIARY.test(q)) return { allowed: only('BOOL'), existential: existentialSetQuestion(q) };
  if (asksForExtreme(q)) {
    const direction = extremeDirection(q);
    const asks = extremeAsksFor(q);
    const allowed = EXTREMES.filter((t) => (direction === null || t.endsWith(direction)) && (asks === null || t.startsWith('ARG') === (asks === 'key')));
    return { allowed: new Set(allowed), existential: null };
  }
  return { allowed: only('SET'), existential: null };
}
