/** A value spelt with its doubled letters single, or its single letters doubled, however many ("Carribean", "Phillipines"), is found as a typo is. */
import { describe, expect, it } from 'vitest';
import { findMentions } from '../../engines/predictor/values/mentions.js';
import { ValueMemory } from '../../engines/predictor/values/value-memory.js';

const memory = ValueMemory.of([{ classId: 'country', attributeId: 'Region', type: 'text', values: ['Caribbean', 'Philippines', 'Middle East'], min: null, max: null }]);
const found = (question: string) => findMentions(question, memory).map((m) => [m.text, m.candidates[0]?.value, m.candidates[0]?.match]);

describe('values spelt with their letters doubled or single', () => {
  it('finds the value whatever its runs of one letter', () => {
    expect(found('countries in the Carribean')).toEqual([['Carribean', 'Caribbean', 'fuzzy']]);
    expect(found('cities of the Phillipines')).toEqual([['Phillipines', 'Philippines', 'fuzzy']]);
  });

  it('finds nothing for a word whose letters differ otherwise', () => {
    expect(found('countries in the Carbonian')).toEqual([]);
  });
});
