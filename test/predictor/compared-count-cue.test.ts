/**
 * Compared-count cues: a number the words compare, right before a class's name ("more than 5
 * orders", "2 or more orders", "between 1 and 3 orders"), counts that class's rows, so a reading
 * must compare that count in a having condition; a number on an attribute ("more than 20 freight"),
 * a number no word compares ("list 5 orders") and a reading that never uses the class are not judged.
 */
import { describe, expect, it } from 'vitest';
import { comparedCountContradictions, comparedCountCues } from '../../engines/predictor/cues/compared-count.js';
import { withComparedCount } from '../../engines/predictor/completions/compared-count.js';
import { questionWords } from '../../engines/predictor/cues/coverage.js';
import { findMentions } from '../../engines/predictor/values/mentions.js';
import { schemaNames } from '../../engines/predictor/schema-words/schema-names.js';
import { ValueMemory } from '../../engines/predictor/values/value-memory.js';
import { shopSchema } from '../helpers/shop-schema.js';

const memory = ValueMemory.of([{ classId: 'Customers', attributeId: 'City', type: 'text', values: ['Berlin', 'Lyon'], min: null, max: null }], shopSchema);
const names = schemaNames(shopSchema);
const misses = (question: string, reading: string) =>
  comparedCountContradictions(comparedCountCues(questionWords(question, findMentions(question, memory)), names, shopSchema), reading.split(' '));
const having = 'show A:Customers.City group A:Customers.City having count A:Orders.* > @1';
const onAnAttribute = 'show A:Customers.City where A:Orders.Freight > @1';

describe('compared-count cues', () => {
  it('wants a number compared before a class name read as a count of its rows in a having condition', () => {
    expect(misses('cities with more than 5 orders', having)).toBe(0);
    expect(misses('cities with more than 5 orders', onAnAttribute)).toBe(1);
    expect(misses('cities with at least 2 orders', onAnAttribute)).toBe(1);
  });

  it('reads the comparison after the number and in a range too', () => {
    expect(misses('cities that have 2 or more orders', onAnAttribute)).toBe(1);
    expect(misses('cities that have 2 or more orders', having)).toBe(0);
    expect(misses('cities with between 1 and 3 orders', onAnAttribute)).toBe(1);
    expect(misses('cities with 1 to 3 orders', 'show A:Customers.City group A:Customers.City having count A:Orders.* between @1 @2')).toBe(0);
  });

  it('leaves a number no word compares, and a number on an attribute, to the other cues', () => {
    expect(misses('list 5 orders', 'show A:Orders.OrderID limit @1')).toBe(0);
    expect(misses('orders with freight more than 5', onAnAttribute)).toBe(0);
    expect(misses('orders with more than 5 freight', onAnAttribute)).toBe(0);
  });

  it('does not judge a reading that never uses the counted class', () => {
    expect(misses('cities with more than 5 orders', 'show A:Customers.City where A:Customers.Address > @1')).toBe(0);
  });

  it('takes a distinct count of the class key as a count of its rows', () => {
    const keyed = { ...shopSchema, classes: shopSchema.classes.map((c) => (c.id === 'Orders' ? { ...c, attributes: c.attributes.map((a) => (a.id === 'OrderID' ? { ...a, primaryKey: true } : a)) } : c)) };
    const read = (reading: string) => comparedCountContradictions(comparedCountCues(questionWords('cities with more than 5 orders', findMentions('cities with more than 5 orders', memory)), schemaNames(keyed), keyed), reading.split(' '));
    expect(read('show A:Customers.City group A:Customers.City having count_distinct A:Orders.OrderID > @1')).toBe(0);
    expect(read('show A:Customers.City group A:Customers.City having count_distinct A:Orders.ShipCity > @1')).toBe(1);
  });
});

describe('a number that counts a class, read as a count when the reading puts it on an attribute', () => {
  const cues = (question: string) => comparedCountCues(questionWords(question, findMentions(question, memory)), names, shopSchema);
  const completed = (question: string, reading: string) => withComparedCount(reading.split(' '), cues(question)).join(' ');

  it('says how the words compare: before the number, after it, or a range', () => {
    expect(cues('cities with more than 5 orders').map((c) => c.operator)).toEqual(['>']);
    expect(cues('cities that have 2 or more orders').map((c) => c.operator)).toEqual(['>=']);
    expect(cues('cities with at most 3 orders').map((c) => c.operator)).toEqual(['<=']);
    expect(cues('cities with between 1 and 3 orders').map((c) => c.operator)).toEqual([null]);
  });

  it('groups what the reading shows and compares the count of the class the words count', () => {
    expect(completed('cities that have 2 or more orders', 'show A:Customers.City where A:Orders.Freight <= @1')).toBe('show A:Customers.City group A:Customers.City having count A:Orders.* >= @1');
  });

  it('leaves a reading that counts already, a range, and a count of the shown class as written', () => {
    expect(completed('cities that have 2 or more orders', having)).toBe(having);
    expect(completed('cities with between 1 and 3 orders', 'show A:Customers.City where A:Orders.Freight between @1 @2')).toBe('show A:Customers.City where A:Orders.Freight between @1 @2');
    expect(completed('orders with more than 5 orders', 'show A:Orders.OrderID where A:Orders.Freight > @1')).toBe('show A:Orders.OrderID where A:Orders.Freight > @1');
  });
});
