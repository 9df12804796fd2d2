/**
 * The neural Select-Project-Join operator: for each support set, a derivation in NeuralDB's format.
 * The model is extractive (trained here, see models/nldb/MODEL_CARD.md): heads on the [CLS]
 * position give the query type, whether the set helps at all, and a yes/no; two span heads point
 * at the key (an entity) and the value (a number) inside the facts. Spans are copied from the
 * fact text, so names and numbers come back exactly as written.
 */
import { comparePair, isDayOfDate, parseConstraints, parsePairComparison, satisfies, statesKind, valuePasses, type NumberConstraint } from './constraints.js';
import { QUERY_TYPES, type Derivation, type QueryType } from './derivation.js';
import type { NldbModels } from './models.js';
import { terms } from './lexical-index.js';
import { extremeKind, readQuestionForm } from './question-form.js';
import { numbersAsDigits } from './number-text.js';
import { type Unit, unitAfter } from './units.js';
import { nameMentions } from './ssg.js';
import { datedYears, eventWords, yearOfEvent } from './event-years.js';
import { nameKey, subjectOf } from './classes.js';
import { encodeSpj, isYear, numberValue, tokenize, type EncodedSupport, type Vocabulary } from './text.js';

/** A derivation with what the model thought of it. */
export interface ScoredDerivation {
  readonly derivation: Derivation;
  /** Probability that the support set helps answer the question. */
  readonly useful: number;
  /** Probability of the predicted query type. */
  readonly typeConfidence: number;
  /** For a MIN/MAX/ARGMIN/ARGMAX value: which fact of the set it was copied from. */
  readonly valueFact?: number;
}

export interface SpjOptions {
  /** Support sets per model call. */
  readonly batchSize?: number;
  /** Usefulness below this gives [NULL_ANSWER]; default: config.json's servingThreshold, else the threshold chosen at training time, else 0.5. */
  readonly threshold?: number;
  /**
   * Usefulness a member of a count must reach when the count is read as a set ("How many X ..."
   * as "Which X ..."); default COUNT_MEMBER_THRESHOLD.
   */
  readonly countThreshold?: number;
  /** Check the question's number comparisons by code (default true; false leaves them to the model). */
  readonly checkNumbers?: boolean;
  /**
   * Kinds of a noun (WordNet's hyponyms, the gateway's `kindsOf`): the extractor's kind feature, for
   * models trained with it (config.json `spj.features` 16); without it that feature is 0.
   */
  readonly kindsOf?: (word: string) => readonly string[];
  /** Whether the collection shows a name to be a person's (classes.ts): a birth asked is then checked by code (`asOfEvent`). */
  readonly isPerson?: (name: string) => boolean;
}

/**
 * The usefulness threshold for the members of a count read as a set, chosen on held-out synthetic
 * worlds (0.15-0.25 measured alike; the trained threshold, 0.4, misses members).
 */
export const COUNT_MEMBER_THRESHOLD = 0.25;

/** The longest span, in tokens, that a key or a value may have. */
const MAX_SPAN = 12;

export class SelectProjectJoin {
  /** `options.kindsOf`, remembered per word: every support set of a question asks for the same words. */
  private readonly kindsOf: ((word: string) => readonly string[]) | undefined;

  constructor(
    private readonly models: NldbModels,
    private readonly options: SpjOptions = {},
  ) {
    const kindsOf = options.kindsOf;
    const known = new Map<string, readonly string[]>();
    this.kindsOf =
      kindsOf &&
      ((word) => {
        let kinds = known.get(word);
        if (kinds === undefined) {
          if (known.size > 10_000) known.clear();
          kinds = kindsOf(word);
          known.set(word, kinds);
        }
        return kinds;
      });
  }

  /**
   * One derivation per support set (each given as its fact texts), in order. The query type is a
   * property of the question, not of a support set: it is decided once, from the type head's
   * probabilities summed over every support set (null ones included: the question is the same in
   * all of them), and every set is decoded as that type. A few odd sets can then no longer outvote
   * the question ("[ARGMIN] x" sets in a MIN question lose their value rather than the vote).
   */
  async derive(question: string, supportSets: readonly (readonly string[])[], signal?: AbortSignal): Promise<ScoredDerivation[]> {
    return (await this.deriveTyped(question, supportSets, signal)).derivations;
  }

  /** The derivations and the query type decided for the question (null without support sets). */
  async deriveTyped(
    asked: string,
    written: readonly (readonly string[])[],
    signal?: AbortSignal,
    /** Decode as this type whatever the type head says (the count-as-set reading below). */
    forcedType?: QueryType,
    /** The type decided for the question already (other sets of it read again): decoded as the type head's choice would be. */
    decided?: QueryType,
  ): Promise<{ type: QueryType | null; derivations: ScoredDerivation[] }> {
    // the extractor reads numbers in digits, as it was trained (number-text.ts)
    const question = numbersAsDigits(asked);
    const supportSets = written.map((facts) => facts.map(numbersAsDigits));
    const batch = this.options.batchSize ?? 32;
    const raw: { row: EncodedSupport; facts: readonly string[]; classes: Float32Array; spans: Float32Array }[] = [];
    for (let start = 0; start < supportSets.length; start += batch) {
      signal?.throwIfAborted();
      const sets = supportSets.slice(start, start + batch);
      const rows = sets.map((facts) => encodeSpj(question, facts, this.models.vocab, this.models.config.spj.maxLen, this.models.config.spj.features, this.kindsOf));
      const { classes, spans, length } = await this.models.extract(rows);
      rows.forEach((row, b) => {
        raw.push({ row, facts: sets[b] ?? [], classes: classes.slice(b * 11, (b + 1) * 11), spans: spans.slice(b * length * 4, (b + 1) * length * 4) });
      });
    }
    const base = this.options.threshold ?? this.models.config.spj.servingThreshold ?? this.models.config.spj.threshold ?? 0.5;
    // the members of a count are looked for with a lower threshold: a count needs every one of
    // them, and the class check (classes.ts) and the number checks drop the wrong ones
    const threshold = forcedType === 'SET' ? (this.options.countThreshold ?? COUNT_MEMBER_THRESHOLD) : base;
    // the question's grammar narrows the types the head chooses from (question-form.ts)
    const type = forcedType ?? decided ?? questionType(raw.map((r) => r.classes), readQuestionForm(question).allowed);
    // A count is the number of distinct members of a set: "How many companies are based in X?"
    // is read as "Which companies are based in X?" (the extractor finds the members of a set far
    // more reliably than it finds a count's) and each member found counts once.
    const asSet = type === 'COUNT' && !forcedType ? setQuestion(question) : null;
    const members = asSet ? (await this.deriveTyped(asSet, supportSets, signal, 'SET')).derivations : null;
    const check = this.options.checkNumbers !== false;
    const constraints = check ? parseConstraints(question) : [];
    const kind = check ? extremeKind(question) : null;
    const names = nameMentions(question);
    const pair = check && type === 'BOOL' && names.length === 2 ? parsePairComparison(question) : null;
    // "Was Tessa Quill born in Dunholt?" asks about what one fact says of the names; only a
    // question through a relation ("Was Ivo's wife born in ...", "the spouse of") joins facts
    const sameFact = check && type === 'BOOL' && !pair && names.length > 0 && !joinsThroughRelation(question);
    const event = check ? eventWords(question) : new Set<string>();
    const ordinary = (w: string) => this.models.vocab.has(w.toLowerCase());
    const out = raw.map((r) => {
      let d = decode(r.row, r.facts, r.classes, r.spans, threshold, this.models.vocab, type ?? undefined);
      d = asOfEvent(d, event, r.facts, ordinary, this.options.isPerson);
      d = notTheQuestion(checkNumbers(d, constraints, r.facts, kind), question);
      // a set answer must come from facts that share a word with the question (or pass its number
      // comparisons, checked above): "Marlo Venn has a dog" shows nothing for "Who owns a horse?",
      // however sure the extractor is (it was only below the trained threshold; the retrained
      // retriever offers such sets with the extractor at 0.40)
      if (!forcedType && constraints.length === 0 && d.derivation.type === 'SET' && !sharesWord(question, r.facts)) d = { ...d, derivation: { type: 'NULL' } };
      if (sameFact && d.derivation.type === 'BOOL') d = askedOfOneFact(d, names, constraints, r.facts);
      if (pair && d.derivation.type === 'BOOL') {
        const value = comparePair(pair, names as [string, string], r.facts, event);
        // a yes/no comparison between two names is the comparison of their numbers, by code;
        // a set that does not state both numbers shows nothing
        d = { ...d, derivation: value === null ? { type: 'NULL' } : { type: 'BOOL', value } };
      }
      return d;
    });
    // one comparison has one answer: the set the extractor finds most useful gives it (a set with
    // another number of the same name, "joined X in 2000", must not outvote the birth years)
    if (members) {
      // each member the set reading finds counts once
      return { type, derivations: members.map((m) => (m.derivation.type === 'SET' ? { ...m, derivation: { type: 'COUNT', value: m.derivation.value } } : m)) };
    }
    if (pair) {
      const best = out.reduce((b, d, i) => (d.derivation.type === 'BOOL' && (b < 0 || d.useful > (out[b] as ScoredDerivation).useful) ? i : b), -1);
      return { type, derivations: out.map((d, i) => (i === best || d.derivation.type === 'NULL' ? d : { ...d, derivation: { type: 'NULL' } })) };
    }
    return { type, derivations: out };
  }
}

/**
 * An extreme's year is the year of the event the question asks about (event-years.ts): another
 * year of the facts about the same thing (for an arg answer, the facts naming its key) replaces
 * it when its words hold more of the question's event words ("discovered", "born"); an arg's other
 * years come from the facts whose subject is its key.
 */
export function asOfEvent(
  scored: ScoredDerivation,
  event: ReadonlySet<string>,
  facts: readonly string[],
  ordinary: (word: string) => boolean = () => false,
  isPerson?: (name: string) => boolean,
): ScoredDerivation {
  const d = scored.derivation;
  if (d.type !== 'MIN' && d.type !== 'MAX' && d.type !== 'ARGMIN' && d.type !== 'ARGMAX') return scored;
  const arg = d.type === 'ARGMIN' || d.type === 'ARGMAX';
  // (an arg's other years are its key's: facts whose subject it is, "Locally, X is in charge of the
  // museum and was born in 1950" dates X, not the museum)
  const about = arg ? (f: string) => nameKey(subjectOf(f, ordinary) ?? '') === nameKey(d.key) : undefined;
  const other = yearOfEvent(event, facts, { value: d.value, fact: scored.valueFact ?? 0 }, about, ordinary);
  if (!other) {
    // a person's age is their birth: a year of a person that the facts date by another event
    // ("joined the group in 2022", "the medal went to X in 2011") answers no birth asked, and the
    // set gives way (a second chance may bring the person's birth)
    const home = facts[scored.valueFact ?? 0] ?? '';
    const owner = arg ? d.key : subjectOf(home, ordinary);
    const dated = datedYears(home).find((y) => y.value === d.value.trim());
    if (event.has('born') && isPerson && owner && isPerson(owner) && dated && !dated.words.has('born')) return { ...scored, derivation: { type: 'NULL' } };
    return scored;
  }
  // (a year has no unit: the chosen value's is dropped)
  const derivation: Derivation = arg ? { type: d.type, key: d.key, value: other.value } : { type: d.type, value: other.value };
  return { ...scored, derivation, valueFact: other.fact };
}

/**
 * The question's number comparisons, checked by code (constraints.ts): a set none of whose numbers
 * passes them shows nothing; a yes/no answer is the comparison's outcome when the set states the
 * compared kind of number.
 */
export function checkNumbers(
  scored: ScoredDerivation,
  constraints: readonly NumberConstraint[],
  facts: readonly string[],
  /** The kind of number the question's extreme ranges over (question-form.ts `extremeKind`). */
  kind: 'year' | 'quantity' | null = null,
): ScoredDerivation {
  const d = scored.derivation;
  const extreme = d.type === 'MIN' || d.type === 'MAX' || d.type === 'ARGMIN' || d.type === 'ARGMAX';
  // "the oldest", "the most recent year" range over years; "the heaviest", "the largest budget"
  // over quantities: a number of the other kind is another attribute ("opened in 1870" is no size)
  if (extreme && kind !== null) {
    const value = d.value.trim();
    const numeric = numberValue(value) !== null;
    if (kind === 'year' ? !isYear(value) : numeric && isYear(value)) return { ...scored, derivation: { type: 'NULL' } };
  }
  // an extreme's value is a year or a quantity, never the day of a date; of the compared kind it
  // must itself pass the comparison, unless the set joins through a third fact (then the compared
  // number may be another entity's: "the oldest person who works for a company founded after 1980")
  if (extreme && (isDayOfDate(d.value, facts[scored.valueFact ?? 0] ?? '') || (facts.length <= 2 && !valuePasses(constraints, d.value)))) {
    return { ...scored, derivation: { type: 'NULL' } };
  }
  if (constraints.length === 0 || d.type === 'NULL') return scored;
  if (d.type === 'BOOL') return statesKind(constraints, facts) ? { ...scored, derivation: { type: 'BOOL', value: satisfies(constraints, facts) } } : scored;
  return satisfies(constraints, facts) ? scored : { ...scored, derivation: { type: 'NULL' } };
}

/** Whether a yes/no question goes through a relation of a name ("Ivo's wife", "the spouse of Ivo"). */
export function joinsThroughRelation(question: string): boolean {
  return /[\p{L}](?:'s|’s|s')\s/u.test(question) || /\bthe [a-z]+ of\b/i.test(question) || /\b(?:whose|someone|somebody|anyone)\b/i.test(question);
}

/**
 * A yes/no answer about names the question spells out, from the facts that name them all: none
 * shows nothing ([NULL_ANSWER]); with a number comparison, the comparison over those facts.
 */
export function askedOfOneFact(scored: ScoredDerivation, names: readonly string[], constraints: readonly NumberConstraint[], facts: readonly string[]): ScoredDerivation {
  const holding = facts.filter((f) => names.every((n) => f.toLowerCase().includes(n.toLowerCase())));
  if (holding.length === 0) return { ...scored, derivation: { type: 'NULL' } };
  if (constraints.length > 0 && statesKind(constraints, holding)) return { ...scored, derivation: { type: 'BOOL', value: satisfies(constraints, holding) } };
  return scored;
}

/**
 * Whether some fact of the set holds a word of the question (lower case, lightly stemmed, function
 * words and numbers aside: lexical-index.ts's terms). A set the extractor is unsure of ("Marlo Venn
 * has a dog" for "Who owns a horse?") must at least talk about something the question does.
 */
export function sharesWord(question: string, facts: readonly string[]): boolean {
  const asked = new Set(terms(question).keys());
  return facts.some((f) => [...terms(f).keys()].some((t) => asked.has(t)));
}

/**
 * What a question asks for is never what it names: "Who works at Pellham Optics?" is not answered
 * by "Pellham Optics" (a fact about the company that the extractor took for an employee). Set and
 * count derivations whose value is a name the question spells out give [NULL_ANSWER]; arg
 * questions may choose among names they list, so they are left alone.
 */
export function notTheQuestion(scored: ScoredDerivation, question: string): ScoredDerivation {
  const d = scored.derivation;
  if (d.type !== 'SET' && d.type !== 'COUNT') return scored;
  const words = (text: string) => tokenize(text).map((t) => t.text.toLowerCase());
  const value = words(d.value).join(' ');
  const asked = ` ${words(question).join(' ')} `;
  return value && asked.includes(` ${value} `) ? { ...scored, derivation: { type: 'NULL' } } : scored;
}

/**
 * The query type with the largest summed probability over all support sets, among the types
 * `allowed` (all when omitted or empty); null without sets.
 */
export function questionType(classes: readonly Float32Array[], allowed?: ReadonlySet<QueryType>): QueryType | null {
  if (classes.length === 0) return null;
  const sum = new Array<number>(QUERY_TYPES.length).fill(0);
  for (const c of classes) softmax(c.subarray(0, QUERY_TYPES.length)).forEach((p, i) => (sum[i] = (sum[i] as number) + p));
  const open = (t: QueryType) => !allowed || allowed.size === 0 || allowed.has(t);
  return QUERY_TYPES[argmax(sum.map((p, i) => (open(QUERY_TYPES[i] as QueryType) ? p : -1)))] as QueryType;
}

function softmax(logits: ArrayLike<number>): number[] {
  const values = Array.from(logits);
  const max = Math.max(...values);
  const exps = values.map((v) => Math.exp(v - max));
  const sum = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / sum);
}

function argmax(values: readonly number[]): number {
  let best = 0;
  values.forEach((v, i) => {
    if (v > (values[best] as number)) best = i;
  });
  return best;
}

/** Turns the heads' outputs for one support set into a derivation. */
export function decode(
  row: EncodedSupport,
  facts: readonly string[],
  classes: Float32Array,
  spans: Float32Array,
  threshold: number,
  vocab: Vocabulary = new Map(),
  /** The question's type, when decided over all its support sets; else this set's own. */
  forcedType?: QueryType,
): ScoredDerivation {
  const typeProbs = softmax(classes.subarray(0, 7));
  const typeIndex = forcedType ? QUERY_TYPES.indexOf(forcedType) : argmax(typeProbs);
  const type = QUERY_TYPES[typeIndex] as QueryType;
  const useful = softmax(classes.subarray(7, 9))[1] as number;
  const typeConfidence = typeProbs[typeIndex] as number;
  const none = { derivation: { type: 'NULL' } as const, useful, typeConfidence };
  if (useful < threshold) return none;
  if (type === 'BOOL') {
    const yes = softmax(classes.subarray(9, 11))[1] as number;
    return { derivation: { type, value: yes >= 0.5 }, useful, typeConfidence };
  }
  const keySpan = bestSpan(row, spans, 0);
  const key = keySpan ? stripArticle(completeName(facts[keySpan.fact] ?? '', keySpan.start, keySpan.end, vocab)) : null;
  const valueSpan = bestSpan(row, spans, 2);
  const value = valueSpan ? (facts[valueSpan.fact] ?? '').slice(valueSpan.start, valueSpan.end).trim() || null : null;
  // the unit written after the number ("60-inch"), so that quantities in other units compare (units.ts)
  // (after the span's first number: the span may hold the unit itself)
  const unit = valueSpan ? unitAfterNumber(facts[valueSpan.fact] ?? '', valueSpan.start, valueSpan.end) : null;
  const measured = unit ? { unit } : {};
  switch (type) {
    case 'SET':
    case 'COUNT':
      return key ? { derivation: { type, value: key }, useful, typeConfidence } : none;
    case 'MIN':
    case 'MAX':
      return value ? { derivation: { type, value, ...measured }, useful, typeConfidence, valueFact: valueSpan?.fact ?? 0 } : none;
    case 'ARGMIN':
    case 'ARGMAX':
      return key && value ? { derivation: { type, key, value, ...measured }, useful, typeConfidence, valueFact: valueSpan?.fact ?? 0 } : none;
  }
}

/** The unit after the first number within [start, end) of a fact (units.ts), or null. */
function unitAfterNumber(fact: string, start: number, end: number): Unit | null {
  const number = /\d(?:[\d,]*\d)?(?:\.\d+)?/.exec(fact.slice(start, end));
  return number ? unitAfter(fact, start + number.index + number[0].length) : null;
}

/**
 * Names of things are answered without a leading article: a fact may say "The Hollin Art Museum
 * opened in 1988", but the museum is "Hollin Art Museum" (and must match itself in other facts).
 */
export function stripArticle(span: string | null): string | null {
  if (span === null) return null;
  const stripped = span.replace(/^(?:the|a|an)\s+(?=\S)/i, '');
  return stripped || null;
}

/** The highest-scoring start/end pair within one fact: the fact and the character span. */
function bestSpan(row: EncodedSupport, spans: Float32Array, head: number): { fact: number; start: number; end: number } | null {
  const n = row.positions.length;
  let best: { s: number; e: number; score: number } | null = null;
  for (let s = 0; s < n; s++) {
    const ps = row.positions[s];
    if (!ps || ps.fact < 0) continue;
    const startScore = spans[s * 4 + head] as number;
    if (startScore < -1e3) continue;
    for (let e = s; e < Math.min(n, s + MAX_SPAN); e++) {
      const pe = row.positions[e];
      if (!pe || pe.fact !== ps.fact) break;
      const score = startScore + (spans[e * 4 + head + 1] as number);
      if (!best || score > best.score) best = { s, e, score };
    }
  }
  if (!best) return null;
  const ps = row.positions[best.s] as { fact: number; start: number };
  const pe = row.positions[best.e] as { end: number };
  return { fact: ps.fact, start: ps.start, end: pe.end };
}

const isCapitalised = (t: string): boolean => /^[A-Z\u00C0-\u00DE]/.test(t);
/** Words that may sit inside a name between capitalised words ("Museum of Clocks", "Harrow & Finch"). */
const NAME_JOINERS: ReadonlySet<string> = new Set(['of', '&']);

/**
 * A key is the name of an entity, but the span heads sometimes stop short ("Orrin Chemical" of
 * "Orrin Chemical Works", "Fairweather" of "Lorna Fairweather") or run over into the sentence
 * ("Brindlemoor is the birthplace of Florian", "Dunmere's Marsh Lane Railway Museum"). When the
 * span holds capitalised words, the key becomes the last run of capitalised words in it (joined by
 * "of" or "&"), widened to the whole run in the fact. A capitalised word is taken on the left only
 * when it is not an ordinary word opening the sentence ("In", "Every": words of the vocabulary).
 * Spans without a capitalised word are left as they are.
 */
export function completeName(text: string, start: number, end: number, vocab: Vocabulary): string | null {
  const tokens = tokenize(text);
  const inside = tokens.map((t, i) => ({ t, i })).filter(({ t }) => t.start >= start && t.end <= end);
  if (inside.length === 0) return text.slice(start, end).trim() || null;
  const cap = (i: number) => isCapitalised(tokens[i]?.text ?? '');
  // a hyphen joins a name only written tight ("Cwenrigg-Lorv"), not as a dash between two names
  const tight = (i: number) => tokens[i]?.text === '-' && tokens[i - 1]?.end === tokens[i]?.start && tokens[i]?.end === tokens[i + 1]?.start;
  const joiner = (i: number) => (NAME_JOINERS.has(tokens[i]?.text ?? '') || tight(i)) && cap(i - 1) && cap(i + 1);
  const partOfName = (i: number) => cap(i) || joiner(i);
  let last = -1;
  for (const { i } of inside) if (cap(i)) last = i;
  if (last < 0) return text.slice(start, end).trim() || null;
  let first = last;
  const lo = inside[0]?.i ?? last;
  while (first - 1 >= lo && partOfName(first - 1)) first--;
  // widen to the whole name in the fact
  while (last + 1 < tokens.length && partOfName(last + 1)) last++;
  while (first - 1 >= 0 && partOfName(first - 1) && !(first - 1 === 0 && vocab.has((tokens[0]?.text ?? '').toLowerCase()))) first--;
  while (first <= last && !cap(first)) first++;
  while (last >= first && !cap(last)) last--;
  // a designation written tight after a name belongs to it ("Sellin-7b", "Apollo-11", "B-52")
  if (first <= last && tokens[last + 1]?.text === '-' && tight(last + 1) && /^\d/.test(tokens[last + 2]?.text ?? '')) {
    last += 2;
    while (/^[\p{L}\d]/u.test(tokens[last + 1]?.text ?? '') && tokens[last + 1]?.start === tokens[last]?.end) last++;
  }
  const a = tokens[first];
  const b = tokens[last];
  return a && b ? text.slice(a.start, b.end) : null;
}

/**
 * A count question as the set question whose members it counts ("How many zoos opened after
 * 1820 in total?" -> "Which zoos opened after 1820?", "Count the parks that opened before 1900."
 * -> "Which parks opened before 1900?"), or null when it is not worded so.
 */
export function setQuestion(question: string): string | null {
  const q = question.trim().replace(/\s+/g, ' ');
  const end = (rest: string) => `${rest.replace(/\s*[?.!]+$/, '').replace(/,?\s+(?:in total|altogether|in all)$/i, '')}?`;
  let m = /^how many (?!of\b)(.+)$/i.exec(q);
  if (m) return `Which ${end(m[1] as string)}`;
  m = /^(?:count|what is the number of|what's the number of|give the number of|give me the number of|(?:the )?number of|tally) (?:all )?(?:of )?(?:the )?([a-z][\w-]*)(?: (?:that|who|which))? ?(.*)$/i.exec(q);
  if (m && !/^(?:them|it|those|these|all)$/i.test(m[1] as string)) return `Which ${m[1]}${m[2] ? ` ${end(m[2] as string)}` : '?'}`;
  return null;
}
