/**
 * Names as people write them: the value memory finds "Henry VIII" for "Henry_VIII of house of
 * Tudor", "Queen Victoria" for the Victoria whose title is "Queen of England" (and not another
 * Victoria), and a name followed by a possessive ("Henry VIII's").
 */
import { describe, expect, it } from 'vitest';
import { queryGraph } from '../../engines/query-graph/build.js';
import { naturalForms, titleWord } from '../../engines/predictor/values/aliases.js';
import { alternativeBindings, bindValues } from '../../engines/predictor/values/bind.js';
import { findMentions } from '../../engines/predictor/values/mentions.js';
import { ValueMemory } from '../../engines/predictor/values/value-memory.js';

const names = ['Victoria', 'Victoria of house of Hanover', 'Henry_VIII of house of Tudor', 'Elizabeth_II Alexandra Mary of house of Windsor', 'Alexandra of_Denmark "Alix"', 'Mary_of_Teck (May)'];
const memory = ValueMemory.of([{ classId: 'Person', attributeId: 'name', type: 'text', values: names, min: null, max: null }], undefined, new Map([['Victoria of house of Hanover', ['Queen']], ['Victoria', ['Princess']]]));

const found = (question: string) => findMentions(question, memory).map((m) => [m.text, m.candidates[0]?.value]);

describe('natural forms of stored names', () => {
  it('drops underscores, nicknames and "of house of" suffixes, and keeps a regnal compound alone', () => {
    expect(naturalForms('Henry_VIII of house of Tudor')).toEqual(['Henry VIII of house of Tudor', 'Henry VIII', 'Henry VIII Tudor']);
    expect(naturalForms('Elizabeth_II Alexandra Mary of house of Windsor')).toContain('Elizabeth II');
    expect(naturalForms('Alexandra of_Denmark "Alix"')).toEqual(['Alexandra of Denmark']);
    expect(naturalForms('Mary_of_Teck (May)')).toEqual(['Mary of Teck']);
    expect(naturalForms('(503) 555-9831')).toEqual([]);
    expect(naturalForms('Chai')).toEqual([]);
  });

  it('reads the word a title puts before a name', () => {
    expect(titleWord('Queen of England')).toBe('Queen');
    expect(titleWord('Tsar of Russia')).toBe('Tsar');
    expect(titleWord('')).toBeNull();
  });

  it('finds the stored value from a natural form, a titled one, and before a possessive', () => {
    expect(found('How many wives did Henry VIII have?')).toEqual([['Henry VIII', 'Henry_VIII of house of Tudor']]);
    expect(found("Who was Queen Victoria's father?")).toEqual([['Queen Victoria', 'Victoria of house of Hanover']]);
    expect(found("Who were Elizabeth II's children")).toEqual([['Elizabeth II', 'Elizabeth_II Alexandra Mary of house of Windsor']]);
    expect(found('the sisters of Alexandra of Denmark')).toEqual([['Alexandra of Denmark', 'Alexandra of_Denmark "Alix"']]);
    // A name stored as written ranks first among the values a bare form could be.
    expect(found('Who was Victoria?')).toEqual([['Victoria', 'Victoria']]);
  });

  it('keeps the other values a name matches as well, and binds them as alternative readings', () => {
    const mentions = findMentions('Who was Victoria?', memory);
    expect(mentions[0]?.alternatives?.map((c) => c.value)).toEqual(['Victoria of house of Hanover']);
    const schema = { source: 'royals', relations: [], classes: [{ id: 'Person', name: { singular: 'person', plural: 'people' }, primaryKey: [], rowCount: 1, attributes: [{ id: 'name', classId: 'Person', type: 'text' as const, nativeType: 'STRING', nullable: true, primaryKey: false, name: { singular: 'name', plural: 'names' } }] }] };
    const predicted = queryGraph({ select: [{ target: { classId: 'Person', attributeId: 'name' }, aggregate: null }], where: [{ target: { classId: 'Person', attributeId: 'name' }, operator: '=', values: [{ kind: 'placeholder', name: '1' }] }] });
    const bound = bindValues(predicted, null, mentions, schema);
    expect(bound.where[0]?.values).toEqual([{ kind: 'string', value: 'Victoria' }]);
    expect(alternativeBindings(bound, predicted, mentions).map((g) => g.where[0]?.values[0])).toEqual([{ kind: 'string', value: 'Victoria of house of Hanover' }]);
  });
});
