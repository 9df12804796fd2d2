/**
 * Nearness of two questions in other words (plugins/nl-query/teaching/near-questions.ts): the
 * operations must be the same classes, every word of the new question that names the schema must be
 * in the taught question or name what its graph reads, then content words overlap; values are set aside.
 */
import { describe, expect, it } from 'vitest';
import { parseQueryGraph } from '../../engines/query-graph/canonical.js';
import type { SchemaGraph } from '../../engines/schema-graph/types.js';
import { SIMILAR } from '../../plugins/nl-query/teaching/example-index.js';
import { graphNames } from '../../plugins/nl-query/teaching/graph-names.js';
import { nameWords, nearFeatures, nearness, schemaNameWords } from '../../plugins/nl-query/teaching/near-questions.js';
import { attribute } from '../helpers/shop-schema.js';

const near = (a: string, b: string) => nearness(nearFeatures(a, []), nearFeatures(b, []));

describe('nearness of questions in other words', () => {
  it('is high for rewordings with the same operations and content words', () => {
    expect(near('How many dogs are there?', 'Count the number of dogs.')).toBe(1);
    expect(near('What is the average age of the dogs?', 'Give the mean age of all dogs.')).toBe(1);
    expect(near('Which products cost more than 50 dollars?', 'products costing above 50 dollars')).toBe(1);
  });

  it('is 0 when the operations differ, whatever the words shared', () => {
    expect(near('How many dogs are there?', 'Which dogs are there?')).toBe(0);
    expect(near('Who is the oldest dog owner?', 'Who is the youngest dog owner?')).toBe(0);
    expect(near('products cheaper than 20', 'products dearer than 20')).toBe(0);
    expect(near('owners with dogs', 'owners without dogs')).toBe(0);
    expect(near('the maximum age of dogs', 'the minimum age of dogs')).toBe(0);
  });

  it('falls with the content words that differ, column words such as "name" included', () => {
    expect(near('names of the dog owners', 'names of the dog breeds')).toBeCloseTo(2 / 3);
    expect(near('the first name of owners', 'the last name of owners')).toBeCloseTo(2 / 3);
    expect(near('names of the dog owners', 'names of the dog breeds')).toBeLessThan(SIMILAR.threshold);
  });
});

/** A school's schema (students with names and grades, their friends and likes) for the schema-word rule. */
const school: SchemaGraph = {
  source: 'school',
  relations: [{ id: 'Likes(student_id)->Highschooler(ID)', from: 'Likes', to: 'Highschooler', fromColumns: ['student_id'], toColumns: ['ID'], name: { singular: 'student', plural: 'students' } }],
  classes: [
    {
      id: 'Highschooler',
      name: { singular: 'high schooler', plural: 'high schoolers' },
      primaryKey: ['ID'],
      rowCount: 1,
      attributes: [attribute('Highschooler', 'ID', 'id', 'ids', 'integer'), attribute('Highschooler', 'name', 'name', 'names'), attribute('Highschooler', 'grade', 'grade', 'grades', 'integer')],
    },
    { id: 'Friend', name: { singular: 'friend', plural: 'friends' }, primaryKey: [], rowCount: 1, attributes: [attribute('Friend', 'student_id', 'student id', 'student ids', 'integer')] },
    { id: 'Likes', name: { singular: 'like', plural: 'likes' }, primaryKey: [], rowCount: 1, attributes: [attribute('Likes', 'student_id', 'student id', 'student ids', 'integer')] },
  ],
};
const words = schemaNameWords(school);
/** Nearness of `asked` to `taught`, taught with `graph` on the school schema. */
const nearTaught = (asked: string, taught: string, graph: string) =>
  nearness(nearFeatures(asked, [], words), nearFeatures(taught, [], words), nameWords(graphNames(parseQueryGraph(graph), school)));

describe('nearness of questions that name parts of the schema', () => {
  it('is 0 when the new question names a part of the schema neither the taught question nor its graph names', () => {
    expect(nearTaught('Show the names and grades of each high schooler.', 'What is the grade of each high schooler?', 'show Highschooler.grade')).toBe(0);
    expect(nearTaught('How many friends does each high schooler have?', 'How many likes does each high schooler have?', 'show Highschooler.name ; show count Likes.* ; follow Likes `Likes(student_id)->Highschooler(ID)` Highschooler ; group Highschooler.name')).toBe(0);
  });

  it('lets the new question leave a name unsaid, or say one the taught graph reads', () => {
    expect(nearTaught('Which high schoolers are in grade 9?', 'What are the names of the high schoolers in grade 9?', 'show Highschooler.name ; where Highschooler.grade = 9')).toBeGreaterThanOrEqual(SIMILAR.threshold);
    expect(nearTaught('What are the names of high schoolers in grade 9?', 'Which high schoolers are in grade 9?', 'show Highschooler.name ; where Highschooler.grade = 9')).toBeGreaterThanOrEqual(SIMILAR.threshold);
  });

  it('still lets words that name nothing of the schema differ', () => {
    expect(nearTaught('List the grade of each high schooler.', 'What is the grade of every high schooler?', 'show Highschooler.grade')).toBe(1);
  });

  it('reads "number" as a count only in "number of"', () => {
    expect(near('What are the flight numbers of flights from Aberdeen?', 'How many flights are from Aberdeen?')).toBe(0);
    expect(near('What is the number of flights from Aberdeen?', 'How many flights are from Aberdeen?')).toBe(1);
    expect(near('Return the version numbers of templates.', 'What are the version numbers of all templates?')).toBe(1);
    expect(near('Who has the greatest number of friends?', 'Who has the greatest count of friends?')).toBe(1);
    expect(near('Show the names and numbers of likes of each student.', 'Show the names and how many likes each student has.')).toBe(1);
  });
});

describe('what a taught graph reads', () => {
  it('names its classes, the attributes it shows, compares and groups, and the classes it follows', () => {
    const names = graphNames(parseQueryGraph('show Highschooler.name ; show count Likes.* ; follow Likes `Likes(student_id)->Highschooler(ID)` Highschooler ; group Highschooler.name'), school).map((n) => n.singular);
    expect(names).toEqual(expect.arrayContaining(['high schooler', 'name', 'like', 'student']));
    expect(names).not.toContain('grade');
    expect(names).not.toContain('friend');
  });
});
