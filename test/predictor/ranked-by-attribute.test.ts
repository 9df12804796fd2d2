/**
 * A superlative made from a number attribute's name ("the most populated countries", "the most
 * populous city") ranks by that attribute: the order cue reads it, and a reading that ranks each
 * row by the count of its own rows (one per group) ranks by the attribute instead; a count per
 * group of many rows, and a superlative that names no number attribute, stay as written.
 */
import { describe, expect, it } from 'vitest';
import { withRankedByAttribute } from '../../engines/predictor/completions/ranked-by-attribute.js';
import { orderCues } from '../../engines/predictor/cues/order.js';
import { questionWords } from '../../engines/predictor/cues/coverage.js';
import { schemaNames } from '../../engines/predictor/schema-words/schema-names.js';
import type { SchemaGraph } from '../../engines/schema-graph/types.js';
import { attribute, table } from '../helpers/shop-schema.js';

const cartoons = table('cartoon', ['Title'], ['Code'], ['Channel'], ['Cost', 'integer']);
const schema: SchemaGraph = {
  source: 'atlas',
  relations: [],
  classes: [
    { ...table('country', ['Name'], ['Population', 'integer'], ['Region']), name: { singular: 'country', plural: 'countries' } },
    { ...table('museum', ['Name'], ['Visitors', 'integer']), name: { singular: 'museum', plural: 'museums' } },
    // A cartoon's air date is said in two words.
    { ...cartoons, name: { singular: 'cartoon', plural: 'cartoons' }, attributes: [...cartoons.attributes, attribute('cartoon', 'AirDate', 'air date', 'air dates', 'date')] },
  ],
};
const names = schemaNames(schema);
const cues = (question: string) => orderCues(questionWords(question, []), names, schema);
const ranked = (question: string, reading: string) => withRankedByAttribute(reading.split(' '), cues(question), schema).join(' ');

describe('a superlative made from a number attribute name', () => {
  it('reads "most" or "least" before such a word as a ranking by the attribute', () => {
    expect(cues('the 3 most populated countries')).toEqual([{ attributes: ['A:country.Population'], direction: 'desc', superlative: true, single: false }]);
    expect(cues('Which is the least visited museum?')).toEqual([{ attributes: ['A:museum.Visitors'], direction: 'asc', superlative: true, single: true }]);
    expect(cues('Which country is the most populous?')).toEqual([{ attributes: ['A:country.Population'], direction: 'desc', superlative: true, single: false }]);
  });

  it('reads nothing from a word that names no number attribute', () => {
    expect(cues('the most regional countries')).toEqual([]);
    expect(cues('the most famous countries')).toEqual([]);
  });
});

describe('a ranking by the count of one row per group', () => {
  it('ranks by the attribute the superlative names, without the count and the grouping', () => {
    expect(ranked('the 3 most populated countries', 'show A:country.Name show count A:country.* group A:country.Name order desc count A:country.* limit @1')).toBe('show A:country.Name order desc A:country.Population limit @1');
  });

  it('ranks a count grouped by anything under a singular superlative by the attribute it names', () => {
    expect(ranked('the code and channel of the most recent cartoon', 'show A:cartoon.Code show A:cartoon.Channel show count A:cartoon.* group A:cartoon.Code group A:cartoon.Channel order desc count A:cartoon.* limit #1')).toBe(
      'show A:cartoon.Code show A:cartoon.Channel order desc A:cartoon.AirDate limit #1',
    );
  });

  it('leaves a count per group of many rows as written', () => {
    const reading = 'show A:country.Region show count A:country.* group A:country.Region order desc count A:country.* limit #1';
    expect(ranked('the most populated region', reading)).toBe(reading);
  });

  it('leaves the reading as written when no superlative names a number attribute', () => {
    const reading = 'show A:country.Name show count A:country.* group A:country.Name order desc count A:country.* limit #1';
    expect(ranked('the country with the most rows', reading)).toBe(reading);
  });
});

describe('the extreme of another attribute than the superlative ranks', () => {
  it('shows the attribute of the first row in the superlative\'s order', () => {
    expect(ranked('How much did the most recent cartoon cost?', 'show max A:cartoon.Cost')).toBe('show A:cartoon.Cost order desc A:cartoon.AirDate limit #1');
  });

  it('leaves the extreme of the ranked attribute itself, and a grouped extreme, as written', () => {
    expect(ranked('the date of the most recent cartoon', 'show max A:cartoon.AirDate')).toBe('show max A:cartoon.AirDate');
    const grouped = 'show A:cartoon.Channel show max A:cartoon.Cost group A:cartoon.Channel';
    expect(ranked('the cost of the most recent cartoon per channel', grouped)).toBe(grouped);
  });
});
