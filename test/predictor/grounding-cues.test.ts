/**
 * Cues that hold a reading to what the question's words ground: an anti-join needs a word that
 * denies (negation.ts); a class the words name must be used (coverage.ts). And names written as one
 * word in the schema are read when people write them as two (schema-names.ts).
 */
import { describe, expect, it } from 'vitest';
import { COVERAGE_CUE, questionWords } from '../../engines/predictor/cues/coverage.js';
import type { CueKind } from '../../engines/predictor/cues/cue.js';
import { NEGATION_CUE } from '../../engines/predictor/cues/negation.js';
import { schemaNames } from '../../engines/predictor/schema-words/schema-names.js';
import { findMentions } from '../../engines/predictor/values/mentions.js';
import { ValueMemory } from '../../engines/predictor/values/value-memory.js';
import type { SchemaGraph, SchemaRelation } from '../../engines/schema-graph/types.js';
import { attribute, shopSchema } from '../helpers/shop-schema.js';

const relation = (from: string, to: string, column: string): SchemaRelation => ({ id: `${from}(${column})->${to}(${column})`, from, to, fromColumns: [column], toColumns: [column], name: { singular: to, plural: to } });

/** The shop, with its orders related to customers and employees, and a class whose schema name is one word for two ("Highschooler"). */
const schema: SchemaGraph = {
  ...shopSchema,
  relations: [relation('Orders', 'Customers', 'CustomerID'), relation('Orders', 'Employees', 'EmployeeID')],
  classes: [
    ...shopSchema.classes,
    { id: 'Highschooler', name: { singular: 'highschooler', plural: 'highschoolers' }, primaryKey: [], rowCount: 1, attributes: [attribute('Highschooler', 'grade', 'grade', 'grades', 'integer')] },
  ],
};
const memory = ValueMemory.of([{ classId: 'Customers', attributeId: 'City', type: 'text', values: ['Berlin', 'Lyon'], min: null, max: null }], schema);
const names = schemaNames(schema);

const lost = (kind: CueKind) => (question: string, reading: string) => {
  const mentions = findMentions(question, memory);
  const cue = kind.read({ question, mentions, said: questionWords(question, mentions), names, schema });
  return cue.whenFinished?.(reading.split(' ')) ?? 0;
};

describe('negation cue', () => {
  const negation = lost(NEGATION_CUE);

  it('holds an anti-join against a question that denies nothing', () => {
    expect(negation('How many customers placed any orders?', 'show count A:Customers.* none class C:Orders end')).toBeGreaterThan(0);
    expect(negation('customers who ordered', 'show A:Customers.City none class C:Orders end')).toBeGreaterThan(0);
  });

  it('lets an anti-join pass when a word denies, in any register', () => {
    for (const question of ['customers with no orders', 'customers that never ordered', "customers who haven't ordered", 'customers without orders', 'customers with zero orders', 'customers other than those with orders']) {
      expect(negation(question, 'show A:Customers.City none class C:Orders end')).toBe(0);
    }
  });

  it('judges only anti-joins', () => {
    expect(negation('customers who ordered', 'show A:Customers.City some class C:Orders end')).toBe(0);
  });
});

describe('class coverage', () => {
  const coverage = lost(COVERAGE_CUE);

  it('holds a reading that leaves out a class the question names', () => {
    expect(coverage('What is the average freight of all the employees?', 'show avg A:Orders.Freight')).toBeGreaterThan(0);
  });

  it('lets a reading that uses the class pass', () => {
    expect(coverage('What is the average freight of all the orders?', 'show avg A:Orders.Freight')).toBe(0);
  });

  it('reads a class the reading joins through ("the orders" between customers and employees)', () => {
    expect(coverage('the employees of the orders of customers in each city', 'show A:Customers.City show count A:Employees.* group A:Customers.City')).toBe(0);
  });

  it('reads no class into a word other cues read ("in descending order")', () => {
    expect(coverage('customers sorted by city in descending order', 'show A:Customers.City order desc A:Customers.City')).toBe(0);
  });

  it('reads a one-word schema name written as two words', () => {
    expect(names.classAt(['how', 'many', 'high', 'schoolers'], 2)?.id).toBe('Highschooler');
    expect(coverage('How many high schoolers are there?', 'show count A:Orders.*')).toBeGreaterThan(0);
    expect(coverage('How many high schoolers are there?', 'show count A:Highschooler.*')).toBe(0);
  });
});
