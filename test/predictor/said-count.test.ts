/**
 * What the words count. "How many languages are spoken in Aruba" names no class but a text
 * attribute (a country's languages are rows of their own): the count cue counts the rows that
 * hold it, and a reading that counts the rows of a directly related class (the country the value
 * belongs to) counts the named class instead, everything else kept. A number attribute is no such
 * noun ("how many units"), and a reading that counts what the words count, follows a relation,
 * counts an attribute, or counts a class no relation links is left alone.
 */
import { describe, expect, it } from 'vitest';
import { withSaidCount } from '../../engines/predictor/completions/said-count.js';
import { countCues } from '../../engines/predictor/cues/count.js';
import { schemaNames } from '../../engines/predictor/schema-words/schema-names.js';
import type { SchemaGraph } from '../../engines/schema-graph/types.js';
import { foreignKey, table } from '../helpers/shop-schema.js';


const schema: SchemaGraph = {
  source: 'world',
  classes: [
    table('country', ['Code'], ['Name'], ['Population', 'integer']),
    table('countrylanguage', ['CountryCode'], ['Language'], ['Speakers', 'integer']),
    table('city', ['CountryCode'], ['District']),
    table('planet', ['Title']),
  ],
  relations: [foreignKey('countrylanguage', 'CountryCode', 'country', 'Code'), foreignKey('city', 'CountryCode', 'country', 'Code')],
};
const names = schemaNames(schema);
/** The question's words, a value (a mention) as null. */
const said = (question: string) => question.split(' ').map((w) => (/^[A-Z]/.test(w) && w !== 'How' ? null : w.toLowerCase()));
const read = (question: string, reading: string) => withSaidCount(reading.split(' '), countCues(said(question), names, schema), schema).join(' ');

describe('what the words count', () => {
  it('counts the rows holding a text attribute the words count, a value before it or not', () => {
    expect(countCues(said('how many languages are spoken in Aruba'), names, schema)).toEqual([{ classes: [{ classId: 'countrylanguage', keys: ['Language'] }], direction: null }]);
    expect(countCues(said('how many Official languages are spoken in Aruba'), names, schema)[0]?.classes[0]?.classId).toBe('countrylanguage');
    expect(countCues(said('the country with the largest number of languages'), names, schema)[0]?.direction).toBe('desc');
    expect(countCues(said('how many speakers does Aruba have'), names, schema)).toEqual([]);
  });

  it('ranks by a count after any superlative of number, amount or count', () => {
    expect(countCues(said('the country that uses the greatest amount of languages'), names, schema)[0]?.direction).toBe('desc');
    expect(countCues(said('the country with the smallest count of planets'), names, schema)[0]).toMatchObject({ classes: [{ classId: 'planet' }], direction: 'asc' });
  });

  it('counts the class the words count instead of the class of the value given', () => {
    expect(read('how many languages are spoken in Aruba', 'show count A:country.* where A:country.Name = @1')).toBe('show count A:countrylanguage.* where A:country.Name = @1');
    expect(read('the country with the largest number of languages', 'show A:country.Name show count A:country.* group A:country.Name order desc count A:country.* limit #1')).toBe(
      'show A:country.Name show count A:countrylanguage.* group A:country.Name order desc count A:countrylanguage.* limit #1',
    );
  });

  it('leaves readings that count what the words count, an attribute, an unrelated class, or follow a relation', () => {
    for (const reading of [
      'show count A:countrylanguage.* where A:country.Name = @1',
      'show count_distinct A:countrylanguage.Language where A:country.Name = @1',
      'show count_distinct A:country.Code where A:country.Name = @1',
      'show count A:planet.* where A:planet.Title = @1',
      'show count A:country.* follow R:1 where A:country.Name = @1',
      'show A:country.Name where A:country.Name = @1',
    ]) {
      expect(read('how many languages are spoken in Aruba', reading)).toBe(reading);
    }
    expect(read('which languages are spoken in Aruba', 'show count A:country.* where A:country.Name = @1')).toBe('show count A:country.* where A:country.Name = @1');
  });
});
