/**
 * A value the question names is a condition: a reading that leaves out a value found in a
 * categorical attribute of a class it uses gets `where attribute = @k`; a value it uses, a value of
 * a class it does not read or of an attribute with many values, a part of a longer value, a key one
 * typo from a word, and a listed attribute stay as written.
 */
import { describe, expect, it } from 'vitest';
import { withSaidValues } from '../../engines/predictor/completions/said-values.js';
import type { Mention } from '../../engines/predictor/values/mentions.js';
import type { ValueCandidate } from '../../engines/predictor/values/value-memory.js';
import { shopSchema } from '../helpers/shop-schema.js';

const mention = (text: string, ...candidates: ValueCandidate[]): Mention => ({ start: 0, end: text.length, text, kind: 'text', number: null, date: null, candidates });
const city = (value: string, match: ValueCandidate['match'] = 'fuzzy'): ValueCandidate => ({ classId: 'Orders', attributeId: 'ShipCity', value, match });
// Orders keyed by their id.
const schema = { ...shopSchema, classes: shopSchema.classes.map((c) => (c.id === 'Orders' ? { ...c, primaryKey: ['OrderID'] } : c)) };
// Ship cities are few (categorical); customer ids are not.
const categorical = (classId: string, attributeId: string) => `${classId}.${attributeId}` !== 'Customers.CustomerID';
const completed = (reading: string, ...mentions: Mention[]) => withSaidValues(reading.split(' '), mentions, schema, categorical).join(' ');

describe('a value the question names is a condition', () => {
  it('adds the condition a reading leaves out, after what it shows', () => {
    expect(completed('show A:Orders.OrderID order asc A:Orders.OrderDate', mention('Lyonn', city('Lyon')))).toBe('show A:Orders.OrderID where A:Orders.ShipCity = @1 order asc A:Orders.OrderDate');
  });

  it('leaves a reading that uses the value, or shows or constrains its attribute, as written', () => {
    const uses = 'show A:Orders.OrderID where A:Orders.ShipCity = @1';
    expect(completed(uses, mention('Lyon', city('Lyon', 'exact')))).toBe(uses);
    const lists = 'show A:Orders.ShipCity';
    expect(completed(lists, mention('Lyon', city('Lyon', 'exact')))).toBe(lists);
  });

  it('leaves a value of a class the reading does not read, or a part of a longer value, alone', () => {
    expect(completed('show A:Customers.CustomerID', mention('Lyon', city('Lyon', 'exact')))).toBe('show A:Customers.CustomerID');
    expect(completed('show A:Orders.OrderID', mention('Lyon', city('Lyon Centre', 'partial')))).toBe('show A:Orders.OrderID');
    expect(completed('show A:Orders.OrderID', mention('long', city('Long Xuyen', 'exact')))).toBe('show A:Orders.OrderID');
  });

  it('leaves a value of an attribute with many values (a name, a title) to the model', () => {
    const customer: ValueCandidate = { classId: 'Customers', attributeId: 'CustomerID', value: 'Count', match: 'exact' };
    expect(completed('show count A:Customers.*', mention('count', customer))).toBe('show count A:Customers.*');
  });

  it('reads a proper name of any attribute as a condition, of a class the reading reads or joins to', () => {
    // Customers has no relation in the shop schema: a name of a class the reading does not read stays out.
    const customer: ValueCandidate = { classId: 'Customers', attributeId: 'CustomerID', value: 'Alfreds', match: 'exact' };
    const named = (text: string, at: number, c: ValueCandidate): Mention => ({ ...mention(text, c), start: at, end: at + text.length });
    expect(completed('show count A:Customers.*', named('Alfreds', 20, customer))).toBe('show count A:Customers.* where A:Customers.CustomerID = @1');
    expect(completed('show count A:Orders.*', named('Alfreds', 20, customer))).toBe('show count A:Orders.*');
    // Lower case, or the question's first word, is no proper name.
    expect(completed('show count A:Customers.*', named('alfreds', 20, customer))).toBe('show count A:Customers.*');
  });

  it('reads a proper name of a categorical attribute of a class the reading joins to as a condition', () => {
    // "What is the total population of cities in Asia?": the continent is a country's, and cities join countries.
    const related = { ...schema, relations: [{ id: 'orders-customers', from: 'Orders', to: 'Customers', fromColumns: ['CustomerID'], toColumns: ['CustomerID'], name: { singular: 'customer', plural: 'customers' } }] };
    const cityOfCustomer: ValueCandidate = { classId: 'Customers', attributeId: 'City', value: 'Lyon', match: 'exact' };
    const named = (text: string, at: number): Mention => ({ ...mention(text, cityOfCustomer), start: at, end: at + text.length });
    const complete = (reading: string, m: Mention) => withSaidValues(reading.split(' '), [m], related, categorical).join(' ');
    expect(complete('show count A:Orders.*', named('Lyon', 20))).toBe('show count A:Orders.* where A:Customers.City = @1');
    // Written in lower case it is no proper name: a categorical value of a class the reading does not read stays out.
    expect(complete('show count A:Orders.*', named('lyon', 20))).toBe('show count A:Orders.*');
  });

  it('leaves a whole value of several words to the value-coverage cue', () => {
    expect(completed('show A:Orders.OrderID', mention('Saint Lyon', city('Saint Lyon', 'exact')))).toBe('show A:Orders.OrderID');
  });

  it('leaves a key found one typo from a word alone', () => {
    const key: ValueCandidate = { classId: 'Orders', attributeId: 'OrderID', value: 'WHITC', match: 'fuzzy' };
    expect(completed('show A:Orders.ShipCity', mention('whihc', key))).toBe('show A:Orders.ShipCity');
  });
});
