/**
 * Evidence about an answer (calibration/evidence.ts): the question's words no part of the reading
 * accounts for, and how far the source's best other reading agrees with it.
 */
import { describe, expect, it } from 'vitest';
import { answerEvidence, runnerUpAgreement, unaccountedWords } from '../../plugins/nl-query/calibration/evidence.js';

describe('words of the question a reading does not account for', () => {
  it('are none when the explanation or the query graph names each content word', () => {
    const reading = { explanation: 'the number of customers whose country is Germany', queryGraph: 'show count Customers.* ; where Customers.Country = "Germany"' };
    expect(unaccountedWords('How many customers are there in Germany?', reading)).toEqual([]);
    // 'unit price' is read from the graph's UnitPrice even when the explanation words it otherwise, 'above' from its '>'
    expect(unaccountedWords('Which products have a unit price above 20?', { explanation: 'products costing more than 20', queryGraph: 'show Products.ProductName ; where Products.UnitPrice > 20' })).toEqual([]);
    // a name written as one word
    expect(unaccountedWords('How many high schoolers are there?', { explanation: 'the number of highschoolers', queryGraph: 'show count Highschooler.*' })).toEqual([]);
  });

  it('counts a word of an operation only when the graph has the operation', () => {
    const graph = 'show Products.ProductName ; where Products.UnitPrice = 20';
    expect(unaccountedWords('Which products have a unit price above 20?', { explanation: 'products', queryGraph: graph })).toEqual(['above']);
    expect(unaccountedWords('What is the average unit price of products?', { explanation: 'the unit price of products', queryGraph: 'show Products.UnitPrice' })).toEqual(['average']);
    expect(unaccountedWords('What is the average unit price of products?', { explanation: 'the mean unit price of products', queryGraph: 'show avg Products.UnitPrice' })).toEqual([]);
  });

  it('are the words of what the reading left out', () => {
    const reading = { explanation: 'the number of customers', queryGraph: 'show count Customers.*' };
    expect(unaccountedWords('How many customers are there in Germany?', reading)).toEqual(['germany']);
    expect(unaccountedWords('How many discontinued products are there?', { explanation: 'the number of products', queryGraph: null })).toEqual(['discontinued']);
  });
});

describe('agreement of the runner-up', () => {
  const chosen = { score: 0.6, explanation: 'a', queryGraph: 'show Products.ProductName ; where Products.UnitPrice > 20' };
  it('is 1 with no other reading, and the share of query graph parts in common', () => {
    expect(runnerUpAgreement(chosen, [])).toBe(1);
    expect(runnerUpAgreement(chosen, [{ score: 0.3, explanation: 'b', queryGraph: 'show Products.ProductName ; where Products.UnitsInStock > 20' }])).toBeCloseTo(1 / 3, 10);
    // the best-scored other reading is the one compared
    expect(runnerUpAgreement(chosen, [{ score: 0.1, explanation: 'c', queryGraph: 'show Orders.OrderID' }, { score: 0.3, explanation: 'b', queryGraph: chosen.queryGraph }])).toBe(1);
  });
});

describe('answer evidence', () => {
  it('reads an answer with every word accounted for and no rival', () => {
    const e = answerEvidence({ question: 'How many customers?', chosen: { score: 0.9, explanation: 'the number of customers', queryGraph: 'show count Customers.*' }, rows: 1, others: [] });
    expect(e).toEqual({ unaccounted: 0, unaccountedShare: 0, questionWords: Math.log1p(1), runnerUpAgreement: 1, scoreShare: 1, noRows: 0, readByRival: 0, readByNone: 0 });
  });
});

describe('unread words another reading reads', () => {
  it('tells the words a rival reading accounts for from those no reading does', () => {
    const chosen = { score: 0.6, explanation: 'the number of customers', queryGraph: 'show count Customers.*' };
    const rival = { score: 0.3, explanation: 'the number of customers whose country is Germany', queryGraph: 'show count Customers.* ; where Customers.Country = "Germany"' };
    const e = answerEvidence({ question: 'How many loyal customers are there in Germany?', chosen, rows: 1, others: [rival] });
    expect(e.readByRival).toBeCloseTo(Math.log1p(1), 10); // germany
    expect(e.readByNone).toBeCloseTo(Math.log1p(1), 10); // loyal
    expect(e.unaccounted).toBeCloseTo(Math.log1p(2), 10);
  });
});
