/**
 * An amount of money is never a key: "products over $50" and "pricier than fifty bucks" compare a
 * price, not the product id (the per-source Northwind model read both as ProductID). The mention
 * finder marks a number said as money (a currency sign before it, a currency word after it), and
 * the grammar offers such a value to no primary-key or foreign-key column; a plain number still
 * goes to a key ("order 10248").
 */
import { describe, expect, it } from 'vitest';
import { mentionSlots, TargetGrammar } from '../../engines/predictor/model/grammar.js';
import { findMentions } from '../../engines/predictor/values/mentions.js';
import { ValueMemory } from '../../engines/predictor/values/value-memory.js';
import type { SchemaGraph } from '../../engines/schema-graph/types.js';
import { attribute } from '../helpers/shop-schema.js';

const products: SchemaGraph = {
  source: 'shop',
  relations: [{ id: 'Products(CategoryID)->Categories(CategoryID)', from: 'Products', to: 'Categories', fromColumns: ['CategoryID'], toColumns: ['CategoryID'], name: { singular: 'category', plural: 'categories' } }],
  classes: [
    {
      id: 'Products',
      name: { singular: 'product', plural: 'products' },
      primaryKey: ['ProductID'],
      rowCount: 77,
      attributes: [
        { ...attribute('Products', 'ProductID', 'product id', 'product ids', 'integer'), primaryKey: true },
        attribute('Products', 'ProductName', 'product name', 'product names'),
        attribute('Products', 'CategoryID', 'category id', 'category ids', 'integer'),
        attribute('Products', 'UnitPrice', 'unit price', 'unit prices', 'decimal'),
      ],
    },
    {
      id: 'Categories',
      name: { singular: 'category', plural: 'categories' },
      primaryKey: ['CategoryID'],
      rowCount: 8,
      attributes: [{ ...attribute('Categories', 'CategoryID', 'category id', 'category ids', 'integer'), primaryKey: true }, attribute('Categories', 'CategoryName', 'category name', 'category names')],
    },
  ],
};

const memory = ValueMemory.of([]);
const money = (question: string) => findMentions(question, memory).map((m) => m.money === true);
const valuesOffered = (question: string, attribute: string) => new TargetGrammar(products, mentionSlots(findMentions(question, memory))).allowed(['show', 'A:Products.ProductName', 'where', attribute, '>']);

describe('amounts of money', () => {
  it('are the numbers said with a currency sign or a currency word', () => {
    expect(money('products over $50')).toEqual([true]);
    expect(money('list all products pricier than fifty bucks')).toEqual([true]);
    expect(money('items under 20 dollars')).toEqual([true]);
    expect(money('wines above €30')).toEqual([true]);
    expect(money('products with more than 50 units in stock')).toEqual([false]);
    expect(money('the top five products')).toEqual([false]);
  });

  it('are offered as the value of a price, never of a primary or foreign key', () => {
    for (const question of ['products over $50', 'products pricier than fifty bucks', 'products over 50 dollars']) {
      expect(valuesOffered(question, 'A:Products.UnitPrice')).toContain('@1');
      expect(valuesOffered(question, 'A:Products.ProductID')).not.toContain('@1');
      expect(valuesOffered(question, 'A:Products.CategoryID')).not.toContain('@1');
      expect(valuesOffered(question, 'A:Categories.CategoryID')).not.toContain('@1');
    }
  });

  it('leave a plain number to any column, keys included', () => {
    expect(valuesOffered('products over 50', 'A:Products.ProductID')).toContain('@1');
    expect(valuesOffered('products over 50', 'A:Products.UnitPrice')).toContain('@1');
  });
});
