/**
 * One error class per failure kind. Each carries a stable `code` (what clients switch on, under
 * `extensions.code` in GraphQL responses) and, read-only, the artifact that failed: the source id,
 * the query text. Nothing here knows GraphQL; resolvers/graphql-errors.ts maps these to
 * GraphQLErrors.
 */

/** The stable codes clients may rely on. */
export const ErrorCode = {
  BAD_USER_INPUT: 'BAD_USER_INPUT',
  SOURCE_NOT_FOUND: 'SOURCE_NOT_FOUND',
  SOURCE_EXISTS: 'SOURCE_EXISTS',
  SOURCE_UNAVAILABLE: 'SOURCE_UNAVAILABLE',
  QUERY_FAILED: 'QUERY_FAILED',
  QUERY_TIMEOUT: 'QUERY_TIMEOUT',
  REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  FORBIDDEN_SOURCE: 'FORBIDDEN_SOURCE',
  INVALID_QUERY_GRAPH: 'INVALID_QUERY_GRAPH',
  CONFIG_INVALID: 'CONFIG_INVALID',
  LOAD_FAILED: 'LOAD_FAILED',
  NOT_AVAILABLE_YET: 'NOT_AVAILABLE_YET',
  MODEL_UNUSABLE: 'MODEL_UNUSABLE',
  QUERY_NOT_UNDERSTOOD: 'QUERY_NOT_UNDERSTOOD',
  QUERY_NOT_READ_ONLY: 'QUERY_NOT_READ_ONLY',
  EXAMPLE_NOT_TEACHABLE: 'EXAMPLE_NOT_TEACHABLE',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Base class of every error the gateway raises on purpose. */
export abstract class NlqError extends Error {
  abstract readonly code: ErrorCode;
  /** Safe to show to the caller who caused it. */
  readonly exposed: boolean = true;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The caller sent something the gateway will not accept (empty question, bad option, ...). */
export class BadInputError extends NlqError {
  readonly code = ErrorCode.BAD_USER_INPUT;
  constructor(
    message: string,
    /** The argument at fault, e.g. `options.limit`. */
    readonly argument: string,
  ) {
    super(message);
  }
}

/** A source id that the gateway does not know. */
export class SourceNotFoundError extends NlqError {
  readonly code = ErrorCode.SOURCE_NOT_FOUND;
  /** The id as the caller sent it, cut to 100 characters (a megabyte id is not echoed back). */
  readonly sourceId: string;
  constructor(sourceId: string) {
    super(`unknown source '${clipId(sourceId)}'`);
    this.sourceId = clipId(sourceId);
  }
}

/** An id as it may be echoed to the caller: at most 100 characters. */
export function clipId(id: string): string {
  const text = String(id);
  return text.length > 100 ? `${text.slice(0, 100)}…` : text;
}

/** A source (or fact collection) with this id already exists. */
export class SourceExistsError extends NlqError {
  readonly code = ErrorCode.SOURCE_EXISTS;
  constructor(readonly sourceId: string) {
    super(`a source with id '${sourceId}' already exists`);
  }
}

/** A source that cannot be reached or is not loaded. */
export class SourceUnavailableError extends NlqError {
  readonly code = ErrorCode.SOURCE_UNAVAILABLE;
  constructor(
    readonly sourceId: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A query that the database rejected or that failed while running. */
export class QueryFailedError extends NlqError {
  readonly code = ErrorCode.QUERY_FAILED;
  constructor(
    readonly sourceId: string,
    /** The SQL or Cypher text that failed (values are bound separately, never in here). */
    readonly query: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A query graph that cannot be parsed, or that does not fit the schema it is meant for. */
export class InvalidQueryGraphError extends NlqError {
  readonly code = ErrorCode.INVALID_QUERY_GRAPH;
  constructor(
    message: string,
    /** The query graph at fault, in canonical form (or the text that failed to parse). */
    readonly queryGraph: string,
  ) {
    super(message);
  }
}

/** A query or a whole source that ran past its time limit. */
export class QueryTimeoutError extends NlqError {
  readonly code = ErrorCode.QUERY_TIMEOUT;
  constructor(
    readonly sourceId: string,
    readonly timeoutMs: number,
  ) {
    super(`source '${sourceId}' did not answer within ${timeoutMs} ms`);
  }
}

/**
 * A whole request that ran past its overall deadline (`limits.askTimeoutMs`, or the caller's lower
 * `timeoutMs`) before any source could be asked: e.g. the gateway was still starting.
 */
export class RequestTimeoutError extends NlqError {
  readonly code = ErrorCode.REQUEST_TIMEOUT;
  constructor(readonly timeoutMs: number) {
    super(`the request did not complete within ${timeoutMs} ms`);
  }
}

/**
 * The caller may see this source but the host's permissions hook does not let it ask (or, for a
 * fact collection, write). Callers that may not even see the source get SOURCE_NOT_FOUND instead,
 * word for word what an unknown id gets, so its existence does not leak.
 */
export class ForbiddenSourceError extends NlqError {
  readonly code = ErrorCode.FORBIDDEN_SOURCE;
  constructor(
    readonly sourceId: string,
    /** What was refused. */
    readonly action: 'ask' | 'write' | 'teach',
  ) {
    super(
      action === 'ask'
        ? `you may not ask source '${sourceId}'`
        : action === 'write'
          ? `you may not write to fact collection '${sourceId}'`
          : `you may not teach source '${sourceId}'`,
    );
  }
}

/** A configuration file or option that cannot be used. */
export class ConfigError extends NlqError {
  readonly code = ErrorCode.CONFIG_INVALID;
  constructor(
    message: string,
    /** Where the bad setting lives: a file path or an option name. */
    readonly location: string,
  ) {
    super(`${location}: ${message}`);
  }
}

/** Loading a dataset into a store failed; the half-finished load is discarded. */
export class LoadError extends NlqError {
  readonly code = ErrorCode.LOAD_FAILED;
  constructor(
    readonly sourceId: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A capability the gateway does not have yet (kept honest rather than faked). */
export class NotAvailableYetError extends NlqError {
  readonly code = ErrorCode.NOT_AVAILABLE_YET;
}

/** A trained model that cannot serve: missing files, or trained for a schema that has changed since. */
export class ModelUnusableError extends NlqError {
  readonly code = ErrorCode.MODEL_UNUSABLE;
  constructor(
    readonly sourceId: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A SQL or Cypher text given as a correction that cannot be read as a query graph: not the
 * language's read-only subset that query graphs express (nested queries, set operations, functions
 * other than aggregates), or names the source's schema does not have.
 */
export class QueryNotUnderstoodError extends NlqError {
  readonly code = ErrorCode.QUERY_NOT_UNDERSTOOD;
  constructor(
    readonly sourceId: string,
    /** The SQL or Cypher text as given (kept on the server; the message says what could not be read). */
    readonly query: string,
    message: string,
  ) {
    super(message);
  }
}

/** A SQL or Cypher text given as a correction that would write (INSERT, DELETE, CREATE, SET, ...): never stored, never run. */
export class WriteQueryError extends NlqError {
  readonly code = ErrorCode.QUERY_NOT_READ_ONLY;
  constructor(
    readonly sourceId: string,
    readonly query: string,
    /** The statement's first word that writes ("DELETE", "MERGE"). */
    readonly statement: string,
  ) {
    super(`a correction must be a read-only query; this one is a ${statement}: nothing was stored or run`);
  }
}

/**
 * An answer that cannot be taught: a text-fact reading (taught examples are query graphs of a
 * structured source), or an interpretation id whose source or graph the caller may not use.
 */
export class NotTeachableError extends NlqError {
  readonly code = ErrorCode.EXAMPLE_NOT_TEACHABLE;
  constructor(
    readonly sourceId: string,
    message: string,
  ) {
    super(message);
  }
}

/** Turns anything thrown into an `NlqError`-shaped report without leaking internals. */
export function describeError(error: unknown): { code: ErrorCode; message: string } {
  if (error instanceof NlqError) return { code: error.code, message: error.message };
  return { code: ErrorCode.INTERNAL, message: 'internal error' };
}
