/**
 * Readings checked against the question's words: the words before a value rule out comparisons
 * ("other than 600" is not `=`), "sorted by X" and superlatives name what is sorted by (or, for a
 * superlative, the maximum or minimum), "with no X" and "whose X is missing" ask for X null; a
 * value goes on the attribute named right before it; a value without a cue, and "the most orders"
 * or "with no orders" (classes), constrain nothing; a value of several words named in full is used.
 */
import { describe, expect, it } from 'vitest';
import { aggregateCues, keysMeasuredInstead, keyTokens, measuredNames, unaskedAggregates } from '../../engines/predictor/cues/aggregate.js';
import { attributeContradictions, attributeCues, misnamedCondition } from '../../engines/predictor/cues/attribute.js';
import { groupContradictions, groupCues } from '../../engines/predictor/cues/group.js';
import { questionWords, unreadNames } from '../../engines/predictor/cues/coverage.js';
import { countContradictions, countCues, rankedOtherwise } from '../../engines/predictor/cues/count.js';
import { findMentions } from '../../engines/predictor/values/mentions.js';
import { cueContradictions, operatorCues } from '../../engines/predictor/cues/operator.js';
import { asksForPresence, nullContradictions, nullCues, nullTests } from '../../engines/predictor/cues/null.js';
import { orderContradictions, orderCues, shownOutOfOrder, unlimitedSingles } from '../../engines/predictor/cues/order.js';
import { schemaNames } from '../../engines/predictor/schema-words/schema-names.js';
import { unusedValues, wholeValues } from '../../engines/predictor/cues/value-coverage.js';
import { ValueMemory } from '../../engines/predictor/values/value-memory.js';
import type { SchemaAttribute, SchemaGraph } from '../../engines/schema-graph/types.js';
import { attribute, shopSchema } from '../helpers/shop-schema.js';

const memory = ValueMemory.of([{ classId: 'Customers', attributeId: 'City', type: 'text', values: ['Berlin', 'Lyon'], min: null, max: null }], shopSchema);
const names = schemaNames(shopSchema);
const tokens = (text: string) => text.split(' ');
/** `schema` with one more attribute for the class `classId`. */
const withAttribute = (schema: SchemaGraph, classId: string, extra: SchemaAttribute): SchemaGraph => ({
  ...schema,
  classes: schema.classes.map((c) => (c.id === classId ? { ...c, attributes: [...c.attributes, extra] } : c)),
});
/** The shop schema with one more attribute for employees. */
const withEmployeeAttribute = (extra: SchemaAttribute): SchemaGraph => withAttribute(shopSchema, 'Employees', extra);

const contradictions = (question: string, reading: string) => {
  const mentions = findMentions(question, memory);
  return cueContradictions(
    operatorCues(question, mentions, (before) => names.endsWithAttribute(before)),
    tokens(reading),
  );
};
const misplaced = (question: string, reading: string) => attributeContradictions(attributeCues(question, findMentions(question, memory), names), tokens(reading));
const nullMisses = (question: string, reading: string) => nullContradictions(nullCues(questionWords(question, findMentions(question, memory)), names), tokens(reading));
const orderMisses = (question: string, reading: string) => orderContradictions(orderCues(questionWords(question, findMentions(question, memory)), names), tokens(reading));

describe('operator cues before values', () => {
  it('rules out a comparison the words before the value contradict', () => {
    const question = 'orders of customers in Berlin with freight other than 600';
    expect(contradictions(question, 'show A:Orders.OrderID where A:Customers.City = @1 where A:Orders.Freight != @2')).toBe(0);
    expect(contradictions(question, 'show A:Orders.OrderID where A:Customers.City != @1 where A:Orders.Freight = @2')).toBe(1);
  });

  it('reads the longest cue: "no more than" is at most, not more than', () => {
    const question = 'orders with freight no more than 20';
    expect(contradictions(question, 'show A:Orders.OrderID where A:Orders.Freight <= @1')).toBe(0);
    expect(contradictions(question, 'show A:Orders.OrderID where A:Orders.Freight > @1')).toBe(1);
  });

  it('reads a comparison denied as the other one, its value included ("not higher than 4" is at most 4)', () => {
    expect(contradictions('orders with freight not higher than 4', 'show A:Orders.OrderID where A:Orders.Freight > @1')).toBe(1);
    expect(contradictions('orders with freight not higher than 4', 'show A:Orders.OrderID where A:Orders.Freight <= @1')).toBe(0);
    expect(contradictions('orders with freight no fewer than 3', 'show A:Orders.OrderID where A:Orders.Freight >= @1')).toBe(0);
    expect(contradictions('orders not before 1997', 'show A:Orders.OrderID where A:Orders.OrderDate < @1')).toBe(1);
  });

  it('takes a value right after an attribute name as equal, one after other words as unknown', () => {
    expect(contradictions('orders with freight 90', 'show A:Orders.OrderID where A:Orders.Freight < @1')).toBe(1);
    expect(contradictions('orders with freight 90', 'show A:Orders.OrderID where A:Orders.Freight in @1')).toBe(0);
    expect(contradictions('orders cheaper than 90', 'show A:Orders.OrderID where A:Orders.Freight < @1')).toBe(0);
  });

  it('reads a comparative before "than" as which way the value is compared ("cheaper than", "pricier than", "longer than")', () => {
    expect(contradictions('orders cheaper than 90', 'show A:Orders.OrderID where A:Orders.Freight > @1')).toBe(1);
    expect(contradictions('orders pricier than fifty bucks', 'show A:Orders.OrderID where A:Orders.Freight < @1')).toBe(1);
    expect(contradictions('orders pricier than fifty bucks', 'show A:Orders.OrderID where A:Orders.Freight > @1')).toBe(0);
    expect(contradictions('orders more expensive than $20', 'show A:Orders.OrderID where A:Orders.Freight <= @1')).toBe(1);
    expect(contradictions('orders less expensive than $20', 'show A:Orders.OrderID where A:Orders.Freight < @1')).toBe(0);
    expect(contradictions('orders longer than 3', 'show A:Orders.OrderID where A:Orders.Freight < @1')).toBe(1);
  });

  it('checks only the first value of a list or range, and having conditions too', () => {
    expect(contradictions('orders with freight between 5 and 9', 'show A:Orders.OrderID where A:Orders.Freight between @1 @2')).toBe(0);
    expect(contradictions('cities with more than 5 orders', 'show A:Customers.City group A:Customers.City having count A:Orders.* > @1')).toBe(0);
    expect(contradictions('cities with more than 5 orders', 'show A:Customers.City group A:Customers.City having count A:Orders.* < @1')).toBe(1);
  });

  it('reads a cue word with two neighbouring letters swapped, but not a short word', () => {
    expect(contradictions('orders whose freight is undre 20', 'show A:Orders.OrderID where A:Orders.Freight = @1')).toBe(1);
    expect(contradictions('orders whose freight is undre 20', 'show A:Orders.OrderID where A:Orders.Freight < @1')).toBe(0);
    expect(contradictions('orders with freight ovre 20', 'show A:Orders.OrderID where A:Orders.Freight > @1')).toBe(0);
  });

  it('reads the cue past the quotation mark or bracket that opens the value', () => {
    expect(contradictions('orders of customers whose city is not "Lyon"', 'show A:Orders.OrderID where A:Customers.City = @1')).toBe(1);
    expect(contradictions('orders of customers whose city is not "Lyon"', 'show A:Orders.OrderID where A:Customers.City != @1')).toBe(0);
    expect(contradictions('orders with freight other than (600)', 'show A:Orders.OrderID where A:Orders.Freight = @1')).toBe(1);
  });
});

describe('whole values the question names', () => {
  const multiWord = ValueMemory.of([{ classId: 'Customers', attributeId: 'City', type: 'text', values: ['Berlin', 'Las Palmas'], min: null, max: null }], shopSchema);
  const left = (question: string, reading: string) => unusedValues(wholeValues(findMentions(question, multiWord)), tokens(reading));

  it('wants a reading to use a value of several words the question names in full', () => {
    expect(left('orders of customers in Las Palmas with freight over 5', 'show A:Orders.OrderID where A:Orders.Freight > @2')).toBe(1);
    expect(left('orders of customers in Las Palmas with freight over 5', 'show A:Orders.OrderID where A:Customers.City = @1 where A:Orders.Freight > @2')).toBe(0);
  });

  it('leaves one-word values and numbers to the model', () => {
    expect(left('orders of customers in Berlin with freight over 5', 'show A:Orders.OrderID')).toBe(0);
  });
});

describe('order cues', () => {
  it('wants a reading to sort by what "sorted by" names', () => {
    const question = 'list the order id and freight of orders sorted by ship city';
    expect(orderMisses(question, 'show A:Orders.OrderID show A:Orders.Freight order asc A:Orders.ShipCity')).toBe(0);
    expect(orderMisses(question, 'show A:Orders.OrderID show A:Orders.ShipCity order asc A:Orders.Freight')).toBe(1);
    expect(orderMisses(question, 'show A:Orders.OrderID show A:Orders.Freight')).toBe(1);
  });

  it('reads "by X alphabetically" and "by X from z to a" as a sort, but not "by X, highest first"', () => {
    expect(orderMisses('orders with a freight by ship city alphabetically', 'show A:Orders.OrderID order asc A:Orders.ShipCity')).toBe(0);
    expect(orderMisses('orders with a freight by ship city alphabetically', 'show A:Orders.OrderID where A:Orders.ShipCity not_null order asc A:Orders.Freight')).toBe(1);
    expect(orderMisses('orders by ship city from z to a', 'show A:Orders.OrderID order asc A:Orders.ShipCity')).toBe(1);
    // "by" may group: the total freight per city, highest first, sorts by the total.
    expect(orderMisses('the total freight by ship city, highest first', 'show A:Orders.ShipCity show sum A:Orders.Freight group A:Orders.ShipCity order desc sum A:Orders.Freight')).toBe(0);
  });

  it('reads the ways people say a sort, "order by X", "ordered by their X", "order the results by X"', () => {
    const sortsByFreight = 'show A:Orders.OrderID order asc A:Orders.Freight';
    const sortsByCity = 'show A:Orders.OrderID order asc A:Orders.ShipCity';
    for (const question of ['order ids of orders. order by freight', 'order ids of orders ordered by their freight', 'list the order ids and order the results by the freight']) {
      expect(orderMisses(question, sortsByFreight)).toBe(0);
      expect(orderMisses(question, sortsByCity)).toBe(1);
    }
  });

  it('reads which way a sort goes from the words after what it sorts by', () => {
    expect(orderMisses('order ids sorted by freight from high to low', 'show A:Orders.OrderID order desc A:Orders.Freight')).toBe(0);
    expect(orderMisses('order ids sorted by freight from high to low', 'show A:Orders.OrderID order asc A:Orders.Freight')).toBe(1);
    expect(orderMisses('order ids ordered by freight in descending order', 'show A:Orders.OrderID order asc A:Orders.Freight')).toBe(1);
    expect(orderMisses('order ids ordered by freight, lowest first', 'show A:Orders.OrderID order asc A:Orders.Freight')).toBe(0);
    // Without words of direction either way will do.
    expect(orderMisses('order ids ordered by freight', 'show A:Orders.OrderID order desc A:Orders.Freight')).toBe(0);
  });

  it('reads "in reverse alphabetical order" as a sort of the text the question names, Z first', () => {
    const textMisses = (question: string, reading: string) => orderContradictions(orderCues(questionWords(question, findMentions(question, memory)), names, shopSchema), tokens(reading));
    const question = 'list the ship cities in reverse alphabetical order';
    expect(textMisses(question, 'show A:Orders.ShipCity order desc A:Orders.ShipCity')).toBe(0);
    expect(textMisses(question, 'show A:Orders.ShipCity order asc A:Orders.ShipCity')).toBe(1);
    expect(textMisses(question, 'show A:Orders.ShipCity order desc A:Orders.OrderDate')).toBe(1);
    expect(textMisses('list the ship cities in alphabetical order', 'show A:Orders.ShipCity order asc A:Orders.ShipCity')).toBe(0);
    // Only text is sorted by the alphabet: a freight named beside it is not what is sorted.
    expect(textMisses('freight and ship city in reversed lexicographical order', 'show A:Orders.Freight show A:Orders.ShipCity order desc A:Orders.ShipCity')).toBe(0);
  });

  it('lets a superlative be a sort its way or a maximum, past measure words, with any owner of a shared name', () => {
    expect(orderMisses('the 3 orders with the highest total freight', 'show A:Orders.OrderID order desc sum A:Orders.Freight limit @1')).toBe(0);
    expect(orderMisses('what is the biggest freight of orders', 'show max A:Orders.Freight')).toBe(0);
    expect(orderMisses('which employee has the largest city', 'show A:Employees.City order desc A:Employees.City limit #1')).toBe(0);
    expect(orderMisses('what is the biggest freight of orders', 'show A:Orders.Freight')).toBe(1);
    expect(orderMisses('what is the biggest freight of orders', 'show min A:Orders.Freight')).toBe(1);
    expect(orderMisses('the 3 orders with the lowest freight', 'show A:Orders.OrderID order desc A:Orders.Freight limit @1')).toBe(1);
  });

  it('reads superlatives of size the same way ("the shortest freight" ranks it lowest first)', () => {
    expect(orderMisses('the order with the shortest freight', 'show A:Orders.OrderID order desc A:Orders.Freight limit #1')).toBe(1);
    expect(orderMisses('the order with the shortest freight', 'show A:Orders.OrderID order asc A:Orders.Freight limit #1')).toBe(0);
    expect(orderMisses('the order with the longest freight', 'show A:Orders.OrderID order desc A:Orders.Freight limit #1')).toBe(0);
  });

  it('reads superlative adjectives of a class by its price or its dates, a birth date first', () => {
    expect(orderMisses('the cheapest order', 'show A:Orders.OrderID order asc A:Orders.Freight limit #1')).toBe(0);
    expect(orderMisses('the cheapest order', 'show A:Orders.OrderID order desc A:Orders.Freight limit #1')).toBe(1);
    expect(orderMisses('the 2 newest orders', 'show A:Orders.OrderID order desc A:Orders.OrderDate limit @1')).toBe(0);
    expect(orderMisses('the oldest employee', 'show A:Employees.City order asc A:Employees.BirthDate limit #1')).toBe(0);
    expect(orderMisses('the oldest employee', 'show A:Employees.City order asc A:Employees.HireDate limit #1')).toBe(1);
    expect(orderMisses('the oldest employee', 'show max A:Employees.City')).toBe(1);
  });

  it('reads "the first X" and "the last X" by their dates, past a participle, a column named as a date whatever its type', () => {
    expect(orderMisses('the first order', 'show A:Orders.OrderID order asc A:Orders.OrderDate limit #1')).toBe(0);
    expect(orderMisses('the first order', 'show A:Orders.OrderID order asc A:Orders.Freight limit #1')).toBe(1);
    expect(orderMisses('the last order', 'show A:Orders.OrderID order asc A:Orders.OrderDate limit #1')).toBe(1);
    expect(orderMisses('the most recently shipped order', 'show A:Orders.OrderID order desc A:Orders.OrderDate limit #1')).toBe(0);
    expect(orderMisses('the most recently shipped order', 'show A:Orders.OrderID order desc A:Orders.Freight limit #1')).toBe(1);
    // A text column named as a date is a date: SQLite keeps dates as text.
    const texted: SchemaGraph = { ...shopSchema, classes: shopSchema.classes.map((c) => (c.id === 'Orders' ? { ...c, attributes: c.attributes.map((a) => (a.id === 'OrderDate' ? { ...a, type: 'text' as const } : a)) } : c)) };
    const textedMisses = (question: string, reading: string) => orderContradictions(orderCues(questionWords(question, findMentions(question, memory)), schemaNames(texted)), tokens(reading));
    expect(textedMisses('the latest order', 'show A:Orders.OrderID order desc A:Orders.OrderDate limit #1')).toBe(0);
    expect(textedMisses('the latest order', 'show A:Orders.OrderID order desc A:Orders.ShipCity limit #1')).toBe(1);
    // "first name" names an attribute, not the first of a class.
    expect(orderMisses('the first name of customers', 'show A:Customers.City')).toBe(0);
  });

  it('keeps one row for a superlative adjective before a singular noun, any number for a plural', () => {
    const unlimited = (question: string, reading: string) => unlimitedSingles(orderCues(questionWords(question, findMentions(question, memory)), names), tokens(reading));
    expect(unlimited("what's our cheapest order", 'show A:Orders.OrderID order asc A:Orders.Freight')).toBe(1);
    expect(unlimited("what's our cheapest order", 'show A:Orders.OrderID order asc A:Orders.Freight limit #1')).toBe(0);
    expect(unlimited('the cheapest orders', 'show A:Orders.OrderID order asc A:Orders.Freight')).toBe(0);
    expect(unlimited('the 2 newest orders', 'show A:Orders.OrderID order desc A:Orders.OrderDate limit @1')).toBe(0);
    // The class's word opening an attribute's name, or followed by one, ranks the attribute: the number is said elsewhere.
    expect(unlimited('the 2 customers with the latest order date', 'show A:Customers.City order desc A:Orders.OrderDate limit @1')).toBe(0);
    expect(unlimited('the 3 orders with the oldest employee hire date', 'show A:Orders.OrderID order asc A:Employees.HireDate limit @1')).toBe(0);
    expect(unlimited('the latest order', 'show A:Orders.OrderID order desc A:Orders.OrderDate')).toBe(1);
  });

  it('wants attributes shown in the order the question names them, a class name aside', () => {
    const shown = (question: string, reading: string) => shownOutOfOrder(questionWords(question, findMentions(question, memory)), tokens(reading), names, shopSchema);
    expect(shown('the freight and ship city of orders', 'show A:Orders.Freight show A:Orders.ShipCity')).toBe(0);
    expect(shown('the freight and ship city of orders', 'show A:Orders.ShipCity show A:Orders.Freight')).toBe(1);
    // Orders.OrderID names orders: shown first for "orders" though its name comes last.
    expect(shown('orders and their freight whose order id is 7', 'show A:Orders.OrderID show A:Orders.Freight where A:Orders.OrderID = @1')).toBe(0);
    expect(shown('orders and their freight whose ship city is Lyon', 'show A:Orders.OrderID show A:Orders.ShipCity show A:Orders.Freight where A:Orders.ShipCity = @1')).toBe(1);
  });

  it('leaves superlatives of classes and words inside values to the model', () => {
    expect(orderMisses('which customer has the most orders', 'show A:Customers.City')).toBe(0);
    expect(orderMisses('customers in Berlin', 'show A:Customers.City where A:Customers.City = @1')).toBe(0);
  });
});

describe('missing-value cues', () => {
  it('wants the null test on the attribute "with no" names, not another one', () => {
    const question = 'orders with no ship city and with freight';
    expect(nullMisses(question, 'show A:Orders.OrderID where A:Orders.ShipCity is_null where A:Orders.Freight not_null')).toBe(0);
    expect(nullMisses(question, 'show A:Orders.OrderID where A:Orders.ShipCity not_null where A:Orders.Freight is_null')).toBe(1);
  });

  it('reads "whose X is missing" and "without a X", and leaves "with no orders" to the model', () => {
    expect(nullMisses('customers whose city is unknown', 'show A:Customers.City where A:Customers.City is_null')).toBe(0);
    expect(nullMisses('customers whose city is unknown', 'show A:Customers.City')).toBe(1);
    expect(nullMisses('orders without a freight', 'show A:Orders.OrderID where A:Orders.Freight not_null')).toBe(1);
    expect(nullMisses('customers with no orders', 'show A:Customers.City')).toBe(0);
  });

  it('wants the known test where "with a X", "that have a X" or "whose X is known" end their phrase', () => {
    expect(nullMisses('orders that have a ship city and whose freight is known', 'show A:Orders.OrderID where A:Orders.Freight not_null')).toBe(1);
    expect(nullMisses('orders that have a ship city and whose freight is known', 'show A:Orders.OrderID where A:Orders.ShipCity not_null where A:Orders.Freight not_null')).toBe(0);
    expect(nullMisses('orders with a freight', 'show A:Orders.OrderID where A:Orders.Freight is_null')).toBe(1);
  });

  it('counts the null tests a reading makes where no word of absence or presence asks for one', () => {
    const presence = (question: string) => asksForPresence(questionWords(question, findMentions(question, memory)), names);
    expect(presence('employees who have been abandoned')).toBe(false);
    expect(presence('customers living in a city that contains Lyon')).toBe(false);
    expect(presence('customers with no orders')).toBe(true);
    expect(presence('customers that have a fax')).toBe(true);
    expect(presence('customers who have never ordered')).toBe(true);
    expect(presence('employees whose address is unknown')).toBe(true);
    expect(presence("orders that weren't shipped")).toBe(true);
    expect(presence('has any order been shipped to Lyon')).toBe(true);
    // "with a X" said without its article, X ending the phrase; not "with X" before a comparison.
    expect(presence('orders with ship city')).toBe(true);
    expect(presence('orders with ship city by order date, lowest first')).toBe(true);
    expect(presence('orders with freight over 20')).toBe(false);
    expect(nullTests(tokens('show A:Employees.City where A:Employees.City = @1 where A:Employees.Address not_null where A:Orders.Freight is_null'))).toBe(2);
    expect(nullTests(tokens('show A:Employees.City where A:Employees.City = @1'))).toBe(0);
  });

  it('leaves "with a X" that goes on to compare X, or names a value, to the model', () => {
    expect(nullMisses('orders with a freight over 50', 'show A:Orders.OrderID where A:Orders.Freight > @1')).toBe(0);
    expect(nullMisses('customers with a city Berlin', 'show A:Customers.Address where A:Customers.City = @1')).toBe(0);
  });
});

describe('attribute cues before values', () => {
  it('wants a value on the attribute named right before it, past comparison words', () => {
    const question = 'orders whose ship city is not Lyon';
    expect(misplaced(question, 'show A:Orders.OrderID where A:Orders.ShipCity != @1')).toBe(0);
    expect(misplaced(question, 'show A:Orders.OrderID where A:Customers.City != @1')).toBe(1);
    expect(misplaced('orders with freight between 5 and 9', 'show A:Orders.OrderID where A:Orders.OrderID between @1 @2')).toBe(1);
  });

  it('accepts any owner of a shared name and does not count a value left out', () => {
    expect(misplaced('the city is Lyon', 'show A:Employees.City where A:Employees.City = @1')).toBe(0);
    expect(misplaced('orders whose ship city is not Lyon', 'show A:Orders.OrderID')).toBe(0);
  });

  it('has no cue for a value after other words or before a noun', () => {
    expect(misplaced('Lyon customers', 'show A:Orders.OrderID where A:Orders.ShipCity = @1')).toBe(0);
    expect(misplaced('cities with freight of 20 orders', 'show A:Customers.City group A:Customers.City having count A:Orders.* > @1')).toBe(0);
  });

  it('reads the name past the quotation marks around the value, before and after it', () => {
    expect(misplaced('orders whose ship city is "Lyon"', 'show A:Orders.OrderID where A:Customers.City = @1')).toBe(1);
    expect(misplaced('orders whose ship city is "Lyon"', 'show A:Orders.OrderID where A:Orders.ShipCity = @1')).toBe(0);
    // A value before a noun has no cue, closing quotation mark or not.
    expect(misplaced('ship city "Lyon" orders', 'show A:Orders.OrderID where A:Customers.City = @1')).toBe(0);
  });

  it('judges the attribute of a condition before its value, when every value still to come is named', () => {
    const question = 'orders whose ship city is not Lyon and with freight over 20';
    const pending = (reading: string, tested: readonly string[] = []) => {
      const mentions = findMentions(question, memory);
      return misnamedCondition(attributeCues(question, mentions, names), new Set(tested), mentions.length, tokens(reading));
    };
    expect(pending('show A:Orders.OrderID where A:Customers.City')).toBe(1);
    expect(pending('show A:Orders.OrderID where A:Orders.ShipCity')).toBe(0);
    expect(pending('show A:Orders.OrderID where A:Orders.ShipCity != @1 where A:Orders.OrderID')).toBe(1);
    expect(pending('show A:Orders.OrderID where A:Orders.ShipCity != @1 where A:Orders.Freight >')).toBe(0);
    // Written, the value is judged by attributeContradictions; a null test the words ask for is no value.
    expect(pending('show A:Orders.OrderID where A:Customers.City != @1')).toBe(0);
    expect(pending('show A:Orders.OrderID where A:Customers.Address', ['A:Customers.Address'])).toBe(0);
    expect(pending('show A:Orders.OrderID where A:Customers.Address is_null')).toBe(0);
  });

  it("puts a year after a date attribute's participle on that attribute, but not a text value", () => {
    const withVerbs = schemaNames(shopSchema, { isVerb: (word) => word === 'hire' });
    const misread = (question: string, reading: string) => attributeContradictions(attributeCues(question, findMentions(question, memory), withVerbs), tokens(reading));
    expect(misread('employees hired in 1993', 'show A:Employees.City where A:Employees.HireDate year @1')).toBe(0);
    expect(misread('employees hired in 1993', 'show A:Employees.City where A:Employees.BirthDate year @1')).toBe(1);
    expect(misread('employees born before 1960', 'show A:Employees.City where A:Employees.HireDate < @1')).toBe(1);
    expect(misread('employees born in Lyon', 'show A:Employees.City where A:Employees.City = @1')).toBe(0);
  });
});

describe('aggregate cues', () => {
  const lastName = schemaNames(withEmployeeAttribute(attribute('Employees', 'LastName', 'last name', 'last names')));
  const unasked = (question: string, reading: string) => unaskedAggregates(aggregateCues(questionWords(question, findMentions(question, memory)), lastName, question), tokens(reading));

  it('wants a word that asks for a shown maximum, total or average, outside the names', () => {
    expect(unasked('the last names of the employees', 'show max A:Employees.LastName')).toBe(1);
    expect(unasked('the last names of the employees', 'show A:Employees.LastName')).toBe(0);
    expect(unasked('the last hire date of the employees', 'show max A:Employees.HireDate')).toBe(0);
    expect(unasked('the total freight of orders', 'show sum A:Orders.Freight')).toBe(0);
    expect(unasked('the freight of orders', 'show avg A:Orders.Freight')).toBe(1);
    // "how many" of what no name of the schema says may be an attribute's total ("how many people live in ...").
    expect(unasked('How many people live in Lyon?', 'show sum A:Orders.Freight')).toBe(0);
    expect(unasked('How many orders went to Lyon?', 'show sum A:Orders.Freight')).toBe(1);
  });

  it('lets any superlative ask for a maximum or a minimum', () => {
    expect(unasked('the heaviest freight of orders', 'show min A:Orders.Freight')).toBe(0);
  });

  it('wants a word asking for a number, or a yes/no question, for a count that is the whole answer; counts per group are left to the model', () => {
    expect(unasked('What are the orders shipped to Lyon called?', 'show count A:Orders.*')).toBe(1);
    expect(unasked('orders and their freight', 'show count A:Orders.*')).toBe(1);
    expect(unasked('How many orders went to Lyon?', 'show count A:Orders.*')).toBe(0);
    expect(unasked('the number of orders', 'show count A:Orders.*')).toBe(0);
    expect(unasked('count the orders', 'show count A:Orders.*')).toBe(0);
    expect(unasked('Are there orders to Lyon?', 'show count A:Orders.*')).toBe(0);
    expect(unasked('orders for each ship city', 'show A:Orders.ShipCity show count A:Orders.* group A:Orders.ShipCity')).toBe(0);
  });

  it('wants some word asking for an amount for a grouped aggregate; "of each" lists things', () => {
    const countedPerDate = 'show A:Orders.OrderDate show count A:Orders.* group A:Orders.OrderDate';
    expect(unasked('the order date of each order, with the city of its customer', countedPerDate)).toBe(1);
    expect(unasked('the order dates and ship cities of all the orders', 'show A:Orders.OrderDate show count_distinct A:Orders.ShipCity group A:Orders.OrderDate')).toBe(1);
    expect(unasked('order dates and their number of orders', countedPerDate)).toBe(0);
    expect(unasked('orders per order date', countedPerDate)).toBe(0);
    expect(unasked('order dates with more than 5 orders', 'show A:Orders.OrderDate group A:Orders.OrderDate having count A:Orders.* > @1')).toBe(0);
    expect(unasked('the most common ship city of orders', 'show A:Orders.ShipCity group A:Orders.ShipCity order desc count A:Orders.* limit #1')).toBe(0);
    // A grouping that aggregates nothing is a list of distinct values, not judged here.
    expect(unasked('the order dates of the orders', 'show A:Orders.OrderDate group A:Orders.OrderDate')).toBe(0);
  });

  it('wants the total or average of what the words name after "average" or "total", not of a key', () => {
    const keyed: SchemaGraph = { ...shopSchema, classes: shopSchema.classes.map((c) => ({ ...c, attributes: c.attributes.map((a) => (a.id === 'OrderID' ? { ...a, primaryKey: true } : a)) })) };
    const instead = (question: string, reading: string) => keysMeasuredInstead(measuredNames(questionWords(question, findMentions(question, memory)), names), keyTokens(keyed), tokens(reading));
    expect(instead('the average freight of the orders', 'show A:Orders.ShipCity show avg A:Orders.OrderID group A:Orders.ShipCity')).toBe(1);
    expect(instead('the sum of the freight of all orders', 'show sum A:Orders.OrderID')).toBe(1);
    expect(instead('the average freight of the orders', 'show avg A:Orders.Freight')).toBe(0);
    expect(instead('the average order id of the orders', 'show avg A:Orders.OrderID')).toBe(0);
    // No name after the word: what is averaged is left to the model.
    expect(instead('on average, when were the orders placed', 'show avg A:Orders.OrderID')).toBe(0);
  });

  it('wants a word asking for an extreme when a reading keeps only the first row of a sort', () => {
    expect(unasked('the customers and the cities they are in', 'show A:Customers.City order desc A:Customers.City limit #1')).toBe(1);
    expect(unasked('the customer in the latest city', 'show A:Customers.City order desc A:Customers.City limit #1')).toBe(0);
    expect(unasked('the 3 customers', 'show A:Customers.City order desc A:Customers.City limit @1')).toBe(0);
  });
});

describe('group cues', () => {
  // Employees are named by their name; "employee city" is an attribute of theirs.
  const staff = withEmployeeAttribute(attribute('Employees', 'Name', 'name', 'names'));
  const staffNames = schemaNames(staff);
  const misgrouped = (question: string, reading: string) => groupContradictions(groupCues(questionWords(question, findMentions(question, memory)), staffNames, staff), tokens(reading));

  it('wants a grouped reading to group by what "for each" or "per" names, a class by its name', () => {
    expect(misgrouped('the number of orders per employee', 'show A:Employees.Name show count A:Orders.* group A:Employees.Name')).toBe(0);
    expect(misgrouped('the number of orders per employee', 'show A:Employees.City show count A:Orders.* group A:Employees.City')).toBe(1);
    expect(misgrouped('the freight for each ship city', 'show A:Orders.Freight')).toBe(0);
  });

  it('reads "in each employee city" as the city, the class only saying whose', () => {
    expect(misgrouped('the number of orders in each employee city', 'show A:Employees.City show count A:Orders.* group A:Employees.City')).toBe(0);
    expect(misgrouped('the number of orders in each employee city', 'show A:Employees.Name show count A:Orders.* group A:Employees.Name')).toBe(1);
  });
});

describe('count cues', () => {
  // Orders have an "order number": "number" alone is a name of the schema.
  const numbered = withAttribute(shopSchema, 'Orders', attribute('Orders', 'OrderNumber', 'order number', 'order numbers', 'integer'));
  const numberedNames = schemaNames(numbered);
  const said = (question: string) => questionWords(question, findMentions(question, memory));
  const countMisses = (question: string, reading: string) => countContradictions(countCues(said(question), numberedNames, numbered), tokens(reading));
  const sortMisses = (question: string, reading: string) => orderContradictions(orderCues(said(question), numberedNames), tokens(reading));
  const ranked = 'show A:Customers.City show count A:Orders.* group A:Customers.City order desc count A:Orders.* limit #1';

  it('wants the rows of the class "the most X" names counted and ranked that way', () => {
    expect(countMisses('the city with the most orders', ranked)).toBe(0);
    expect(countMisses('the city with the fewest orders', ranked)).toBe(1);
    expect(countMisses('the city with the most orders', 'show A:Customers.City show sum A:Orders.Freight group A:Customers.City order desc sum A:Orders.Freight limit #1')).toBe(1);
  });

  it('holds a sort by a plain attribute against "the most X" as soon as the sort is written', () => {
    const searchMisses = (question: string, prefix: string) => rankedOtherwise(countCues(said(question), numberedNames, numbered), tokens(prefix));
    expect(searchMisses('the city with the most orders', 'show A:Customers.City order desc A:Orders.Freight')).toBe(1);
    expect(searchMisses('the city with the most orders', 'show A:Customers.City show count A:Orders.* group A:Customers.City order desc count A:Orders.*')).toBe(0);
    expect(searchMisses('the city of the orders with the highest freight', 'show A:Customers.City order desc A:Orders.Freight')).toBe(0);
  });

  it('judges a reading that never names the counted class on what it counts and ranks by', () => {
    // Sorting the cities by the alphabet is no ranking by a count, whichever class it names.
    expect(countMisses('the city with the most orders', 'show A:Customers.City order desc A:Customers.City limit #1')).toBe(1);
    // Counting the customers themselves is no count of the orders the words name.
    expect(countMisses('the city with the most orders', 'show A:Customers.City show count A:Customers.* group A:Customers.City order desc count A:Customers.* limit #1')).toBe(1);
    expect(countMisses('how many orders', 'show count A:Customers.*')).toBe(1);
    // A reading of other classes that neither counts nor ranks is left to the model.
    expect(countMisses('the city with the most orders', 'show A:Customers.City')).toBe(0);
    expect(countMisses('how many orders', 'show A:Customers.City')).toBe(0);
    // A followed relation may be how a reading names the class.
    expect(countMisses('how many orders', 'follow R:KNOWS i1 i2 show count A:Customers#2.*')).toBe(0);
  });

  it('takes a distinct count of a foreign key to the class for a count of the class', () => {
    const keyed: SchemaGraph = {
      ...withAttribute(numbered, 'Orders', attribute('Orders', 'CustomerID', 'customer id', 'customer ids', 'integer')),
      relations: [{ id: 'Orders(CustomerID)->Customers(CustomerID)', from: 'Orders', to: 'Customers', fromColumns: ['CustomerID'], toColumns: ['CustomerID'], name: { singular: 'customer', plural: 'customers' } }],
    };
    const keyedMisses = (question: string, reading: string) => countContradictions(countCues(said(question), schemaNames(keyed), keyed), tokens(reading));
    expect(keyedMisses('how many different customers do the orders have', 'show count_distinct A:Orders.CustomerID')).toBe(0);
    expect(keyedMisses('how many different customers do the orders have', 'show count_distinct A:Orders.ShipCity')).toBe(1);
  });

  it('reads "the highest number of X" and "sorted by number of X" as a count, not as an attribute whose name ends in "number"', () => {
    expect(sortMisses('the city with the highest number of orders', ranked)).toBe(0);
    expect(sortMisses('cities sorted by number of orders', 'show A:Customers.City show count A:Orders.* group A:Customers.City order desc count A:Orders.*')).toBe(0);
    expect(unreadNames(said('the city with the largest number of orders'), tokens(ranked), numberedNames)).toBe(0);
    // The attribute said in full is still a sort.
    expect(sortMisses('the orders with the highest order number', 'show A:Orders.OrderID order desc A:Orders.Freight limit #1')).toBe(1);
  });
});
