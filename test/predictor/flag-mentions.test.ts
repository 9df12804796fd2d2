import { describe, expect, it } from 'vitest';
import { flagColumns } from '../../engines/predictor/values/flags.js';
import { findMentions } from '../../engines/predictor/values/mentions.js';
import { ValueMemory, type ColumnMemory } from '../../engines/predictor/values/value-memory.js';
import type { SchemaAttribute, SchemaGraph } from '../../engines/schema-graph/types.js';

const attribute = (classId: string, id: string, name: string): SchemaAttribute => ({ id, classId, type: 'text', nativeType: 'TEXT', nullable: true, primaryKey: false, name: { singular: name, plural: `${name}s` } });
const column = (classId: string, attributeId: string, values: readonly string[]): ColumnMemory => ({ classId, attributeId, type: 'text', values, complete: true, min: null, max: null });

const schema: SchemaGraph = {
  source: 'world',
  relations: [],
  classes: [
    { id: 'Speaks', name: { singular: 'country language', plural: 'country languages' }, primaryKey: [], rowCount: 4, attributes: [attribute('Speaks', 'Language', 'language'), attribute('Speaks', 'IsOfficial', 'is official')] },
    { id: 'Channel', name: { singular: 'channel', plural: 'channels' }, primaryKey: [], rowCount: 2, attributes: [attribute('Channel', 'HD', 'hight definition tv'), attribute('Channel', 'Status', 'status')] },
  ],
};
const memory = ValueMemory.of(
  [
    column('Speaks', 'Language', ['English', 'Dutch']),
    column('Speaks', 'IsOfficial', ['T', 'F']),
    column('Channel', 'HD', ['yes', 'no']),
    // Two values, but not yes and no: no flag.
    column('Channel', 'Status', ['Open', 'Closed']),
  ],
  schema,
);
const flags = flagColumns(memory, schema);

describe('yes/no columns named by their words', () => {
  it('knows a column of yes and no values by its name without "is"', () => {
    expect(flags.map((f) => [f.attributeId, f.yes, f.words])).toEqual([
      ['IsOfficial', 'T', ['official']],
      ['HD', 'yes', ['hight', 'definition', 'tv']],
    ]);
  });

  it('reads the name in a question as a mention of the yes value, a letter away in long words', () => {
    const official = findMentions('How many official languages does Aruba have?', memory, { flags });
    expect(official.find((m) => m.text === 'official')).toMatchObject({ kind: 'text', candidates: [{ classId: 'Speaks', attributeId: 'IsOfficial', value: 'T', match: 'exact' }] });
    const hd = findMentions('channels that support high definition TV', memory, { flags });
    expect(hd).toMatchObject([{ text: 'high definition TV', candidates: [{ attributeId: 'HD', value: 'yes' }] }]);
  });

  it('finds nothing without the flags, nor where the question does not say the name', () => {
    expect(findMentions('How many official languages are there?', memory)).toEqual([]);
    expect(findMentions('Which languages are spoken in the Netherlands?', memory, { flags })).toEqual([]);
  });
});
