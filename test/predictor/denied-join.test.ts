/**
 * A denial of something the answer's things have many of is an anti-join: "countries that do not
 * speak English" have no language row 'English'. A `!=` on a class reached through a one-to-many
 * step becomes a `none` pattern; a many-to-one join, a value a copula denies ("languages that are
 * not English"), a class said with "a"/"an", and a question that denies nothing stay as written.
 */
import { describe, expect, it } from 'vitest';
import { denialCue, withDeniedJoin } from '../../engines/predictor/completions/denied-join.js';
import { reachedThroughMany } from '../../engines/schema-graph/one-to-many.js';
import { schemaNames } from '../../engines/predictor/schema-words/schema-names.js';
import type { SchemaGraph } from '../../engines/schema-graph/types.js';
import { quotedMentions } from '../helpers/quoted-mentions.js';
import { attribute, foreignKey, table } from '../helpers/shop-schema.js';

const country = { ...table('country'), name: { singular: 'country', plural: 'countries' }, primaryKey: ['Code'], attributes: [attribute('country', 'Code', 'code', 'codes'), attribute('country', 'Name', 'name', 'names'), attribute('country', 'Region', 'region', 'regions')] };
const language = { ...table('countrylanguage'), name: { singular: 'language', plural: 'languages' }, attributes: [attribute('countrylanguage', 'CountryCode', 'country code', 'country codes'), attribute('countrylanguage', 'Language', 'language', 'languages'), attribute('countrylanguage', 'IsOfficial', 'is official', 'is officials')] };
const city = { ...table('city'), name: { singular: 'city', plural: 'cities' }, attributes: [attribute('city', 'Name', 'name', 'names'), attribute('city', 'CountryCode', 'country code', 'country codes')] };
const schema: SchemaGraph = { source: 'world', classes: [country, language, city], relations: [foreignKey('countrylanguage', 'CountryCode', 'country', 'Code'), foreignKey('city', 'CountryCode', 'country', 'Code')] };
const names = schemaNames(schema);

const read = (question: string, reading: string) => {
  const { text, mentions } = quotedMentions(question);
  return withDeniedJoin(reading.split(' '), denialCue(text, mentions, names), schema).join(' ');
};

describe('a denial of what the things have many of', () => {
  it('is an anti-join on the class reached through a one-to-many step', () => {
    expect(read('Which countries do not speak "English"?', 'show A:country.Name where A:countrylanguage.Language != @1 distinct')).toBe(
      'none where A:countrylanguage.Language = @1 end show A:country.Name distinct',
    );
    // The class's other conditions go with it; the outer class's own denial stays a comparison.
    expect(read('cities in countries where "English" is not the official language, not in "Asia"', 'show A:city.Name where A:country.Region != @2 where A:countrylanguage.Language = @1 where A:countrylanguage.IsOfficial != true')).toBe(
      'none where A:countrylanguage.Language = @1 where A:countrylanguage.IsOfficial = true end show A:city.Name where A:country.Region != @2',
    );
  });

  it('leaves a many-to-one join, a compared value, one of the many, and a question that denies nothing as written', () => {
    const toOne = 'show A:city.Name where A:country.Name != @1';
    expect(read('cities that are not in "France"', toOne)).toBe(toOne);
    const compared = 'show A:country.Code where A:countrylanguage.Language != @1 distinct';
    expect(read('countries where people speak languages that are not "English"', compared)).toBe(compared);
    expect(read('countries with a language other than "English"', compared)).toBe(compared);
    expect(read('countries with a language not spoken in "Asia"', 'show A:country.Code where A:countrylanguage.Language != @1')).toBe('show A:country.Code where A:countrylanguage.Language != @1');
    expect(read('countries speaking "English" or another language', compared)).toBe(compared);
    const shown = 'show A:countrylanguage.Language where A:countrylanguage.Language != @1';
    expect(read('languages no country calls "English"', shown)).toBe(shown);
  });

  it('reads one-to-many steps along the shortest join path', () => {
    expect(reachedThroughMany(schema, new Set(['country']), 'countrylanguage')).toBe(true);
    expect(reachedThroughMany(schema, new Set(['city']), 'country')).toBe(false);
    expect(reachedThroughMany(schema, new Set(['city']), 'countrylanguage')).toBe(true);
    expect(reachedThroughMany(schema, new Set(['city']), 'nowhere')).toBeNull();
  });
});
