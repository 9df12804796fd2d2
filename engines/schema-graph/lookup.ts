/** Finding classes and attributes of a schema graph by id, with clear errors when they are not there. */
import { InvalidQueryGraphError } from '../../errors.js';
import type { AttributeType, SchemaAttribute, SchemaClass, SchemaGraph } from './types.js';

export function findClass(schema: SchemaGraph, classId: string): SchemaClass {
  const found = schema.classes.find((candidate) => candidate.id === classId);
  if (!found) throw new InvalidQueryGraphError(`unknown class '${classId}' in source '${schema.source}'`, classId);
  return found;
}

export function findAttribute(schema: SchemaGraph, classId: string, attributeId: string): SchemaAttribute {
  const owner = findClass(schema, classId);
  const found = owner.attributes.find((candidate) => candidate.id === attributeId);
  if (!found) throw new InvalidQueryGraphError(`class '${classId}' has no attribute '${attributeId}'`, `${classId}.${attributeId}`);
  return found;
}

/** The type the database keeps an attribute's values as: text for numbers and dates kept as text (engines/sql/numeric-text.ts, date-text.ts), else its type. */
export function storedType(attribute: Pick<SchemaAttribute, 'type' | 'numericText' | 'dateText'>): AttributeType {
  return attribute.numericText || attribute.dateText ? 'text' : attribute.type;
}
