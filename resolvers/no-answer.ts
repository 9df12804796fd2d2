/**
 * What `ask` answers when no source could: an EMPTY answer whose explanation says why, taken from
 * what each source did (not relevant, timed out, failed, found nothing), instead of a bare null.
 * Inside the gateway "no answer" stays `null` (plans and the CLI test for it); this is how GraphQL
 * clients see it.
 */
import { cannotExpress } from '../plugins/nl-query/calibration/abstain.js';
import type { Answer, AskResult, SourceOutcome } from '../types.js';

/** An answer no source gave: `source` is null, `sources` empty. */
export type NoAnswer = Omit<Answer, 'source'> & { readonly source: null };

/** One clause per kind of outcome: "2 sources were judged unrelated (northwind, royals)". */
function clauses(outcomes: readonly SourceOutcome[]): string[] {
  const byStatus = new Map<SourceOutcome['status'], SourceOutcome[]>();
  for (const outcome of outcomes) byStatus.set(outcome.status, [...(byStatus.get(outcome.status) ?? []), outcome]);
  const named = (list: readonly SourceOutcome[]) => list.map((outcome) => outcome.source).join(', ');
  const said: Record<SourceOutcome['status'], (list: readonly SourceOutcome[]) => string> = {
    NOT_RELEVANT: (list) => `judged unrelated to the question: ${named(list)}`,
    TIMED_OUT: (list) => `out of time: ${named(list)}`,
    FAILED: (list) => `failed: ${list.map((outcome) => `${outcome.source} (${outcome.message})`).join('; ')}`,
    UNAVAILABLE: (list) => `not ready: ${named(list)}`,
    UNSUPPORTED: (list) => `unable to interpret questions: ${named(list)}`,
    ANSWERED: (list) => `no reading that could run: ${named(list)}`,
  };
  return [...byStatus.entries()].map(([status, list]) => said[status](list));
}

/** Why `result` has no answer, in one sentence. */
export function whyNoAnswer(result: AskResult): string {
  if (result.sources.length === 0) return 'No source could answer: there is no source this caller may ask.';
  return `No source could answer. Sources ${clauses(result.sources).join('; ')}.`;
}

/**
 * `result.answer`, or an answer that says why there is none: UNSUPPORTED when the sources asked
 * cannot express the question (abstain.ts), else EMPTY (nothing related, or a source down).
 */
export function answerOrReason(result: AskResult): Answer | NoAnswer {
  if (result.answer) return result.answer;
  return { kind: cannotExpress(result) ? 'UNSUPPORTED' : 'EMPTY', columns: [], rows: [], weights: [], source: null, sources: [], confidence: 0, explanation: whyNoAnswer(result), query: null, queryGraph: null, support: [] };
}
