/**
 * Owner cues: "the cities of the employees" says whose city: a reading that shows another class's
 * city and not the employees' has put the attribute on the wrong owner; a class without an
 * attribute of that name, a class followed by another of its attributes, and a reading that reads
 * the named class's attribute are not judged against.
 */
import { describe, expect, it } from 'vitest';
import { questionWords } from '../../engines/predictor/cues/coverage.js';
import { ownerContradictions, ownerCues } from '../../engines/predictor/cues/owner.js';
import { findMentions } from '../../engines/predictor/values/mentions.js';
import { schemaNames } from '../../engines/predictor/schema-words/schema-names.js';
import { ValueMemory } from '../../engines/predictor/values/value-memory.js';
import { shopSchema } from '../helpers/shop-schema.js';

const memory = ValueMemory.of([{ classId: 'Customers', attributeId: 'City', type: 'text', values: ['Berlin', 'Lyon'], min: null, max: null }], shopSchema);
const names = schemaNames(shopSchema);
const misses = (question: string, reading: string) => ownerContradictions(ownerCues(questionWords(question, findMentions(question, memory)), names), reading.split(' '));

describe('owner cues', () => {
  it("wants the attribute of the class named after 'of', not another class's of the same name", () => {
    expect(misses('the cities of the employees', 'show A:Customers.City')).toBe(1);
    expect(misses('the cities of the employees', 'show A:Employees.City')).toBe(0);
    expect(misses('list the city of each customer who ordered in 1997', 'show A:Employees.City where A:Orders.OrderDate year @1')).toBe(1);
  });

  it("does not judge a reading that also reads the named class's attribute, or one that reads neither", () => {
    expect(misses('the cities of the employees', 'show A:Employees.City show A:Customers.City')).toBe(0);
    expect(misses('the cities of the employees', 'show A:Employees.BirthDate')).toBe(0);
  });

  it('says nothing when the class has no attribute of the name, or when its own attribute follows', () => {
    expect(misses('the ship cities of the employees', 'show A:Orders.ShipCity')).toBe(0);
    expect(misses('the cities of the employees birth date', 'show A:Customers.City')).toBe(0);
    // "the customer city of employees" is the customers' city, whoever follows "of".
    expect(misses('the customer city of the employees', 'show A:Customers.City')).toBe(0);
  });
});
