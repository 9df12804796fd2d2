/**
 * A structured source's interpreter that answers taught questions as taught: when the question
 * reads as a taught one (example-index.ts), the taught graph, its values re-linked to the
 * question's own (slots.ts, bound by the predictor's bind.ts), runs first and is marked taught in
 * its explanation and `taught`. The question as taught needs no model at all; a near one (other
 * values, other openers) also gets the model's readings, ranked below it by federation; a similar
 * one (other words) too, ranked by probability against them (TAUGHT_CONFIDENCE.similar).
 */
import { describeError } from '../../../errors.js';
import { bindValues } from '../../../engines/predictor/values/bind.js';
import { formatQueryGraph } from '../../../engines/query-graph/canonical.js';
import type { QueryGraphEngine } from '../../../engines/query-graph/engine.js';
import { explainQueryGraph } from '../../../engines/query-graph/explain.js';
import { validateQueryGraph } from '../../../engines/query-graph/validate.js';
import type { QuestionInterpreter, SourceInterpretation, SourceQuestion } from '../../../engines/source.js';
import { SIMILAR, type TaughtMatch } from './example-index.js';

/**
 * Confidence of a taught reading, passed to federation as its probability (taught readings are
 * not calibrated by the model's curve: the caller said what the answer is). A near match (other
 * values) is a little less sure; a similar one (other words) is as sure as similar questions
 * measured on the dev paraphrases were right, so a model reading more probable than that wins.
 */
export const TAUGHT_CONFIDENCE = { exact: 1, near: 0.95, similar: SIMILAR.probability } as const;

export interface TaughtLookup {
  /** The taught example the question reads as, on this source, or null. */
  find(question: string): Promise<TaughtMatch | null>;
}

export function taughtFirst(interpreter: QuestionInterpreter, engine: QueryGraphEngine, lookup: TaughtLookup, timeoutMs = 5000): QuestionInterpreter {
  return {
    async answer(question: SourceQuestion): Promise<readonly SourceInterpretation[]> {
      const match = await lookup.find(question.question);
      if (!match) return interpreter.answer(question);
      const taught = await runTaught(match, engine, question.limit, timeoutMs);
      // Asked as taught and it ran: the model has nothing to add.
      if (match.match === 'exact' && taught.result) return [taught];
      const readings = await interpreter.answer(question);
      return [taught, ...readings.filter((reading) => reading.queryGraph !== taught.queryGraph)];
    },
  };
}

async function runTaught(match: TaughtMatch, engine: QueryGraphEngine, limit: number, timeoutMs: number): Promise<SourceInterpretation> {
  const schema = engine.schema();
  const taught = { exampleId: match.example.id, question: match.example.question, match: match.match };
  const said =
    match.match === 'exact' ? 'as taught' : match.match === 'near' ? `as taught for "${match.example.question}"` : `read as the taught question "${match.example.question}"`;
  const score = TAUGHT_CONFIDENCE[match.match];
  let graph = match.slotted.graph;
  try {
    graph = bindValues(match.slotted.graph, match.slotted.limitSlot, match.mentions, schema);
    validateQueryGraph(graph, schema);
    const run = await engine.run(graph, { limit, timeoutMs });
    return { score, explanation: `${run.explanation} (${said}, example ${match.example.id})`, query: run.query, queryGraph: formatQueryGraph(graph), result: run.result, error: null, taught };
  } catch (error) {
    return { score: score * 0.1, explanation: `${explainQueryGraph(match.slotted.graph, schema)} (${said}, example ${match.example.id})`, query: null, queryGraph: formatQueryGraph(graph), result: null, error: describeError(error), taught };
  }
}
