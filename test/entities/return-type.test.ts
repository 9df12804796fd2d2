/**
 * The return type: the question's form (pure classifier) and the query graph decide the answer's
 * kind, never the rows; yes/no questions get one Boolean cell computed from what the graph returned.
 */
import { describe, expect, it } from 'vitest';
import { answerKind } from '../../engines/query-graph/answer-kind.js';
import { attr, queryGraph, rows, show, where, order } from '../../engines/query-graph/build.js';
import { withReturnType } from '../../engines/query-graph/return-type.js';
import type { ResultSet } from '../../engines/source.js';
import { questionForm } from '../../engines/predictor/question-form.js';

describe('questionForm', () => {
  const cases: [string, ReturnType<typeof questionForm>][] = [
    ['Is there a product called Chai?', 'BOOLEAN'],
    ['Are there any customers in Germany?', 'BOOLEAN'],
    ['Does Exotic Liquids supply Chai?', 'BOOLEAN'],
    ['Did Nancy Davolio sell anything in 1997?', 'BOOLEAN'],
    ['Was Victoria a queen?', 'BOOLEAN'],
    ['Has any order shipped to Sweden?', 'BOOLEAN'],
    ['Please, is Chai discontinued?', 'BOOLEAN'],
    ['How many customers are there in Germany?', 'SCALAR'],
    ['how much freight did order 10248 cost', 'SCALAR'],
    ['What is the total freight of orders shipped to France?', 'SCALAR'],
    ["What's the average unit price of beverages?", 'SCALAR'],
    ['What was the number of orders in 1997?', 'SCALAR'],
    ['Count the suppliers in Japan', 'SCALAR'],
    ['Which products are discontinued?', 'ENTITIES'],
    ['List the suppliers in Sweden', 'ENTITIES'],
    ['Show products in the Beverages category', 'ENTITIES'],
    ['Who was Queen Victoria’s father?', 'ENTITIES'],
    ['Can you tell me which customers live in Berlin?', 'ENTITIES'],
    ['Can you list the products in the Beverages category?', 'ENTITIES'],
    ['could u pls show me the suppliers in Japan', 'ENTITIES'],
    ['Would you count the suppliers in Japan?', 'SCALAR'],
    ['pls how many products are discontinued', 'SCALAR'],
    ['I want to know how many orders shipped in 1997', 'SCALAR'],
    ['Can Chai be ordered?', 'BOOLEAN'],
    ['What are the names and prices of products?', null],
    ['Products per category', null],
    ['Island in the sun', null],
    ['Whose husband was Albert?', null],
  ];
  it.each(cases)('%s -> %s', (question, expected) => {
    expect(questionForm(question)).toBe(expected);
  });
});

const countGermans = queryGraph({ select: [show(rows('Customers'), 'count')], where: [where(attr('Customers', 'Country'), '=', 'Germany')] });
const productNames = queryGraph({ select: [show(attr('Products', 'ProductName'))] });
const namesAndCategories = queryGraph({ select: [show(attr('Products', 'ProductName')), show(attr('Categories', 'CategoryName'))] });
const topCustomer = queryGraph({
  select: [show(attr('Customers', 'CompanyName'))],
  groupBy: [attr('Customers', 'CompanyName')],
  orderBy: [order(show(rows('Orders'), 'count'), 'desc')],
  limit: 1,
});
const freightOf = queryGraph({ select: [show(attr('Orders', 'Freight'))], where: [where(attr('Orders', 'OrderID'), '=', 10248)], limit: 1 });
const discontinued = queryGraph({ select: [show(attr('Products', 'Discontinued'))], where: [where(attr('Products', 'ProductName'), '=', 'Chai')] });

describe('answerKind from the graph and the question form', () => {
  it('keeps the graph-only decisions when the wording says nothing', () => {
    expect(answerKind(countGermans, 1)).toBe('SCALAR');
    expect(answerKind(productNames, 3)).toBe('ENTITIES');
    expect(answerKind(namesAndCategories, 3)).toBe('TABLE');
    expect(answerKind(productNames, 0)).toBe('EMPTY');
    expect(answerKind(countGermans, 0)).toBe('SCALAR');
  });

  it('makes every yes/no question BOOLEAN, even with no rows', () => {
    expect(answerKind(countGermans, 1, 'BOOLEAN')).toBe('BOOLEAN');
    expect(answerKind(productNames, 0, 'BOOLEAN')).toBe('BOOLEAN');
  });

  it('makes one shown value with limit 1 a SCALAR when a number was asked for, and only then', () => {
    expect(answerKind(freightOf, 1, 'SCALAR')).toBe('SCALAR');
    expect(answerKind(freightOf, 1)).toBe('ENTITIES');
    expect(answerKind(productNames, 3, 'SCALAR')).toBe('ENTITIES');
  });

  it('makes "which X has the most Y" ENTITIES when the graph groups by the shown thing', () => {
    expect(answerKind(topCustomer, 1)).toBe('TABLE');
    expect(answerKind(topCustomer, 1, 'ENTITIES')).toBe('ENTITIES');
    expect(answerKind(namesAndCategories, 3, 'ENTITIES')).toBe('TABLE');
  });
});

describe('withReturnType', () => {
  const result = (columns: ResultSet['columns'], cells: ResultSet['rows']): ResultSet => ({ kind: 'TABLE', columns, rows: cells, support: [] });

  it('answers a yes/no count question from the count', () => {
    const yes = withReturnType(result([{ name: 'count(*)', type: 'Int' }], [[11]]), countGermans, 'BOOLEAN');
    expect(yes).toMatchObject({ kind: 'BOOLEAN', columns: [{ name: 'answer', type: 'Boolean' }], rows: [[true]] });
    expect(withReturnType(result([{ name: 'count(*)', type: 'Int' }], [[0]]), countGermans, 'BOOLEAN').rows).toEqual([[false]]);
  });

  it('answers a yes/no list question from whether anything came back', () => {
    expect(withReturnType(result([{ name: 'ProductName', type: 'String' }], [['Chai']]), productNames, 'BOOLEAN').rows).toEqual([[true]]);
    expect(withReturnType(result([{ name: 'ProductName', type: 'String' }], []), productNames, 'BOOLEAN').rows).toEqual([[false]]);
  });

  it('answers "is X ..." from a shown Boolean attribute', () => {
    const column = [{ name: 'Discontinued', type: 'Boolean' as const }];
    expect(withReturnType(result(column, [[false]]), discontinued, 'BOOLEAN').rows).toEqual([[false]]);
    expect(withReturnType(result(column, [[true]]), discontinued, 'BOOLEAN').rows).toEqual([[true]]);
    // Northwind's SQLite keeps the flag as text.
    const text = [{ name: 'Discontinued', type: 'String' as const }];
    expect(withReturnType(result(text, [['0']]), discontinued, 'BOOLEAN').rows).toEqual([[false]]);
    expect(withReturnType(result(text, [['1']]), discontinued, 'BOOLEAN').rows).toEqual([[true]]);
    // A shown value that is no flag: the answer is whether there is one.
    expect(withReturnType(result([{ name: 'ProductName', type: 'String' }], [['Chai']]), productNames, 'BOOLEAN').rows).toEqual([[true]]);
  });

  it('leaves rows alone for the other kinds and only sets the kind', () => {
    const rowsIn = [['Chai'], ['Chang']];
    const shaped = withReturnType(result([{ name: 'ProductName', type: 'String' }], rowsIn), productNames, 'ENTITIES');
    expect(shaped.kind).toBe('ENTITIES');
    expect(shaped.rows).toBe(rowsIn);
  });
});
