/** A foreign key and the key it references are one column to the generator: one graph per sentence. */
import { describe, expect, it } from 'vitest';
import { attr, queryGraph, show, where } from '../../engines/query-graph/build.js';
import type { SchemaGraph } from '../../engines/schema-graph/types.js';
import { preferReferencingColumns } from '../../engines/predictor/generator/key-columns.js';

const column = (classId: string, id: string) => ({ id, classId, type: 'integer' as const, nativeType: 'INTEGER', nullable: false, primaryKey: id.endsWith('Id') && classId === 'Categories', name: { singular: id.toLowerCase(), plural: `${id.toLowerCase()}s` } });
const schema: SchemaGraph = {
  source: 'shop',
  classes: [
    { id: 'Products', name: { singular: 'product', plural: 'products' }, primaryKey: ['ProductId'], rowCount: 1, attributes: [column('Products', 'ProductId'), column('Products', 'CategoryId')] },
    { id: 'Categories', name: { singular: 'category', plural: 'categories' }, primaryKey: ['CategoryId'], rowCount: 1, attributes: [column('Categories', 'CategoryId')] },
  ],
  relations: [{ id: 'fk', from: 'Products', to: 'Categories', fromColumns: ['CategoryId'], toColumns: ['CategoryId'], name: { singular: 'category', plural: 'categories' } }],
};

describe('preferReferencingColumns', () => {
  it('writes the referenced key as the referencing column when both classes are in the graph', () => {
    const graph = queryGraph({ select: [show(attr('Products', 'ProductId')), show(attr('Categories', 'CategoryId'))], where: [where(attr('Categories', 'CategoryId'), '>', 3)] });
    const out = preferReferencingColumns(graph, schema);
    expect(out.select.map((m) => m.target)).toEqual([attr('Products', 'ProductId'), attr('Products', 'CategoryId')]);
    expect(out.where[0]?.target).toEqual(attr('Products', 'CategoryId'));
  });

  it('leaves a graph without the referencing class alone', () => {
    const graph = queryGraph({ select: [show(attr('Categories', 'CategoryId'))] });
    expect(preferReferencingColumns(graph, schema)).toEqual(graph);
  });
});
