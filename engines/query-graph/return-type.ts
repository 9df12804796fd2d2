/**
 * A run's rows in the shape the question asked for: the kind from `answerKind` (graph + question
 * form), and for a yes/no question one Boolean cell computed from what the graph returned.
 */
import type { ResultSet } from '../source.js';
import { answerKind, type QuestionForm } from './answer-kind.js';
import type { QueryGraph } from './types.js';

export function withReturnType(result: ResultSet, graph: QueryGraph, form: QuestionForm | null): ResultSet {
  const kind = answerKind(graph, result.rows.length, form);
  if (kind !== 'BOOLEAN') return kind === result.kind ? result : { ...result, kind };
  return { ...result, kind, columns: [{ name: 'answer', type: 'Boolean' }], rows: [[yes(graph, result)]] };
}

/**
 * The yes/no answer a graph's rows give: "is X discontinued" shows one Boolean attribute (yes when
 * every row says yes); "are there any ..." counts (yes when the count is above 0) or lists things
 * (yes when there is at least one); a single other aggregate says yes when it has a value.
 */
function yes(graph: QueryGraph, result: ResultSet): boolean {
  if (result.rows.length === 0) return false;
  const only = graph.select.length === 1 ? graph.select[0] : undefined;
  const first = result.rows[0]?.[0] ?? null;
  if (only && only.aggregate !== null && graph.groupBy.length === 0) {
    if (only.aggregate === 'count' || only.aggregate === 'count_distinct') return Number(first) > 0;
    return first !== null;
  }
  if (only && only.aggregate === null && result.columns[0]?.type === 'Boolean') return result.rows.every((row) => row[0] === true);
  return true;
}
