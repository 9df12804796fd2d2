import { describe, expect, it } from 'vitest';
import { withoutLeadIn } from '../../engines/english/lead-ins.js';

describe('withoutLeadIn', () => {
  it.each([
    ['Can you please list the Products?', 'list the Products?'],
    ['could u pls show me the suppliers', 'show me the suppliers'],
    ['Tell me, is Chai discontinued?', 'is Chai discontinued?'],
    ['pls how many products are discontinued', 'how many products are discontinued'],
    ['Hey, ok so which ships are the longest?', 'which ships are the longest?'],
    ['I want to know   how many orders shipped in 1997', 'how many orders shipped in 1997'],
    ['I wonder, do you know whether the ship sank?', 'whether the ship sank?'],
  ])('takes the lead-in off "%s", keeping the letters as written', (question, rest) => {
    expect(withoutLeadIn(question)).toBe(rest);
  });

  it('keeps "can you" when no request verb follows: that is a yes/no question', () => {
    expect(withoutLeadIn('Can you buy Chai in Berlin?')).toBe('Can you buy Chai in Berlin?');
  });

  it('leaves a question without a lead-in as it is', () => {
    expect(withoutLeadIn('Which products cost more than 20 dollars?')).toBe('Which products cost more than 20 dollars?');
  });
});
