/**
 * A count an attribute holds: "how many people live in X" sums the population where the schema has
 * no class of people (a population is a kind of people, WordNet's hypernyms); a count of a class
 * the question names, and a reading reading no such attribute, stay counts.
 */
import { describe, expect, it } from 'vitest';
import { WordNet } from '../../engines/english/wordnet.js';
import { attributesCounting, withCountedByAttribute } from '../../engines/predictor/completions/counted-by-attribute.js';
import { schemaNames } from '../../engines/predictor/schema-words/schema-names.js';
import type { SchemaGraph } from '../../engines/schema-graph/types.js';
import { foreignKey, table } from '../helpers/shop-schema.js';

const schema: SchemaGraph = {
  source: 'world',
  classes: [
    { ...table('city', ['Name'], ['District'], ['Population', 'integer'], ['CountryCode']), name: { singular: 'city', plural: 'cities' } },
    { ...table('country', ['Code'], ['Name'], ['Population', 'integer']), name: { singular: 'country', plural: 'countries' } },
    { ...table('language', ['CountryCode'], ['Language']), name: { singular: 'language', plural: 'languages' } },
  ],
  relations: [foreignKey('city', 'CountryCode', 'country', 'Code'), foreignKey('language', 'CountryCode', 'country', 'Code')],
};
const names = schemaNames(schema);
const wordnet = WordNet.shared();
const counting = (question: string) => attributesCounting(question.toLowerCase().replace(/\?/g, '').split(' '), names, schema, (noun, ancestor) => wordnet.isKindOf(noun, ancestor));
const read = (question: string, reading: string) => withCountedByAttribute(reading.split(' '), counting(question)).join(' ');

describe('a count an attribute holds', () => {
  it('finds the number attributes whose name is a kind of what is counted, when nothing else names it', () => {
    expect(counting('How many people live in Gelderland?')).toEqual(['A:city.Population', 'A:country.Population']);
    expect(counting('How many cities are there?')).toEqual([]);
    expect(counting('How many languages are spoken?')).toEqual([]);
  });

  it("sums the attribute of the reading's class, of several the one its conditions are on", () => {
    expect(read('How many people live in Gelderland district?', 'show count A:language.* where A:city.District = @1')).toBe('show sum A:city.Population where A:city.District = @1');
    expect(read('How many people live in countries that do not speak English?', 'none where A:language.Language = @1 end show count A:country.*')).toBe(
      'none where A:language.Language = @1 end show sum A:country.Population',
    );
    expect(read('How many people live in Gelderland district?', 'show count A:city.* where A:city.District = @1 where A:country.Name = @2')).toBe(
      'show count A:city.* where A:city.District = @1 where A:country.Name = @2',
    );
    expect(read('How many people speak Dutch?', 'show count A:language.* where A:language.Language = @1')).toBe('show count A:language.* where A:language.Language = @1');
  });
});
