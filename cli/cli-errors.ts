/**
 * Errors as a command-line user reads them: a wrong option names the option (`--port`), and the
 * gateway's input errors, which name GraphQL arguments (`options.sources`), name the CLI option
 * that set the argument instead.
 */
import { BadInputError, NlqError } from '../errors.js';

/** A command line that cannot run: an unknown option, a bad value. Exit code 2. */
export class UsageError extends Error {}

/** The CLI option (or words) that set each GraphQL argument the gateway may name. */
const OPTION_OF_ARGUMENT: Readonly<Record<string, string>> = {
  'options.sources': '--source',
  'options.limit': 'the row limit',
  'options.topK': 'the number of readings',
  'options.timeoutMs': 'the time limit',
  question: 'the question',
};

/** The message of `error` for the terminal. */
export function cliMessage(error: unknown): string {
  if (error instanceof BadInputError) {
    const said = OPTION_OF_ARGUMENT[error.argument];
    return said ? error.message.split(error.argument).join(said) : error.message;
  }
  if (error instanceof Error) return error.message;
  return String(error);
}

/** Exit code: 2 for what the user can fix on the command line or in the config, 1 otherwise. */
export function exitCodeOf(error: unknown): number {
  return error instanceof UsageError || error instanceof NlqError || error instanceof TypeError ? 2 : 1;
}
