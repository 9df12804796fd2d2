/**
 * Maps the gateway's errors to GraphQL errors: the stable code under `extensions.code`, the
 * failing artifact beside it where it helps the caller (the argument at fault, the source id).
 * Query texts and causes never leave the server this way; `formatError` makes sure nothing else
 * does either (stack traces, messages of unexpected errors in production).
 */
import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import {
  BadInputError,
  ErrorCode,
  ForbiddenSourceError,
  NlqError,
  NotTeachableError,
  QueryNotUnderstoodError,
  WriteQueryError,
  QueryFailedError,
  QueryTimeoutError,
  SourceExistsError,
  SourceNotFoundError,
  SourceUnavailableError,
} from '../errors.js';

export function toGraphQLError(error: unknown): unknown {
  if (!(error instanceof NlqError)) return error;
  const extensions: Record<string, unknown> = { code: error.code };
  if (error instanceof BadInputError) extensions.argumentName = error.argument;
  if (
    error instanceof SourceNotFoundError ||
    error instanceof SourceExistsError ||
    error instanceof SourceUnavailableError ||
    error instanceof QueryFailedError ||
    error instanceof QueryTimeoutError ||
    error instanceof ForbiddenSourceError ||
    error instanceof QueryNotUnderstoodError ||
    error instanceof WriteQueryError ||
    error instanceof NotTeachableError
  ) {
    extensions.source = error.sourceId;
  }
  return new GraphQLError(error.message, { extensions, originalError: error });
}

/** Wraps a resolver so that gateway errors reach the client as coded GraphQL errors. */
export function withErrors<A extends unknown[], R>(resolve: (...args: A) => Promise<R> | R): (...args: A) => Promise<R> {
  return async (...args: A) => {
    try {
      return await resolve(...args);
    } catch (error) {
      throw toGraphQLError(error);
    }
  };
}

/** What every caller sees of an unexpected error in production. */
export const INTERNAL_ERROR_MESSAGE = 'Internal server error';

/**
 * Apollo Server's `formatError`: `new ApolloServer({ schema, formatError })`. Never sends a stack
 * trace (Apollo adds one outside production). With NODE_ENV=production an error that is not one of
 * the gateway's coded errors (a bug, a driver message, a host resolver's exception) becomes
 * INTERNAL_SERVER_ERROR with a fixed message, since its text may hold SQL, paths or other users'
 * data; coded errors (the gateway's, and Apollo's own such as GRAPHQL_VALIDATION_FAILED) pass as
 * they are.
 */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- dropped on purpose
  const { stacktrace, exception, ...extensions } = formatted.extensions ?? {};
  const code = extensions.code ?? ErrorCode.INTERNAL;
  const expected = unwrapResolverError(error) instanceof NlqError;
  if (code === ErrorCode.INTERNAL && !expected && process.env.NODE_ENV === 'production') {
    return {
      message: INTERNAL_ERROR_MESSAGE,
      ...(formatted.locations ? { locations: formatted.locations } : {}),
      ...(formatted.path ? { path: formatted.path } : {}),
      extensions: { code: ErrorCode.INTERNAL },
    };
  }
  return { ...formatted, extensions: { ...extensions, code } };
}
