/**
 * A one-word value written as a verb or an adjective made from it ("operating plants" for the
 * status 'Operational', "the engineering department" for 'engineer') is found after every other
 * way of finding values fails; a noun sharing the opening ("providers", "stocks") is not, nor a
 * stem many values share.
 */
import { describe, expect, it } from 'vitest';
import { findMentions } from '../../engines/predictor/values/mentions.js';
import { ValueMemory } from '../../engines/predictor/values/value-memory.js';

const memory = ValueMemory.of([
  { classId: 'plant', attributeId: 'status', type: 'text', values: ['Operational', 'Planned', 'Shutdown', 'Under Construction'], min: null, max: null },
  { classId: 'department', attributeId: 'name', type: 'text', values: ['engineer', 'statistics', 'Providence', 'Stockholm'], min: null, max: null },
  { classId: 'unit', attributeId: 'kind', type: 'text', values: ['Motorway', 'Motorcar', 'Motorist'], min: null, max: null },
]);
const found = (question: string) => findMentions(question, memory).map((m) => [m.text, m.candidates[0]?.value]);

describe('values written as a verb or an adjective made from them', () => {
  it('finds the one-word value the word is made from', () => {
    expect(found('How many operating plants are in France?')).toEqual([['operating', 'Operational']]);
    expect(found('How many degrees does the engineering department offer?')).toEqual([['engineering', 'engineer']]);
    expect(found('the statistical department')).toEqual([['statistical', 'statistics']]);
  });

  it('leaves nouns that open alike, and stems many values share, alone', () => {
    expect(found('Which providers sell stocks?')).toEqual([]);
    expect(found('the motorized units')).toEqual([]);
  });

  it('prefers a value found otherwise', () => {
    expect(found('the planed plants')).toEqual([['planed', 'Planned']]);
  });
});
