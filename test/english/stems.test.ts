/** Words made from one stem: a shared opening of five letters or more, all but three letters of the shorter word. */
import { describe, expect, it } from 'vitest';
import { sharesStem, stemKey } from '../../engines/english/stems.js';

describe('words made from one stem', () => {
  it('pairs a word with its derivations', () => {
    expect(['populated', 'populous', 'populace'].every((w) => sharesStem(w, 'population'))).toBe(true);
    expect(sharesStem('visited', 'visitors')).toBe(true);
    expect(sharesStem('operating', 'operational')).toBe(true);
    expect(sharesStem('engineering', 'engineer')).toBe(true);
  });

  it('does not pair words that only open alike, or a word with itself', () => {
    expect(sharesStem('common', 'commission')).toBe(false);
    expect(sharesStem('printer', 'principal')).toBe(false);
    expect(sharesStem('region', 'region')).toBe(false);
  });

  it('indexes words of five letters or more by their first five', () => {
    expect(stemKey('operating')).toBe('opera');
    expect(stemKey('oper')).toBeNull();
  });
});
