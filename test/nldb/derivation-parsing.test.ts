import { describe, expect, it } from 'vitest';
import { formatDerivation, parseDerivation, type Derivation } from '../../engines/nldb/derivation.js';
import { parseNumber } from '../../engines/nldb/numbers.js';

describe('derivations in NeuralDB format', () => {
  it('reads every type token', () => {
    expect(parseDerivation('[SET] Ada Lovelace')).toEqual({ type: 'SET', value: 'Ada Lovelace' });
    expect(parseDerivation('[COUNT] Harrow & Finch Logistics')).toEqual({ type: 'COUNT', value: 'Harrow & Finch Logistics' });
    expect(parseDerivation('[BOOL] TRUE')).toEqual({ type: 'BOOL', value: true });
    expect(parseDerivation('[BOOL] false')).toEqual({ type: 'BOOL', value: false });
    expect(parseDerivation('[MIN] 1982')).toEqual({ type: 'MIN', value: '1982' });
    expect(parseDerivation('[MAX] 12,750')).toEqual({ type: 'MAX', value: '12,750' });
    expect(parseDerivation('[ARGMAX] Ebberly Park [SEP] 310,000')).toEqual({ type: 'ARGMAX', key: 'Ebberly Park', value: '310,000' });
    expect(parseDerivation('[ARGMIN] Gideon Ferro [SEP] 1946')).toEqual({ type: 'ARGMIN', key: 'Gideon Ferro', value: '1946' });
    expect(parseDerivation('[NULL_ANSWER]')).toEqual({ type: 'NULL' });
  });

  it('tolerates surrounding whitespace', () => {
    expect(parseDerivation('  [SET]   Port Alder  ')).toEqual({ type: 'SET', value: 'Port Alder' });
    expect(parseDerivation('[ARGMAX]  Ann  [SEP]  3 ')).toEqual({ type: 'ARGMAX', key: 'Ann', value: '3' });
  });

  it('reads anything malformed as NULL, so it cannot change an answer', () => {
    for (const text of ['', 'Ada', '[SUM] 3', '[SET]', '[SET]   ', '[BOOL] maybe', '[ARGMAX] Ann 3', '[ARGMIN] [SEP] 3', '[ARGMAX] Ann [SEP]', 'SET Ada']) {
      expect(parseDerivation(text), text).toEqual({ type: 'NULL' });
    }
  });

  it('writes what it reads', () => {
    const all: Derivation[] = [
      { type: 'SET', value: 'A' },
      { type: 'COUNT', value: 'B' },
      { type: 'BOOL', value: true },
      { type: 'BOOL', value: false },
      { type: 'MIN', value: '4' },
      { type: 'MAX', value: '5' },
      { type: 'ARGMIN', key: 'C', value: '6' },
      { type: 'ARGMAX', key: 'D', value: '7' },
      { type: 'NULL' },
    ];
    for (const d of all) expect(parseDerivation(formatDerivation(d))).toEqual(d);
    expect(formatDerivation({ type: 'ARGMAX', key: 'D', value: '7' })).toBe('[ARGMAX] D [SEP] 7');
    expect(formatDerivation({ type: 'NULL' })).toBe('[NULL_ANSWER]');
  });
});

describe('numbers as facts write them', () => {
  it('strips thousands separators, units and currency', () => {
    expect(parseNumber('12,750')).toBe(12750);
    expect(parseNumber('1,234,567 visitors')).toBe(1234567);
    expect(parseNumber('62 metres')).toBe(62);
    expect(parseNumber('£3.50')).toBe(3.5);
    expect(parseNumber('5\u00A0600')).toBe(5600);
    expect(parseNumber('about 410 people')).toBe(410);
    expect(parseNumber('-4')).toBe(-4);
    expect(parseNumber('1946')).toBe(1946);
  });

  it('gives null when there is no number', () => {
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('Ebberly Park')).toBeNull();
  });
});

describe('entity keys copied from facts', () => {
  it('lose a leading article, nothing else', async () => {
    const { stripArticle } = await import('../../engines/nldb/spj.js');
    expect(stripArticle('The Hollin Art Museum')).toBe('Hollin Art Museum');
    expect(stripArticle('an Old Mill')).toBe('Old Mill');
    expect(stripArticle('Theodora Vance')).toBe('Theodora Vance');
    expect(stripArticle('The')).toBe('The');
    expect(stripArticle(null)).toBeNull();
  });
});
