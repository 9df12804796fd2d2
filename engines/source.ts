/**
 * What every engine offers the gateway: a source that can be started, inspected and closed, and
 * that may carry an interpreter turning a question into answers. Engines know nothing of GraphQL;
 * the gateway knows engines only through these interfaces.
 */
import type { AnswerKind, Column, Fact, JsonValue, SourceInfo, SourceKind } from '../types.js';
import type { QueryGraphEngine } from './query-graph/engine.js';

/** One question as handed to a source, with the limits already clamped by the gateway. */
export interface SourceQuestion {
  readonly question: string;
  /** Interpretations to consider. */
  readonly topK: number;
  /** Rows to return at most. */
  readonly limit: number;
  /** Aborted when the source's time is up or the request is gone. */
  readonly signal: AbortSignal;
}

/** The rows one interpretation produced. */
export interface ResultSet {
  readonly kind: AnswerKind;
  readonly columns: readonly Column[];
  readonly rows: readonly (readonly JsonValue[])[];
  /** Facts that support the rows (text sources). */
  readonly support: readonly Fact[];
}

/** One interpretation of a question by one source, run or not. */
export interface SourceInterpretation {
  /** Confidence in [0, 1] that this reading is what the asker meant. */
  readonly score: number;
  readonly explanation: string;
  /** The SQL or Cypher text; null for text facts. */
  readonly query: string | null;
  /** The query graph in canonical form, for sources that run query graphs. */
  readonly queryGraph: string | null;
  /** The rows, when the interpretation ran successfully. */
  readonly result: ResultSet | null;
  /** Why it failed, when it did. */
  readonly error: { readonly code: string; readonly message: string } | null;
  /**
   * Which kind of model read the question, for structured sources: one trained for this source
   * (`own`, the default) or the shared model on a source it was never specialised to (`shared`).
   * Each kind's score means something else, so calibration is fitted per kind.
   */
  readonly model?: 'own' | 'shared';
  /**
   * Set when the reading is a taught example's graph (plugins/nl-query/teaching): which example,
   * its question, and whether the question was the taught one (`exact`), read as it with other
   * values (`near`) or in other words near enough (`similar`). Its score is then its probability:
   * taught readings are not calibrated by the model's curve.
   */
  readonly taught?: { readonly exampleId: string; readonly question: string; readonly match: 'exact' | 'near' | 'similar' };
}

/** Turns a question into ranked interpretations and runs them (predictor + engine, or SSG + SPJ). */
export interface QuestionInterpreter {
  answer(question: SourceQuestion): Promise<readonly SourceInterpretation[]>;
}

/**
 * What a source holds, in words, for source selection (plugins/nl-query/selection). Sources that
 * run query graphs need not say: their schema and values are read through the engine.
 */
export interface SourceTerms {
  /** Names of the kinds of thing and of their properties, in human words ("product", "unit price"). */
  readonly names: readonly string[];
  /** Names of individual things: stored values, entity names ("Germany", "Henry VIII"). */
  readonly values: readonly string[];
  /** Free text whose words say what the source is about (the sentences of a fact collection). */
  readonly texts: readonly string[];
}

/** A source the gateway can ask: one database, graph store or fact collection. */
export interface Source {
  readonly id: string;
  readonly kind: SourceKind;
  readonly description: string;
  /**
   * Opens connections and checks the data is there. Never throws: a failure leaves the source
   * not ready, with the reason in `info().status`, so one bad source cannot stop the server.
   */
  start(): Promise<void>;
  /** What clients see: readiness tells the truth about the last start or health check. */
  info(): SourceInfo;
  /**
   * The interpreter for questions, or null while this kind of source has none (the gateway then
   * reports the source as unable to answer rather than inventing an answer).
   */
  interpreter(): QuestionInterpreter | null;
  /** The engine that runs query graphs on this source, or null (text facts, or not started). */
  queryGraphs(): QueryGraphEngine | null;
  /** Releases what `start` opened; connections the host passed in stay open (the host owns them). */
  close(): Promise<void>;
  /**
   * Optional: what the source holds, for sources whose content cannot be read through
   * `queryGraphs()` (fact collections). Source selection re-reads it when `termsVersion` changes.
   */
  profileTerms?(): Promise<SourceTerms>;
  /** Optional: changes whenever `profileTerms` would answer differently (a fact added or removed). */
  termsVersion?(): number;
}

/** Readiness bookkeeping shared by the source implementations. */
export class Readiness {
  private state: { ready: boolean; status: string } = { ready: false, status: 'not started' };

  get ready(): boolean {
    return this.state.ready;
  }

  get status(): string {
    return this.state.status;
  }

  up(status: string): void {
    this.state = { ready: true, status };
  }

  down(status: string): void {
    this.state = { ready: false, status };
  }
}
