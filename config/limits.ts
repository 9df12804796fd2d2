/**
 * The server's maxima. A caller's `AskOptions` may lower a limit, never raise it past these.
 */
export interface Limits {
  /** Longest question accepted, in characters. */
  readonly maxQuestionLength: number;
  /** Most interpretations considered per source. */
  readonly maxTopK: number;
  /** Interpretations considered per source when the caller does not say. */
  readonly defaultTopK: number;
  /** Most rows an answer may carry. */
  readonly maxRows: number;
  /** Rows an answer carries when the caller does not say. */
  readonly defaultRows: number;
  /** Time one source may take for one question, in milliseconds. */
  readonly sourceTimeoutMs: number;
  /**
   * Time a whole `ask` may take, in milliseconds: the deadline covers waiting for start-up,
   * source selection and every source, so a caller always hears back by then. A caller's
   * `AskOptions.timeoutMs` may lower it, never raise it.
   */
  readonly askTimeoutMs: number;
  /** Facts accepted in one `addFacts` call. */
  readonly maxFactsPerWrite: number;
  /** Longest fact accepted, in characters. */
  readonly maxFactLength: number;
  /**
   * Calls of the gateway's working fields (ask, runQueryGraph, schemaGraph, facts, the fact
   * mutations) in one GraphQL request, aliases included: one request cannot ask a hundred questions.
   */
  readonly maxCallsPerRequest: number;
  /**
   * Least calibrated probability an answer must have to be stated (0 to 1): below it `ask` answers
   * UNSURE with the best readings to pick from. Not a maximum: a caller's
   * `AskOptions.minConfidence` may set any value from 0 (always answer) to 1. The default is read
   * off the risk-coverage curve of `npm run bench -- trust` (README, "Confidence").
   */
  readonly minConfidence: number;
}

export const DEFAULT_LIMITS: Limits = Object.freeze({
  maxQuestionLength: 1000,
  maxTopK: 20,
  defaultTopK: 5,
  maxRows: 1000,
  defaultRows: 100,
  sourceTimeoutMs: 10_000,
  askTimeoutMs: 15_000,
  maxFactsPerWrite: 1000,
  maxFactLength: 2000,
  maxCallsPerRequest: 10,
  minConfidence: 0.5,
});
