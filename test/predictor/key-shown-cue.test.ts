/**
 * Key-shown cue: "tell me the category of tofu" asks for the category by its name; a reading that
 * shows the category's key (its primary key, or the product's foreign key to it) shows what no word
 * asks for. Words that ask for an id, a number or a code, or the key's own name, allow it; a key
 * shown beside its class's name, a class with no name but its key, and a link table's key that names
 * its rows are not judged.
 */
import { describe, expect, it } from 'vitest';
import { questionWords } from '../../engines/predictor/cues/coverage.js';
import { keysShown, keyWords, namedKeys } from '../../engines/predictor/cues/key-shown.js';
import { findMentions } from '../../engines/predictor/values/mentions.js';
import { schemaNames } from '../../engines/predictor/schema-words/schema-names.js';
import { ValueMemory } from '../../engines/predictor/values/value-memory.js';
import type { SchemaGraph } from '../../engines/schema-graph/types.js';
import { attribute } from '../helpers/shop-schema.js';

const key = (classId: string, id: string, singular: string, plural: string) => ({ ...attribute(classId, id, singular, plural, 'integer'), primaryKey: true });
const shop: SchemaGraph = {
  source: 'shop',
  relations: [
    { id: 'Products(CategoryID)->Categories(CategoryID)', from: 'Products', to: 'Categories', fromColumns: ['CategoryID'], toColumns: ['CategoryID'], name: { singular: 'category', plural: 'categories' } },
    { id: 'Tags(ProductID)->Products(ProductID)', from: 'Tags', to: 'Products', fromColumns: ['ProductID'], toColumns: ['ProductID'], name: { singular: 'product', plural: 'products' } },
  ],
  classes: [
    {
      id: 'Products',
      name: { singular: 'product', plural: 'products' },
      primaryKey: ['ProductID'],
      rowCount: 77,
      attributes: [key('Products', 'ProductID', 'product id', 'product ids'), attribute('Products', 'ProductName', 'product name', 'product names'), attribute('Products', 'CategoryID', 'category id', 'category ids', 'integer'), attribute('Products', 'UnitsInStock', 'units in stock', 'units in stock', 'integer')],
    },
    { id: 'Categories', name: { singular: 'category', plural: 'categories' }, primaryKey: ['CategoryID'], rowCount: 8, attributes: [key('Categories', 'CategoryID', 'category id', 'category ids'), attribute('Categories', 'CategoryName', 'category name', 'category names')] },
    { id: 'Orders', name: { singular: 'order', plural: 'orders' }, primaryKey: ['OrderID'], rowCount: 830, attributes: [key('Orders', 'OrderID', 'order id', 'order ids'), attribute('Orders', 'Freight', 'freight', 'freights', 'decimal')] },
    // A link table (as Northwind's EmployeeTerritories): its rows are named by the product key they hold.
    { id: 'Tags', name: { singular: 'tag', plural: 'tags' }, primaryKey: [], rowCount: 10, attributes: [attribute('Tags', 'ProductID', 'product id', 'product ids'), attribute('Tags', 'Weight', 'weight', 'weights', 'integer')] },
  ],
};
const memory = ValueMemory.of([{ classId: 'Products', attributeId: 'ProductName', type: 'text', values: ['Tofu', 'Chai'], min: null, max: null }], shop);
const names = schemaNames(shop);
const keys = namedKeys(shop);
const shown = (question: string, reading: string) => {
  const words = keyWords(questionWords(question, findMentions(question, memory)), names);
  return words.asks ? 0 : keysShown(keys, words.named, reading.split(' '));
};

describe('key-shown cue', () => {
  it('judges a key shown instead of the name of a class that has one', () => {
    expect(shown('tell me the category of tofu', 'show A:Categories.CategoryID where A:Products.ProductName = @1')).toBe(1);
    expect(shown('tell me the category of tofu', 'show A:Products.CategoryID where A:Products.ProductName = @1')).toBe(1);
    expect(shown('tell me the category of tofu', 'show A:Categories.CategoryName where A:Products.ProductName = @1')).toBe(0);
    expect(shown('out of stock products', 'show A:Products.ProductID where A:Products.UnitsInStock = @1')).toBe(1);
  });

  it('allows the key when a word asks for an id, a number or a code, or names the key', () => {
    expect(shown('the category id of tofu', 'show A:Categories.CategoryID where A:Products.ProductName = @1')).toBe(0);
    expect(shown('what is the category number of tofu', 'show A:Products.CategoryID where A:Products.ProductName = @1')).toBe(0);
    expect(shown('the ids of products out of stock', 'show A:Products.ProductID')).toBe(0);
  });

  it('does not judge a key beside its name, a class named only by its key, or a link table naming its rows by a key', () => {
    expect(shown('each category and its products', 'show A:Categories.CategoryName show A:Categories.CategoryID show count A:Products.* group A:Categories.CategoryName group A:Categories.CategoryID')).toBe(0);
    expect(shown('the orders with freight over 500', 'show A:Orders.OrderID where A:Orders.Freight > @1')).toBe(0);
    expect(shown('list the tags', 'show A:Tags.ProductID')).toBe(0);
    expect(shown('how many products are there', 'show count A:Products.ProductID')).toBe(0);
  });
});
