/**
 * The kinship table read from relation names alone, on schema graphs made here: royals-like
 * relations (X's FATHER is Y), a graph saying PARENT_OF (X is the parent of Y), and one with only
 * SON and DAUGHTER (parents read backwards). What each word becomes is checked as follows.
 */
import { describe, expect, it } from 'vitest';
import { formatQueryGraph } from '../../engines/query-graph/canonical.js';
import { attr, queryGraph, show } from '../../engines/query-graph/build.js';
import { kinFollows, kinshipTable } from '../../engines/query-graph/kinship.js';
import { classHumanName, humanWords } from '../../engines/schema-graph/names.js';
import type { SchemaGraph } from '../../engines/schema-graph/types.js';

function familyGraph(relations: readonly string[]): SchemaGraph {
  return {
    source: 'family',
    classes: [{ id: 'Person', name: classHumanName('Person'), attributes: [], primaryKey: ['id'], rowCount: 0 }],
    relations: relations.map((id) => ({ id, from: 'Person', to: 'Person', fromColumns: [], toColumns: [], name: { singular: humanWords(id), plural: humanWords(id) } })),
  };
}

/** A word as the canonical items kinFollows gives, from Person#2 (the anchor) to Person (the answer). */
function said(schema: SchemaGraph, word: string): string | undefined {
  const composition = kinshipTable(schema, 'Person').get(word);
  if (!composition) return undefined;
  const parts = kinFollows(composition, { classId: 'Person', instance: 2 }, { classId: 'Person', instance: 1 }, 3);
  return formatQueryGraph(queryGraph({ select: [show(attr('Person', 'name'))], ...parts })).replace('show Person.name ; ', '');
}

describe('the kinship table', () => {
  const royals = familyGraph(['FATHER', 'MOTHER', 'SON', 'DAUGHTER', 'HUSBAND', 'WIFE', 'BROTHER', 'SISTER', 'UNCLE']);

  it('reads gendered relations named by the role of the far end (X FATHER Y: Y is the father of X)', () => {
    expect(said(royals, 'child')).toBe('follow Person#2 ( SON | DAUGHTER ) Person');
    expect(said(royals, 'grandmother')).toBe('follow Person#2 ( FATHER | MOTHER ) Person#3 ; follow Person#3 MOTHER Person');
    expect(said(royals, 'cousin')).toBe('follow Person#2 ( FATHER | MOTHER ) Person#3 ; follow Person#3 ( BROTHER | SISTER ) Person#4 ; follow Person#4 ( SON | DAUGHTER ) Person');
    expect(said(royals, 'ancestor')).toBe('follow Person#2 ( FATHER | MOTHER ) *1..4 Person');
  });

  it('keeps a relation that says a word itself, and makes unions of the chains of a word', () => {
    expect(said(royals, 'uncle')).toBe('follow Person#2 UNCLE Person');
    expect(said(royals, 'brother-in-law')).toBe(
      'some ( follow Person#2 ( HUSBAND | WIFE ) Person#3 ; follow Person#3 BROTHER Person ) or ( follow Person#2 SISTER Person#3 ; follow Person#3 HUSBAND Person )',
    );
  });

  it('reads "X of" names backwards (A PARENT_OF B: A is the parent of B) and derives the converse role', () => {
    const graph = familyGraph(['PARENT_OF', 'MARRIED_TO']);
    expect(said(graph, 'parent')).toBe('follow Person PARENT_OF Person#2');
    expect(said(graph, 'child')).toBe('follow Person#2 PARENT_OF Person');
    expect(said(graph, 'grandchild')).toBe('follow Person#2 PARENT_OF Person#3 ; follow Person#3 PARENT_OF Person');
    expect(said(graph, 'descendant')).toBe('follow Person#2 PARENT_OF *1..4 Person');
    // No gendered relations: no gendered words, and MARRIED_TO names no family word it knows.
    expect(said(graph, 'grandmother')).toBeUndefined();
    expect(said(graph, 'sister-in-law')).toBeUndefined();
  });

  it('derives parents from a graph that only has children, backwards', () => {
    const graph = familyGraph(['SON', 'DAUGHTER', 'HAS_SPOUSE']);
    expect(said(graph, 'parent')).toBe('follow Person ( SON | DAUGHTER ) Person#2');
    expect(said(graph, 'spouse')).toBe('follow Person#2 HAS_SPOUSE Person');
    expect(said(graph, 'father')).toBeUndefined();
  });

  it('reaches at most the repeated-step limit of generations', () => {
    expect(said(familyGraph(['PARENT']), 'ancestor')).toBe('follow Person#2 PARENT *1..4 Person');
    const composition = kinshipTable(familyGraph(['PARENT']), 'Person', { generations: 40 }).get('ancestor');
    expect(composition?.chains[0]?.[0]?.hops).toEqual({ min: 1, max: 6 });
  });
});
