/**
 * An aggregate as the gateway's ResultSet: typed columns, rows, and the facts of the support sets
 * that produced it as provenance.
 */
import type { Column, Fact, JsonValue } from '../../types.js';
import type { ResultSet } from '../source.js';
import type { Aggregate } from './aggregate.js';

/** Facts listed as provenance at most. */
const MAX_SUPPORT = 100;

const numberColumn = (name: string, value: number): Column => ({ name, type: Number.isInteger(value) ? 'Int' : 'Float' });

export function toResultSet(agg: Aggregate, supportOf: (derivation: number) => readonly Fact[], limit: number): ResultSet {
  const support = provenance(agg.from.flatMap((i) => supportOf(i)));
  switch (agg.type) {
    case 'EMPTY':
      return { kind: 'EMPTY', columns: [], rows: [], support: [] };
    case 'SET':
      return {
        kind: 'ENTITIES',
        columns: [{ name: 'value', type: 'String' }],
        rows: agg.values.slice(0, limit).map((v) => [v]),
        support,
      };
    case 'COUNT':
      return { kind: 'SCALAR', columns: [{ name: 'count', type: 'Int' }], rows: [[agg.count]], support };
    case 'BOOL':
      return { kind: 'BOOLEAN', columns: [{ name: 'value', type: 'Boolean' }], rows: [[agg.value]], support };
    case 'MIN':
    case 'MAX':
      return { kind: 'SCALAR', columns: [numberColumn(agg.type.toLowerCase(), agg.value)], rows: [[agg.value]], support };
    case 'ARGMIN':
    case 'ARGMAX': {
      const columns: Column[] = [{ name: 'value', type: 'String' }];
      if (agg.value !== null) columns.push(numberColumn(agg.type === 'ARGMIN' ? 'min' : 'max', agg.value));
      const rows: JsonValue[][] = agg.keys.slice(0, limit).map((k) => (agg.value === null ? [k] : [k, agg.value]));
      return { kind: 'ENTITIES', columns, rows, support };
    }
  }
}

function provenance(facts: readonly Fact[]): Fact[] {
  const seen = new Map<string, Fact>();
  for (const f of facts) if (!seen.has(f.id)) seen.set(f.id, f);
  return [...seen.values()].slice(0, MAX_SUPPORT);
}

/** The reading in plain English, for `explanation`. */
export function explain(agg: Aggregate, collection: string, supportSets: number, useful: number): string {
  const what: Record<Aggregate['type'], string> = {
    SET: 'the entities that match',
    COUNT: 'how many distinct entities match',
    BOOL: 'whether some fact shows it',
    MIN: 'the smallest value',
    MAX: 'the largest value',
    ARGMIN: 'the entity with the smallest value',
    ARGMAX: 'the entity with the largest value',
    EMPTY: 'nothing: no fact answers the question',
  };
  return `Facts in '${collection}': ${supportSets} support set${supportSets === 1 ? '' : 's'} retrieved, ${useful} useful; answer is ${what[agg.type]}`;
}
