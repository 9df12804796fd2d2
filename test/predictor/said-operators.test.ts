/**
 * Comparisons the words say: a condition whose operator the words before its value rule out takes
 * the one they allow ("not higher than 40" is at most 40), when the attribute can be compared so;
 * a condition the words agree with, or say nothing about, stays.
 */
import { describe, expect, it } from 'vitest';
import { withSaidOperators } from '../../engines/predictor/completions/said-operators.js';
import { operatorCues } from '../../engines/predictor/cues/operator.js';
import { findMentions } from '../../engines/predictor/values/mentions.js';
import { ValueMemory } from '../../engines/predictor/values/value-memory.js';
import { shopSchema } from '../helpers/shop-schema.js';

const memory = ValueMemory.of([{ classId: 'Orders', attributeId: 'ShipCity', type: 'text', values: ['Lyon', 'Berlin'], min: null, max: null }], shopSchema);
const compared = (question: string, reading: string) => withSaidOperators(reading.split(' '), operatorCues(question, findMentions(question, memory)), shopSchema).join(' ');

describe('comparisons the words say', () => {
  it('turns a condition the words rule out to the one they allow', () => {
    expect(compared('orders with a freight not higher than 40', 'show A:Orders.OrderID where A:Orders.Freight != @1')).toBe('show A:Orders.OrderID where A:Orders.Freight <= @1');
    expect(compared('orders with a ship city other than Lyon', 'show A:Orders.OrderID where A:Orders.ShipCity = @1')).toBe('show A:Orders.OrderID where A:Orders.ShipCity != @1');
  });

  it('leaves a condition the words agree with, or say nothing about, or one the attribute cannot take', () => {
    expect(compared('orders with a freight below 40', 'show A:Orders.OrderID where A:Orders.Freight < @1')).toBe('show A:Orders.OrderID where A:Orders.Freight < @1');
    expect(compared('orders with freight 40', 'show A:Orders.OrderID where A:Orders.Freight > @1')).toBe('show A:Orders.OrderID where A:Orders.Freight > @1');
    expect(compared('orders shipped after Lyon', 'show A:Orders.OrderID where A:Orders.ShipCity = @1')).toBe('show A:Orders.OrderID where A:Orders.ShipCity = @1');
  });
});
