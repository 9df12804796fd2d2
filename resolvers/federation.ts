/**
 * Merges what the sources returned into one result: every interpretation ranked by score, the
 * best one that ran chosen as the answer. (The NQL weighted-set algebra that combines answers
 * across sources builds on this.)
 */
import type { Answer, Interpretation, InterpretationStatus, SourceOutcome } from '../types.js';
import type { SourceInterpretation } from '../engines/source.js';

/** What one source did with one question. */
export interface SourceRun {
  readonly outcome: SourceOutcome;
  readonly interpretations: readonly SourceInterpretation[];
}

export interface Federated {
  readonly answer: Answer | null;
  readonly interpretations: readonly Interpretation[];
  readonly sources: readonly SourceOutcome[];
}

export function federate(runs: readonly SourceRun[]): Federated {
  const ranked = runs
    .flatMap((run) => run.interpretations.map((interpretation) => ({ source: run.outcome.source, interpretation })))
    .sort((a, b) => b.interpretation.score - a.interpretation.score);
  const chosen = ranked.find(({ interpretation }) => interpretation.result !== null) ?? null;

  const interpretations = ranked.map(({ source, interpretation }): Interpretation => ({
    source,
    score: interpretation.score,
    explanation: interpretation.explanation,
    query: interpretation.query,
    queryGraph: interpretation.queryGraph,
    status: chosen?.interpretation === interpretation ? 'CHOSEN' : statusOf(interpretation),
    error: interpretation.error?.message ?? null,
  }));

  const answer: Answer | null =
    chosen && chosen.interpretation.result
      ? {
          kind: chosen.interpretation.result.kind,
          columns: chosen.interpretation.result.columns,
          rows: chosen.interpretation.result.rows,
          support: chosen.interpretation.result.support,
          source: chosen.source,
          confidence: chosen.interpretation.score,
          explanation: chosen.interpretation.explanation,
          query: chosen.interpretation.query,
          queryGraph: chosen.interpretation.queryGraph,
        }
      : null;

  return { answer, interpretations, sources: runs.map((run) => run.outcome) };
}

function statusOf(interpretation: SourceInterpretation): InterpretationStatus {
  if (interpretation.error) return 'FAILED';
  if (!interpretation.result) return 'NOT_RUN';
  return interpretation.result.rows.length === 0 ? 'EMPTY' : 'ANSWERED';
}
