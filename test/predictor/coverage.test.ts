/**
 * A reading that leaves out an attribute the question names in full, of a class the reading uses,
 * is counted as ignoring it; words inside value mentions and attributes of other classes are not.
 */
import { describe, expect, it } from 'vitest';
import type { SchemaAttribute, SchemaGraph } from '../../engines/schema-graph/types.js';
import { ignoredAttributes, questionWords, unreadNamedAttributes } from '../../plugins/nl-query/predictor/coverage.js';
import { schemaNames } from '../../plugins/nl-query/predictor/schema-names.js';
import { shopSchema } from '../helpers/shop-schema.js';
import { findMentions } from '../../plugins/nl-query/predictor/mentions.js';
import { ValueMemory } from '../../plugins/nl-query/predictor/value-memory.js';

const attribute = (classId: string, id: string, singular: string, plural: string, type: SchemaAttribute['type'] = 'text'): SchemaAttribute => ({
  id,
  classId,
  type,
  nativeType: 'TEXT',
  nullable: true,
  primaryKey: false,
  name: { singular, plural },
});

const schema: SchemaGraph = {
  source: 'shop',
  relations: [],
  classes: [
    {
      id: 'Products',
      name: { singular: 'product', plural: 'products' },
      primaryKey: ['ProductName'],
      rowCount: 2,
      attributes: [attribute('Products', 'ProductName', 'product name', 'product names'), attribute('Products', 'Discontinued', 'discontinued', 'discontinued'), attribute('Products', 'UnitPrice', 'unit price', 'unit prices', 'decimal')],
    },
    {
      id: 'Employees',
      name: { singular: 'employee', plural: 'employees' },
      primaryKey: ['Title'],
      rowCount: 1,
      attributes: [attribute('Employees', 'Title', 'title', 'titles')],
    },
  ],
};
const memory = ValueMemory.of([{ classId: 'Products', attributeId: 'ProductName', type: 'text', values: ['Chai', 'Unit Price Special'], min: null, max: null }], schema);
const said = (question: string) => questionWords(question, findMentions(question, memory));

describe('coverage of the question by a reading', () => {
  it('counts an attribute the question names that a reading of its class leaves out', () => {
    const question = said('Is Chai discontinued?');
    expect(ignoredAttributes(question, ['show', 'A:Products.ProductName', 'where', 'A:Products.ProductName', '=', '@1'], schema)).toBe(1);
    expect(ignoredAttributes(question, ['show', 'A:Products.Discontinued', 'where', 'A:Products.ProductName', '=', '@1'], schema)).toBe(0);
  });

  it('needs every word of a name, in order, in singular or plural', () => {
    expect(ignoredAttributes(said('What are the unit prices of products?'), ['show', 'A:Products.ProductName'], schema)).toBe(1);
    expect(ignoredAttributes(said('Which products have a price per unit?'), ['show', 'A:Products.ProductName'], schema)).toBe(0);
  });

  it('does not count words inside a value mention, nor attributes of classes the reading does not use', () => {
    expect(ignoredAttributes(said('Is there a product called Unit Price Special?'), ['show', 'A:Products.ProductName', 'where', 'A:Products.ProductName', '=', '@1'], schema)).toBe(0);
    expect(ignoredAttributes(said('Which products are discontinued and what is the title of the employee?'), ['show', 'A:Employees.Title'], schema)).toBe(0);
  });
});

describe('attributes named unmistakably, of classes a reading does not use', () => {
  const names = schemaNames(shopSchema);
  const shop = ValueMemory.of([], shopSchema);
  const words = (question: string) => questionWords(question, findMentions(question, shop));

  it('counts a name only one attribute has, of two words or more, that the reading never reads', () => {
    const question = words('the customer city and ship city of orders');
    expect(unreadNamedAttributes(question, ['show', 'A:Customers.City', 'show', 'A:Orders.ShipCity'], names)).toBe(0);
    expect(unreadNamedAttributes(question, ['show', 'A:Customers.City', 'show', 'A:Orders.Freight'], names)).toBe(0);
    expect(unreadNamedAttributes(question, ['show', 'A:Customers.City'], names)).toBe(1);
  });

  it('leaves shared and one-word names, and classes the reading uses, to the other checks', () => {
    expect(unreadNamedAttributes(words('the city and freight of customers'), ['show', 'A:Customers.Address'], names)).toBe(0);
    expect(unreadNamedAttributes(words('the employee city'), ['show', 'A:Employees.BirthDate'], names)).toBe(0);
  });
});
