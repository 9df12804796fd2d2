/**
 * Average cue: a question that asks for an average is answered by a reading that averages
 * something; an "average" inside a schema name, or one something is compared with ("below the
 * average"), asks for none.
 */
import { describe, expect, it } from 'vitest';
import { AVERAGE_CUE } from '../../engines/predictor/cues/average.js';
import { questionWords } from '../../engines/predictor/cues/coverage.js';
import { schemaNames } from '../../engines/predictor/schema-words/schema-names.js';
import { findMentions } from '../../engines/predictor/values/mentions.js';
import { ValueMemory } from '../../engines/predictor/values/value-memory.js';
import type { SchemaGraph } from '../../engines/schema-graph/types.js';
import { attribute, shopSchema } from '../helpers/shop-schema.js';

const withScore: SchemaGraph = {
  ...shopSchema,
  classes: shopSchema.classes.map((c) => (c.id === 'Orders' ? { ...c, attributes: [...c.attributes, attribute('Orders', 'AverageScore', 'average score', 'average scores', 'decimal')] } : c)),
};
const memory = ValueMemory.of([{ classId: 'Customers', attributeId: 'City', type: 'text', values: ['Berlin', 'Lyon'], min: null, max: null }], withScore);
const names = schemaNames(withScore);
const lost = (question: string, reading: string) => {
  const cue = AVERAGE_CUE.read({ question, mentions: findMentions(question, memory), said: questionWords(question, findMentions(question, memory)), names, schema: withScore });
  return cue.whenFinished?.(reading.split(' ')) ?? 0;
};

describe('average cue', () => {
  it('holds a reading that averages nothing against a question that asks for an average', () => {
    expect(lost('What is the average freight of the orders?', 'show A:Orders.Freight')).toBeGreaterThan(0);
    expect(lost('avg freight', 'show A:Orders.OrderID')).toBeGreaterThan(0);
    expect(lost('mean freight per ship city', 'show A:Orders.ShipCity show sum A:Orders.Freight group A:Orders.ShipCity')).toBeGreaterThan(0);
  });

  it('lets a reading that averages anything pass, wherever the average stands', () => {
    expect(lost('What is the average freight of the orders?', 'show avg A:Orders.Freight')).toBe(0);
    expect(lost('the ship city with the highest average freight', 'show A:Orders.ShipCity group A:Orders.ShipCity order desc avg A:Orders.Freight limit #1')).toBe(0);
  });

  it('reads no average into a schema name or into an average something is compared with', () => {
    expect(lost('the highest average score of the orders', 'show max A:Orders.AverageScore')).toBe(0);
    expect(lost('orders with a freight below the average', 'show A:Orders.OrderID')).toBe(0);
    expect(lost('orders with more freight than average', 'show A:Orders.OrderID')).toBe(0);
    expect(lost('the freight of the orders from Berlin', 'show A:Orders.Freight')).toBe(0);
  });
});
