import { describe, expect, it } from 'vitest';
import { planQuestion } from '../../plugins/nl-query/plans/planner.js';
import { presumesAnswer } from '../../engines/predictor/presumption.js';
import type { PlannableSource } from '../../plugins/nl-query/plans/types.js';

const sources: PlannableSource[] = [
  { id: 'shop', kind: 'sql', description: 'A shop: products, customers, suppliers', mainNoun: 'orders' },
  { id: 'royals', kind: 'cypher', description: 'Genealogy of royal families', mainNoun: 'people' },
  { id: 'town', kind: 'nldb', description: 'Facts about the town of Kestrelford' },
  { id: 'notes', kind: 'nldb', description: 'What the staff noted about customers' },
];
const plan = (question: string) => planQuestion(question, sources);

describe('retrieval planner', () => {
  it('asks a plain question as it is', () => {
    for (const question of ['Which products cost more than 50 dollars?', 'How many customers are in Germany?', 'Who was Queen Victoria’s father?', 'List customers and suppliers in London']) {
      expect(plan(question)).toEqual({ kind: 'single' });
    }
  });

  it('splits "more A or B" into two counts', () => {
    expect(plan('Are there more suppliers in Sweden or employees in London?')).toEqual({
      kind: 'compare-which',
      fewer: false,
      operands: [
        { phrase: 'suppliers in Sweden', ask: { question: 'How many suppliers in Sweden are there?', sources: null } },
        { phrase: 'employees in London', ask: { question: 'How many employees in London are there?', sources: null } },
      ],
    });
    expect(plan('Which are fewer, the number of categories or the number of shippers?')).toMatchObject({ kind: 'compare-which', fewer: true });
  });

  it('makes a yes/no comparison of "more A than B" and "A outnumber B"', () => {
    expect(plan('Are there fewer employees than shippers?')).toMatchObject({ kind: 'compare-than', fewer: true });
    expect(plan('Do customers in Germany outnumber customers in France?')).toMatchObject({
      kind: 'compare-than',
      operands: [{ phrase: 'customers in Germany' }, { phrase: 'customers in France' }],
    });
  });

  it('gives a part without a noun the noun of the first part', () => {
    const phrases = (question: string) => {
      const result = plan(question);
      return 'operands' in result ? result.operands.map((operand) => operand.phrase) : result.kind;
    };
    expect(phrases('Are there more customers in the USA or in Germany?')).toEqual(['customers in the USA', 'customers in Germany']);
    expect(phrases('Are there fewer orders shipped to Germany than to France?')).toEqual(['orders shipped to Germany', 'orders shipped to France']);
    expect(phrases('How many more customers are there in the USA than in Germany?')).toEqual(['customers in the USA', 'customers in Germany']);
    expect(phrases('How many customers in France and in Spain are there altogether?')).toEqual(['customers in France', 'customers in Spain']);
  });

  it('leaves a single question with a number in it alone', () => {
    expect(plan('Are there more than 5 products cheaper than 10 dollars?')).toEqual({ kind: 'single' });
  });

  it('adds counts up only when the question says so', () => {
    expect(plan('How many customers, suppliers and shippers are there altogether?')).toMatchObject({
      kind: 'total',
      operands: [{ phrase: 'customers' }, { phrase: 'suppliers' }, { phrase: 'shippers' }],
    });
    expect(plan('How many customers and suppliers are there?')).toEqual({ kind: 'single' });
    expect(plan('How many more customers than suppliers are there?')).toMatchObject({ kind: 'difference' });
  });

  it('routes a part to the source it names, keeping a noun when the source was the noun', () => {
    expect(plan('How many shop suppliers and royals are there in total?')).toMatchObject({
      kind: 'total',
      operands: [
        { phrase: 'shop suppliers', ask: { question: 'How many suppliers are there?', sources: ['shop'] } },
        { phrase: 'royals', ask: { question: 'How many people are there?', sources: ['royals'] } },
      ],
    });
    expect(plan('Are there more royals born in 1819 than products?')).toMatchObject({
      operands: [{ ask: { question: 'How many people born in 1819 are there?', sources: ['royals'] } }, { ask: { sources: null } }],
    });
  });

  it('finds things of one source mentioned in a collection, which the adjective picks', () => {
    expect(plan('Which royals mentioned in the town facts were born before 1800?')).toEqual({
      kind: 'mentioned-in',
      facts: 'town',
      main: { question: 'Which people were born before 1800?', sources: ['royals'], rowLimit: 10_000 },
    });
    expect(plan('Which suppliers are mentioned in the notes?')).toMatchObject({ kind: 'mentioned-in', facts: 'notes', main: { question: 'List all suppliers.' } });
  });

  it('follows a set of one source into another', () => {
    expect(plan('Which people in the town facts work for a shop supplier?')).toEqual({
      kind: 'follow',
      set: { question: 'List all suppliers.', sources: ['shop'], rowLimit: 10_000 },
      memberNoun: 'supplier',
      template: 'Which people work for {member}?',
      templateSources: ['town'],
    });
  });

  it('knows which questions presume an answer', () => {
    expect(presumesAnswer('Which products cost more than 50 dollars?')).toBe(true);
    expect(presumesAnswer('List the customers in Berlin')).toBe(true);
    expect(presumesAnswer('Are there any products over 500 dollars?')).toBe(false);
    expect(presumesAnswer('How many orders were shipped in 1997?')).toBe(false);
    expect(presumesAnswer('Can you list the customers in Berlin?')).toBe(true);
    expect(presumesAnswer('Please, are there any products over 500 dollars?')).toBe(false);
  });
});
