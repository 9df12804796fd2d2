/**
 * Long work (loading, indexing, training) reports through this interface; the CLI draws a bar on
 * the terminal, tests pass `silentProgress`.
 */
export interface Progress {
  /** A new phase begins; `total` units of work, when known. */
  phase(label: string, total?: number): void;
  /** `done` more units of the current phase are finished. */
  advance(done?: number): void;
  /** The current phase is over; `summary` says what it did. */
  finish(summary?: string): void;
}

export const silentProgress: Progress = Object.freeze({
  phase() {},
  advance() {},
  finish() {},
});
