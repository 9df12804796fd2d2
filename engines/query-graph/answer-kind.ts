/**
 * The shape of an answer, decided from the query graph (what was run) and, when there is one, the
 * form of the question (what was asked), never guessed from the rows:
 * - a yes/no question ("is there...", "did...") is BOOLEAN, whatever the graph;
 * - one aggregate and no grouping is a SCALAR; so is one shown value with `limit 1` when the
 *   question asks for a number ("what is the total freight of order 10248");
 * - attributes of one class with nothing aggregated are ENTITIES (each row is one thing); so are
 *   attributes of one class instance grouped by it when the question asks "which/who ..." ;
 * - anything else is a TABLE; no rows is EMPTY (a count of nothing is still a SCALAR 0).
 */
import type { AnswerKind } from '../../types.js';
import { instanceOf } from './build.js';
import type { QueryGraph } from './types.js';

/**
 * What the question's wording asks for (engines/predictor/question-form.ts reads it): yes/no,
 * one value, or things. Null when the wording does not say (the graph alone decides).
 */
export type QuestionForm = 'BOOLEAN' | 'SCALAR' | 'ENTITIES';

export function answerKind(graph: QueryGraph, rowCount: number, form: QuestionForm | null = null): AnswerKind {
  if (form === 'BOOLEAN') return 'BOOLEAN';
  const aggregated = graph.select.some((m) => m.aggregate !== null);
  const grouped = graph.groupBy.length > 0;
  if (aggregated && !grouped && graph.select.every((m) => m.aggregate !== null)) {
    return graph.select.length === 1 ? 'SCALAR' : 'TABLE';
  }
  if (rowCount === 0) return 'EMPTY';
  if (form === 'SCALAR' && graph.select.length === 1 && graph.limit === 1) return 'SCALAR';
  const classes = new Set(graph.select.map((m) => m.target.classId));
  if (!aggregated && !grouped && classes.size === 1) return 'ENTITIES';
  if (form === 'ENTITIES' && !aggregated && groupedByShownInstance(graph)) return 'ENTITIES';
  return 'TABLE';
}

/** Every shown and grouped attribute belongs to one instance of one class ("which customer has most orders"). */
function groupedByShownInstance(graph: QueryGraph): boolean {
  const first = graph.select[0]?.target;
  if (!first) return false;
  const same = (ref: { classId: string; instance?: number }) => ref.classId === first.classId && (ref.instance ?? 1) === instanceOf(first);
  return graph.select.every((m) => same(m.target)) && graph.groupBy.every(same);
}
