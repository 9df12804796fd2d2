import { describe, expect, it } from 'vitest';
import { aggregate, normalise, voteType } from '../../engines/nldb/aggregate.js';
import { parseDerivation } from '../../engines/nldb/derivation.js';
import { toResultSet } from '../../engines/nldb/result.js';
import type { Fact } from '../../types.js';

const d = (...texts: string[]) => texts.map(parseDerivation);

describe('aggregation over derivations', () => {
  it('no usable derivation is EMPTY', () => {
    expect(aggregate([])).toEqual({ type: 'EMPTY', from: [] });
    expect(aggregate(d('[NULL_ANSWER]', '[NULL_ANSWER]'))).toEqual({ type: 'EMPTY', from: [] });
  });

  it("no usable derivation for a count question is 0, for a yes/no question no; other types stay EMPTY", () => {
    expect(aggregate(d('[NULL_ANSWER]'), 'COUNT')).toEqual({ type: 'COUNT', count: 0, from: [] });
    expect(aggregate(d('[NULL_ANSWER]', '[NULL_ANSWER]'), 'BOOL')).toEqual({ type: 'BOOL', value: false, from: [] });
    for (const type of ['SET', 'MIN', 'MAX', 'ARGMIN', 'ARGMAX'] as const) expect(aggregate(d('[NULL_ANSWER]'), type)).toEqual({ type: 'EMPTY', from: [] });
    expect(aggregate([], null)).toEqual({ type: 'EMPTY', from: [] });
    // a useful derivation always wins over the fallback
    expect(aggregate(d('[COUNT] A'), 'COUNT')).toMatchObject({ type: 'COUNT', count: 1 });
  });

  it('the type is the majority over non-null derivations; ties go to the first seen', () => {
    expect(voteType(d('[NULL_ANSWER]', '[COUNT] a', '[SET] b', '[COUNT] c', '[NULL_ANSWER]', '[NULL_ANSWER]'))).toBe('COUNT');
    expect(voteType(d('[SET] a', '[COUNT] b'))).toBe('SET');
    expect(voteType(d('[NULL_ANSWER]'))).toBeNull();
    // the minority type's derivations are ignored
    expect(aggregate(d('[SET] a', '[SET] b', '[COUNT] c'))).toMatchObject({ type: 'SET', values: ['a', 'b'] });
  });

  it('set: union of values, duplicates by case and spacing removed, first spelling kept', () => {
    const agg = aggregate(d('[SET] Ada  Lovelace', '[NULL_ANSWER]', '[SET] ada lovelace', '[SET] Alan Turing'));
    expect(agg).toEqual({ type: 'SET', values: ['Ada  Lovelace', 'Alan Turing'], from: [0, 2, 3] });
  });

  it('count: number of distinct values', () => {
    expect(aggregate(d('[COUNT] A', '[COUNT] B', '[COUNT] a', '[NULL_ANSWER]'))).toMatchObject({ type: 'COUNT', count: 2 });
    expect(aggregate(d('[COUNT] A'))).toMatchObject({ type: 'COUNT', count: 1 });
  });

  it('bool: true when some support set shows it, else false', () => {
    expect(aggregate(d('[BOOL] FALSE', '[BOOL] TRUE', '[NULL_ANSWER]'))).toEqual({ type: 'BOOL', value: true, from: [1] });
    expect(aggregate(d('[BOOL] FALSE', '[BOOL] FALSE'))).toEqual({ type: 'BOOL', value: false, from: [0, 1] });
  });

  it('min and max over numbers with separators and units stripped; non-numbers ignored', () => {
    expect(aggregate(d('[MIN] 1,150', '[MIN] 410 people', '[MIN] 12,750', '[MIN] many'))).toEqual({ type: 'MIN', value: 410, from: [1] });
    expect(aggregate(d('[MAX] 1,150', '[MAX] 410', '[MAX] 12,750 staff'))).toEqual({ type: 'MAX', value: 12750, from: [2] });
    expect(aggregate(d('[MAX] 3.5', '[MAX] -2'))).toMatchObject({ value: 3.5 });
    expect(aggregate(d('[MIN] none', '[MIN] unknown'))).toEqual({ type: 'EMPTY', from: [] });
  });

  it('argmin and argmax by value, ties give every key', () => {
    expect(aggregate(d('[ARGMIN] Gideon [SEP] 1946', '[ARGMIN] Lucinda [SEP] 1948', '[NULL_ANSWER]'))).toEqual({
      type: 'ARGMIN',
      keys: ['Gideon'],
      value: 1946,
      from: [0],
    });
    expect(aggregate(d('[ARGMAX] A [SEP] 310,000', '[ARGMAX] B [SEP] 128,900', '[ARGMAX] C [SEP] 310000'))).toEqual({
      type: 'ARGMAX',
      keys: ['A', 'C'],
      value: 310000,
      from: [0, 2],
    });
    // the same key twice is one answer
    expect(aggregate(d('[ARGMAX] A [SEP] 5', '[ARGMAX] a [SEP] 5'))).toMatchObject({ keys: ['A'] });
  });

  it('argmax and argmin by count of a key when the values are not numbers', () => {
    const pets = d('[ARGMAX] Ann [SEP] cat', '[ARGMAX] Bob [SEP] dog', '[ARGMAX] ann [SEP] rabbit', '[ARGMAX] Cy [SEP] fish', '[ARGMAX] Cy [SEP] owl');
    expect(aggregate(pets)).toMatchObject({ type: 'ARGMAX', keys: ['Ann', 'Cy'], value: null });
    const fewest = d('[ARGMIN] Ann [SEP] cat', '[ARGMIN] Bob [SEP] dog', '[ARGMIN] Ann [SEP] rabbit');
    expect(aggregate(fewest)).toMatchObject({ type: 'ARGMIN', keys: ['Bob'], value: null, from: [1] });
  });

  it('normalises case, width and spacing only', () => {
    expect(normalise('  Port\tAlder ')).toBe('port alder');
    expect(normalise('Ｐort')).toBe('port');
    expect(normalise('Harrow & Finch')).not.toBe(normalise('Harrow and Finch'));
  });
});

describe('aggregates as typed result sets', () => {
  const fact = (id: string): Fact => ({ id, collection: 'c', text: `fact ${id}`, createdAt: '2026-01-01T00:00:00.000Z' });
  const supportOf = (i: number) => [fact(String(i + 1)), fact('9')];

  it('gives each aggregate its kind, typed columns and its facts as provenance', () => {
    const set = toResultSet(aggregate(d('[SET] A', '[NULL_ANSWER]', '[SET] B')), supportOf, 10);
    expect(set).toMatchObject({ kind: 'ENTITIES', columns: [{ name: 'value', type: 'String' }], rows: [['A'], ['B']] });
    expect(set.support.map((f) => f.id)).toEqual(['1', '9', '3']);
    expect(toResultSet(aggregate(d('[COUNT] A', '[COUNT] B')), supportOf, 10)).toMatchObject({
      kind: 'SCALAR',
      columns: [{ name: 'count', type: 'Int' }],
      rows: [[2]],
    });
    expect(toResultSet(aggregate(d('[BOOL] TRUE')), supportOf, 10)).toMatchObject({ kind: 'BOOLEAN', rows: [[true]] });
    expect(toResultSet(aggregate(d('[MIN] 3.5')), supportOf, 10)).toMatchObject({ kind: 'SCALAR', columns: [{ name: 'min', type: 'Float' }], rows: [[3.5]] });
    expect(toResultSet(aggregate(d('[ARGMAX] A [SEP] 7')), supportOf, 10)).toMatchObject({
      kind: 'ENTITIES',
      columns: [
        { name: 'value', type: 'String' },
        { name: 'max', type: 'Int' },
      ],
      rows: [['A', 7]],
    });
    expect(toResultSet(aggregate([]), supportOf, 10)).toEqual({ kind: 'EMPTY', columns: [], rows: [], support: [] });
  });

  it('respects the row limit', () => {
    expect(toResultSet(aggregate(d('[SET] A', '[SET] B', '[SET] C')), supportOf, 2).rows).toEqual([['A'], ['B']]);
  });
});
