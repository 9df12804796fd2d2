/**
 * A property graph's schema graph: node labels are classes, properties their attributes;
 * relationship types without properties are relations between labels; a relationship type with
 * properties becomes a class of its own (an edge class, like SQL's link tables) joined to its two
 * end labels by `<TYPE>_FROM` and `<TYPE>_TO`. Works from either backend's GraphDescription.
 */
import { attributeHumanName, classHumanName, humanWords } from '../schema-graph/names.js';
import type { AttributeType, SchemaAttribute, SchemaClass, SchemaGraph, SchemaRelation } from '../schema-graph/types.js';
import type { GraphDescription, GraphProperty, GraphStore } from './graph-store.js';

export async function introspectGraphSchema(store: GraphStore, sourceId: string): Promise<SchemaGraph> {
  return schemaFromDescription(await store.describe(), sourceId);
}

export function schemaFromDescription(description: GraphDescription, sourceId: string): SchemaGraph {
  const classes: SchemaClass[] = description.nodes.map((node) => ({
    id: node.label,
    name: classHumanName(node.label),
    attributes: node.properties.map((p) => attribute(node.label, p, p.name === node.key)),
    primaryKey: node.key ? [node.key] : [],
    rowCount: node.count,
  }));
  const relations: SchemaRelation[] = [];
  for (const rel of description.relationships) {
    const words = humanWords(rel.type);
    // A relationship of a label with itself (Person -HUSBAND-> Person) is followable by its name even
    // when it carries properties: chains need it, and the spanning tree never uses self-relations.
    if (rel.properties.length === 0 || rel.from === rel.to) {
      // One relationship type may connect several label pairs; the id stays the type (follows name it).
      relations.push({ id: rel.type, from: rel.from, to: rel.to, fromColumns: [], toColumns: [], name: { singular: words, plural: words } });
      if (rel.properties.length === 0) continue;
    }
    if (classes.some((c) => c.id === rel.type)) continue;
    classes.push({
      id: rel.type,
      name: { singular: words, plural: words },
      attributes: rel.properties.map((p) => attribute(rel.type, p, false)),
      primaryKey: [],
      rowCount: 0,
      edge: { from: rel.from, to: rel.to },
    });
    relations.push(
      { id: `${rel.type}_FROM`, from: rel.type, to: rel.from, fromColumns: [], toColumns: [], name: classHumanName(rel.from) },
      { id: `${rel.type}_TO`, from: rel.type, to: rel.to, fromColumns: [], toColumns: [], name: classHumanName(rel.to) },
    );
  }
  return Object.freeze({ source: sourceId, classes, relations });
}

function attribute(classId: string, property: GraphProperty, primaryKey: boolean): SchemaAttribute {
  return {
    id: property.name,
    classId,
    type: graphAttributeType(property.type),
    nativeType: property.type,
    nullable: !primaryKey,
    primaryKey,
    name: attributeHumanName(property.name),
  };
}

/** Types of the embedded store (INT64, DOUBLE, STRING, DATE, ...) and of Neo4j (Long, String, Date, ...). */
export function graphAttributeType(native: string): AttributeType {
  const type = native.toUpperCase();
  if (/^(U?INT\d*|SERIAL|LONG|INTEGER)$/.test(type)) return 'integer';
  if (/^(DOUBLE|FLOAT)$/.test(type)) return 'float';
  if (type.startsWith('DECIMAL')) return 'decimal';
  if (/^(STRING|UUID)$/.test(type)) return 'text';
  if (/^(BOOL|BOOLEAN)$/.test(type)) return 'boolean';
  if (type === 'DATE') return 'date';
  if (/^(TIMESTAMP|DATETIME|LOCALDATETIME|ZONEDDATETIME)/.test(type)) return 'datetime';
  if (type === 'BLOB') return 'binary';
  return 'other';
}
