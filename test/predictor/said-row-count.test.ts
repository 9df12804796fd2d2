/**
 * How many rows the words keep ("the 3 lowest populations", "the top 5 countries"): a reading
 * that sorts and keeps one row, or every row, keeps the counted rows; a reading that keeps
 * another number of rows, skips rows, does not sort, or already uses the number is left.
 */
import { describe, expect, it } from 'vitest';
import { withSaidRowCount } from '../../engines/predictor/completions/said-row-count.js';

const read = (reading: string, counts: readonly string[] = ['@1']) => withSaidRowCount(reading.split(' '), counts).join(' ');

describe('the rows the words keep', () => {
  it('keeps the counted rows of a sorted reading that keeps one or all', () => {
    expect(read('show A:country.Name order asc A:country.Population limit #1')).toBe('show A:country.Name order asc A:country.Population limit @1');
    expect(read('show A:country.Name order desc A:country.Population distinct <eos>')).toBe('show A:country.Name order desc A:country.Population limit @1 distinct <eos>');
  });

  it('leaves other limits, offsets, unsorted readings, a number used elsewhere, and several counts', () => {
    for (const reading of [
      'show A:country.Name order asc A:country.Population limit #2',
      'show A:country.Name order asc A:country.Population limit #1 offset #2',
      'show A:country.Name where A:country.Population > @1 order asc A:country.Population limit #1',
      'show A:country.Name',
    ]) {
      expect(read(reading)).toBe(reading);
    }
    expect(read('show A:country.Name order asc A:country.Population limit #1', ['@1', '@2'])).toBe('show A:country.Name order asc A:country.Population limit #1');
  });
});
