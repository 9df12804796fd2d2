/**
 * A value compared with an aggregate of rows of their own, as the words say it ("a population
 * below the average", "greater surface area than any country in Europe"): the cue reads the
 * comparison, the aggregate and the attribute; the completion rewrites a reading into `compare
 * A:x <op> agg A:x … end`, moving the values said after the aggregate word into it and dropping what
 * the model made of the comparison's words; the cue moves back readings that compare nothing with an
 * aggregate. The target tokens, the canonical form and the English say the new part.
 */
import { describe, expect, it } from 'vitest';
import { withComparedAggregate } from '../../engines/predictor/completions/compared-aggregate.js';
import { COMPARED_AGGREGATE_CUE, comparedAggregateCue } from '../../engines/predictor/cues/compared-aggregate.js';
import { countCues } from '../../engines/predictor/cues/count.js';
import { graphToTokens, tokensToGraph } from '../../engines/predictor/model/target.js';
import { schemaNames } from '../../engines/predictor/schema-words/schema-names.js';
import type { Mention } from '../../engines/predictor/values/mentions.js';
import { formatQueryGraph, parseQueryGraph } from '../../engines/query-graph/canonical.js';
import { explainQueryGraph } from '../../engines/query-graph/explain.js';
import { validateQueryGraph } from '../../engines/query-graph/validate.js';
import type { SchemaGraph } from '../../engines/schema-graph/types.js';
import { attribute, foreignKey } from '../helpers/shop-schema.js';

const schema: SchemaGraph = {
  source: 'world',
  classes: [
    {
      id: 'country',
      name: { singular: 'country', plural: 'countries' },
      primaryKey: ['Code'],
      rowCount: 1,
      attributes: [
        attribute('country', 'Code', 'code', 'codes'),
        attribute('country', 'Name', 'name', 'names'),
        attribute('country', 'Continent', 'continent', 'continents'),
        attribute('country', 'SurfaceArea', 'surface area', 'surface areas', 'integer'),
        attribute('country', 'Population', 'population', 'populations', 'integer'),
      ],
    },
    {
      id: 'city',
      name: { singular: 'city', plural: 'cities' },
      primaryKey: ['ID'],
      rowCount: 1,
      attributes: [
        attribute('city', 'ID', 'id', 'ids', 'integer'),
        attribute('city', 'CountryCode', 'country code', 'country codes'),
        attribute('city', 'District', 'district', 'districts'),
        attribute('city', 'Population', 'population', 'populations', 'integer'),
      ],
    },
  ],
  relations: [foreignKey('city', 'CountryCode', 'country', 'Code')],
};
const names = schemaNames(schema);

/** A text mention of `text` in `question`, stored in `classId.attributeId`. */
function mention(question: string, text: string, classId: string, attributeId: string, match: 'exact' | 'partial' = 'exact'): Mention {
  const start = question.indexOf(text);
  return { start, end: start + text.length, text, kind: 'text', number: null, date: null, candidates: [{ classId, attributeId, value: text, match }] };
}

const cueOf = (question: string, mentions: readonly Mention[] = []) => comparedAggregateCue(question, mentions, names, schema);
const complete = (question: string, reading: string, mentions: readonly Mention[] = [], grouped = false) =>
  withComparedAggregate(reading.split(' '), cueOf(question, mentions), schema, grouped, countCues(question.toLowerCase().replace(/[?.]/g, '').split(' '), names, schema)).join(' ');

const EUROPE = 'What are the countries that have greater surface area than any country in Europe?';
const europe = [mention(EUROPE, 'greater', 'city', 'District', 'partial'), mention(EUROPE, 'Europe', 'country', 'Continent')];

describe('the words of a comparison with an aggregate', () => {
  it('read the comparison, the aggregate and the attribute compared, on either side of the comparative', () => {
    expect(cueOf('Which cities have a population below the average?')).toMatchObject({ operator: '<', aggregate: 'avg', attributes: ['A:country.Population', 'A:city.Population'] });
    expect(cueOf(EUROPE, europe)).toMatchObject({ operator: '>', aggregate: 'max', attributes: ['A:country.SurfaceArea'], own: [2], junk: [1] });
    expect(cueOf('cities whose population is greater than or equal to the mean population of cities')).toMatchObject({ operator: '>=', aggregate: 'avg' });
    expect(cueOf('countries with more population than the minimum population of all countries')).toMatchObject({ operator: '>', aggregate: 'min' });
    expect(cueOf('cities with an above-average population')).toMatchObject({ operator: '>', aggregate: 'avg', attributes: ['A:country.Population', 'A:city.Population'] });
  });

  it('read "any", "all" and "every" as English has them: above the greatest, below the smallest', () => {
    const asia = 'Which countries have a smaller population than that of any country in Asia?';
    expect(cueOf(asia, [mention(asia, 'Asia', 'country', 'Continent')])).toMatchObject({ operator: '<', aggregate: 'min', own: [1] });
    expect(cueOf('countries with a population larger than all countries')).toMatchObject({ operator: '>', aggregate: 'max' });
  });

  it('say nothing of comparisons with values, superlatives, or a comparative with no aggregate', () => {
    expect(cueOf('countries with a population greater than 5000')).toBeNull();
    expect(cueOf('the country with the largest population')).toBeNull();
    expect(cueOf('cities with more than 3 districts')).toBeNull();
    expect(cueOf('the average population of countries')).toBeNull();
  });
});

describe('readings completed into the comparison', () => {
  it('move the values said of the aggregate into it and drop what the model made of the comparison', () => {
    expect(complete(EUROPE, 'show A:country.Name where A:city.District = @1 some where A:country.Continent = @2 end', europe)).toBe(
      'show A:country.Name compare A:country.SurfaceArea > max A:country.SurfaceArea where A:country.Continent = @2 end',
    );
    // Without the reading placing the value, its column says where it goes.
    expect(complete(EUROPE, 'show A:country.Name', europe)).toBe('show A:country.Name compare A:country.SurfaceArea > max A:country.SurfaceArea where A:country.Continent = @2 end');
  });

  it('drop a comparison of the compared attribute with another column, and keep the values after an "above-average" for the rows', () => {
    expect(complete('Which countries have a surface area higher than the average?', 'show A:country.Name compare A:country.SurfaceArea > A:country.Population')).toBe('show A:country.Name compare A:country.SurfaceArea > avg A:country.SurfaceArea end');
    const asia = 'countries with an above-average surface area in Asia';
    expect(complete(asia, 'show A:country.Name where A:country.Continent = @1', [mention(asia, 'Asia', 'country', 'Continent')])).toBe('show A:country.Name where A:country.Continent = @1 compare A:country.SurfaceArea > avg A:country.SurfaceArea end');
  });

  it('count what was counted, without the grouping no word asks for', () => {
    expect(complete('How many cities have a population below the average?', 'show count A:city.* show A:city.Population group A:city.Population')).toBe('show count A:city.* compare A:city.Population < avg A:city.Population end');
  });

  it('count what the words count in place of the aggregate the model showed', () => {
    expect(complete('Find the number of cities in each district whose population is greater than the average population of cities?', 'show A:city.District show avg A:city.Population group A:city.District', [], true)).toBe(
      'show A:city.District show count A:city.* compare A:city.Population > avg A:city.Population end group A:city.District',
    );
  });

  it('keep a grouping the words ask for', () => {
    expect(complete('How many cities in each district have a population above the average population of cities?', 'show count A:city.* show A:city.District where A:city.Population not_null group A:city.District', [], true)).toBe(
      'show count A:city.* show A:city.District compare A:city.Population > avg A:city.Population end group A:city.District',
    );
  });

  it('take the attribute from the reading when the words name none', () => {
    expect(complete('Which countries are bigger than the average?', 'show A:country.Name show avg A:country.SurfaceArea group A:country.Name')).toBe('show A:country.Name compare A:country.SurfaceArea > avg A:country.SurfaceArea end');
  });

  it('leave readings alone when the words say no such comparison, or the reading has no compared class', () => {
    const reading = 'show A:country.Name where A:country.Population > @1';
    expect(complete('countries with a population greater than 5000', reading)).toBe(reading);
    expect(complete('What is the district of cities with a surface area above the average?', 'show A:city.District')).toBe('show A:city.District');
  });

  it('move back a finished reading that compares nothing with an aggregate', () => {
    const cue = COMPARED_AGGREGATE_CUE.read({ question: 'How many cities have a population below the average?', mentions: [], said: [], names, schema });
    expect(cue.whenFinished?.('show count A:city.* compare A:city.Population < avg A:city.Population end'.split(' '))).toBe(0);
    expect(cue.whenFinished?.('show count A:city.* group A:city.Population'.split(' '))).toBeGreaterThan(0);
  });
});

describe('the comparison in the query graph', () => {
  const text = 'show country.Name ; where country.Continent = "Asia" ; compare country.Population > ( max country.Population ; where country.Continent = "Africa" )';

  it('reads and writes its target tokens and canonical form back', () => {
    const graph = parseQueryGraph(text);
    expect(formatQueryGraph(graph)).toBe(text);
    const placeholders = parseQueryGraph(text.replace('"Asia"', '@1').replace('"Africa"', '@2'));
    const tokens = graphToTokens(placeholders);
    expect(tokens.join(' ')).toBe('show A:country.Name where A:country.Continent = @1 compare A:country.Population > max A:country.Population where A:country.Continent = @2 end');
    expect(formatQueryGraph(tokensToGraph(tokens, schema).graph)).toBe(formatQueryGraph(placeholders));
  });

  it('is validated and said in English', () => {
    validateQueryGraph(parseQueryGraph(text), schema);
    expect(() => validateQueryGraph(parseQueryGraph('show country.Name ; compare country.Name > ( max country.Population )'), schema)).toThrow(/cannot compare/);
    expect(() => validateQueryGraph(parseQueryGraph('show country.Name ; compare country.Population > ( avg country.Name )'), schema)).toThrow(/compared aggregate/);
    expect(() => validateQueryGraph(parseQueryGraph('show country.Name ; compare country.Population > ( avg country.Population ) ; extreme max country.SurfaceArea per country.Continent'), schema)).toThrow(/not supported/);
    expect(explainQueryGraph(parseQueryGraph(text), schema)).toBe('the name of countries whose continent is Asia, only where population is more than the highest population of countries whose continent is Africa');
  });
});
