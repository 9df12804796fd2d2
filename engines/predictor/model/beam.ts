/**
 * Constrained beam search: at every step each beam may only continue with the tokens the grammar
 * allows, so every finished beam is a well-formed query graph over the schema. Returns the best
 * `beamSize` finished sequences with their total log-probability (less any step penalties).
 */
import type { TargetGrammar } from './grammar.js';
import type { EncodedInput, QueryGraphModel } from './query-graph-model.js';
import { BOS, EOS } from './target.js';

/** Log-probability gap below the best finished sequence at which an open beam is dropped. */
const NEGLIGIBLE = 8;

export interface BeamOptions {
  /** Beams kept per step (and sequences returned). */
  readonly beamSize: number;
  /** Longest sequence, in tokens. Default 48. */
  readonly maxLength?: number;
  readonly signal?: AbortSignal;
  /**
   * Log-probability a beam loses for appending `token` to `prefix` (checks that can judge a
   * reading while it is written, so a contradicted beam makes room for another). None by default.
   */
  readonly stepPenalty?: (prefix: readonly string[], token: string) => number;
}

export interface Decoded {
  readonly tokens: readonly string[];
  readonly logProbability: number;
}

export async function beamSearch(model: QueryGraphModel, question: EncodedInput, grammar: TargetGrammar, options: BeamOptions): Promise<Decoded[]> {
  const bos = model.targetId(BOS) ?? 1;
  let beams: { ids: number[]; tokens: string[]; score: number }[] = [{ ids: [bos], tokens: [], score: 0 }];
  const finished: Decoded[] = [];
  const maxLength = options.maxLength ?? 48;
  for (let step = 0; step < maxLength && beams.length > 0; step += 1) {
    if (options.signal?.aborted) break;
    const logprobs = await model.step(question, beams.map((b) => b.ids));
    // Every allowed continuation is scored, but only those kept get token arrays of their own.
    const candidates: { beam: number; id: number; token: string; score: number }[] = [];
    beams.forEach((beam, b) => {
      const row = logprobs[b] as Float32Array;
      for (const token of grammar.allowed(beam.tokens)) {
        const id = model.targetId(token);
        if (id === undefined) continue;
        const penalty = options.stepPenalty?.(beam.tokens, token) ?? 0;
        candidates.push({ beam: b, id, token, score: beam.score + (row[id] ?? -Infinity) - penalty });
      }
    });
    candidates.sort((a, b) => b.score - a.score);
    const previous = beams;
    beams = [];
    for (const candidate of candidates) {
      if (finished.length + beams.length >= options.beamSize) break;
      const from = previous[candidate.beam] as (typeof previous)[number];
      if (candidate.token === EOS) finished.push({ tokens: from.tokens, logProbability: candidate.score });
      else beams.push({ ids: [...from.ids, candidate.id], tokens: [...from.tokens, candidate.token], score: candidate.score });
    }
    // Nothing still open can beat the worst finished sequence once the beam is full; and a beam
    // already e^-8 (0.03%) below the best finished one would get no share of the score anyway.
    const worst = finished.length >= options.beamSize ? Math.min(...finished.map((f) => f.logProbability)) : -Infinity;
    const best = finished.length > 0 ? Math.max(...finished.map((f) => f.logProbability)) : -Infinity;
    beams = beams.filter((b) => b.score > worst && b.score > best - NEGLIGIBLE);
  }
  return finished.sort((a, b) => b.logProbability - a.logProbability).slice(0, options.beamSize);
}
