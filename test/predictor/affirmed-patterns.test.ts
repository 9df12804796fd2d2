/**
 * Patterns affirmed: an anti-join where no word denies is read as the pattern affirmed ("any
 * treatments" is some treatment), unless it compares with another row or follows relations.
 */
import { describe, expect, it } from 'vitest';
import { affirmedPatterns } from '../../engines/predictor/completions/affirmed.js';
import { negates } from '../../engines/predictor/cues/negation.js';

const read = (question: string, reading: string) => affirmedPatterns(reading.split(' '), negates(question)).join(' ');

describe('patterns affirmed', () => {
  it('reads an anti-join no word asks for as "some"', () => {
    expect(read('How many dogs went through any treatments?', 'none class C:Treatments end show count A:Dogs.*')).toBe('some class C:Treatments end show count A:Dogs.*');
    expect(read("battles that lost any 'Brig' type ships", 'none where A:ship.ship_type = @1 end show A:battle.name')).toBe('some where A:ship.ship_type = @1 end show A:battle.name');
  });

  it('keeps the anti-join when a word denies, or when its pattern compares rows or follows relations', () => {
    expect(read('How many dogs never had a treatment?', 'none class C:Treatments end show count A:Dogs.*')).toBe('none class C:Treatments end show count A:Dogs.*');
    const compared = 'none compare A:country#2.Population < A:country.Population where A:country#2.Continent = @2 end show A:country.Name';
    expect(read('Which Asian countries have a population larger than any country in Africa?', compared)).toBe(compared);
    const followed = 'none follow R:CHILD i1 i2 end show A:Person.name';
    expect(read('people who have any child', followed)).toBe(followed);
  });
});
