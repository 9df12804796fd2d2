/**
 * Row-count cue: a number after "top" or "bottom", or before a superlative, is how many rows to
 * keep: a reading that compares it instead, or keeps another number of rows, is judged against.
 */
import { describe, expect, it } from 'vitest';
import { rowCounts, rowCountsNotKept } from '../../engines/predictor/cues/row-count.js';
import { findMentions } from '../../engines/predictor/values/mentions.js';
import { ValueMemory } from '../../engines/predictor/values/value-memory.js';
import { shopSchema } from '../helpers/shop-schema.js';

const memory = ValueMemory.of([], shopSchema);
const notKept = (question: string, reading: string) => rowCountsNotKept(rowCounts(question, findMentions(question, memory)), reading.split(' '));

describe('row counts', () => {
  it('wants the number after "top" or before a superlative as the limit', () => {
    expect(notKept('the top 3 orders by freight', 'show A:Orders.OrderID order desc A:Orders.Freight limit @1')).toBe(0);
    expect(notKept('the top 3 orders by freight', 'show A:Orders.OrderID where A:Orders.Freight < @1')).toBe(1);
    expect(notKept('the 5 largest freights', 'show A:Orders.Freight order desc A:Orders.Freight limit #1')).toBe(1);
  });

  it('leaves numbers that are values alone', () => {
    expect(notKept('orders with a freight over 30', 'show A:Orders.OrderID where A:Orders.Freight > @1')).toBe(0);
    expect(notKept('the top 1 order', 'show A:Orders.OrderID limit #1')).toBe(0);
  });
});
