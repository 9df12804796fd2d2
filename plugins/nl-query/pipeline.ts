/**
 * One question through the sources: ask each selected source in parallel, each under its own
 * time limit, and hand what came back to federation. A slow or failing source never blocks or
 * fails the others; it shows up in `sources` with its error.
 */
import { describeError, QueryTimeoutError } from '../../errors.js';
import type { Source } from '../../engines/source.js';
import { federate, type SourceRun } from '../../resolvers/federation.js';
import type { AskResult, SourceOutcome } from '../../types.js';
import { Calibrator } from './calibration/calibrator.js';
import type { AskRequest } from './validate.js';

/** `calibrator` maps each source's raw scores to probabilities federation ranks by (none: raw scores). */
export async function askSources(
  sources: readonly Source[],
  request: AskRequest,
  timeoutMs: number,
  calibrator: Calibrator = Calibrator.none(),
): Promise<AskResult> {
  const runs = await Promise.all(sources.map(async (source) => ({ ...(await runSource(source, request, timeoutMs)), kind: source.kind })));
  return { question: request.question, ...federate(runs, request.question, calibrator) };
}

/**
 * The result when the question's deadline passed before these sources could be asked (a
 * `timeoutMs` shorter than source selection or a plan's first steps): each is reported TIMED_OUT,
 * as a source cut at the deadline is, and the request itself still succeeds.
 */
export function timedOutBeforeAsking(sources: readonly Source[], request: AskRequest): AskResult {
  const runs = sources.map((source): SourceRun => {
    const report = describeError(new QueryTimeoutError(source.id, request.timeoutMs));
    return { outcome: { source: source.id, status: 'TIMED_OUT', message: `${report.message}: the question's time was up before it was asked`, error: report, durationMs: 0 }, interpretations: [] };
  });
  return { question: request.question, ...federate(runs, request.question) };
}

async function runSource(source: Source, request: AskRequest, timeoutMs: number): Promise<SourceRun> {
  const started = performance.now();
  const elapsed = () => Math.round((performance.now() - started) * 10) / 10;
  const outcome = (status: SourceOutcome['status'], message: string, error: SourceOutcome['error'] = null): SourceOutcome => ({
    source: source.id,
    status,
    message,
    error,
    durationMs: elapsed(),
  });

  const info = source.info();
  if (!info.ready) {
    return { outcome: outcome('UNAVAILABLE', `source '${source.id}' is not ready: ${info.status}`), interpretations: [] };
  }
  const interpreter = source.interpreter();
  if (!interpreter) {
    return {
      outcome: outcome(
        'UNSUPPORTED',
        `source '${source.id}' (${source.kind}) cannot interpret questions yet: no question interpreter is installed for ${source.kind} sources`,
      ),
      interpretations: [],
    };
  }

  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new QueryTimeoutError(source.id, timeoutMs));
    }, timeoutMs);
  });
  try {
    const interpretations = await Promise.race([
      interpreter.answer({ question: request.question, topK: request.topK, limit: request.limit, signal: controller.signal }),
      timeout,
    ]);
    const answered = interpretations.some((interpretation) => interpretation.result !== null);
    return {
      outcome: answered
        ? outcome('ANSWERED', `${interpretations.length} interpretation(s) considered`)
        : outcome('FAILED', 'no interpretation could be run', interpretations[0]?.error ?? null),
      interpretations,
    };
  } catch (error) {
    const report = describeError(error);
    const status = error instanceof QueryTimeoutError ? 'TIMED_OUT' : 'FAILED';
    return { outcome: outcome(status, report.message, report), interpretations: [] };
  } finally {
    clearTimeout(timer);
  }
}
