/**
 * "When" asks for a date: a reading that shows another attribute of a class with one date shows
 * the date instead; a reading already showing a date, a class with several dates or none, an
 * aggregate, and a question that does not ask when are left as written.
 */
import { describe, expect, it } from 'vitest';
import { asksWhen, withDateShown } from '../../engines/predictor/completions/asked-when.js';
import { questionWords } from '../../engines/predictor/cues/coverage.js';
import type { SchemaGraph } from '../../engines/schema-graph/types.js';
import { attribute, shopSchema } from '../helpers/shop-schema.js';

const schema: SchemaGraph = {
  ...shopSchema,
  classes: [
    ...shopSchema.classes,
    { id: 'Episodes', name: { singular: 'episode', plural: 'episodes' }, primaryKey: [], rowCount: 1, attributes: [attribute('Episodes', 'Title', 'title', 'titles'), attribute('Episodes', 'Air_Date', 'air date', 'air dates')] },
  ],
};
const read = (question: string, reading: string) => withDateShown(reading.split(' '), asksWhen(questionWords(question, [])), schema).join(' ');

describe('a date for "when"', () => {
  it('reads which questions ask when', () => {
    expect(asksWhen(questionWords('When did the episode Pilot air?', []))).toBe(true);
    expect(asksWhen(questionWords('What date was the last order shipped?', []))).toBe(true);
    expect(asksWhen(questionWords('Which episode aired first?', []))).toBe(false);
  });

  it('shows the one date of the class instead of another attribute', () => {
    expect(read('When did the episode Pilot air?', 'show A:Episodes.Title where A:Episodes.Title = @1')).toBe('show A:Episodes.Air_Date where A:Episodes.Title = @1');
    expect(read('When was the last order placed?', 'show A:Orders.OrderID order desc A:Orders.OrderDate limit #1')).toBe('show A:Orders.OrderDate order desc A:Orders.OrderDate limit #1');
  });

  it('leaves a date, several dates or none, aggregates and other questions', () => {
    for (const [question, reading] of [
      ['When did the episode Pilot air?', 'show A:Episodes.Air_Date where A:Episodes.Title = @1'],
      ['When was Nancy hired?', 'show A:Employees.City where A:Employees.City = @1'],
      ['When do customers live in Lyon?', 'show A:Customers.Address where A:Customers.City = @1'],
      ['When did the episode Pilot air?', 'show count A:Episodes.* where A:Episodes.Title = @1'],
      ['Which episode is Pilot?', 'show A:Episodes.Title where A:Episodes.Title = @1'],
    ]) {
      expect(read(question!, reading!)).toBe(reading);
    }
  });
});
