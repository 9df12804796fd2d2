/**
 * Checks what callers send before anything reaches a source. Every failure is a BadInputError
 * naming the argument at fault, so clients get BAD_USER_INPUT and a message they can act on.
 */
import type { Limits } from '../../config/limits.js';
import { BadInputError } from '../../errors.js';
import type { AskOptions } from '../../types.js';

/** A question with its options checked and defaults applied. */
export interface AskRequest {
  readonly question: string;
  /** The sources to ask; undefined means all. */
  readonly sources: readonly string[] | undefined;
  readonly topK: number;
  readonly limit: number;
  /** Time the whole ask may take, in milliseconds (the caller's `timeoutMs`, or the server's maximum). */
  readonly timeoutMs: number;
  /** Least calibrated probability an answer must have to be stated (the caller's, or `limits.minConfidence`). */
  readonly minConfidence: number;
}

/** Collection ids: the same shape as source ids, since a collection is a source. */
export const SOURCE_ID_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

export function validateAsk(question: string, options: AskOptions | null | undefined, limits: Limits): AskRequest {
  // The gateway is also called from plain JavaScript (CLI, host code): types are not a given.
  if (typeof question !== 'string') throw new BadInputError('the question must be a string', 'question');
  if (options !== undefined && options !== null && (typeof options !== 'object' || Array.isArray(options))) {
    throw new BadInputError('options must be an object', 'options');
  }
  // Refuse grossly over-long input before normalising it (normalising a megabyte is wasted work).
  if (question.length > limits.maxQuestionLength * 4) {
    throw new BadInputError(`the question is ${question.length} characters long; the limit is ${limits.maxQuestionLength}`, 'question');
  }
  const text = normaliseText(question);
  if (text === '') throw new BadInputError('the question is empty', 'question');
  if (text.length > limits.maxQuestionLength) {
    throw new BadInputError(
      `the question is ${text.length} characters long; the limit is ${limits.maxQuestionLength}`,
      'question',
    );
  }
  const topK = boundedInteger(options?.topK, limits.defaultTopK, limits.maxTopK, 'options.topK');
  const limit = boundedInteger(options?.limit, limits.defaultRows, limits.maxRows, 'options.limit');
  // Rejected rather than clamped, like topK and limit: a caller asking for more time than the
  // server gives should learn so, not get a silently shorter wait.
  const timeoutMs = boundedInteger(options?.timeoutMs, limits.askTimeoutMs, limits.askTimeoutMs, 'options.timeoutMs');
  let sources: string[] | undefined;
  if (options?.sources !== undefined && options.sources !== null) {
    if (!Array.isArray(options.sources) || options.sources.some((id) => typeof id !== 'string')) {
      throw new BadInputError('options.sources must be a list of source ids', 'options.sources');
    }
    sources = [...new Set(options.sources)];
    if (sources.length === 0) throw new BadInputError('options.sources is empty: leave it out to ask every source', 'options.sources');
  }
  const minConfidence = options?.minConfidence ?? limits.minConfidence;
  if (typeof minConfidence !== 'number' || !(minConfidence >= 0 && minConfidence <= 1)) {
    throw new BadInputError('options.minConfidence must be a number from 0 to 1', 'options.minConfidence');
  }
  return { question: text, sources, topK, limit, timeoutMs, minConfidence };
}

export function validateCollectionId(id: string, argument: string): string {
  if (typeof id !== 'string' || !SOURCE_ID_PATTERN.test(id)) {
    throw new BadInputError(
      `collection id '${truncate(String(id))}' must start with a letter and use only letters, digits, '-' and '_' (64 at most)`,
      argument,
    );
  }
  return id;
}

export function validateFacts(facts: readonly string[], limits: Limits): string[] {
  if (!Array.isArray(facts) || facts.some((fact) => typeof fact !== 'string')) throw new BadInputError('facts must be a list of strings', 'facts');
  if (facts.length === 0) throw new BadInputError('no facts given', 'facts');
  if (facts.length > limits.maxFactsPerWrite) {
    throw new BadInputError(`${facts.length} facts in one call; the limit is ${limits.maxFactsPerWrite}`, 'facts');
  }
  return facts.map((fact, index) => {
    if (fact.length > limits.maxFactLength * 4) {
      throw new BadInputError(`fact ${index} is ${fact.length} characters long; the limit is ${limits.maxFactLength}`, `facts[${index}]`);
    }
    const text = normaliseText(fact);
    if (text === '') throw new BadInputError(`fact ${index} is empty`, `facts[${index}]`);
    if (text.length > limits.maxFactLength) {
      throw new BadInputError(
        `fact ${index} is ${text.length} characters long; the limit is ${limits.maxFactLength}`,
        `facts[${index}]`,
      );
    }
    return text;
  });
}

export function validateIds(ids: readonly string[], limits: Limits): string[] {
  if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string')) throw new BadInputError('ids must be a list of strings', 'ids');
  if (ids.length === 0) throw new BadInputError('no ids given', 'ids');
  if (ids.length > limits.maxFactsPerWrite) {
    throw new BadInputError(`${ids.length} ids in one call; the limit is ${limits.maxFactsPerWrite}`, 'ids');
  }
  return [...new Set(ids)];
}

/** Query graphs arrive as text from callers: bounded like questions (a graph is a few hundred characters). */
export function validateQueryGraphText(text: string, limits: Limits): string {
  if (typeof text !== 'string') throw new BadInputError('the query graph must be a string', 'queryGraph');
  if (text.trim() === '') throw new BadInputError('the query graph is empty', 'queryGraph');
  if (text.length > limits.maxQuestionLength * 4) {
    throw new BadInputError(`the query graph is ${text.length} characters long; the limit is ${limits.maxQuestionLength * 4}`, 'queryGraph');
  }
  return text;
}

/** A caller's time limit for one query (runQueryGraph): at most the per-source limit, refused above it. */
export function validateQueryTimeout(timeoutMs: number | null | undefined, limits: Limits): number {
  return boundedInteger(timeoutMs, limits.sourceTimeoutMs, limits.sourceTimeoutMs, 'options.timeoutMs');
}

export function validatePageSize(limit: number | null | undefined, limits: Limits): number {
  return boundedInteger(limit, limits.defaultRows, limits.maxRows, 'limit');
}

/**
 * Unicode NFC, control characters (other than ordinary whitespace) removed, whitespace collapsed:
 * what the caller meant, in the form every later stage can rely on.
 */
function normaliseText(value: string): string {
  return value
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b-\u200d\u2028\u2029\ufeff]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function boundedInteger(value: number | null | undefined, fallback: number, max: number, argument: string): number {
  if (value === undefined || value === null) return Math.min(fallback, max);
  if (!Number.isInteger(value) || value < 1) throw new BadInputError(`${argument} must be a positive integer`, argument);
  if (value > max) throw new BadInputError(`${argument} is ${value}; this server allows at most ${max}`, argument);
  return value;
}

function truncate(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
