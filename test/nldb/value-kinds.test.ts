/** The kind of number a min/max/arg question's derivations agree on (value-kinds.ts). */
import { describe, expect, it } from 'vitest';
import { keepMajorityKind, valueKind } from '../../engines/nldb/value-kinds.js';

describe('kinds of values', () => {
  it('tells a year written as a date from a count and from a number that could be either', () => {
    expect(valueKind('1998', 'In short, Prerlusman Library was opened in 1998.')).toBe('date');
    expect(valueKind('1991', 'Daickgouson has worked as a baker at Wattay Labs since 1991.')).toBe('date');
    expect(valueKind('1944', 'Mung Krethlenwood was born on 17 March 1944.')).toBe('date');
    expect(valueKind('675,787', 'Prerlusman Library gets 675,787 visitors each year.')).toBe('quantity');
    expect(valueKind('72', 'Bleay Optics employs 72 workers.')).toBe('quantity');
    expect(valueKind('1500', 'Orrin Works employs 1500 people.')).toBe('quantity');
    expect(valueKind('2099', 'The star Vekna is 2099 light years from Earth.')).toBe('quantity');
    expect(valueKind('1987', 'Tarick Robotics was founded in 1987 and employs 40 people.')).toBe('date');
    expect(valueKind('1987', 'Wattay Labs has 1987 employees.')).toBe('quantity');
    expect(valueKind('1930', 'Drysstondie Thengkricer (born 1930) is a native of Westry.')).toBe('either');
  });

  it('drops the values of the kind fewer derivations copy', () => {
    expect(keepMajorityKind(['quantity', 'date', 'quantity', null, 'either'])).toEqual([true, false, true, true, true]);
    expect(keepMajorityKind(['date', 'date', 'quantity'])).toEqual([true, true, false]);
  });

  it('keeps everything when one kind is alone or the kinds tie', () => {
    expect(keepMajorityKind(['date', 'date', 'either'])).toEqual([true, true, true]);
    expect(keepMajorityKind(['date', 'quantity'])).toEqual([true, true]);
    expect(keepMajorityKind([])).toEqual([]);
  });
});
