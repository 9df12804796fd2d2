/**
 * A class joined only to say that something exists is a semi-join, not a join, under a sum or an
 * average: "the average grade of students who have friends" read as `show avg grade ; class Friend`
 * joins each student once per friend, and weighs a student with three friends three times. A reading
 * that sums or averages and joins, through a one-to-many step, a class no other item of it names,
 * reads that class as `some ( class C )`: the things that have at least one. Counts are left alone
 * (the engines count distinct things), and so are grouped readings.
 */
import type { SchemaGraph } from '../../schema-graph/types.js';
import { PATTERN_END } from '../model/target.js';
import { reachedThroughMany } from '../../schema-graph/one-to-many.js';
import { classesNamed, itemsOf, withPatternsAdded } from './reading-items.js';

/** `tokens` with each class joined only for existence under a sum or an average read as a semi-join; `tokens` itself otherwise. */
export function withSemiJoinedClasses(tokens: readonly string[], schema: SchemaGraph): readonly string[] {
  const items = itemsOf(tokens);
  const sums = items.some((item) => item[0] === 'show' && (item[1] === 'avg' || item[1] === 'sum'));
  if (!sums || items.some((item) => item[0] === 'group' || item[0] === 'having')) return tokens;
  const joinedOnly = items.filter((item) => item[0] === 'class' && item.length === 2).map((item) => item[1]!.slice(2));
  const existence = joinedOnly.filter((classId) => {
    const others = classesNamed(items.filter((item) => !(item[0] === 'class' && item[1] === `C:${classId}`)).flat());
    return !others.has(classId) && others.size > 0 && reachedThroughMany(schema, others, classId) === true;
  });
  if (existence.length === 0) return tokens;
  const rest = items.filter((item) => !(item[0] === 'class' && existence.includes(item[1]!.slice(2))));
  const patterns = existence.map((classId) => ['some', 'class', `C:${classId}`, PATTERN_END]);
  return withPatternsAdded(rest, patterns, tokens);
}
