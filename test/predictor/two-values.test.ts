/**
 * Two values of one attribute, which no row can hold at once: a choice when each row the reading
 * is about has one row of the attribute's class ("continents Asia and Europe", "orders from
 * customers in Lyon and Berlin"), both when it has many, each met by a row of its own ("countries
 * that speak English and Dutch"); left alone for two roles (a flight's source and destination
 * airports), numbers, and a class the reading uses otherwise.
 */
import { describe, expect, it } from 'vitest';
import { withTwoValuesRead } from '../../engines/predictor/completions/two-values.js';
import type { SchemaGraph } from '../../engines/schema-graph/types.js';
import { foreignKey, table } from '../helpers/shop-schema.js';


const schema: SchemaGraph = {
  source: 'world',
  classes: [
    table('country', ['Code'], ['Name'], ['Continent'], ['Population', 'integer']),
    table('language', ['CountryCode'], ['Language'], ['IsOfficial']),
    table('city', ['CountryCode'], ['Name'], ['District']),
    table('airport', ['Code'], ['City']),
    table('flight', ['Source'], ['Dest'], ['Number', 'integer']),
  ],
  relations: [foreignKey('language', 'CountryCode', 'country', 'Code'), foreignKey('city', 'CountryCode', 'country', 'Code'), foreignKey('flight', 'Source', 'airport', 'Code'), foreignKey('flight', 'Dest', 'airport', 'Code')],
};
const texts = new Set(['@1', '@2', '@3']);
const read = (reading: string) => withTwoValuesRead(reading.split(' '), schema, texts).join(' ');

describe('two values of one attribute', () => {
  it('reads values of the class the reading is about as a choice', () => {
    expect(read('show sum A:country.Population where A:country.Continent = @1 where A:country.Continent = @2')).toBe('show sum A:country.Population where A:country.Continent in @1 @2');
  });

  it('reads values of a class each row has one of as a choice', () => {
    expect(read('show A:city.Name where A:country.Continent = @1 where A:country.Continent = @2 <eos>')).toBe('show A:city.Name where A:country.Continent in @1 @2 <eos>');
  });

  it('reads values of a class each row has many of as both, each met by a row of its own', () => {
    expect(read('show count A:country.* where A:language.Language = @1 where A:language.Language = @2')).toBe(
      'some where A:language.Language = @1 end some where A:language.Language = @2 end show count A:country.*',
    );
    expect(read('show A:country.Name where A:language.Language = @1 where A:language.Language = @2 where A:language.IsOfficial = @3')).toBe(
      'some where A:language.Language = @1 where A:language.IsOfficial = @3 end some where A:language.Language = @2 where A:language.IsOfficial = @3 end show A:country.Name',
    );
  });

  it('leaves two roles, numbers, and a class the reading shows or joins through', () => {
    const unchanged = [
      'show count A:flight.* where A:airport.City = @1 where A:airport.City = @2',
      'show A:country.Name where A:country.Population = @4 where A:country.Population = @5',
      'show A:country.Name show A:language.IsOfficial where A:language.Language = @1 where A:language.Language = @2',
      'show A:country.Name where A:language.Language = @1 where A:language.Language = @2 order asc A:language.IsOfficial',
      'show A:country.Name where A:country.Continent = @1',
    ];
    for (const reading of unchanged) expect(read(reading)).toBe(reading);
  });
});
