/**
 * Interpretation ids: what `runInterpretation(id)` needs to run a reading again, with no state kept
 * on the server between `ask` and the pick. A structured reading is its source and query graph; a
 * text-fact reading (no graph) is its source, the question and its rank among the source's
 * readings, asked again. An id is as trusted as any client input: the source is checked against
 * the permissions hook and the graph is validated before anything runs.
 */
import { BadInputError } from '../../../errors.js';

/** What an id stands for. */
export type InterpretationRef =
  | { readonly source: string; readonly queryGraph: string }
  | { readonly source: string; readonly question: string; readonly rank: number };

const PREFIX = 'i1.';

export function interpretationId(ref: InterpretationRef): string {
  const body = 'queryGraph' in ref ? { s: ref.source, g: ref.queryGraph } : { s: ref.source, q: ref.question, r: ref.rank };
  return PREFIX + Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
}

/** Reads an id back; anything that is not one is BAD_USER_INPUT naming the `id` argument. */
export function parseInterpretationId(id: string): InterpretationRef {
  const bad = () => new BadInputError('not an interpretation id: pass an `id` of an Interpretation that ask returned', 'id');
  if (!id.startsWith(PREFIX) || id.length > 20_000) throw bad();
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(id.slice(PREFIX.length), 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (typeof body !== 'object' || body === null) throw bad();
  const { s, g, q, r } = body as { s?: unknown; g?: unknown; q?: unknown; r?: unknown };
  if (typeof s !== 'string') throw bad();
  if (typeof g === 'string') return { source: s, queryGraph: g };
  if (typeof q === 'string' && typeof r === 'number' && Number.isInteger(r) && r >= 0 && r < 100) return { source: s, question: q, rank: r };
  throw bad();
}
