/**
 * A class joined only to say something exists is a semi-join under a sum or an average: "the
 * average grade of students who have friends" counts each student once, not once per friend.
 * Counts, grouped readings, classes the reading names otherwise and many-to-one joins stay joins.
 */
import { describe, expect, it } from 'vitest';
import { withSemiJoinedClasses } from '../../engines/predictor/completions/semi-joined.js';
import type { SchemaGraph } from '../../engines/schema-graph/types.js';
import { foreignKey, table } from '../helpers/shop-schema.js';

const schema: SchemaGraph = {
  source: 'school',
  classes: [table('Student', ['ID', 'integer'], ['grade', 'integer'], ['SchoolID', 'integer']), table('Friend', ['student_id', 'integer'], ['friend_id', 'integer']), table('School', ['ID', 'integer'], ['name'])],
  relations: [foreignKey('Friend', 'student_id', 'Student', 'ID'), foreignKey('Friend', 'friend_id', 'Student', 'ID'), foreignKey('Student', 'SchoolID', 'School', 'ID')],
};
const read = (reading: string) => withSemiJoinedClasses(reading.split(' '), schema).join(' ');

describe('a class joined only for existence under a sum or an average', () => {
  it('is read as a semi-join', () => {
    expect(read('show avg A:Student.grade class C:Friend')).toBe('some class C:Friend end show avg A:Student.grade');
    expect(read('show sum A:Student.grade where A:School.name = @1 class C:Friend')).toBe('some class C:Friend end show sum A:Student.grade where A:School.name = @1');
  });

  it('stays a join under a count, in a grouped reading, when named otherwise, or through a many-to-one step', () => {
    for (const reading of [
      'show count A:Student.* class C:Friend',
      'show A:School.name show avg A:Student.grade group A:School.name class C:Friend',
      'show avg A:Student.grade where A:Friend.friend_id = @1 class C:Friend',
      'show avg A:Student.grade class C:School',
    ]) {
      expect(read(reading)).toBe(reading);
    }
  });
});
