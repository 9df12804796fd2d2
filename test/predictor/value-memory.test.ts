/**
 * The data value memory finds the values a question mentions whatever the case, accents, spacing,
 * a typo or a plural, and one word of a longer value; numbers, money, years, months and dates; and
 * binds placeholders back to the value exactly as stored.
 */
import { describe, expect, it } from 'vitest';
import { queryGraph } from '../../engines/query-graph/build.js';
import { bindValues } from '../../engines/predictor/values/bind.js';
import { findMentions, withPlaceholders } from '../../engines/predictor/values/mentions.js';
import { ValueMemory, type ColumnMemory } from '../../engines/predictor/values/value-memory.js';
import type { SchemaGraph } from '../../engines/schema-graph/types.js';

const text = (classId: string, attributeId: string, values: string[]): ColumnMemory => ({ classId, attributeId, type: 'text', values, min: null, max: null });

const schema: SchemaGraph = {
  source: 'shop',
  relations: [],
  classes: [
    {
      id: 'Customers',
      name: { singular: 'customer', plural: 'customers' },
      primaryKey: ['Id'],
      rowCount: 3,
      attributes: [
        { id: 'Id', classId: 'Customers', type: 'integer', nativeType: 'INTEGER', nullable: false, primaryKey: true, name: { singular: 'id', plural: 'ids' } },
        { id: 'Country', classId: 'Customers', type: 'text', nativeType: 'TEXT', nullable: true, primaryKey: false, name: { singular: 'country', plural: 'countries' } },
        { id: 'Since', classId: 'Customers', type: 'date', nativeType: 'DATE', nullable: true, primaryKey: false, name: { singular: 'since', plural: 'sinces' } },
      ],
    },
    {
      id: 'Products',
      name: { singular: 'product', plural: 'products' },
      primaryKey: ['Id'],
      rowCount: 3,
      attributes: [
        { id: 'Id', classId: 'Products', type: 'integer', nativeType: 'INTEGER', nullable: false, primaryKey: true, name: { singular: 'id', plural: 'ids' } },
        { id: 'ProductName', classId: 'Products', type: 'text', nativeType: 'TEXT', nullable: true, primaryKey: false, name: { singular: 'product name', plural: 'product names' } },
        { id: 'Category', classId: 'Products', type: 'text', nativeType: 'TEXT', nullable: true, primaryKey: false, name: { singular: 'category', plural: 'categories' } },
        { id: 'Price', classId: 'Products', type: 'decimal', nativeType: 'NUMERIC', nullable: true, primaryKey: false, name: { singular: 'price', plural: 'prices' } },
      ],
    },
  ],
};

const memory = ValueMemory.of(
  [
    text('Customers', 'Country', ['Germany', 'Sweden ', 'USA', 'France']),
    text('Products', 'ProductName', ['Thüringer Rostbratwurst', 'Rössle Sauerkraut', 'Chai', 'Côte de Blaye', "Sir Rodney's Marmalade"]),
    text('Products', 'Category', ['Beverages', 'Seafood', 'Dairy Products', 'Grains/Cereals']),
    text('Customers', 'Address', ['Jardim das rosas n. 32', 'Buckingham, Palace, London']),
  ],
  schema,
);

function mention(question: string) {
  return findMentions(question, memory).map((m) => ({ text: m.text, kind: m.kind, values: m.candidates.map((c) => `${c.attributeId}=${c.value}|${c.match}`) }));
}

describe('value mentions', () => {
  it('finds a value whatever its case', () => {
    expect(mention('customers in GERMANY')).toEqual([{ text: 'GERMANY', kind: 'text', values: ['Country=Germany|exact'] }]);
    expect(mention('customers in germany')[0]?.values).toEqual(['Country=Germany|exact']);
  });

  it('finds a stored value with a trailing space, and binds the value as stored', () => {
    const found = findMentions('how many customers in Sweden?', memory);
    expect(found.map((m) => m.candidates[0]?.value)).toEqual(['Sweden ']);
    const graph = queryGraph({ select: [{ target: { classId: 'Customers', attributeId: 'Id' }, aggregate: 'count' }], where: [{ target: { classId: 'Customers', attributeId: 'Country' }, operator: '=', values: [{ kind: 'placeholder', name: '1' }] }] });
    const bound = bindValues(graph, null, found, schema);
    expect(bound.where[0]?.values).toEqual([{ kind: 'string', value: 'Sweden ' }]);
  });

  it('finds accented values written without accents, and with them', () => {
    expect(mention('price of thuringer rostbratwurst')[0]?.values).toEqual(['ProductName=Thüringer Rostbratwurst|exact']);
    expect(mention('price of Thüringer Rostbratwurst')[0]?.values).toEqual(['ProductName=Thüringer Rostbratwurst|exact']);
    expect(mention('what does cote de blaye cost')[0]?.values).toEqual(['ProductName=Côte de Blaye|exact']);
  });

  it('finds one distinctive word of a longer value (Rössle, Thüringer)', () => {
    expect(mention('products named Rossle')[0]?.values).toEqual(['ProductName=Rössle Sauerkraut|partial']);
    expect(mention('the Thüringer sausage')[0]?.values).toEqual(['ProductName=Thüringer Rostbratwurst|partial']);
  });

  it('finds plurals and one-letter typos fuzzily, but not schema words', () => {
    expect(mention('all the beverage')[0]?.values).toEqual(['Category=Beverages|fuzzy']);
    expect(mention('customers in Germnay')[0]?.values).toEqual(['Country=Germany|fuzzy']);
    expect(mention('list the products and their categories')).toEqual([]);
  });

  it('finds a value abbreviated word by word ("dairy prods"), but not one whose first word is cut', () => {
    expect(mention('which dairy prods are there')[0]?.values).toEqual(['Category=Dairy Products|fuzzy']);
    expect(mention('which dai products are there').map((m) => m.values)).not.toContainEqual(['Category=Dairy Products|fuzzy']);
  });

  it('prefers the longest value and keeps whitespace out of it', () => {
    expect(mention('how many   dairy    products were sold')[0]?.values).toEqual(['Category=Dairy Products|exact']);
    expect(mention("Sir Rodney's Marmalade price")[0]?.values).toEqual(["ProductName=Sir Rodney's Marmalade|exact"]);
  });

  it('finds a whole value with a slash, commas or a full stop between its words, but no list of values as one', () => {
    const whole = (question: string) => findMentions(question, memory, { acrossMarks: true }).map((m) => m.candidates.map((c) => `${c.attributeId}=${c.value}|${c.match}`));
    expect(whole('products in Grains/Cereals or Seafood')).toEqual([['Category=Grains/Cereals|exact'], ['Category=Seafood|exact']]);
    expect(whole('customers at jardim das rosas n. 32')[0]).toEqual(['Address=Jardim das rosas n. 32|exact']);
    expect(whole('customers at Buckingham Palace, London')[0]).toEqual(['Address=Buckingham, Palace, London|exact']);
    expect(findMentions('customers in Germany, France', memory, { acrossMarks: true }).map((m) => m.text)).toEqual(['Germany', 'France']);
    // As models trained before the rule read them: in pieces.
    expect(mention('products in Grains/Cereals').map((m) => m.text)).not.toContain('Grains/Cereals');
  });

  it('reads numbers, money, years, months and dates', () => {
    expect(findMentions('products over $20 or under 5.5 dollars or 1,000', memory).map((m) => [m.kind, m.number])).toEqual([
      ['number', 20],
      ['number', 5.5],
      ['number', 1000],
    ]);
    expect(findMentions('customers since 1997', memory).map((m) => [m.kind, m.number])).toEqual([['year', 1997]]);
    expect(findMentions('customers since March 1998', memory).map((m) => [m.kind, m.date])).toEqual([['month', '1998-03']]);
    expect(findMentions('after July 4, 1996 and before 1997-02-03 or 5 May 1998', memory).map((m) => [m.kind, m.date])).toEqual([
      ['date', '1996-07-04'],
      ['date', '1997-02-03'],
      ['date', '1998-05-05'],
    ]);
    expect(findMentions('call 030-0074321 or ask for A1', memory)).toEqual([]);
  });

  it('replaces mentions by numbered placeholders', () => {
    const question = 'Chai under $20 in Germany';
    expect(withPlaceholders(question, findMentions(question, memory))).toBe('@1 under @2 in @3');
  });

  it('binds years and months on dates as whole periods', () => {
    const since = { classId: 'Customers', attributeId: 'Since' };
    const select = [{ target: { classId: 'Customers', attributeId: 'Id' }, aggregate: null }] as const;
    const at = (operator: '=' | '<' | '>', question: string) =>
      bindValues(queryGraph({ select, where: [{ target: since, operator, values: [{ kind: 'placeholder', name: '1' }] }] }), null, findMentions(question, memory), schema).where[0];
    expect(at('=', 'in 1997')).toEqual({ target: since, operator: 'year', values: [{ kind: 'number', value: 1997 }] });
    expect(at('<', 'before 1997')?.values).toEqual([{ kind: 'date', value: '1997-01-01' }]);
    expect(at('>', 'after February 1996')?.values).toEqual([{ kind: 'date', value: '1996-02-29' }]);
  });
});
