/**
 * Merges what the sources returned into one result: every interpretation of every source ranked
 * by score, and the answer taken from the best one that ran — with self-correction: when the best
 * reading failed, or returned nothing although the question presumes an answer, the next one is
 * taken, and each passed-over interpretation says why in its `note`.
 * (Questions that need several sources are split and recombined in plugins/nl-query/plans/.)
 */
import type { Answer, Interpretation, InterpretationStatus, SourceOutcome } from '../types.js';
import type { SourceInterpretation } from '../engines/source.js';
import { presumesAnswer } from '../plugins/nl-query/plans/presumption.js';

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

interface Ranked {
  readonly source: string;
  readonly interpretation: SourceInterpretation;
}

export function federate(runs: readonly SourceRun[], question = ''): Federated {
  const ranked: Ranked[] = runs
    .flatMap((run) => run.interpretations.map((interpretation) => ({ source: run.outcome.source, interpretation })))
    .sort((a, b) => b.interpretation.score - a.interpretation.score);
  const ran = ranked.filter(({ interpretation }) => interpretation.result !== null);
  const nonEmpty = ran.find(({ interpretation }) => (interpretation.result?.rows.length ?? 0) > 0);
  // An empty result is an answer only if the question does not presume one, or nothing else answered.
  const chosen = (presumesAnswer(question) ? nonEmpty : ran[0]) ?? ran[0] ?? null;
  const chosenRank = chosen ? ranked.indexOf(chosen) : ranked.length;

  const interpretations = ranked.map(({ source, interpretation }, rank): Interpretation => ({
    source,
    score: interpretation.score,
    explanation: interpretation.explanation,
    query: interpretation.query,
    queryGraph: interpretation.queryGraph,
    status: chosen?.interpretation === interpretation ? 'CHOSEN' : statusOf(interpretation),
    error: interpretation.error?.message ?? null,
    note: rank < chosenRank ? passedOver(interpretation) : null,
  }));

  const answer: Answer | null =
    chosen && chosen.interpretation.result
      ? {
          kind: chosen.interpretation.result.kind,
          columns: chosen.interpretation.result.columns,
          rows: chosen.interpretation.result.rows,
          weights: chosen.interpretation.result.rows.map(() => chosen.interpretation.score),
          support: chosen.interpretation.result.support,
          source: chosen.source,
          sources: [chosen.source],
          confidence: chosen.interpretation.score,
          explanation: chosen.interpretation.explanation,
          query: chosen.interpretation.query,
          queryGraph: chosen.interpretation.queryGraph,
        }
      : null;

  return { answer, interpretations, sources: runs.map((run) => run.outcome) };
}

/** Why a better-scored interpretation did not give the answer. */
function passedOver(interpretation: SourceInterpretation): string {
  if (interpretation.error) return `failed (${interpretation.error.code}); the next reading was tried`;
  if (!interpretation.result) return 'was not run; the next reading was tried';
  return 'returned nothing although the question presumes an answer; the next reading was tried';
}

function statusOf(interpretation: SourceInterpretation): InterpretationStatus {
  if (interpretation.error) return 'FAILED';
  if (!interpretation.result) return 'NOT_RUN';
  return interpretation.result.rows.length === 0 ? 'EMPTY' : 'ANSWERED';
}
