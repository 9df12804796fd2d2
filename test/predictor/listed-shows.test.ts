/**
 * Attributes a question lists to be shown ("the city, address and birth date of employees"): a
 * reading that shows some of them is completed with the rest, in the order listed, and shows only
 * them (a later sentence may list them: "Which orders ...? List their ship city and freight."); a list of one, a reading that shows none of them or aggregates, and a name of two classes
 * of the reading are left as written.
 */
import { describe, expect, it } from 'vitest';
import { listedNames, withListedShows } from '../../engines/predictor/completions/listed-shows.js';
import { questionWords } from '../../engines/predictor/cues/coverage.js';
import { schemaNames } from '../../engines/predictor/schema-words/schema-names.js';
import { shopSchema } from '../helpers/shop-schema.js';

const names = schemaNames(shopSchema);
const listed = (question: string) => listedNames(questionWords(question, []), names);
const completed = (question: string, reading: string) => withListedShows(reading.split(' '), listed(question), shopSchema).join(' ');
// Orders keyed by their id: a reading grouped by it groups orders.
const keyed = { ...shopSchema, classes: shopSchema.classes.map((c) => (c.id === 'Orders' ? { ...c, primaryKey: ['OrderID'] } : c)) };
const completedKeyed = (question: string, reading: string) => withListedShows(reading.split(' '), listed(question), keyed).join(' ');

describe('attributes a question lists', () => {
  it('reads the names after the opening, joined by commas and "and", a shared noun included', () => {
    expect(listed('List the ship city, freight and order date of all orders.')).toEqual([['A:Orders.ShipCity'], ['A:Orders.Freight'], ['A:Orders.OrderDate']]);
    expect(listed('What are the birth and hire dates of employees?')).toEqual([['A:Employees.BirthDate'], ['A:Employees.HireDate']]);
    // An item may end with a word the schema's name does not have ("freight cost" for freight).
    expect(listed('List the freight cost, ship city and order date of all orders.')).toEqual([['A:Orders.Freight'], ['A:Orders.ShipCity'], ['A:Orders.OrderDate']]);
    expect(listed('Which orders have a freight over 20?')).toEqual([]);
    expect(listed('List the freight of orders with ship city Lyon')).toEqual([]);
    // A later sentence may say what to show.
    expect(listed('Which orders were shipped late? List their ship city and freight.')).toEqual([['A:Orders.ShipCity'], ['A:Orders.Freight']]);
    expect(listed('Which employees were hired last? Show his or her birth date and hire date.')).toEqual([['A:Employees.BirthDate'], ['A:Employees.HireDate']]);
  });

  it('completes a reading that shows some of them, in the order listed, and shows only them', () => {
    expect(completed('List the ship city, freight and order date of all orders.', 'show A:Orders.Freight show A:Orders.OrderID order asc A:Orders.Freight')).toBe(
      'show A:Orders.ShipCity show A:Orders.Freight show A:Orders.OrderDate order asc A:Orders.Freight',
    );
  });

  it('leaves alone a reading that shows none of them, aggregates, or shows them all', () => {
    expect(completed('List the ship city and freight of all orders.', 'show A:Orders.OrderDate')).toBe('show A:Orders.OrderDate');
    expect(completed('List the ship city and freight of all orders.', 'show A:Orders.ShipCity show sum A:Orders.Freight')).toBe('show A:Orders.ShipCity show sum A:Orders.Freight');
    expect(completed('List the ship city and freight of all orders.', 'show A:Orders.ShipCity show A:Orders.Freight')).toBe('show A:Orders.ShipCity show A:Orders.Freight');
  });

  it('leaves alone a reading when a missing name is of two classes it reads', () => {
    const reading = 'show A:Orders.Freight where A:Customers.Address = @1 where A:Employees.HireDate year @2';
    expect(completed('List the freight and city of orders', reading)).toBe(reading);
  });
});

describe('attributes a question lists, of the things a reading groups', () => {
  it('shows and groups by the listed attributes of a class grouped by its key or label, before what it aggregates', () => {
    expect(completedKeyed('Which order has the most employees? List the order id and ship city.', 'show A:Orders.ShipCity show count A:Employees.* group A:Orders.OrderID order desc count A:Employees.* limit #1')).toBe(
      'show A:Orders.OrderID show A:Orders.ShipCity show count A:Employees.* group A:Orders.OrderID group A:Orders.ShipCity order desc count A:Employees.* limit #1',
    );
  });

  it('leaves a reading grouped by an attribute that is no key or label as written', () => {
    const reading = 'show A:Orders.ShipCity show count A:Employees.* group A:Orders.ShipCity order desc count A:Employees.* limit #1';
    expect(completedKeyed('Which ship city has the most employees? List the order id and ship city.', reading)).toBe(reading);
  });
});
