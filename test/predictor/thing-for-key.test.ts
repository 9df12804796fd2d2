/**
 * A column named after the class it refers to holds that class's keys: a reading that shows or
 * groups by it, and reads nothing of the class, shows and groups by what names the class's things;
 * a key named otherwise, and a reading that reads the class, stay as written.
 */
import { describe, expect, it } from 'vitest';
import { withThingForKey } from '../../engines/predictor/completions/thing-for-key.js';
import { attribute, foreignKey, table } from '../helpers/shop-schema.js';

const airlines = { ...table('airlines'), name: { singular: 'airline', plural: 'airlines' }, primaryKey: ['uid'], attributes: [attribute('airlines', 'uid', 'uid', 'uids', 'integer'), attribute('airlines', 'Airline', 'airline', 'airlines')] };
const flights = { ...table('flights'), name: { singular: 'flight', plural: 'flights' }, attributes: [attribute('flights', 'Airline', 'airline', 'airlines', 'integer'), attribute('flights', 'PilotId', 'pilot id', 'pilot ids', 'integer')] };
const schema = { source: 'flights', classes: [airlines, flights], relations: [foreignKey('flights', 'Airline', 'airlines', 'uid'), foreignKey('flights', 'PilotId', 'airlines', 'uid')] };
const read = (reading: string) => withThingForKey(reading.split(' '), schema).join(' ');

describe('a key named after its class', () => {
  it("shows and groups by the class's name instead of its keys", () => {
    expect(read('show A:flights.Airline show count A:flights.* group A:flights.Airline order desc count A:flights.* limit #1')).toBe(
      'show A:airlines.Airline show count A:flights.* group A:airlines.Airline order desc count A:flights.* limit #1',
    );
  });

  it('leaves a key named otherwise, and a reading that reads the class, as written', () => {
    const pilots = 'show A:flights.PilotId show count A:flights.* group A:flights.PilotId';
    expect(read(pilots)).toBe(pilots);
    const reads = 'show A:flights.Airline where A:airlines.Airline = @1';
    expect(read(reads)).toBe(reads);
  });
});
