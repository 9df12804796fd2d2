/**
 * "The smallest X and its Y" asks for the row holding X's extreme: a reading of one extreme per
 * value of Y becomes Y's row sorted by X, the first kept; other wordings and readings stay.
 */
import { describe, expect, it } from 'vitest';
import { askedMeasures } from '../../engines/predictor/completions/asked-measures.js';
import { extremeWithItsRow, withRowOfExtreme } from '../../engines/predictor/completions/row-of-extreme.js';
import { questionWords } from '../../engines/predictor/cues/coverage.js';
import { schemaNames } from '../../engines/predictor/schema-words/schema-names.js';
import { shopSchema } from '../helpers/shop-schema.js';

const names = schemaNames(shopSchema);
const measure = (question: string) => {
  const said = questionWords(question, []);
  return extremeWithItsRow(said, askedMeasures(said, names));
};
const completed = (question: string, reading: string) => withRowOfExtreme(reading.split(' '), measure(question)).join(' ');
const perCity = 'show min A:Orders.Freight show A:Orders.ShipCity group A:Orders.ShipCity order asc A:Orders.ShipCity';

describe('the row of an extreme', () => {
  it('is read from a maximum or minimum and "its" / "their" after "and" or "with"', () => {
    expect(measure('What is the smallest freight and its ship city?')?.aggregate).toBe('min');
    expect(measure('Return the highest freight, along with its corresponding ship city.')?.aggregate).toBe('max');
    expect(measure('What is the smallest freight of each ship city?')).toBeNull();
    expect(measure('What is the average freight and its ship city?')).toBeNull();
  });

  it('turns one extreme per group into the row holding it', () => {
    expect(completed('What is the smallest freight and its ship city?', perCity)).toBe('show A:Orders.Freight show A:Orders.ShipCity order asc A:Orders.Freight limit #1');
    expect(completed('Return the highest freight, along with its ship city.', 'show max A:Orders.Freight show A:Orders.ShipCity group A:Orders.ShipCity')).toBe(
      'show A:Orders.Freight show A:Orders.ShipCity order desc A:Orders.Freight limit #1',
    );
  });

  it('leaves other readings as written', () => {
    // The other extreme, another attribute's, or groups by what it does not show.
    expect(completed('What is the largest freight and its ship city?', perCity)).toBe(perCity);
    const otherGroup = 'show min A:Orders.Freight show A:Orders.ShipCity group A:Orders.OrderDate';
    expect(completed('What is the smallest freight and its ship city?', otherGroup)).toBe(otherGroup);
    const ungrouped = 'show min A:Orders.Freight';
    expect(completed('What is the smallest freight and its ship city?', ungrouped)).toBe(ungrouped);
  });
});
