/** Each member of the class a question ranges over is offered its own facts as a set (class-roster.ts). */
import { describe, expect, it } from 'vitest';
import { rosterSets } from '../../engines/nldb/class-roster.js';
import { lexicalIndexOf, textOf } from './fixtures/lexical.js';

const FACTS = [
  'Orrin Chemical Works is a chemical company based in Westry.',
  'Orrin Chemical Works has 12,750 employees on its books.',
  'Declan Achter joined Orrin Chemical Works in 1994.',
  'Greywater Mills is a textile company.',
  'Greywater Mills was founded in 1921.',
  'The Hollin Art Museum opened in 1988.',
  'Dunholt Maritime Museum gets 33,050 visitors a year.',
  'Declan Achter was born in 1970.',
];

const index = () => lexicalIndexOf(FACTS);

const text = textOf(FACTS);
const ids = (sets: readonly { ids: readonly string[] }[]) => sets.map((s) => [...s.ids].sort());

describe('the roster of a class', () => {
  it("offers each member the facts it is the subject of, not those naming it in passing", () => {
    const sets = rosterSets('company', index(), text, new Set());
    expect(ids(sets)).toEqual(expect.arrayContaining([['1', '2'], ['4', '5']]));
    expect(sets.flatMap((s) => s.ids)).not.toContain('3');
  });

  it('finds members by the names that end in the class word', () => {
    expect(ids(rosterSets('museum', index(), text, new Set()))).toEqual(expect.arrayContaining([['6'], ['7']]));
  });

  it('offers a member no fact is about the facts naming it in passing', () => {
    const lines = [
      'The sloop Wren Dancer is moored at Quay Four.',
      'Tamsin Oakes is a sailmaker.',
      'In 1988 Tamsin Oakes sailed the sloop Kestrel Maid to the outer isles.',
      'Kestrel Maid, a sloop, needs a new mast.',
      'In 1961 Tamsin Oakes launched the sloop Marram Light.',
    ];
    const facts = lexicalIndexOf(lines);
    const sets = ids(rosterSets('sloop', facts, textOf(lines), new Set()));
    // Kestrel Maid and Wren Dancer have facts of their own; Marram Light is only named in passing
    expect(sets).toEqual(expect.arrayContaining([['4'], ['1'], ['5']]));
    expect(sets.flat()).not.toContain('3');
  });

  it('skips sets already proposed, leaves people out, and honours its sizes', () => {
    expect(ids(rosterSets('company', index(), text, new Set(['1,2'])))).toEqual([['4', '5']]);
    expect(rosterSets('person', index(), text, new Set())).toEqual([]);
    expect(rosterSets('company', index(), text, new Set(), { members: 0, factsPerMember: 4 })).toEqual([]);
    expect(rosterSets('company', index(), text, new Set(), { members: 64, factsPerMember: 1 }).every((s) => s.ids.length === 1)).toBe(true);
  });
});
