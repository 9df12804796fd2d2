/**
 * The columns a query graph's answer has, whatever engine runs it: one per `show` item, named
 * after the attribute (`UnitPrice`) or the aggregate (`avg(UnitPrice)`, `count(*)`), typed for
 * GraphQL from the schema graph's attribute types.
 */
import type { ColumnType } from '../../types.js';
import type { AttributeType, SchemaGraph } from '../schema-graph/types.js';
import type { Measure, QueryGraph } from './types.js';
import { attributeType } from './validate.js';

/** One column of an answer. */
export interface OutputColumn {
  /** The column's alias in the query text, and its name in the answer. */
  readonly name: string;
  readonly type: ColumnType;
  /** The attribute type the values come from (drives value conversion); null for counts. */
  readonly attributeType: AttributeType | null;
}

export function outputColumns(graph: QueryGraph, schema: SchemaGraph): OutputColumn[] {
  const used = new Map<string, number>();
  return graph.select.map((measure) => {
    const base = columnName(measure);
    const count = (used.get(base) ?? 0) + 1;
    used.set(base, count);
    const name = count === 1 ? base : `${base}_${count}`;
    return { name, ...columnType(measure, attributeType(schema, measure.target)) };
  });
}

function columnName(measure: Measure): string {
  const attribute = measure.target.attributeId;
  if (measure.aggregate === null) return attribute;
  return `${measure.aggregate}(${attribute})`;
}

/** The GraphQL-facing type of a shown measure. */
function columnType(measure: Measure, type: AttributeType | null): { type: ColumnType; attributeType: AttributeType | null } {
  switch (measure.aggregate) {
    case 'count':
    case 'count_distinct':
      return { type: 'Int', attributeType: null };
    case 'avg':
      return { type: 'Float', attributeType: 'float' };
    case 'sum':
      return type === 'integer' ? { type: 'Int', attributeType: 'integer' } : { type: 'Float', attributeType: 'float' };
    default:
      return { type: graphqlType(type), attributeType: type };
  }
}

export function graphqlType(type: AttributeType | null): ColumnType {
  switch (type) {
    case 'integer':
      return 'Int';
    case 'decimal':
    case 'float':
      return 'Float';
    case 'boolean':
      return 'Boolean';
    case 'date':
    case 'datetime':
      return 'DateTime';
    default:
      return 'String';
  }
}
