/**
 * Taught answers of fact collections. A text-fact reading has no query graph to store: what a
 * caller can correct is the answer itself (its values) and the facts it rests on. Such an example
 * is kept in the same table as the structured sources' examples, its answer where they keep a
 * graph (`answer:` + JSON, which no query graph starts with), and used at once: the question as
 * taught (words folded and singular, request openers aside: example-index.ts's key with no
 * mentions) is answered with the taught values and the facts they rest on, marked taught, before
 * the text-fact engine reads it. No value is re-linked: a fact answer is about the things it names,
 * so "Who founded the museum in Kestrelford?" taught says nothing of another town's museum.
 */
import { fold } from '../../../engines/english/normalize.js';
import type { ResultSet, QuestionInterpreter, SourceInterpretation, SourceQuestion } from '../../../engines/source.js';
import type { Column, Fact, JsonValue } from '../../../types.js';
import { questionKey } from './example-index.js';
import type { TaughtExample } from './example-store.js';
import type { TaughtMatch } from './example-index.js';

/** What a fact collection is taught for a question: the answer's values, and the facts that state it (ids). */
export interface FactAnswer {
  readonly answer: readonly string[];
  readonly facts: readonly string[];
}

const PREFIX = 'answer:';

/** The stored form (in the examples table's graph column). */
export function encodeFactAnswer(answer: FactAnswer): string {
  return PREFIX + JSON.stringify({ answer: answer.answer, facts: answer.facts });
}

/** The taught answer a stored example holds, or null when it holds a query graph (or anything else). */
export function decodeFactAnswer(text: string): FactAnswer | null {
  if (!text.startsWith(PREFIX)) return null;
  try {
    const body = JSON.parse(text.slice(PREFIX.length)) as { answer?: unknown; facts?: unknown };
    const strings = (value: unknown) => (Array.isArray(value) && value.every((v) => typeof v === 'string') ? (value as string[]) : null);
    const answer = strings(body.answer);
    const facts = strings(body.facts);
    return answer && facts ? { answer, facts } : null;
  } catch {
    return null;
  }
}

/** A taught answer found for a question. */
export interface FactMatch {
  readonly example: TaughtExample;
  readonly answer: FactAnswer;
  readonly match: TaughtMatch['match'];
}

/** A collection's taught answers by their questions' keys; the latest teaching of a question first. */
export class FactAnswerIndex {
  private readonly byKey = new Map<string, { example: TaughtExample; answer: FactAnswer; folded: string }[]>();

  constructor(examples: readonly TaughtExample[]) {
    for (const example of examples) {
      const answer = decodeFactAnswer(example.queryGraph);
      if (!answer) continue;
      const key = questionKey(example.question, []);
      this.byKey.set(key, [{ example, answer, folded: fold(example.question) }, ...(this.byKey.get(key) ?? [])]);
    }
  }

  get size(): number {
    return this.byKey.size;
  }

  find(question: string): FactMatch | null {
    if (this.byKey.size === 0) return null;
    const entries = this.byKey.get(questionKey(question, []));
    const latest = entries?.[0];
    if (!latest) return null;
    const folded = fold(question);
    const exact = entries.find((entry) => entry.folded === folded);
    const found = exact ?? latest;
    return { example: found.example, answer: found.answer, match: exact ? 'exact' : 'near' };
  }
}

/**
 * The taught values as the engine would give them: one yes/no is BOOLEAN, one number SCALAR,
 * anything else ENTITIES (a `value` column either way), with the facts as provenance.
 */
export function taughtResultSet(answer: FactAnswer, support: readonly Fact[], limit: number): ResultSet {
  const values = answer.answer;
  const only = values.length === 1 ? (values[0] as string).trim() : null;
  if (only !== null && /^(yes|no|true|false)$/i.test(only)) {
    return { kind: 'BOOLEAN', columns: [{ name: 'value', type: 'Boolean' }], rows: [[/^(yes|true)$/i.test(only)]], support };
  }
  if (only !== null && /^-?\d+(\.\d+)?$/.test(only.replace(/,/g, ''))) {
    const number = Number(only.replace(/,/g, ''));
    const column: Column = { name: 'value', type: Number.isInteger(number) ? 'Int' : 'Float' };
    return { kind: 'SCALAR', columns: [column], rows: [[number]], support };
  }
  const rows: JsonValue[][] = values.slice(0, limit).map((value) => [value]);
  return { kind: 'ENTITIES', columns: [{ name: 'value', type: 'String' }], rows, support };
}

/** What answering a collection's taught questions needs. */
export interface FactAnswerLookup {
  find(question: string): Promise<FactMatch | null>;
  /** The facts of the collection by id, those still there (a removed fact is no longer support). */
  facts(ids: readonly string[]): readonly Fact[];
}

/**
 * A fact collection's interpreter that answers taught questions as taught, score 1 (0.95 for the
 * same question with other openers), marked in the explanation and `taught`. The question as
 * taught needs no model; a near one also gets the engine's reading, ranked below it.
 */
export function taughtFactsFirst(interpreter: QuestionInterpreter, collection: string, lookup: FactAnswerLookup): QuestionInterpreter {
  return {
    async answer(question: SourceQuestion): Promise<readonly SourceInterpretation[]> {
      const found = await lookup.find(question.question);
      if (!found) return interpreter.answer(question);
      const said = found.match === 'exact' ? 'as taught' : `as taught for "${found.example.question}"`;
      const support = lookup.facts(found.answer.facts);
      const taught: SourceInterpretation = {
        score: found.match === 'exact' ? 1 : 0.95,
        explanation: `Facts in '${collection}': the answer ${said} (example ${found.example.id}), resting on ${support.length} fact${support.length === 1 ? '' : 's'}`,
        query: null,
        queryGraph: null,
        result: taughtResultSet(found.answer, support, question.limit),
        error: null,
        taught: { exampleId: found.example.id, question: found.example.question, match: found.match },
      };
      if (found.match === 'exact') return [taught];
      return [taught, ...(await interpreter.answer(question))];
    },
  };
}
