/**
 * bench trust --evidence's candidate feature: how much of the question a reading's explanation
 * names. A reading about what was asked names its words; one about something else does not.
 */
import { describe, expect, it } from 'vitest';
import { explained } from '../../bench/trust-evidence.js';

describe('how much of the question a reading explains', () => {
  it('is all of it when the explanation names every content word, plurals and word stems aside', () => {
    expect(explained('How many customers are there in Germany?', 'the number of customers whose country is Germany')).toBe(1);
    expect(explained('Which products are priced at 20?', 'the product name of products whose unit price is 20')).toBe(1);
  });

  it('is little of it when the reading is about something else', () => {
    expect(explained('How many customers are there in Germany?', 'the number of employees that are the reports to of any employee')).toBe(0);
    expect(explained('Which products cost more than 50 dollars?', 'the last name of employees whose product unit price is more than 50, each once')).toBeCloseTo(2 / 4, 10);
  });

  it('asks nothing of a question of function words only', () => {
    expect(explained('What is this?', 'anything')).toBe(1);
  });
});
