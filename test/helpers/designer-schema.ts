/** Schemas of tables and columns named the way schema designers name them ("Num_of_Staff", "IndepYear"), with the human names introspection gives them. */
import { attributeHumanName, classHumanName } from '../../engines/schema-graph/names.js';
import type { SchemaGraph } from '../../engines/schema-graph/types.js';
import { attribute } from './shop-schema.js';

/** A schema of text columns, no keys or relations: table id -> its column ids. */
export function designerSchema(tables: Record<string, string[]>): SchemaGraph {
  return {
    source: 'designer-names',
    relations: [],
    classes: Object.entries(tables).map(([id, columns]) => ({
      id,
      name: classHumanName(id),
      primaryKey: [],
      rowCount: 0,
      attributes: columns.map((column) => {
        const name = attributeHumanName(column);
        return attribute(id, column, name.singular, name.plural);
      }),
    })),
  };
}
