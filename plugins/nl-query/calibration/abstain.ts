/**
 * Abstention with a way forward. An answer whose calibrated probability is below the floor is not
 * stated: `ask` answers UNSURE with no rows, and the best readings as alternatives (each with its
 * English explanation, query, probability and id for `runInterpretation`). And a question the
 * sources asked cannot express at all gets UNSUPPORTED with the reason, not an empty table.
 */
import type { Answer, AskResult, Interpretation, SourceOutcome } from '../../../types.js';

/** How many readings an UNSURE answer offers. */
export const ALTERNATIVES = 3;

const pct = (p: number) => `${Math.round(p * 100)}%`;

/** `result` with its answer replaced by UNSURE when the answer's probability is below `minConfidence`. */
export function withConfidenceFloor(result: AskResult, minConfidence: number): AskResult {
  const answer = result.answer;
  if (!answer || answer.confidence >= minConfidence) return result;
  // A plan's readings are its steps', not readings of the whole question: none is offered to run.
  const alternatives = result.plan ? [] : result.interpretations.filter((i) => i.status !== 'FAILED').slice(0, ALTERNATIVES);
  const unsure: Answer = {
    kind: 'UNSURE',
    columns: [],
    rows: [],
    weights: [],
    support: [],
    source: answer.source,
    sources: [...new Set(alternatives.map((i) => i.source))],
    confidence: answer.confidence,
    explanation:
      `Not sure: the best reading (${answer.explanation}) is ${pct(answer.confidence)} likely to be right, below the ${pct(minConfidence)} required. ` +
      (alternatives.length > 0
        ? 'Pick one of the alternatives and run it with runInterpretation(id).'
        : result.plan
          ? 'It combines several retrievals (see plan): ask its parts one by one to see each reading.'
          : 'No reading could be offered.'),
    query: null,
    queryGraph: null,
    alternatives,
    ambiguity: answer.ambiguity ?? null,
  };
  return { ...result, answer: unsure };
}

/** Outcomes that say nothing about the question (the source was down or out of time). */
function transient(outcome: SourceOutcome): boolean {
  if (outcome.status === 'TIMED_OUT' || outcome.status === 'UNAVAILABLE') return true;
  return outcome.status === 'FAILED' && (outcome.error?.code === 'QUERY_TIMEOUT' || outcome.error?.code === 'SOURCE_UNAVAILABLE');
}

/**
 * Whether no answer means the question cannot be expressed: a source was asked, and every source
 * asked either has no way to read questions (UNSUPPORTED) or found no reading it could run — none
 * was down or out of time, and none answered.
 */
export function cannotExpress(result: AskResult): boolean {
  const asked = result.sources.filter((outcome) => outcome.status !== 'NOT_RELEVANT');
  return !result.answer && asked.length > 0 && asked.every((outcome) => !transient(outcome) && (outcome.status === 'UNSUPPORTED' || outcome.status === 'FAILED'));
}

/** The alternatives of an answer (empty unless UNSURE). */
export function alternativesOf(answer: Answer): readonly Interpretation[] {
  return answer.alternatives ?? [];
}
