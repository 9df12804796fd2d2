/**
 * Sort directions the words say: a reading that sorts by the attribute an order cue names, the
 * other way than the words say, is turned the words' way; a sort no cue gives a direction for, a
 * sort by another attribute, and an attribute two cues send opposite ways stay as written.
 */
import { describe, expect, it } from 'vitest';
import { withSaidDirections, withSaidSortKey } from '../../engines/predictor/completions/said-directions.js';
import { orderCues } from '../../engines/predictor/cues/order.js';
import { questionWords } from '../../engines/predictor/cues/coverage.js';
import { schemaNames } from '../../engines/predictor/schema-words/schema-names.js';
import { attribute, shopSchema } from '../helpers/shop-schema.js';

const names = schemaNames(shopSchema);
const sorted = (question: string, reading: string) => withSaidDirections(reading.split(' '), orderCues(questionWords(question, []), names, shopSchema)).join(' ');
const keyed = (question: string, reading: string) => withSaidSortKey(reading.split(' '), orderCues(questionWords(question, []), names, shopSchema), shopSchema).join(' ');

describe('sort directions the words say', () => {
  it('turns a sort by the named attribute the way the words say', () => {
    expect(sorted('List the ship cities in reverse alphabetical order.', 'show A:Orders.ShipCity order asc A:Orders.ShipCity')).toBe('show A:Orders.ShipCity order desc A:Orders.ShipCity');
    expect(sorted('orders sorted by freight from high to low', 'show A:Orders.OrderID order asc A:Orders.Freight')).toBe('show A:Orders.OrderID order desc A:Orders.Freight');
    expect(sorted('What is the order id of the most recent order?', 'show A:Orders.OrderID order asc A:Orders.OrderDate limit #1')).toBe('show A:Orders.OrderID order desc A:Orders.OrderDate limit #1');
  });

  it('turns a sort by age or time the way its words say: the elder first is the earlier date', () => {
    expect(sorted('employees sorted by birth date from old to young', 'show A:Employees.City order desc A:Employees.BirthDate')).toBe('show A:Employees.City order asc A:Employees.BirthDate');
    expect(sorted('employees sorted by hire date newest first', 'show A:Employees.City order asc A:Employees.HireDate')).toBe('show A:Employees.City order desc A:Employees.HireDate');
    // Age words say nothing of a price.
    expect(sorted('orders sorted by freight from oldest to newest', 'show A:Orders.OrderID order desc A:Orders.Freight')).toBe('show A:Orders.OrderID order desc A:Orders.Freight');
  });

  it('leaves a sort the words give no direction for, or by another attribute, as written', () => {
    expect(sorted('orders sorted by freight', 'show A:Orders.OrderID order desc A:Orders.Freight')).toBe('show A:Orders.OrderID order desc A:Orders.Freight');
    expect(sorted('orders sorted by freight from high to low', 'show A:Orders.OrderID order asc A:Orders.OrderDate')).toBe('show A:Orders.OrderID order asc A:Orders.OrderDate');
    expect(sorted('orders sorted by freight from high to low', 'show A:Orders.OrderID order desc A:Orders.Freight')).toBe('show A:Orders.OrderID order desc A:Orders.Freight');
  });

  it('leaves an attribute two cues send opposite ways as written', () => {
    const reading = 'show A:Orders.OrderID order asc A:Orders.Freight';
    expect(sorted('orders sorted by freight from high to low, then sorted by freight from low to high', reading)).toBe(reading);
  });
});

describe('a sort the words ask for and the reading leaves out', () => {
  it('sorts an unsorted reading by the one shown attribute the words sort', () => {
    expect(sorted('List the ship cities in reverse alphabetical order.', 'show A:Orders.ShipCity group A:Orders.ShipCity')).toBe('show A:Orders.ShipCity group A:Orders.ShipCity order desc A:Orders.ShipCity');
    expect(sorted('List the ship cities in reverse alphabetical order.', 'show A:Orders.ShipCity distinct')).toBe('show A:Orders.ShipCity order desc A:Orders.ShipCity distinct');
  });

  it('leaves a reading that shows none of the sorted attributes, or keeps some rows, as written', () => {
    expect(sorted('List the ship cities in reverse alphabetical order.', 'show A:Orders.OrderID')).toBe('show A:Orders.OrderID');
    expect(sorted('orders sorted by freight from high to low', 'show A:Orders.Freight limit #1')).toBe('show A:Orders.Freight limit #1');
  });
});

describe('what a sort verb names is what the reading sorts by', () => {
  it('sorts by the named attribute the reading shows or groups by, instead of something else', () => {
    expect(keyed('Show each ship city and the number of orders. Order by ship city.', 'show A:Orders.ShipCity show count A:Orders.* group A:Orders.ShipCity order desc count A:Orders.*')).toBe(
      'show A:Orders.ShipCity show count A:Orders.* group A:Orders.ShipCity order asc A:Orders.ShipCity',
    );
    expect(keyed('order ids sorted by freight from high to low', 'show A:Orders.OrderID order asc A:Orders.OrderDate')).toBe('show A:Orders.OrderID order desc A:Orders.Freight');
  });

  it('leaves a reading that sorts by the named attribute, or that groups by something else, as written', () => {
    const right = 'show A:Orders.OrderID order desc A:Orders.Freight';
    expect(keyed('order ids sorted by freight', right)).toBe(right);
    const grouped = 'show A:Orders.ShipCity show count A:Orders.* group A:Orders.ShipCity order desc count A:Orders.*';
    expect(keyed('the number of orders per ship city, sorted by freight', grouped)).toBe(grouped);
  });

  it('sorts by a column that holds the named key of another class, as the key', () => {
    // Orders hold their customer's id: "ordered by customer id" sorts the orders' customer ids.
    const withCustomers = {
      ...shopSchema,
      classes: shopSchema.classes.map((c) =>
        c.id === 'Customers' ? { ...c, primaryKey: ['CustomerID'], attributes: [...c.attributes, attribute('Customers', 'CustomerID', 'customer id', 'customer ids')] } : c.id === 'Orders' ? { ...c, attributes: [...c.attributes, attribute('Orders', 'Customer', 'customer', 'customers')] } : c,
      ),
      relations: [{ id: 'Orders(Customer)->Customers(CustomerID)', from: 'Orders', to: 'Customers', fromColumns: ['Customer'], toColumns: ['CustomerID'], name: { singular: 'customer', plural: 'customers' } }],
    };
    const cues = orderCues(questionWords('Each customer id and the number of their orders, ordered by customer id.', []), schemaNames(withCustomers), withCustomers);
    const reading = 'show A:Orders.Customer show count A:Orders.* group A:Orders.Customer order desc count A:Orders.*';
    expect(withSaidSortKey(reading.split(' '), cues, withCustomers).join(' ')).toBe('show A:Orders.Customer show count A:Orders.* group A:Orders.Customer order asc A:Orders.Customer');
  });
});
