/**
 * Question -> retrieval plan. The planner recognises the few shapes of question that need more
 * than one retrieval — comparisons and totals of counts, things of one source mentioned in
 * another, and a set of one source followed into another — and says which sub-question goes
 * where. Everything else is a `single` plan: the question goes to source selection as it is.
 *
 * The shapes are grammatical, not about any database: the sub-questions are the question's own
 * words, and sources are routed only where the question names them (see source-references.ts).
 */
import { pluralWord } from '../../../engines/schema-graph/names.js';
import { findSourceReferences, withoutReference, type SourceReference } from './source-references.js';
import type { CountOperand, PlannableSource, RetrievalPlan } from './types.js';

const MORE = 'more|fewer|less';
const TOTAL = 'in total|altogether|all together|together|combined|in all';
const BE = 'were|are|was|is|have|has|had|did|do|does';
/** Rows a plan reads of a set it filters or follows (the gateway caps it further). */
const INTERMEDIATE_ROWS = 10_000;

/** The plan for `question`; `single` unless one of the multi-retrieval shapes fits. */
export function planQuestion(question: string, sources: readonly PlannableSource[]): RetrievalPlan {
  const text = question.replace(/\s+/g, ' ').trim().replace(/[?.!]+$/, '').trim();
  return compareWhich(text, sources) ?? compareThan(text, sources) ?? difference(text, sources) ?? total(text, sources) ?? mentionedIn(text, sources) ?? follow(text, sources) ?? { kind: 'single' };
}

function compareWhich(text: string, sources: readonly PlannableSource[]): RetrievalPlan | null {
  const match =
    new RegExp(`^(?:are|were|is|was) there (${MORE}) (.+?),? or (?:(?:${MORE}) )?(.+)$`, 'i').exec(text) ??
    new RegExp(`^(?:do|does|did) (?:we|you|they|i) (?:have|know of|hold) (${MORE}) (.+?),? or (?:(?:${MORE}) )?(.+)$`, 'i').exec(text) ??
    /^which (?:is|are|was|were) (?:there )?(more|fewer|less|more numerous|bigger|larger|greater|higher|smaller|lower)[,:]? (?:the (?:number|count) of )?(.+?),? or (?:the (?:number|count) of )?(.+)$/i.exec(text);
  if (!match) return null;
  const fewer = /^(fewer|less|smaller|lower)$/i.test(match[1]!);
  const operands = countPair(match[2]!, match[3]!, sources);
  return operands ? { kind: 'compare-which', fewer, operands } : null;
}

function compareThan(text: string, sources: readonly PlannableSource[]): RetrievalPlan | null {
  const more =
    new RegExp(`^(?:are|were|is|was) there (${MORE}) (.+?) than (.+)$`, 'i').exec(text) ??
    new RegExp(`^(?:do|does|did) (?:we|you|they|i) (?:have|know of|hold) (${MORE}) (.+?) than (.+)$`, 'i').exec(text);
  if (more) {
    const fewer = /^(fewer|less)$/i.test(more[1]!);
    const operands = countPair(more[2]!, more[3]!, sources);
    return operands ? { kind: 'compare-than', fewer, operands } : null;
  }
  const outnumber = /^(?:do|does|did) (.+?) outnumber (.+)$/i.exec(text);
  const operands = outnumber ? countPair(outnumber[1]!, outnumber[2]!, sources) : null;
  return operands ? { kind: 'compare-than', fewer: false, operands } : null;
}

function difference(text: string, sources: readonly PlannableSource[]): RetrievalPlan | null {
  const match = /^how many more (.+?) (?:are|were|is|was) there than (.+?)(?: (?:are|were) there)?$/i.exec(text) ?? /^how many more (.+?) than (.+?)(?: (?:are|were) there)?$/i.exec(text);
  const operands = match ? countPair(match[1]!, match[2]!, sources) : null;
  return operands ? { kind: 'difference', operands } : null;
}

function total(text: string, sources: readonly PlannableSource[]): RetrievalPlan | null {
  const match =
    new RegExp(`^how many (.+?)(?: (?:are|were) there)?,? (?:${TOTAL})$`, 'i').exec(text) ??
    /^(?:what is|what's|give me|tell me) the (?:total|combined) (?:number|count) of (.+)$/i.exec(text);
  if (!match) return null;
  const parts = match[1]!.split(/,\s*(?:and\s+)?|\s+and\s+(?:also\s+)?/i).map((part) => part.trim()).filter(Boolean);
  if (parts.length < 2) return null;
  const phrases = parts.map((part) => countPhrase(part));
  if (phrases.some((phrase) => phrase === null)) return null;
  // "customers in France and in Spain": a part that starts with a preposition counts the first part's noun.
  const completed = phrases.map((phrase, i) => (i > 0 ? inherit(phrases[0]!, phrase!) : phrase!));
  return { kind: 'total', operands: completed.map((phrase) => countOperand(phrase, sources)) };
}

function mentionedIn(text: string, sources: readonly PlannableSource[]): RetrievalPlan | null {
  const match = new RegExp(
    `^(which|what|who|list|show(?: me)?|name|give me)\\s+(.+?)\\s+(?:that (?:are|were|is|was) |who (?:are|were|is|was) |(?:are|were|is|was) )?(?:mentioned|named|cited|referred to|that appear|appearing)\\s+(in .+?)(?:\\s+(${BE})\\s+(.+))?$`,
    'i',
  ).exec(text);
  if (!match) return null;
  const [, wh, noun, where, verb, predicate] = match as unknown as [string, string, string, string, string | undefined, string | undefined];
  const factRef = findSourceReferences(where, sources).find((ref) => ref.start === 0 && ref.end === where.length);
  const collection = factRef?.sources.find((id) => sources.find((source) => source.id === id)?.kind === 'nldb');
  if (!collection) return null;
  const subject = routed(noun, sources);
  const main = verb && predicate ? `${wh} ${subject.text} ${verb} ${predicate}?` : `List all ${subject.text}.`;
  return {
    kind: 'mentioned-in',
    facts: collection,
    // The main set is filtered by the facts afterwards: read all of it, not one page.
    main: { question: capitalise(main), sources: subject.sources ?? others(sources, collection), rowLimit: INTERMEDIATE_ROWS },
  };
}

function follow(text: string, sources: readonly PlannableSource[]): RetrievalPlan | null {
  if (!/^(which|what|who|list|show|name|give)\b/i.test(text)) return null;
  for (const reference of findSourceReferences(text, sources)) {
    // "a Northwind supplier": a determiner, the source, then the noun for its members.
    const before = /\b(a|an|any|some|one of the)\s+$/i.exec(text.slice(0, reference.start));
    const after = /^\s+([\p{L}]+)/u.exec(text.slice(reference.end));
    const inPhrase = text.slice(reference.start, reference.end).toLowerCase();
    if (!before || !after || /^(in|from|of)\b/.test(inPhrase)) continue;
    const noun = after[1]!.toLowerCase();
    const spanStart = before.index;
    const spanEnd = reference.end + after[0].length;
    const template = `${text.slice(0, spanStart)}{member}${text.slice(spanEnd)}`;
    const rest = routed(template, sources.filter((source) => !reference.sources.includes(source.id)));
    return {
      kind: 'follow',
      set: { question: `List all ${pluralWord(noun)}.`, sources: reference.sources, rowLimit: INTERMEDIATE_ROWS },
      memberNoun: noun,
      template: `${capitalise(rest.text)}?`,
      templateSources: rest.sources ?? others(sources, ...reference.sources),
    };
  }
  return null;
}

const PREPOSITIONS = 'in|from|at|on|with|without|of|by|during|before|after|since|under|over|for|to|shipped|born|made|sold|supplied';

/**
 * The two counts of a comparison, or null when the words are not two things to count ("more than
 * 5 products …" is a single question with a number in it). The second part inherits the first
 * one's noun when it has none: "customers in the USA or in Germany".
 */
function countPair(a: string, b: string, sources: readonly PlannableSource[]): readonly [CountOperand, CountOperand] | null {
  const first = countPhrase(a);
  const second = countPhrase(b);
  if (!first || !second) return null;
  return [countOperand(first, sources), countOperand(inherit(first, second), sources)];
}

/** What a part of the question counts, without filler ("the number of", "are there"), or null. */
function countPhrase(part: string): string | null {
  const phrase = part
    .replace(/\b(?:are|were|is|was) there\b/gi, ' ')
    .replace(/^(?:the (?:number|count) of |the )/i, '')
    .replace(/\s+/g, ' ')
    .trim();
  return phrase === '' || /^(than|\d)/i.test(phrase) ? null : phrase;
}

/**
 * `part` completed from `first` when it has no noun of its own: "to France" after "orders shipped
 * to Germany" is "orders shipped to France"; "in Germany" after "customers in the USA" is
 * "customers in Germany".
 */
function inherit(first: string, part: string): string {
  const preposition = new RegExp(`^(${PREPOSITIONS})\\b`, 'i').exec(part)?.[1]?.toLowerCase();
  if (!preposition) return part;
  const at = first.toLowerCase().lastIndexOf(` ${preposition} `);
  if (at > 0) return `${first.slice(0, at)} ${part}`;
  const head = new RegExp(`^(.+?)\\s+(?:${PREPOSITIONS})\\b`, 'i').exec(first)?.[1] ?? first;
  return `${head.trim()} ${part}`;
}

/** "suppliers in Sweden" -> the count question, routed where the phrase names a source. */
function countOperand(phrase: string, sources: readonly PlannableSource[]): CountOperand {
  const subject = routed(phrase, sources);
  return { phrase, ask: { question: `How many ${subject.text} are there?`, sources: subject.sources } };
}

/**
 * Removes the words that name a source from `phrase` and routes to it. Where the source's name
 * is the phrase's noun ("royals born before 1800", not "Northwind suppliers"), the source's main
 * noun takes its place so the sub-question still says what is counted.
 */
function routed(phrase: string, sources: readonly PlannableSource[]): { text: string; sources: readonly string[] | null } {
  const reference: SourceReference | undefined = findSourceReferences(phrase, sources)[0];
  if (!reference) return { text: phrase, sources: null };
  const named = sources.find((source) => source.id === reference.sources[0]);
  const next = /^\s*([\p{L}]+)/u.exec(phrase.slice(reference.end))?.[1]?.toLowerCase();
  const sourceIsNoun =
    reference.start === 0 &&
    !/^(in|from|of|the)\b/i.test(phrase) &&
    (next === undefined || CONTINUATIONS.has(next) || /(ed|ing)$/.test(next));
  const text = sourceIsNoun && named?.mainNoun ? `${named.mainNoun}${phrase.slice(reference.end)}` : withoutReference(phrase, reference);
  return { text: text.replace(/\s+/g, ' ').trim(), sources: reference.sources };
}

/** Words that continue a noun phrase after its noun: "royals *born* ...", "people *who* ...". */
const CONTINUATIONS = new Set(['born', 'who', 'that', 'which', 'with', 'in', 'from', 'of', 'named', 'called', 'whose', 'where', 'were', 'are', 'was', 'is', 'died', 'buried', 'and', 'or']);

function others(sources: readonly PlannableSource[], ...excluded: string[]): readonly string[] | null {
  const rest = sources.filter((source) => !excluded.includes(source.id)).map((source) => source.id);
  return rest.length > 0 ? rest : null;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
