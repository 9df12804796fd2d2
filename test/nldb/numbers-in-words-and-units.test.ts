import { describe, expect, it } from 'vitest';
import { aggregate } from '../../engines/nldb/aggregate.js';
import { comparePair, parseConstraints } from '../../engines/nldb/constraints.js';
import type { Derivation } from '../../engines/nldb/derivation.js';
import { numbersAsDigits, wordsValue } from '../../engines/nldb/number-text.js';
import { unitAfter, unitAsked } from '../../engines/nldb/units.js';

describe('numbers written in words or with a scale word are read in digits', () => {
  it('reads number words, "and" inside a number and scale words', () => {
    expect(wordsValue('three thousand and fifty')).toBe(3050);
    expect(wordsValue('a hundred and ten')).toBe(110);
    expect(wordsValue('twenty four')).toBe(24);
    expect(wordsValue('two million')).toBe(2_000_000);
    expect(wordsValue('one hundred twenty')).toBe(120);
    // two numbers side by side are not one number
    expect(wordsValue('two three')).toBeNull();
  });

  it('rewrites quantities in words and scaled digits, with thousands separators', () => {
    expect(numbersAsDigits('The ferry carries nine hundred and forty passengers.')).toBe('The ferry carries 940 passengers.');
    expect(numbersAsDigits('The bridge cost $1.75 million.')).toBe('The bridge cost $1,750,000.');
    expect(numbersAsDigits('a budget of four million pounds')).toBe('a budget of 4,000,000 pounds');
    expect(numbersAsDigits('The eight-metre boat')).toBe('The 8-metre boat');
    expect(numbersAsDigits('a span of sixty-two metres')).toBe('a span of 62 metres');
  });

  it('leaves lone small number words, pronouns and capitalised names alone', () => {
    const kept = ['One of the two bakers', 'She has three sons.', 'Seven Oaks Mill', 'Which one is older?', 'opened in the twenty-first century', 'a twenty-something clerk'];
    for (const text of kept) expect(numbersAsDigits(text)).toBe(text);
  });

  it('a comparison in the question against a currency amount is read', () => {
    expect(parseConstraints(numbersAsDigits('Did the bridge cost more than £2.5 million?'))).toEqual([{ kind: 'quantity', min: 2_500_000 + 1e-9, max: Infinity }]);
  });
});

describe('quantities in different units compare as quantities', () => {
  it('reads the unit after a number, hyphenated or not, and the unit a question asks in', () => {
    const fact = 'The hull is 40-foot long, the mast 9 m, the keel 150 centimetres.';
    expect(unitAfter(fact, fact.indexOf('40') + 2)?.factor).toBeCloseTo(0.3048);
    expect(unitAfter(fact, fact.indexOf('9') + 1)?.factor).toBe(1);
    expect(unitAfter(fact, fact.indexOf('150') + 3)?.factor).toBe(0.01);
    // an article is no unit
    expect(unitAfter('It weighs 12 A little', 'It weighs 12'.length)).toBeNull();
    expect(unitAsked('How long is the longest boat, in feet?')?.factor).toBeCloseTo(0.3048);
    expect(unitAsked('Which boat is the longest?')).toBeNull();
  });

  const foot = { dimension: 'length', factor: 0.3048 } as const;
  const metre = { dimension: 'length', factor: 1 } as const;
  const centimetre = { dimension: 'length', factor: 0.01 } as const;

  it('the extreme of lengths in feet, metres and centimetres is the longest length, not the largest number', () => {
    const boats: Derivation[] = [
      { type: 'ARGMAX', key: 'Heron', value: '40', unit: foot },
      { type: 'ARGMAX', key: 'Gull', value: '9', unit: metre },
      { type: 'ARGMAX', key: 'Tern', value: '150', unit: centimetre },
    ];
    expect(aggregate(boats, 'ARGMAX')).toMatchObject({ type: 'ARGMAX', keys: ['Heron'] });
    expect(aggregate(boats.map((b) => ({ ...b, type: 'ARGMIN' }) as Derivation), 'ARGMIN')).toMatchObject({ type: 'ARGMIN', keys: ['Tern'] });
    const lengths: Derivation[] = boats.map((b) => ({ type: 'MAX', value: (b as { value: string }).value, unit: (b as { unit: typeof foot }).unit }));
    // stated as its fact writes it, or in the unit the question asks for
    expect(aggregate(lengths, 'MAX')).toMatchObject({ type: 'MAX', value: 40 });
    expect(aggregate(lengths, 'MAX', metre)).toMatchObject({ type: 'MAX', value: 12.192 });
  });

  it('numbers in one unit, or without units, compare as written', () => {
    const inches: Derivation[] = [
      { type: 'MIN', value: '16', unit: { dimension: 'length', factor: 0.0254 } },
      { type: 'MIN', value: '24', unit: { dimension: 'length', factor: 0.0254 } },
    ];
    expect(aggregate(inches, 'MIN')).toMatchObject({ type: 'MIN', value: 16 });
    expect(aggregate([{ type: 'MAX', value: '1,200' }, { type: 'MAX', value: '950' }], 'MAX')).toMatchObject({ type: 'MAX', value: 1200 });
  });

  it('a yes/no comparison of two names compares their quantities across units', () => {
    const names: [string, string] = ['Heron', 'Gull'];
    const facts = ['The Heron is a 40-foot sloop.', 'The Gull is a 9 m ketch.'];
    expect(comparePair({ kind: 'quantity', op: '>' }, names, facts)).toBe(true);
    expect(comparePair({ kind: 'quantity', op: '<' }, names, facts)).toBe(false);
  });
});
