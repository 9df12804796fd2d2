/**
 * Applies the return type to a structured source's interpretations: each result takes the shape
 * its question and query graph call for (engines/query-graph/return-type.ts). Wraps the source's
 * interpreter, so the predictor stays unaware of it and every interpretation, chosen or not, is
 * shaped the same way.
 */
import { parseQueryGraph } from '../../engines/query-graph/canonical.js';
import { withReturnType } from '../../engines/query-graph/return-type.js';
import type { QuestionInterpreter, SourceInterpretation, SourceQuestion } from '../../engines/source.js';
import { questionForm } from '../../engines/predictor/question-form.js';

export function shapedByQuestion(interpreter: QuestionInterpreter): QuestionInterpreter {
  return {
    async answer(question: SourceQuestion): Promise<readonly SourceInterpretation[]> {
      const interpretations = await interpreter.answer(question);
      const form = questionForm(question.question);
      return interpretations.map((interpretation) => {
        if (!interpretation.result || !interpretation.queryGraph) return interpretation;
        try {
          return { ...interpretation, result: withReturnType(interpretation.result, parseQueryGraph(interpretation.queryGraph), form) };
        } catch {
          return interpretation; // a graph that does not read back keeps the kind the engine gave it
        }
      });
    },
  };
}
