/**
 * Aggregation by ordinary code over the derivations of all support sets (NeuralDB section 4):
 * the query type by majority vote over non-null derivations, then set union, count of distinct
 * values, min/max over numbers, argmin/argmax by value (or by how often a key occurs when the
 * values are not numbers), or a boolean. No usable derivation gives EMPTY.
 */
import { QUERY_TYPES, type Derivation, type QueryType } from './derivation.js';
import { parseNumber } from './numbers.js';
import { inBaseUnit, inUnit, mixedUnits, type Quantity, type Unit } from './units.js';

/** The answer computed from the derivations, with the derivations that produced it. */
export type Aggregate =
  | { readonly type: 'SET'; readonly values: readonly string[]; readonly from: readonly number[] }
  | { readonly type: 'COUNT'; readonly count: number; readonly from: readonly number[] }
  | { readonly type: 'BOOL'; readonly value: boolean; readonly from: readonly number[] }
  | { readonly type: 'MIN' | 'MAX'; readonly value: number; readonly from: readonly number[] }
  | {
      readonly type: 'ARGMIN' | 'ARGMAX';
      readonly keys: readonly string[];
      /** The extreme value, or null when keys were ranked by how often they occur. */
      readonly value: number | null;
      readonly from: readonly number[];
    }
  | { readonly type: 'EMPTY'; readonly from: readonly number[] };

/** Case and spacing do not make two answers different. */
export function normalise(value: string): string {
  return value.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The type most non-null derivations agree on; ties go to the type seen first. */
export function voteType(derivations: readonly Derivation[]): QueryType | null {
  const counts = new Map<QueryType, number>();
  for (const d of derivations) if (d.type !== 'NULL') counts.set(d.type, (counts.get(d.type) ?? 0) + 1);
  let best: QueryType | null = null;
  for (const [type, n] of counts) if (best === null || n > (counts.get(best) ?? 0)) best = type;
  return best;
}

/**
 * `questionType`, when the question's type is known (the extractor's type head over all its
 * support sets), decides what no useful derivation means: a count of nothing is 0 ("How many zoos
 * opened in the 21st century?") and a yes/no question that no fact shows is answered no (the
 * collection is all we know); other types stay EMPTY.
 */
export function aggregate(
  derivations: readonly Derivation[],
  questionType?: QueryType | null,
  /** The unit the question asks its number in ("in inches": units.ts `unitAsked`), if any. */
  asked?: Unit | null,
): Aggregate {
  const type = voteType(derivations);
  if (type === null) {
    if (questionType === 'COUNT') return { type: 'COUNT', count: 0, from: [] };
    if (questionType === 'BOOL') return { type: 'BOOL', value: false, from: [] };
    return { type: 'EMPTY', from: [] };
  }
  const chosen = derivations.map((d, i) => ({ d, i })).filter(({ d }) => d.type === type);
  switch (type) {
    case 'SET':
    case 'COUNT': {
      const seen = new Map<string, { value: string; from: number[] }>();
      for (const { d, i } of chosen) {
        if (d.type !== 'SET' && d.type !== 'COUNT') continue;
        const key = normalise(d.value);
        if (!key) continue;
        const entry = seen.get(key) ?? { value: d.value.trim(), from: [] };
        entry.from.push(i);
        seen.set(key, entry);
      }
      const from = [...seen.values()].flatMap((e) => e.from);
      if (type === 'COUNT') return { type, count: seen.size, from };
      return { type, values: [...seen.values()].map((e) => e.value), from };
    }
    case 'BOOL': {
      // A yes/no question over facts asks whether some support set shows it: one TRUE suffices;
      // a FALSE only says that this support set does not show it.
      const yes = chosen.filter(({ d }) => d.type === 'BOOL' && d.value);
      return yes.length > 0
        ? { type, value: true, from: yes.map(({ i }) => i) }
        : { type, value: false, from: chosen.map(({ i }) => i) };
    }
    case 'MIN':
    case 'MAX': {
      const numbers = measured(
        chosen.map(({ d, i }) => ({ v: d.type === 'MIN' || d.type === 'MAX' ? parseNumber(d.value) : null, unit: d.type === 'MIN' || d.type === 'MAX' ? d.unit : undefined, i })),
      );
      if (numbers.length === 0) return { type: 'EMPTY', from: [] };
      const best = type === 'MIN' ? Math.min(...numbers.map((x) => x.compared)) : Math.max(...numbers.map((x) => x.compared));
      const winners = numbers.filter((x) => x.compared === best);
      return { type, value: stated(winners[0] as Measured, asked), from: winners.map((x) => x.i) };
    }
    case 'ARGMIN':
    case 'ARGMAX':
      return argExtreme(type, chosen, asked);
  }
}

/** A number of a derivation, with its unit and the value it is compared by. */
interface Measured extends Quantity {
  readonly i: number;
  /** The value in its dimension's base unit when the numbers are in different units, else as written. */
  readonly compared: number;
}

/**
 * The numbers that parse, each with the value it is compared by: as written, unless they are
 * quantities written in different units of one dimension ("1.3-metre", "60-inch"): then in the
 * dimension's base unit (units.ts).
 */
function measured<T extends { v: number | null; unit?: Unit | undefined; i: number }>(items: readonly T[]): (T & Measured)[] {
  const numbers = items.filter((x): x is T & { v: number } => x.v !== null).map((x) => ({ ...x, value: x.v, unit: x.unit ?? null }));
  const convert = mixedUnits(numbers);
  return numbers.map((x) => ({ ...x, compared: convert ? inBaseUnit(x) : x.value }));
}

/** The extreme as the answer states it: in the unit the question asks for when it can be converted, else as its fact writes it. */
function stated(winner: Measured, asked: Unit | null | undefined): number {
  const unit = winner.unit;
  return asked && unit && unit.dimension === asked.dimension && unit.factor !== asked.factor ? inUnit(inBaseUnit(winner), asked) : winner.value;
}

function argExtreme(type: 'ARGMIN' | 'ARGMAX', chosen: readonly { d: Derivation; i: number }[], asked?: Unit | null): Aggregate {
  const pairs = chosen.flatMap(({ d, i }) =>
    d.type === 'ARGMIN' || d.type === 'ARGMAX' ? [{ key: d.key.trim(), raw: d.value, v: parseNumber(d.value), unit: d.unit, i }] : [],
  );
  const numeric = measured(pairs);
  if (numeric.length > 0) {
    const best = type === 'ARGMIN' ? Math.min(...numeric.map((p) => p.compared)) : Math.max(...numeric.map((p) => p.compared));
    const winners = numeric.filter((p) => p.compared === best);
    return { type, keys: distinct(winners.map((p) => p.key)), value: stated(winners[0] as Measured, asked), from: winners.map((p) => p.i) };
  }
  // No numbers: rank keys by how often they occur ("who has the most pets?").
  const counts = new Map<string, { key: string; n: number; from: number[] }>();
  for (const p of pairs) {
    const k = normalise(p.key);
    const entry = counts.get(k) ?? { key: p.key, n: 0, from: [] };
    entry.n += 1;
    entry.from.push(p.i);
    counts.set(k, entry);
  }
  if (counts.size === 0) return { type: 'EMPTY', from: [] };
  const ns = [...counts.values()].map((e) => e.n);
  const target = type === 'ARGMAX' ? Math.max(...ns) : Math.min(...ns);
  const winners = [...counts.values()].filter((e) => e.n === target);
  return { type, keys: winners.map((e) => e.key), value: null, from: winners.flatMap((e) => e.from) };
}

function distinct(values: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const v of values) if (!seen.has(normalise(v))) seen.set(normalise(v), v);
  return [...seen.values()];
}

export { QUERY_TYPES };
