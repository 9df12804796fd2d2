import { describe, expect, it } from 'vitest';
import { csvField, parseCsv, parseCsvRecords } from '../../engines/csv.js';

describe('CSV', () => {
  it('parses quoted fields holding commas, quotes and newlines', () => {
    expect(parseCsv('a,"b, c","say ""hi""","two\nlines"\r\n1,2,3,4\n')).toEqual([
      ['a', 'b, c', 'say "hi"', 'two\nlines'],
      ['1', '2', '3', '4'],
    ]);
  });

  it('reads records by header, keeping empty fields empty', () => {
    expect(parseCsvRecords('id,name,year\nI1,"Victoria, Queen",\n')).toEqual([{ id: 'I1', name: 'Victoria, Queen', year: '' }]);
  });

  it('writes fields that parse back to the same values', () => {
    const values = ['plain', 'with, comma', 'with "quotes"', 'multi\nline', ''];
    const line = values.map(csvField).join(',');
    expect(parseCsv(line)[0]).toEqual(values);
    expect(csvField(null)).toBe('');
    expect(csvField(1819)).toBe('1819');
  });
});
