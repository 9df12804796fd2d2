/**
 * Asking the gateway as an outside client does: a GraphQL `ask` POSTed over HTTP to a running
 * `nlq serve`, nothing shared with the server's process. What the accuracy benchmarks read back:
 * the answer's rows, what the asked source did (ANSWERED, UNSUPPORTED, ...), and the round trip.
 */
import type { JsonValue } from '../types.js';

const ASK = `query Ask($q: String!, $o: AskOptions) {
  ask(question: $q, options: $o) {
    answer { source rows kind confidence query explanation support { id } ambiguity }
    interpretations { source score probability status taughtFrom queryGraph explanation note }
    sources { source status message }
  }
}`;

/** What one question came back with, as a client sees it. */
export interface ClientAnswer {
  /**
   * The chosen answer's rows; null when no source answered (the gateway then returns an EMPTY
   * answer with no source, which must not pass for "no rows" against an empty gold answer) or the
   * request failed.
   */
  readonly rows: readonly (readonly JsonValue[])[] | null;
  /** The asked source's outcome status (ANSWERED, UNSUPPORTED, FAILED, ...), or ERROR when the request itself failed. */
  readonly status: string;
  /** The source's message, or the GraphQL error. */
  readonly message: string;
  /** Round trip in milliseconds. */
  readonly ms: number;
  /** The answer's kind (TABLE, SCALAR, ..., UNSURE, UNSUPPORTED), or null when the request failed. */
  readonly kind: string | null;
  /** The answer's calibrated probability (0 with no answer). */
  readonly confidence: number;
  /** The query the answer ran (SQL or Cypher), or null. */
  readonly query: string | null;
  /** The asked source's interpretations as ask listed them (raw score, calibrated probability, status, English, query graph, why it was passed over), for bench trust. */
  readonly readings: readonly { readonly score: number; readonly probability: number; readonly status: string; readonly explanation: string; readonly queryGraph?: string | null; readonly note?: string | null }[];
  /** The answer's explanation ('' with none). */
  readonly explanation: string;
  /** How many facts the answer rests on (text sources; 0 otherwise). */
  readonly support: number;
  /** The answer's ambiguity sentence (two close readings that return different things), or null. */
  readonly ambiguity: string | null;
  /** Whether the chosen reading is a taught example's (bench teach). */
  readonly taught: boolean;
  /** The chosen reading's query graph in canonical form, or null (no reading chosen, or not a query graph). */
  readonly queryGraph: string | null;
}

/** How the client asks: which source, how many interpretations, how many rows at most. */
export interface ClientAskOptions {
  readonly source: string;
  readonly topK?: number;
  readonly limit?: number;
  /**
   * Least probability an answer must have to be stated; default 0, so accuracy benches score every
   * reading the gateway would give (abstention is measured by bench trust).
   */
  readonly minConfidence?: number;
}

interface AskResponse {
  readonly data?: {
    readonly ask: {
      readonly answer: { readonly source: string; readonly rows: JsonValue[][]; readonly kind: string; readonly confidence: number; readonly query: string | null; readonly explanation: string; readonly support: readonly unknown[]; readonly ambiguity: string | null } | null;
      readonly interpretations: readonly { readonly source: string; readonly score: number; readonly probability: number; readonly status: string; readonly taughtFrom: string | null; readonly queryGraph: string | null; readonly explanation: string; readonly note: string | null }[];
      readonly sources: readonly { readonly source: string; readonly status: string; readonly message: string }[];
    } | null;
  } | null;
  readonly errors?: readonly { readonly message: string; readonly extensions?: { readonly code?: string } }[];
}

/** Asks `question` of the server at `url` (its GraphQL endpoint), limited to one source. */
export async function askOverHttp(url: string, question: string, options: ClientAskOptions): Promise<ClientAnswer> {
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: ASK, variables: { q: question, o: { sources: [options.source], topK: options.topK ?? 3, limit: options.limit ?? 1000, minConfidence: options.minConfidence ?? 0 } } }),
  });
  const body = (await response.json()) as AskResponse;
  const ms = performance.now() - started;
  const ask = body.data?.ask;
  if (!ask) {
    const error = body.errors?.[0];
    return { rows: null, status: 'ERROR', message: error ? `${error.extensions?.code ?? 'ERROR'}: ${error.message}` : `HTTP ${response.status}`, ms, kind: null, confidence: 0, query: null, readings: [], taught: false, queryGraph: null, explanation: '', support: 0, ambiguity: null };
  }
  const outcome = ask.sources.find((s) => s.source === options.source);
  // An UNSURE answer states no rows: it is no answer, as is an EMPTY one with no source.
  const stated = ask.answer?.source && ask.answer.kind !== 'UNSURE' && ask.answer.kind !== 'UNSUPPORTED';
  return {
    rows: stated ? ask.answer!.rows : null,
    status: outcome?.status ?? 'NO_OUTCOME',
    message: outcome?.message ?? '',
    ms,
    kind: ask.answer?.kind ?? null,
    confidence: ask.answer?.confidence ?? 0,
    query: ask.answer?.query ?? null,
    readings: ask.interpretations.filter((i) => i.source === options.source),
    taught: ask.interpretations.some((i) => i.status === 'CHOSEN' && i.taughtFrom !== null),
    queryGraph: ask.interpretations.find((i) => i.status === 'CHOSEN')?.queryGraph ?? null,
    explanation: ask.answer?.explanation ?? '',
    support: ask.answer?.support.length ?? 0,
    ambiguity: ask.answer?.ambiguity ?? null,
  };
}
