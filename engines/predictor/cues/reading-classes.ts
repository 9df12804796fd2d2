/**
 * The classes a reading uses, as the cues see them: the owners of the attributes it names and the
 * classes of its `class` items; and the classes its joins pass through. A reading names only the ends
 * of a join ("the total quantity of the dairy products category" sums Order Details.Quantity where
 * Categories.CategoryName is given); join resolution puts Products between them. A class related
 * to two classes the reading uses stands on such a way (one step of it: enough for the coverage cue,
 * which only asks whether a class the words name is part of the reading).
 */
import type { SchemaGraph } from '../../schema-graph/types.js';

/** The class of an attribute token (`A:Orders.Freight`, `A:Person#2.name`). */
export function ownerOf(attributeToken: string): string {
  return attributeToken.slice(2, attributeToken.lastIndexOf('.')).replace(/#\d+$/, '');
}

/** The classes a reading's tokens name: attributes' owners and `class` items. */
export function readingClasses(tokens: readonly string[]): ReadonlySet<string> {
  const classes = new Set<string>();
  for (const token of tokens) {
    if (token.startsWith('C:')) classes.add(token.slice(2));
    if (token.startsWith('A:')) classes.add(ownerOf(token));
  }
  return classes;
}

/** Whether `classId` is related to two or more of `used` (other than itself): a class a join between them passes through. */
export function standsBetween(classId: string, used: ReadonlySet<string>, schema: SchemaGraph): boolean {
  const related = new Set<string>();
  for (const r of schema.relations) {
    const other = r.from === classId ? r.to : r.to === classId ? r.from : null;
    if (other !== null && other !== classId && used.has(other)) related.add(other);
  }
  return related.size >= 2;
}
