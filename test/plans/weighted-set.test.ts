import { describe, expect, it } from 'vitest';
import { memberKey, WeightedSet, type WeightedMember } from '../../plugins/nl-query/plans/weighted-set.js';

const member = (label: string, weight: number, source = 's'): WeightedMember<string> => ({ key: memberKey(label), value: label, weight, sources: [source] });
const weights = (set: WeightedSet<unknown>) => Object.fromEntries(set.toArray().map((m) => [m.key, Math.round(m.weight * 1000) / 1000]));

describe('weighted sets (NQL algebra)', () => {
  const a = WeightedSet.of([member('Tobias Wren', 0.8, 'x'), member('Marta Oyelaran', 0.5, 'x')]);
  const b = WeightedSet.of([member('tobias  wren', 0.5, 'y'), member('Dagny Morrow', 1, 'y')]);

  it('identifies members across sources regardless of case, accents and spacing', () => {
    expect(memberKey('Thüringer  Rostbratwurst')).toBe(memberKey('thuringer rostbratwurst'));
    expect(memberKey('Henry_VIII')).toBe('henry viii');
  });

  it('union keeps every member and makes agreement surer (noisy-or), never above 1', () => {
    const union = a.union(b);
    expect(weights(union)).toEqual({ 'tobias wren': 0.9, 'marta oyelaran': 0.5, 'dagny morrow': 1 });
    expect(union.get('tobias wren')?.sources).toEqual(['x', 'y']);
    expect(WeightedSet.of([member('q', 1), member('q', 1)]).get('q')?.weight).toBe(1);
  });

  it('intersection keeps members of both with weights multiplied', () => {
    expect(weights(a.intersect(b))).toEqual({ 'tobias wren': 0.4 });
    expect(a.intersect(WeightedSet.empty()).size).toBe(0);
  });

  it('if_any scales by the mass of the condition and empties on an empty condition', () => {
    expect(weights(a.ifAny(WeightedSet.of([member('c', 0.5)])))).toEqual({ 'tobias wren': 0.4, 'marta oyelaran': 0.25 });
    expect(weights(a.ifAny(b))).toEqual(weights(a)); // mass 1.5 is capped at 1
    expect(a.ifAny(WeightedSet.empty()).toArray().every((m) => m.weight === 0)).toBe(true);
  });

  it('follow reaches members along a relation, weighting each path by source x edge', async () => {
    const worksFor: Record<string, WeightedMember<string>[]> = {
      'tobias wren': [member('Exotic Liquids', 1)],
      'marta oyelaran': [member('Tokyo Traders', 0.5), member('Exotic Liquids', 1)],
    };
    const reached = await a.follow(async (m) => WeightedSet.of(worksFor[m.key] ?? []));
    // Exotic Liquids: 1 - (1 - 0.8)(1 - 0.5) = 0.9; Tokyo Traders: 0.5 x 0.5.
    expect(weights(reached)).toEqual({ 'exotic liquids': 0.9, 'tokyo traders': 0.25 });
  });

  it('is immutable: operations return new sets and leave their inputs alone', () => {
    const before = weights(a);
    a.union(b);
    a.intersect(b);
    a.scale(0.1);
    expect(weights(a)).toEqual(before);
  });

  it('orders members heaviest first, ties by key, and filters by a threshold', () => {
    expect(a.union(b).toArray().map((m) => m.key)).toEqual(['dagny morrow', 'tobias wren', 'marta oyelaran']);
    expect(a.above(0.6).toArray().map((m) => m.key)).toEqual(['tobias wren']);
    expect(a.without(b).toArray().map((m) => m.key)).toEqual(['marta oyelaran']);
    expect(a.mass()).toBeCloseTo(1.3);
  });
});
