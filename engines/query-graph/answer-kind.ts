/**
 * The shape of an answer, decided from the query graph (what was asked), not guessed from the
 * rows: one aggregate and no grouping is a SCALAR; attributes of one class with nothing
 * aggregated are ENTITIES (each row is one thing); anything else is a TABLE. No rows is EMPTY.
 */
import type { AnswerKind } from '../../types.js';
import type { QueryGraph } from './types.js';

export function answerKind(graph: QueryGraph, rowCount: number): AnswerKind {
  const aggregated = graph.select.some((m) => m.aggregate !== null);
  const grouped = graph.groupBy.length > 0;
  if (aggregated && !grouped && graph.select.every((m) => m.aggregate !== null)) {
    return graph.select.length === 1 ? 'SCALAR' : 'TABLE';
  }
  if (rowCount === 0) return 'EMPTY';
  const classes = new Set(graph.select.map((m) => m.target.classId));
  return !aggregated && !grouped && classes.size === 1 ? 'ENTITIES' : 'TABLE';
}
