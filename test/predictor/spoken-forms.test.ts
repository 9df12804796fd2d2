/**
 * Attribute names as people say them: "staff number" for Num_of_Staff, "treatment date" for
 * date_of_treatment, "arriving date" for date_arrived, "opening year" for Open_Year; the name as
 * spelt still wins, and a word that only looks like another ("states", "station") does not match it.
 */
import { describe, expect, it } from 'vitest';
import { schemaNames } from '../../engines/predictor/schema-words/schema-names.js';
import { baseWord, participleFirst, spokenForms } from '../../engines/predictor/schema-words/spoken-forms.js';
import { designerSchema } from '../helpers/designer-schema.js';

const VERBS = new Set(['open', 'arrive', 'locate', 'ship', 'state', 'treat', 'depart']);
const isVerb = (word: string) => VERBS.has(word);

const schema = designerSchema({
  museum: ['Museum_ID', 'Name', 'Num_of_Staff', 'Open_Year'],
  Dogs: ['dog_id', 'date_arrived', 'date_departed', 'date_of_birth'],
  Stations: ['station_id', 'states_served', 'order_qty'],
  flights: ['FlightNo', 'SourceAirport'],
});
const names = schemaNames(schema, { isVerb });
const at = (text: string) => names.attributesAt(text.split(' '), 0);

describe('attribute names as people say them', () => {
  it('reads "Y X" for a name "X of Y", and a noun with a participle the other way round', () => {
    expect(at('staff number')).toEqual(['A:museum.Num_of_Staff']);
    expect(at('birth date')).toEqual(['A:Dogs.date_of_birth']);
    expect(at('arrived date')).toEqual(['A:Dogs.date_arrived']);
  });

  it('spells out the abbreviations of column names', () => {
    expect(at('number of staff')).toEqual(['A:museum.Num_of_Staff']);
    expect(at('order quantity')).toEqual(['A:Stations.order_qty']);
  });

  it('reads a verb in any of its forms when the lexicon knows the verb', () => {
    expect(at('opening year')).toEqual(['A:museum.Open_Year']);
    expect(at('arriving date')).toEqual(['A:Dogs.date_arrived']);
    expect(at('departing date')).toEqual(['A:Dogs.date_departed']);
    expect(baseWord('shipped', isVerb)).toBe('ship');
    expect(baseWord('stations', isVerb)).toBe('stations');
    expect(at('arrival date')).toEqual(['A:Dogs.date_arrived']);
    expect(at('departure date')).toEqual(['A:Dogs.date_departed']);
    expect(baseWord('station', isVerb)).toBe('station');
    expect(schemaNames(schema).attributesAt(['opening', 'year'], 0)).toEqual([]);
  });

  it('keeps the name as spelt first, and does not take one word for another that only looks like it', () => {
    expect(at('open year')).toEqual(['A:museum.Open_Year']);
    expect(at('station id')).toEqual(['A:Stations.station_id']);
    expect(at('station served')).toEqual([]);
    // "staff" is no look-alike of "station": it is the head noun of "num of staff", and names it alone.
    expect(at('staff')).toEqual(['A:museum.Num_of_Staff']);
    expect(at('stuff')).toEqual([]);
  });

  it("reads an owner's possessive as the owner's name before the attribute", () => {
    expect(at("dog's date of birth")).toEqual(['A:Dogs.date_of_birth']);
    expect(at('dog\u2019s birth date')).toEqual(['A:Dogs.date_of_birth']);
    expect(at("museum's staff number")).toEqual(['A:museum.Num_of_Staff']);
  });

  it('lists no form that is the name itself', () => {
    expect(spokenForms(['unit', 'price'])).toEqual([]);
    expect(participleFirst(['unit', 'price'])).toBeNull();
    expect(participleFirst(['date', 'arrived'])).toEqual(['arrived', 'date']);
    expect(spokenForms(['num', 'of', 'staff']).map((f) => f.join(' '))).toEqual(['staff num', 'number of staff', 'staff number']);
    expect(spokenForms(['line', '1'])).toEqual([]);
  });

  it('reads "no" after another word of a name as "number", and "no" alone or first as itself', () => {
    expect(spokenForms(['flight', 'no']).map((f) => f.join(' '))).toEqual(['flight number']);
    expect(spokenForms(['no'])).toEqual([]);
    expect(spokenForms(['no', 'show'])).toEqual([]);
    expect(at('flight number')).toEqual(['A:flights.FlightNo']);
    expect(at('flight numbers')).toEqual(['A:flights.FlightNo']);
  });
});
