/**
 * Kin cue: on a family graph, the question's family words say which relations a reading may follow
 * and which way. "queen victoria kids" is no reading through NIECE or UNCLE, nor forwards to a
 * FATHER; "dad" is FATHER, not MOTHER or HUSBAND; people's words ("kids", "mom", "grandkids",
 * "married") and misspelt ones ("npehew") are read as the kinship table's. A question with no family
 * word, and a relation that says no family role, are not judged; the generator's own chains on the
 * royals graph are never contradicted.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIN_CUE, kinSaid, kinWord, misdirectedKin, unsaidKin } from '../../engines/predictor/cues/kin.js';
import { kinRelations } from '../../engines/query-graph/kinship.js';
import type { QueryGraphEngine } from '../../engines/query-graph/engine.js';
import { QuestionGenerator, type Example } from '../../engines/predictor/generator/generator.js';
import { ValueMemory } from '../../engines/predictor/values/value-memory.js';
import { nlQuery } from '../../plugins/nl-query/index.js';
import type { SchemaGraph, SchemaRelation } from '../../engines/schema-graph/types.js';
import { attribute } from '../helpers/shop-schema.js';
import { worldOptions } from '../helpers/world.js';

const relation = (id: string, singular: string): SchemaRelation => ({ id, from: 'Person', to: 'Person', fromColumns: [], toColumns: [], name: { singular, plural: `${singular}s` } });
const family: SchemaGraph = {
  source: 'family',
  classes: [{ id: 'Person', name: { singular: 'person', plural: 'people' }, primaryKey: [], rowCount: 10, attributes: [attribute('Person', 'name', 'name', 'names'), attribute('Person', 'birth_year', 'birth year', 'birth years', 'integer')] }],
  relations: [['FATHER', 'father'], ['MOTHER', 'mother'], ['SON', 'son'], ['DAUGHTER', 'daughter'], ['HUSBAND', 'husband'], ['WIFE', 'wife'], ['SISTER', 'sister'], ['UNCLE', 'uncle'], ['NIECE', 'niece'], ['MANAGER', 'manager']].map(([id, name]) => relation(id as string, name as string)),
};
const relations = kinRelations(family, 'Person');
const unsaid = (question: string, reading: string) => unsaidKin(relations, kinSaid(question), reading.split(' '));
const misdirected = (question: string, reading: string) => misdirectedKin(relations, kinSaid(question), new Set(['A:Person.name']), reading.split(' '));
const lost = (question: string, reading: string) => {
  const cue = KIN_CUE.read({ question, mentions: [], said: [], names: null as never, schema: family });
  const tokens = reading.split(' ');
  return (cue.whileSearching?.(tokens) ?? 0) + (cue.whenFinished?.(tokens) ?? 0);
};

describe('kin cue', () => {
  it('reads family words as people say them', () => {
    expect(['dad', 'moms', 'kids', 'grandkids', 'wives', 'sons-in-law', 'great-grandchildren', 'married', 'paternal'].map(kinWord)).toEqual(['father', 'mother', 'child', 'grandchild', 'wife', 'son-in-law', 'great-grandchild', 'spouse', 'father']);
  });

  it('judges a relation no family word of the question says, either way', () => {
    expect(unsaid('queen victoria kids who died before 1900', 'follow R:NIECE i1 i2 show A:Person#2.name')).toBe(1);
    expect(unsaid('queen victoria kids who died before 1900', 'follow R:SON i1 i2 show A:Person#2.name')).toBe(0);
    expect(unsaid("tell me who queen victoria's dad was", 'follow R:HUSBAND i1 i2 show A:Person#2.name')).toBe(1);
    expect(unsaid("tell me who queen victoria's dad was", 'follow R:MOTHER i1 i2 show A:Person#2.name')).toBe(1);
    expect(unsaid("tell me who queen victoria's dad was", 'follow R:FATHER i1 i2 show A:Person#2.name')).toBe(0);
    expect(unsaid('who did henry the 8th marry in 1540', 'follow R:WIFE i1 i2 show A:Person#2.name')).toBe(0);
    expect(unsaid("tell me the mom of nicholas the second's wife", 'follow R:WIFE i1 i2 follow R:MOTHER i2 i3 show A:Person#3.name')).toBe(0);
    expect(unsaid('who was the npehew of the sister of frances', 'follow R:SISTER i1 i2 follow R:UNCLE i3 i2 show A:Person#3.name')).toBe(0);
  });

  it('judges the way a step goes from the person the question names', () => {
    const kids = 'queen victoria kids who died before 1900';
    expect(misdirected(kids, 'follow R:FATHER i1 i2 show A:Person#2.name where A:Person.name = @1 where A:Person#2.birth_year < @2')).toBe(1);
    expect(misdirected(kids, 'follow R:SON i1 i2 show A:Person#2.name where A:Person.name = @1 where A:Person#2.birth_year < @2')).toBe(0);
    expect(misdirected(kids, 'follow R:MOTHER i2 i1 show A:Person#2.name where A:Person.name = @1 where A:Person#2.birth_year < @2')).toBe(0);
    // "people whose father is X": X's FATHER relation walked backwards.
    expect(misdirected('list the people whose father is George', 'follow R:FATHER i2 i1 show A:Person#2.name where A:Person.name = @1')).toBe(0);
  });

  it('does not judge a question without a family word, nor a relation that says no family role', () => {
    expect(lost('who else was born in the same year as Victoria', 'follow R:NIECE i1 i2 show A:Person#2.name where A:Person.name = @1')).toBe(0);
    expect(lost('the sister of the manager of Anne', 'follow R:MANAGER i1 i2 follow R:SISTER i2 i3 show A:Person#3.name where A:Person.name = @1')).toBe(0);
    expect(lost('queen victoria kids', 'follow R:NIECE i1 i2 show A:Person#2.name where A:Person.name = @1')).toBeGreaterThan(0);
  });
});

describe("the kin cue on the generator's royals chains", () => {
  let gateway: ReturnType<typeof nlQuery>['gateway'];
  let engine: QueryGraphEngine;
  let examples: Example[];

  beforeAll(async () => {
    const options = await worldOptions(`file:${join(mkdtempSync(join(tmpdir(), 'nlq-kin-cue-')), 'facts.sqlite')}`);
    gateway = nlQuery({ ...options, sources: (options.sources ?? []).filter((s) => s.id === 'royals') }).gateway;
    engine = await gateway.queryGraphEngineOf('royals');
    examples = new QuestionGenerator(engine.schema(), await ValueMemory.read(engine), { seed: 23 }).generate(600);
  }, 120_000);

  afterAll(() => gateway?.stop());

  it('contradicts (almost) none of the graphs the generator writes', () => {
    const schema = engine.schema();
    const contradicted = examples.filter((e) => {
      const cue = KIN_CUE.read({ question: e.question, mentions: [], said: [], names: null as never, schema });
      return (cue.whileSearching?.(e.target) ?? 0) + (cue.whenFinished?.(e.target) ?? 0) > 0;
    });
    expect(examples.filter((e) => e.target.includes('follow')).length).toBeGreaterThan(100);
    expect(contradicted.length).toBeLessThanOrEqual(examples.length / 200);
  });
});
