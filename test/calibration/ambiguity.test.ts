/**
 * Ambiguity made visible: two readings about as likely that return different things are named,
 * with the question's word neither reading repeats; readings far apart or returning the same are not.
 */
import { describe, expect, it } from 'vitest';
import { describeAmbiguity } from '../../plugins/nl-query/calibration/ambiguity.js';

const byPrice = { probability: 0.46, explanation: 'the product name of products, by unit price, highest first, top 1', queryGraph: 'a', rows: [['Côte de Blaye']] };
const byStock = { probability: 0.4, explanation: 'the product name of products, by units in stock, highest first, top 1', queryGraph: 'b', rows: [['Rhönbräu Klosterbier']] };

describe('ambiguity', () => {
  it("names the ambiguous word and what each reading made of it", () => {
    expect(describeAmbiguity('Which is the largest product?', byPrice, byStock)).toBe(
      "'largest' is ambiguous: read as unit price (46%); units in stock is the runner-up (40%).",
    );
  });

  it('says nothing when the readings are far apart in probability', () => {
    expect(describeAmbiguity('Which is the largest product?', { ...byPrice, probability: 0.8 }, byStock)).toBeNull();
  });

  it('says nothing when both readings return the same rows', () => {
    expect(describeAmbiguity('Which is the largest product?', byPrice, { ...byStock, rows: byPrice.rows })).toBeNull();
  });

  it('compares query graphs when the runner-up was not run', () => {
    expect(describeAmbiguity('Which is the largest product?', byPrice, { ...byStock, rows: null })).toMatch(/^'largest' is ambiguous/);
    expect(describeAmbiguity('Which is the largest product?', byPrice, { ...byPrice, probability: 0.4, rows: null })).toBeNull();
  });
});
