/**
 * The values that travel between the parts of the gateway. Engines produce them, the federation
 * layer merges them, the GraphQL resolvers only serialise them. Everything here is plain data,
 * readonly, and free of GraphQL and database types, so every layer can depend on it.
 */

/** The kinds of store the gateway can answer from. */
export type SourceKind = 'sql' | 'cypher' | 'nldb';

/**
 * When a SQL source infers relations its database does not declare (engines/sql/inferred-relations.ts):
 * `auto` every kind when the database declares no foreign key, and beside declared keys only a column
 * named after a table to its declared key; `always` every kind also beside declared keys; `never`.
 */
export type RelationInference = 'auto' | 'always' | 'never';

/** The GraphQL scalar that best describes a column's values. */
/** DateTime values are ISO-8601 strings; BigInt values are strings (beyond 2^53 JSON numbers lose digits). */
export type ColumnType = 'String' | 'Int' | 'Float' | 'Boolean' | 'ID' | 'DateTime' | 'BigInt' | 'JSON';

/**
 * How an answer is shaped: decided from the question, not guessed from the rows. UNSURE: no
 * reading was likely enough to state (`Answer.alternatives` lists the best ones); UNSUPPORTED: the
 * sources asked cannot express the question (the explanation says why).
 */
export type AnswerKind = 'TABLE' | 'ENTITIES' | 'SCALAR' | 'BOOLEAN' | 'EMPTY' | 'UNSURE' | 'UNSUPPORTED';

/** One column of a tabular answer. */
export interface Column {
  readonly name: string;
  readonly type: ColumnType;
}

/** A JSON value as it may appear in an answer cell. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** One free-text fact of a collection, with its id in the fact store. */
export interface Fact {
  readonly id: string;
  readonly collection: string;
  readonly text: string;
  /** When the fact was acknowledged, as an ISO-8601 string. */
  readonly createdAt: string;
}

/** The answer chosen for a question. */
export interface Answer {
  readonly kind: AnswerKind;
  readonly columns: readonly Column[];
  readonly rows: readonly (readonly JsonValue[])[];
  /**
   * How sure the gateway is of each row, in row order: the answer is a weighted set (NQL). Every
   * row weighs `confidence` unless a retrieval plan weighed them apart (an ambiguous mention, a
   * member two sources agree on).
   */
  readonly weights: readonly number[];
  readonly source: string;
  readonly confidence: number;
  /** The interpretation in plain English. */
  readonly explanation: string;
  /** The SQL or Cypher that ran; null for text facts. */
  readonly query: string | null;
  /** The query graph that ran, in canonical form (structured sources). */
  readonly queryGraph: string | null;
  /** The facts that support the answer (text sources only). */
  readonly support: readonly Fact[];
  /** Every source the answer rests on: `[source]`, or several when a retrieval plan combined them (`source` is then the first). */
  readonly sources: readonly string[];
  /** UNSURE answers: the best interpretations, each with its id for `runInterpretation`. */
  readonly alternatives?: readonly Interpretation[];
  /** When the two best readings return different things and are about as likely: which words, in English. */
  readonly ambiguity?: string | null;
}

/**
 * One thing an ENTITIES answer stands for (a product, a person): every attribute of its class
 * instance, by attribute id. `id` is stable across requests: `<source>:<class>:<key>`.
 */
export interface Entity {
  readonly id: string;
  readonly source: string;
  /** The class id in the source's schema graph ("Products", "Person"). */
  readonly class: string;
  readonly fields: Readonly<Record<string, JsonValue>>;
}

/** What happened to one interpretation of the question. */
export type InterpretationStatus = 'CHOSEN' | 'ANSWERED' | 'EMPTY' | 'FAILED' | 'NOT_RUN';

/** One reading of the question by one source, ranked by calibrated probability. */
export interface Interpretation {
  readonly source: string;
  /** The source's own score (a model's beam share, the text-fact engine's score): not comparable across sources. */
  readonly score: number;
  /** Calibrated probability that this reading's answer is right (plugins/nl-query/calibration): comparable across sources. */
  readonly probability: number;
  /** Pass it to `runInterpretation` to run this reading. */
  readonly id: string;
  readonly explanation: string;
  readonly query: string | null;
  /** The query graph in canonical form; pass it to `runQueryGraph` to run this reading. */
  readonly queryGraph: string | null;
  readonly status: InterpretationStatus;
  /** Why the interpretation failed, when it did. */
  readonly error: string | null;
  /** What federation did with it, when it was passed over ("returned nothing; the next reading was tried"). */
  readonly note?: string | null;
  /** The taught example (plugins/nl-query/teaching) this reading is, when it is one. */
  readonly taughtFrom?: string | null;
  /** How the question matched the taught example, when the reading is one. */
  readonly taughtMatch?: TaughtMatchKind | null;
}

/** EXACT: the question as taught; OTHER_VALUES: its words about other values; SIMILAR: other words near enough. */
export type TaughtMatchKind = 'EXACT' | 'OTHER_VALUES' | 'SIMILAR';

/** How one source took part in answering a question. */
export type SourceOutcomeStatus =
  /** The source produced at least one result. */
  | 'ANSWERED'
  /** Source selection judged the source unrelated to the question. */
  | 'NOT_RELEVANT'
  /** The source could have been relevant but has no way yet to interpret questions. */
  | 'UNSUPPORTED'
  /** The source is configured but not ready (connection down, data not loaded, model missing). */
  | 'UNAVAILABLE'
  /** The source was asked and failed; `error` says why. */
  | 'FAILED'
  /** The source did not answer within its time limit. */
  | 'TIMED_OUT';

/** A failure as reported to clients: a stable code and a message, never a stack trace. */
export interface ErrorReport {
  readonly code: string;
  readonly message: string;
}

/** One source's part in one question. */
export interface SourceOutcome {
  readonly source: string;
  readonly status: SourceOutcomeStatus;
  /** Plain-English account of what happened. */
  readonly message: string;
  readonly error: ErrorReport | null;
  readonly durationMs: number;
}

/** The whole response to one question. */
export interface AskResult {
  readonly question: string;
  readonly answer: Answer | null;
  readonly interpretations: readonly Interpretation[];
  readonly sources: readonly SourceOutcome[];
  /** How a question that needed several retrievals was split and recombined; absent for one retrieval. */
  readonly plan?: PlanReport | null;
}

/** A retrieval plan as run: its shape, what it did, and each step (sub-question) with its answer. */
export interface PlanReport {
  /** compare-which, compare-than, difference, total, mentioned-in or follow. */
  readonly kind: string;
  readonly explanation: string;
  readonly steps: readonly PlanStep[];
}

/** One sub-question of a retrieval plan. */
export interface PlanStep {
  readonly question: string;
  /** Sources the step was routed to because the question named them; empty when source selection chose. */
  readonly routedTo: readonly string[];
  /** The source whose answer the step used, if any. */
  readonly answeredBy: string | null;
  readonly confidence: number;
  /** The step's answer in a few words, or why it has none. */
  readonly summary: string;
}

/**
 * Options a caller may pass with a question. Each may lower the server's maximum (`Limits`); a
 * value above it is refused with BAD_USER_INPUT, never silently clamped.
 */
export interface AskOptions {
  /** Ask only these sources. */
  readonly sources?: readonly string[];
  /** How many interpretations to consider per source. */
  readonly topK?: number;
  /** Maximum rows in the answer. */
  readonly limit?: number;
  /**
   * Time the whole ask may take, in milliseconds (at most `limits.askTimeoutMs`). Each source also
   * stops at `limits.sourceTimeoutMs` or when this deadline comes, whichever is first; a source
   * cut off is reported `TIMED_OUT` and the others still answer.
   */
  readonly timeoutMs?: number;
  /**
   * Least calibrated probability an answer must have to be stated, in [0, 1] (default
   * `limits.minConfidence`); below it the answer is UNSURE with the best readings as alternatives.
   */
  readonly minConfidence?: number;
}

/** What a client sees of a source. */
export interface SourceInfo {
  readonly id: string;
  readonly kind: SourceKind;
  readonly description: string;
  /** True when the source is connected and its data is loaded. */
  readonly ready: boolean;
  /** Why the source is not ready, or what it is doing. */
  readonly status: string;
}

/** The result of a fact write: which ids were written or removed, and the collection's new size. */
export interface FactWrite {
  readonly collection: string;
  readonly ids: readonly string[];
  /** Ids asked for removal that did not exist in the collection. */
  readonly missing: readonly string[];
  readonly size: number;
}
