/**
 * Every name a question gives is read. A reading that leaves out a name answers another question:
 * "Was Henry VIII the father of Queen Victoria?" read as "the father of Henry VIII" said yes
 * whoever he was; "Who was born in Atlantis?" read as "the names of people" listed 100 people. Two
 * rules, for any source and any name:
 * - yes/no questions: a stored value the question names that the reading leaves out is required of
 *   what the reading shows (its rows must hold it), so both ends of a relation are checked; when
 *   the name left out is the one the relation belongs to ("the father of Henry VIII", "Henry
 *   VIII's father") and the one the reading starts from is not, the reading is run from the other
 *   end first; a reading that shows nothing that could hold the name cannot answer, and says so;
 * - a name written as one (capitalised inside the sentence) that matches no stored value and names
 *   nothing in the schema cannot be honoured by any reading of this source: the source answers
 *   EMPTY and says which name matched nothing, instead of answering without it. A name the
 *   source's own name or description gives is what the whole source is about ("crimes in
 *   Manchester" of GreaterManchesterCrime): no row needs to store it, and it is no condition.
 */
import { formatQueryGraph, parseQueryGraph } from '../query-graph/canonical.js';
import { explainQueryGraph } from '../query-graph/explain.js';
import type { QueryGraphEngine } from '../query-graph/engine.js';
import type { QueryGraph } from '../query-graph/types.js';
import type { SchemaGraph } from '../schema-graph/types.js';
import type { QuestionInterpreter, ResultSet, SourceInterpretation, SourceQuestion } from '../source.js';
import type { JsonValue } from '../../types.js';
import { questionForm } from './question-form.js';
import type { Mention } from './values/mentions.js';
import { words } from '../english/normalize.js';
import { schemaNames, type SchemaNames } from './schema-words/schema-names.js';
import { humanWords } from '../schema-graph/names.js';

/** The error code of a yes/no reading that cannot check a name the question gives. */
export const NAME_LEFT_OUT = 'NAME_LEFT_OUT';

/** Comparable form of a stored text: case and runs of spaces do not matter. */
function folded(value: JsonValue): string {
  return String(value ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The text values a graph's conditions use. */
function valuesUsed(graph: QueryGraph): Set<string> {
  const used = new Set<string>();
  for (const constraint of graph.where) {
    for (const value of constraint.values) if (value.kind === 'string') used.add(folded(value.value));
  }
  return used;
}

/** The stored values a mention may stand for. */
function valuesOf(mention: Mention): { classId: string; attributeId: string; value: string }[] {
  return [...mention.candidates, ...(mention.alternatives ?? [])];
}

/** The question's text mentions of stored values that no condition of `graph` uses. */
export function namesLeftOut(graph: QueryGraph, mentions: readonly Mention[]): Mention[] {
  const used = valuesUsed(graph);
  return mentions.filter((mention) => mention.kind === 'text' && mention.candidates.length > 0 && !used.has(folded(mention.text)) && !valuesOf(mention).some((candidate) => used.has(folded(candidate.value))));
}

/**
 * A yes/no reading's rows narrowed to those whose shown values hold every name the reading left
 * out, or null when a name has no shown column that could hold it.
 */
export function rowsHoldingNames(graph: QueryGraph, result: ResultSet, leftOut: readonly Mention[]): ResultSet | null {
  let rows = result.rows;
  for (const mention of leftOut) {
    const column = graph.select.findIndex((measure) => measure.aggregate === null && valuesOf(mention).some((candidate) => candidate.classId === measure.target.classId && candidate.attributeId === measure.target.attributeId));
    if (column < 0) return null;
    const wanted = new Set(valuesOf(mention).map((candidate) => folded(candidate.value)));
    rows = rows.filter((row) => wanted.has(folded(row[column] ?? null)));
  }
  return { ...result, rows };
}

/** Whether a word is an adjective ("British", "Eighth"): capitalised, it is still no name. */
export type AdjectiveTest = (word: string) => boolean;

/**
 * Names as written inside a sentence: runs of capitalised words (not the sentence's first word)
 * that no mention covers and that name no class or attribute of the schema ("Products"). A run
 * touching a mention is part of that name ("King" before "George V"). Adjectives ("the British
 * king", "Henry the Eighth") and abbreviations ("UK": the values are seldom stored that way, so
 * matching nothing says little) are not taken for names, nor a run whose every word is one of
 * `context` (the source's own name and description, folded words).
 */
export function unmatchedNames(question: string, mentions: readonly Mention[], names: SchemaNames, isAdjective: AdjectiveTest = () => false, context: ReadonlySet<string> = new Set()): string[] {
  const spans = words(question);
  const folded = spans.map((span) => span.text);
  const covered = (start: number, end: number) => mentions.some((mention) => start < mention.end && mention.start < end);
  const out: string[] = [];
  let i = 0;
  while (i < spans.length) {
    const original = question.slice(spans[i]!.start, spans[i]!.end);
    const sentenceStart = i === 0 || /^[.!?:;"“(]$/.test(folded[i - 1]!);
    if (sentenceStart || !/^\p{Lu}/u.test(original) || original === 'I') {
      i += 1;
      continue;
    }
    let j = i;
    while (j + 1 < spans.length && /^\p{Lu}/u.test(question.slice(spans[j + 1]!.start, spans[j + 1]!.end))) j += 1;
    const run = { start: spans[i]!.start, end: spans[j]!.end };
    const indexes = Array.from({ length: j - i + 1 }, (_, k) => i + k);
    const namesSchema = indexes.some((k) => names.nameAt(folded, k) !== null || names.classAt(folded, k) !== null);
    const written = (k: number) => question.slice(spans[k]!.start, spans[k]!.end);
    const noName = indexes.every((k) => isAdjective(folded[k]!) || /^\p{Lu}{2,4}$/u.test(written(k))) || indexes.every((k) => context.has(folded[k]!));
    if (!covered(run.start, run.end) && !namesSchema && !noName) out.push(question.slice(run.start, run.end));
    i = j + 1;
  }
  return out;
}

export interface NamedValuesOptions {
  readonly sourceId: string;
  /** What the source says it is about (its description); its words, with the id's, are no names to match. */
  readonly description?: string;
  readonly schema: SchemaGraph;
  /** The question's mentions of stored values, found as the predictor finds them. */
  readonly mentionsOf: (question: string) => readonly Mention[];
  /** Adjectives are no names (WordNet's); default: none is. */
  readonly isAdjective?: AdjectiveTest;
  /** Runs a reading from the other end of its relation. */
  readonly engine: QueryGraphEngine;
  /** Time limit of such a run, in milliseconds. */
  readonly timeoutMs: number;
}

/** Whether the question writes the mention as whose relation it asks about: "of X", "X's". */
function owner(question: string, mention: Mention): boolean {
  return /\bof\s+(the\s+)?$/i.test(question.slice(0, mention.start)) || /^['’]s\b/.test(question.slice(mention.end));
}

/**
 * The reading started from `to` instead of `from`: its condition on `from`'s value takes `to`'s
 * value of the same attribute. Null when no condition uses `from` or `to` has no such value.
 */
export function startedFrom(graph: QueryGraph, from: Mention, to: Mention): QueryGraph | null {
  const fromValues = new Set(valuesOf(from).map((candidate) => folded(candidate.value)));
  let swapped = false;
  const where = graph.where.map((constraint) => {
    if (swapped || constraint.operator !== '=' || constraint.values.length !== 1) return constraint;
    const value = constraint.values[0]!;
    if (value.kind !== 'string' || !fromValues.has(folded(value.value))) return constraint;
    const replacement = valuesOf(to).find((candidate) => candidate.classId === constraint.target.classId && candidate.attributeId === constraint.target.attributeId);
    if (!replacement) return constraint;
    swapped = true;
    return { ...constraint, values: [{ kind: 'string' as const, value: replacement.value }] };
  });
  return swapped ? { ...graph, where } : null;
}

/** `interpreter` whose readings honour every name the question gives (see the file's comment). */
export function readingEveryName(interpreter: QuestionInterpreter, options: NamedValuesOptions): QuestionInterpreter {
  const names = schemaNames(options.schema);
  const context = new Set(words(`${humanWords(options.sourceId)} ${options.description ?? ''}`).map((w) => w.text));
  return {
    async answer(question: SourceQuestion): Promise<readonly SourceInterpretation[]> {
      const mentions = options.mentionsOf(question.question);
      const unmatched = unmatchedNames(question.question, mentions, names, options.isAdjective, context);
      if (unmatched.length > 0) {
        const list = unmatched.map((name) => `'${name}'`).join(', ');
        return [
          {
            // No reading of this source was made: another source that knows the name outranks it.
            score: 0,
            explanation: `nothing in '${options.sourceId}' is called ${list}, which the question names, so it has no answer there`,
            query: null,
            queryGraph: null,
            result: { kind: 'EMPTY', columns: [], rows: [], support: [] },
            error: null,
          },
        ];
      }
      const readings = await interpreter.answer(question);
      if (questionForm(question.question) !== 'BOOLEAN') return readings;
      return Promise.all(readings.map((reading) => checkedAgainstNames(reading, question, mentions, options)));
    },
  };
}

async function checkedAgainstNames(reading: SourceInterpretation, question: SourceQuestion, mentions: readonly Mention[], options: NamedValuesOptions): Promise<SourceInterpretation> {
  if (!reading.result || !reading.queryGraph) return reading;
  let graph: QueryGraph;
  try {
    graph = parseQueryGraph(reading.queryGraph);
  } catch {
    return reading;
  }
  let leftOut = namesLeftOut(graph, mentions);
  if (leftOut.length === 0) return reading;
  let { result, query } = reading;
  // The reading starts from the wrong end: run it from the name the relation belongs to.
  const used = mentions.filter((mention) => mention.kind === 'text' && !leftOut.includes(mention));
  const anchor = leftOut.length === 1 && used.length === 1 && owner(question.question, leftOut[0]!) && !owner(question.question, used[0]!) ? startedFrom(graph, used[0]!, leftOut[0]!) : null;
  if (anchor && !question.signal.aborted) {
    try {
      const run = await options.engine.run(anchor, { limit: question.limit, timeoutMs: options.timeoutMs });
      ({ result, query } = run);
      graph = anchor;
      leftOut = used;
    } catch {
      // the reading as the model made it stands
    }
  }
  const list = leftOut.map((mention) => `'${mention.text}'`).join(', ');
  const held = rowsHoldingNames(graph, result, leftOut);
  if (!held) {
    return { ...reading, result: null, error: { code: NAME_LEFT_OUT, message: `this reading leaves out ${list}, which the question names, and shows nothing that could be it` } };
  }
  const explanation = graph === anchor ? explainQueryGraph(graph, options.engine.schema()) : reading.explanation;
  return { ...reading, query, queryGraph: formatQueryGraph(graph), result: held, explanation: `${explanation}, and whether that is ${list}` };
}
