/**
 * Classes no word asks for: a reading that reads a class only for an attribute that a class the
 * words do ask for has too, by the same name ("the city of customers in Lyon" read as the
 * employees' city), is judged against; a class a word names, a class whose own attribute the words
 * name, a class a value belongs to, and a class read for an attribute only it has are not.
 */
import { describe, expect, it } from 'vitest';
import { questionWords } from '../../engines/predictor/cues/coverage.js';
import { unaskedClasses } from '../../engines/predictor/cues/unasked-class.js';
import { findMentions } from '../../engines/predictor/values/mentions.js';
import { schemaNames } from '../../engines/predictor/schema-words/schema-names.js';
import { ValueMemory } from '../../engines/predictor/values/value-memory.js';
import { shopSchema } from '../helpers/shop-schema.js';

const memory = ValueMemory.of([{ classId: 'Customers', attributeId: 'Address', type: 'text', values: ['12 Rue Blanche'], min: null, max: null }], shopSchema);
const names = schemaNames(shopSchema);
const unasked = (question: string, reading: string) => unaskedClasses(questionWords(question, findMentions(question, memory)), reading.split(' '), names, shopSchema);

describe('classes no word asks for', () => {
  it('counts a class read only for an attribute an asked class has by the same name', () => {
    expect(unasked('the city of the customer at 12 Rue Blanche', 'show A:Employees.City where A:Customers.Address = @1')).toBe(1);
    expect(unasked('the city and ship city of orders', 'show A:Customers.City show A:Orders.ShipCity')).toBe(0);
  });

  it('leaves alone classes the words name, whose own attributes they name, or a value of which they give', () => {
    expect(unasked('the city of the customer at 12 Rue Blanche', 'show A:Customers.City where A:Customers.Address = @1')).toBe(0);
    expect(unasked('the cities of employees and of the customer at 12 Rue Blanche', 'show A:Employees.City where A:Customers.Address = @1')).toBe(0);
    expect(unasked('the hire date of the customer at 12 Rue Blanche', 'show A:Employees.HireDate where A:Customers.Address = @1')).toBe(0);
  });

  it('judges readings of one class not at all', () => {
    expect(unasked('the city', 'show A:Employees.City')).toBe(0);
  });
});
