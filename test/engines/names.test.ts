/**
 * Human names for identifiers: the words people use for tables, columns and foreign keys.
 */
import { describe, expect, it } from 'vitest';
import {
  attributeHumanName,
  classHumanName,
  humanWords,
  pluralize,
  relationHumanName,
  singularize,
} from '../../engines/schema-graph/names.js';

describe('human words of an identifier', () => {
  it.each([
    ['UnitPrice', 'unit price'],
    ['ShipVia', 'ship via'],
    ['CustomerID', 'customer id'],
    ['Order Details', 'order details'],
    ['birth_year', 'birth year'],
    ['HTMLPage', 'html page'],
    ['REPORTS_TO', 'reports to'],
    ['UnitsInStock', 'units in stock'],
    ['Address2', 'address 2'],
    ['ID', 'id'],
    ['  ship--via  ', 'ship via'],
    ['naïveCafé', 'naïve café'],
  ])('%s reads as "%s"', (identifier, words) => {
    expect(humanWords(identifier)).toBe(words);
  });
});

describe('singular and plural', () => {
  it.each([
    ['categories', 'category'],
    ['addresses', 'address'],
    ['statuses', 'status'],
    ['people', 'person'],
    ['children', 'child'],
    ['men', 'man'],
    ['women', 'woman'],
    ['boxes', 'box'],
    ['matches', 'match'],
    ['employees', 'employee'],
    ['territories', 'territory'],
    ['order details', 'order detail'],
    ['shoes', 'shoe'],
  ])('%s is the plural of %s', (plural, singular) => {
    expect(singularize(plural)).toBe(singular);
    expect(pluralize(singular)).toBe(plural);
  });

  it.each(['category', 'address', 'status', 'person', 'order detail', 'analysis', 'bus'])(
    'keeps "%s", already singular',
    (word) => {
      expect(singularize(word)).toBe(word);
    },
  );

  it.each(['data', 'series', 'news', 'species'])('"%s" has one form', (word) => {
    expect(singularize(word)).toBe(word);
    expect(pluralize(word)).toBe(word);
  });

  it('keeps words that are already plural', () => {
    expect(pluralize('orders')).toBe('orders');
    expect(pluralize('people')).toBe('people');
    expect(pluralize('order details')).toBe('order details');
  });

  it('inflects the head of a phrase, before its preposition', () => {
    expect(singularize('units in stock')).toBe('unit in stock');
    expect(pluralize('date of birth')).toBe('dates of birth');
    expect(pluralize('unit price')).toBe('unit prices');
  });
});

describe('names of classes, attributes and relations', () => {
  it('names tables in the singular and plural', () => {
    expect(classHumanName('Order Details')).toEqual({ singular: 'order detail', plural: 'order details' });
    expect(classHumanName('Categories')).toEqual({ singular: 'category', plural: 'categories' });
    expect(classHumanName('people')).toEqual({ singular: 'person', plural: 'people' });
    expect(classHumanName('Person')).toEqual({ singular: 'person', plural: 'people' });
    expect(classHumanName('EmployeeTerritories')).toEqual({ singular: 'employee territory', plural: 'employee territories' });
  });

  it('names columns as written, with a plural', () => {
    expect(attributeHumanName('UnitPrice')).toEqual({ singular: 'unit price', plural: 'unit prices' });
    expect(attributeHumanName('CustomerID')).toEqual({ singular: 'customer id', plural: 'customer ids' });
    expect(attributeHumanName('birth_year')).toEqual({ singular: 'birth year', plural: 'birth years' });
  });

  it('names a foreign key after its column, without the key suffix', () => {
    expect(relationHumanName(['SupplierID'], 'Suppliers')).toEqual({ singular: 'supplier', plural: 'suppliers' });
    expect(relationHumanName(['ReportsTo'], 'Employees')).toEqual({ singular: 'reports to', plural: 'reports to' });
    expect(relationHumanName(['ShipVia'], 'Shippers')).toEqual({ singular: 'ship via', plural: 'ship via' });
    expect(relationHumanName(['head_id'], 'people')).toEqual({ singular: 'head', plural: 'heads' });
  });

  it('names a foreign key after the referenced table when its column says nothing', () => {
    expect(relationHumanName(['ID'], 'Orders')).toEqual({ singular: 'order', plural: 'orders' });
    expect(relationHumanName(['OrderID', 'LineNo'], 'Order Lines')).toEqual({ singular: 'order line', plural: 'order lines' });
  });
});
