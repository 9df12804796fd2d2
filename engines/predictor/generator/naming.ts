/**
 * The attribute the generator shows a class's things by ("which airline has abbreviation UAL"
 * shows the airline's name), as people's SQL does: labels.ts's naming attribute, except that a
 * class it would show by a key (no "name", "title", "<class> name" attribute: airlines(uid,
 * Airline, Abbreviation), Degree_Programs(degree_program_id, degree_summary_name)) is shown by a
 * text attribute that names it all the same: one named as the class itself ("airline"), else one
 * whose last word is "name" or "title" and that shares a word with the class's name ("degree
 * summary name" of degree programs; not an order's "ship name" nor a gas station's "manager name":
 * those are no names of the thing). A text key that is no name (a type code) gives way too.
 * Serving's labels.ts is unchanged.
 */
import type { Measure } from '../../query-graph/types.js';
import type { SchemaAttribute, SchemaGraph } from '../../schema-graph/types.js';
import { labelAttribute } from '../../schema-graph/labels.js';

/** A name's last word that makes it a name ("degree summary name", "book title"). */
const NAMING = /\b(name|title)$/;

export function shownLabel(schema: SchemaGraph, classId: string): SchemaAttribute | null {
  const label = labelAttribute(schema, classId);
  const owner = schema.classes.find((c) => c.id === classId);
  if (!label || !owner || (label.type === 'text' && (!label.primaryKey || NAMING.test(label.name.singular)))) return label;
  const keys = foreignKeyColumns(schema, classId);
  const text = owner.attributes.filter((a) => a.type === 'text' && !a.primaryKey && !keys.has(a.id));
  const classWords = new Set(owner.name.singular.split(' '));
  const names = text.filter((a) => NAMING.test(a.name.singular));
  return text.find((a) => a.name.singular === owner.name.singular) ?? names.find((a) => a.name.singular.split(' ').some((w) => classWords.has(w))) ?? label;
}

/** Whether an attribute is a key: its class's primary key or a column that refers to another class. */
export function isKeyColumn(schema: SchemaGraph, classId: string, attributeId: string): boolean {
  const attribute = schema.classes.find((c) => c.id === classId)?.attributes.find((a) => a.id === attributeId);
  return attribute !== undefined && (attribute.primaryKey || foreignKeyColumns(schema, classId).has(attributeId));
}

/** The columns of a class that refer to another class (or are referred to by one). */
function foreignKeyColumns(schema: SchemaGraph, classId: string): ReadonlySet<string> {
  const out = new Set<string>();
  for (const r of schema.relations) {
    if (r.through) continue;
    if (r.from === classId) r.fromColumns.forEach((c) => out.add(c));
    if (r.to === classId) r.toColumns.forEach((c) => out.add(c));
  }
  return out;
}

/** Types a superlative ranks by: amounts and dates. */
const SIZED: ReadonlySet<string> = new Set(['integer', 'decimal', 'float', 'date', 'datetime']);
/** A name that says a date or a year whatever type the column was given (SQLite keeps dates as text). */
const DATED = /\b(date|year)\b/;

/**
 * Whether a measure is ranked by size, so a superlative word ("highest", "largest", "most",
 * "latest") can say its order: a count, a total or an average, a number, a date, a column
 * named as a date, or a computed value. A text (or yes/no) attribute is not: people never ask "the highest continent"
 * for the last continent in alphabetical order; its order is said in words of alphabetical order.
 */
export function ranksBySize(schema: SchemaGraph, measure: Measure): boolean {
  if (measure.aggregate === 'count' || measure.aggregate === 'count_distinct' || measure.aggregate === 'sum' || measure.aggregate === 'avg' || measure.target.attributeId === '*') return true;
  const attribute = schema.classes.find((c) => c.id === measure.target.classId)?.attributes.find((a) => a.id === measure.target.attributeId);
  // No attribute of the schema: a computed value (arithmetic on numbers, "price times quantity").
  return attribute === undefined || SIZED.has(attribute.type) || DATED.test(attribute.name.singular);
}
