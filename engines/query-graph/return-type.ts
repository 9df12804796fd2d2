/**
 * A run's rows in the shape the question asked for: the kind from `answerKind` (graph + question
 * form), and for a yes/no question one Boolean cell computed from what the graph returned.
 */
import type { JsonValue } from '../../types.js';
import type { ResultSet } from '../source.js';
import { answerKind, type QuestionForm } from './answer-kind.js';
import type { QueryGraph } from './types.js';

export function withReturnType(result: ResultSet, graph: QueryGraph, form: QuestionForm | null): ResultSet {
  const kind = answerKind(graph, result.rows.length, form);
  if (kind !== 'BOOLEAN') return kind === result.kind ? result : { ...result, kind };
  return { ...result, kind, columns: [{ name: 'answer', type: 'Boolean' }], rows: [[yes(graph, result)]] };
}

/**
 * The yes/no answer a graph's rows give: "is X discontinued" shows one flag attribute (yes when
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
  if (only && only.aggregate === null) {
    const flags = result.rows.map((row) => flag(row[0] ?? null));
    if (flags.every((value) => value !== null)) return flags.every((value) => value === true);
  }
  return true;
}

/**
 * A cell as a yes/no flag, or null when it is not one. Many schemas keep flags as text ('0'/'1',
 * 'Y'/'N': Northwind's SQLite `Discontinued`), so text flags count, not only Boolean columns;
 * numbers do not (an id of 0 or 1 is not a flag).
 */
function flag(value: JsonValue): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return null;
  const text = value.trim().toLowerCase();
  if (['1', 'true', 't', 'yes', 'y'].includes(text)) return true;
  if (['0', 'false', 'f', 'no', 'n'].includes(text)) return false;
  return null;
}
