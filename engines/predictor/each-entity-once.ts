/**
 * A list of things names each thing once. A reading that shows one class's attributes through a
 * join repeats a thing once per joined row ("Which customers ordered Chai?" gave a customer once
 * per order: 38 rows for 31 customers). When a list reading's rows repeat, it is run again with the
 * shown class's key added and `distinct`, so repeats of one thing collapse while two things that
 * share a name (two people called Agnes) stay two rows; the key column is then dropped.
 */
import { formatQueryGraph, parseQueryGraph } from '../query-graph/canonical.js';
import { queryGraph } from '../query-graph/build.js';
import type { QueryGraphEngine } from '../query-graph/engine.js';
import type { Measure, QueryGraph } from '../query-graph/types.js';
import { findClass } from '../schema-graph/lookup.js';
import type { QuestionInterpreter, SourceInterpretation, SourceQuestion } from '../source.js';
import { questionForm } from './question-form.js';

export interface EachEntityOnceOptions {
  /** Time limit of the second run, in milliseconds. */
  readonly timeoutMs: number;
}

/** The graph that lists each thing of `graph`'s shown class once, or null when `graph` is no plain list. */
export function distinctByKey(graph: QueryGraph, engine: QueryGraphEngine): QueryGraph | null {
  if (graph.distinct || graph.groupBy.length > 0 || graph.select.some((measure) => measure.aggregate !== null)) return null;
  const root = graph.select[0]?.target;
  if (!root) return null;
  const keys = findClass(engine.schema(), root.classId).primaryKey;
  if (keys.length === 0) return null;
  const shown = new Set(graph.select.map((measure) => `${measure.target.classId}#${measure.target.instance ?? 1}.${measure.target.attributeId}`));
  const added: Measure[] = keys
    .filter((key) => !shown.has(`${root.classId}#${root.instance ?? 1}.${key}`))
    .map((key) => ({ target: { ...root, attributeId: key }, aggregate: null }));
  return queryGraph({ ...graph, select: [...graph.select, ...added], distinct: true });
}

function repeats(rows: readonly (readonly unknown[])[]): boolean {
  return new Set(rows.map((row) => JSON.stringify(row))).size < rows.length;
}

/** `interpreter` whose list readings name each thing once (see the file's comment). */
export function eachEntityOnce(interpreter: QuestionInterpreter, engine: QueryGraphEngine, options: EachEntityOnceOptions): QuestionInterpreter {
  return {
    async answer(question: SourceQuestion): Promise<readonly SourceInterpretation[]> {
      const readings = await interpreter.answer(question);
      const listing = questionForm(question.question) === 'ENTITIES';
      return Promise.all(readings.map((reading) => (listing || reading.result?.kind === 'ENTITIES' ? once(reading, engine, question, options) : reading)));
    },
  };
}

async function once(reading: SourceInterpretation, engine: QueryGraphEngine, question: SourceQuestion, options: EachEntityOnceOptions): Promise<SourceInterpretation> {
  if (!reading.result || !reading.queryGraph || !repeats(reading.result.rows) || question.signal.aborted) return reading;
  let graph: QueryGraph | null;
  try {
    graph = distinctByKey(parseQueryGraph(reading.queryGraph), engine);
  } catch {
    return reading;
  }
  if (!graph) return reading;
  const shown = reading.result.columns.length;
  try {
    const run = await engine.run(graph, { limit: question.limit, timeoutMs: options.timeoutMs });
    const result = { ...run.result, columns: run.result.columns.slice(0, shown), rows: run.result.rows.map((row) => row.slice(0, shown)) };
    return { ...reading, query: run.query, queryGraph: formatQueryGraph(graph), result, explanation: `${reading.explanation}, each once` };
  } catch {
    return reading; // the first run stands when the second cannot be made
  }
}
