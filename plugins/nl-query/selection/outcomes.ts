/** The `NOT_RELEVANT` outcomes of the sources source selection left out, each saying why. */
import type { SourceOutcome } from '../../../types.js';
import type { SourceSelection, SourceSelector } from './source-selector.js';

export function notRelevantOutcomes(selector: SourceSelector, selection: SourceSelection): SourceOutcome[] {
  return selection.rejected.map((score) => ({
    source: score.source,
    status: 'NOT_RELEVANT',
    message: selector.reasonRejected(score, selection),
    error: null,
    // The source was never asked: its part in the answer took no time.
    durationMs: 0,
  }));
}
