/**
 * Measures asked together ("the maximum and minimum share", "the average GNP and total population"):
 * a reading that shows one of them is completed with the others, in the order the question says
 * them; groups no word asks for go; a reading the words do not fit is left as it is.
 */
import { describe, expect, it } from 'vitest';
import { askedMeasures, withAskedMeasures } from '../../engines/predictor/completions/asked-measures.js';
import { questionWords } from '../../engines/predictor/cues/coverage.js';
import { schemaNames } from '../../engines/predictor/schema-words/schema-names.js';
import type { SchemaGraph } from '../../engines/schema-graph/types.js';
import { attribute } from '../helpers/shop-schema.js';

const world: SchemaGraph = {
  source: 'world',
  relations: [{ id: 'city(CountryCode)->country(Code)', from: 'city', to: 'country', fromColumns: ['CountryCode'], toColumns: ['Code'], name: { singular: 'country', plural: 'countries' } }],
  classes: [
    {
      id: 'country',
      name: { singular: 'country', plural: 'countries' },
      primaryKey: ['Code'],
      rowCount: 239,
      attributes: [attribute('country', 'Code', 'code', 'codes'), attribute('country', 'Name', 'name', 'names'), attribute('country', 'GovernmentForm', 'government form', 'government forms'), attribute('country', 'GNP', 'gnp', 'gnps', 'float'), attribute('country', 'Population', 'population', 'populations', 'integer')],
    },
    { id: 'city', name: { singular: 'city', plural: 'cities' }, primaryKey: ['ID'], rowCount: 4079, attributes: [attribute('city', 'ID', 'id', 'ids', 'integer'), attribute('city', 'CountryCode', 'country code', 'country codes'), attribute('city', 'Population', 'population', 'populations', 'integer')] },
    { id: 'series', name: { singular: 'tv series', plural: 'tv series' }, primaryKey: ['id'], rowCount: 12, attributes: [attribute('series', 'id', 'id', 'ids', 'integer'), attribute('series', 'Share', 'share', 'shares', 'float')] },
  ],
};
const names = schemaNames(world);
const asked = (question: string) => askedMeasures(questionWords(question, []), names);
const completed = (question: string, reading: string, grouped = false) => withAskedMeasures(reading.split(' '), asked(question), grouped).join(' ');

describe('measures asked together', () => {
  it('reads each aggregate word with the name it is said of, a run joined by "and" sharing the last one', () => {
    expect(asked('What is the maximum and minimum share of TV series?').map((m) => [m.aggregate, m.attributes])).toEqual([
      ['max', ['A:series.Share']],
      ['min', ['A:series.Share']],
    ]);
    expect(asked('the average GNP and total population of nations').map((m) => m.aggregate)).toEqual(['avg', 'sum']);
    expect(asked('the total number of countries')).toEqual([]);
  });

  it('completes a reading that shows one of them, in the order the question says them', () => {
    expect(completed('What is minimum and maximum share of TV series?', 'show max A:series.Share')).toBe('show min A:series.Share show max A:series.Share');
    expect(completed('the average GNP and total population of nations whose government is US territory', 'show avg A:country.GNP where A:country.GovernmentForm = @1')).toBe(
      'show avg A:country.GNP show sum A:country.Population where A:country.GovernmentForm = @1',
    );
  });

  it('drops groups no word asks for, and keeps them when the words ask for groups', () => {
    const grouped = 'show A:country.Name show avg A:country.GNP where A:country.GovernmentForm = @1 group A:country.Name order asc A:country.Name';
    expect(completed('the average GNP and total population of nations whose government is US territory', grouped)).toBe('show avg A:country.GNP show sum A:country.Population where A:country.GovernmentForm = @1');
    expect(completed('the average GNP and total population for each government form', grouped, true)).toBe(grouped);
  });

  it('leaves alone a reading with none of the asked measures, one measure asked, or a ranking', () => {
    expect(completed('the maximum and minimum share', 'show avg A:country.GNP')).toBe('show avg A:country.GNP');
    expect(completed('the maximum share', 'show max A:series.Share')).toBe('show max A:series.Share');
    expect(completed('the maximum and minimum share', 'show A:series.id order desc A:series.Share limit #1')).toBe('show A:series.id order desc A:series.Share limit #1');
  });
});

describe('measures asked together, of several classes', () => {
  it('takes a measure of the class the shown measures are of, and drops a plain attribute shown beside groups', () => {
    const reading = 'show avg A:country.GNP show A:city.Population where A:country.GovernmentForm = @1 group A:country.Name';
    expect(completed('What is the average GNP and total population in all nations whose government is US territory?', reading)).toBe('show avg A:country.GNP show sum A:country.Population where A:country.GovernmentForm = @1');
  });
});
