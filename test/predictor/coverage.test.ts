/**
 * A reading that leaves out an attribute the question names in full, of a class the reading uses,
 * is counted as ignoring it; words inside value mentions and attributes of other classes are not.
 */
import { describe, expect, it } from 'vitest';
import type { SchemaGraph } from '../../engines/schema-graph/types.js';
import { acronymsOf, questionWords, unreadNames } from '../../engines/predictor/cues/coverage.js';
import { schemaNames } from '../../engines/predictor/schema-words/schema-names.js';
import { attribute, shopSchema } from '../helpers/shop-schema.js';
import { findMentions } from '../../engines/predictor/values/mentions.js';
import { ValueMemory } from '../../engines/predictor/values/value-memory.js';

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
const shopNames = schemaNames(schema);
const ignoredAttributes = (question: readonly (string | null)[], tokens: readonly string[]) => unreadNames(question, tokens, shopNames);

describe('coverage of the question by a reading', () => {
  it('counts an attribute the question names that a reading of its class leaves out', () => {
    const question = said('Is Chai discontinued?');
    expect(ignoredAttributes(question, ['show', 'A:Products.ProductName', 'where', 'A:Products.ProductName', '=', '@1'])).toBe(1);
    expect(ignoredAttributes(question, ['show', 'A:Products.Discontinued', 'where', 'A:Products.ProductName', '=', '@1'])).toBe(0);
  });

  it('needs a name in full, in order, in singular or plural, or its first or last word where no other name has it', () => {
    expect(ignoredAttributes(said('What are the unit prices of products?'), ['show', 'A:Products.ProductName'])).toBe(1);
    expect(ignoredAttributes(said('Which products are priced?'), ['show', 'A:Products.ProductName'])).toBe(0);
    // A name's last word, its head noun, alone names it ("price" for unit price here).
    expect(ignoredAttributes(said('Which products have a price?'), ['show', 'A:Products.ProductName'])).toBe(1);
    // A name's first word alone names it when no other name has that word ("unit" for unit price here).
    expect(ignoredAttributes(said('Which products have a price per unit?'), ['show', 'A:Products.ProductName'])).toBe(1);
  });

  it('does not count words inside a value mention, nor attributes of classes the reading does not use', () => {
    expect(ignoredAttributes(said('Is there a product called Unit Price Special?'), ['show', 'A:Products.ProductName', 'where', 'A:Products.ProductName', '=', '@1'])).toBe(0);
    // Only the class's name counts: products are named and not used; "discontinued", theirs, is not counted too.
    expect(ignoredAttributes(said('Which products are discontinued and what is the title of the employee?'), ['show', 'A:Employees.Title'])).toBe(1);
  });
});

describe('names of classes a reading does not use', () => {
  const names = schemaNames(shopSchema);
  const shop = ValueMemory.of([{ classId: 'Customers', attributeId: 'City', type: 'text', values: ['Lyon'], min: null, max: null }], shopSchema);
  const words = (question: string) => questionWords(question, findMentions(question, shop));

  it('counts a name only one attribute has, of two words or more, that the reading never reads', () => {
    const question = words('the customer city and ship city of orders');
    expect(unreadNames(question, ['show', 'A:Customers.City', 'show', 'A:Orders.ShipCity'], names)).toBe(0);
    // The ship city, and the orders the reading does not use.
    expect(unreadNames(question, ['show', 'A:Customers.City'], names)).toBe(2);
  });

  it('takes a shared name as read when any of its attributes is, and leaves it out when none is of a used class', () => {
    expect(unreadNames(words('the cities'), ['show', 'A:Customers.City'], names)).toBe(0);
    expect(unreadNames(words('the city and freight of customers'), ['show', 'A:Customers.Address'], names)).toBe(1);
    expect(unreadNames(words('the city'), ['show', 'A:Orders.Freight'], names)).toBe(0);
    expect(unreadNames(words('the employee city'), ['show', 'A:Orders.Freight'], names)).toBe(1);
  });

  it('counts a one-word name written as an acronym, in capitals, whatever classes the reading uses', () => {
    const acronymNames = schemaNames({ ...shopSchema, classes: shopSchema.classes.map((c) => (c.id === 'Orders' ? { ...c, attributes: [...c.attributes, attribute('Orders', 'GNP', 'gnp', 'gnps', 'decimal')] } : c)) });
    const unread = (question: string) => unreadNames(words(question), ['show', 'A:Customers.City'], acronymNames, undefined, acronymsOf(question));
    expect(unread('the cities and the highest GNP')).toBe(1);
    // In lower case, or in a question written all in capitals, it is a word like any other.
    expect(unread('the cities and the highest gnp')).toBe(0);
    expect(unread('THE CITIES AND THE HIGHEST GNP')).toBe(0);
  });

  it('does not count a name right before a value: the value says where it goes', () => {
    expect(unreadNames(words('orders of customer city Lyon'), ['show', 'A:Orders.OrderID', 'where', 'A:Customers.Address', '=', '@1'], names)).toBe(0);
  });
});
