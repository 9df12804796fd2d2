/**
 * Maps the gateway's errors to GraphQL errors: the stable code under `extensions.code`, the
 * failing artifact beside it where it helps the caller (the argument at fault, the source id).
 * Query texts and causes never leave the server this way.
 */
import { GraphQLError } from 'graphql';
import {
  BadInputError,
  NlqError,
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
    error instanceof QueryTimeoutError
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
