/**
 * The graph that loads an answer's entities: every attribute of the answer's class instance,
 * shown columns and key first (so the engines order rows as in the answer), same conditions.
 */
import { describe, expect, it } from 'vitest';
import { formatQueryGraph, parseQueryGraph } from '../../engines/query-graph/canonical.js';
import { entitiesFromRows, entityQuery } from '../../engines/query-graph/entity-query.js';
import { classHumanName, attributeHumanName } from '../../engines/schema-graph/names.js';
import type { AttributeType, SchemaGraph } from '../../engines/schema-graph/types.js';

function cls(id: string, attributes: [string, AttributeType][], primaryKey: string[]) {
  return {
    id,
    name: classHumanName(id),
    primaryKey,
    rowCount: 1,
    attributes: attributes.map(([a, type]) => ({ id: a, classId: id, type, nativeType: type, nullable: true, primaryKey: primaryKey.includes(a), name: attributeHumanName(a) })),
  };
}

const schema: SchemaGraph = {
  source: 'shop',
  classes: [
    cls('Customers', [['CustomerID', 'text'], ['CompanyName', 'text'], ['Country', 'text'], ['Logo', 'binary']], ['CustomerID']),
    cls('Person', [['id', 'text'], ['name', 'text']], ['id']),
    cls('LINK', [['weight', 'float']], []),
  ],
  relations: [],
};

describe('entityQuery', () => {
  it('shows the answer columns, then the key, then the other attributes; binary ones left out', () => {
    const query = entityQuery(parseQueryGraph('show Customers.Country ; where Customers.Country = "Germany" ; order desc Customers.CompanyName ; limit 3'), schema);
    expect(formatQueryGraph(query!.graph)).toBe(
      'show Customers.Country ; show Customers.CustomerID ; show Customers.CompanyName ; where Customers.Country = "Germany" ; order desc Customers.CompanyName ; limit 3',
    );
  });

  it('loads the instance the answer shows, and groups by all of it when the answer was grouped', () => {
    const chain = entityQuery(parseQueryGraph('show Person#2.name ; follow Person FATHER Person#2'), schema);
    expect(formatQueryGraph(chain!.graph)).toBe('show Person#2.name ; show Person#2.id ; follow Person FATHER Person#2');
    const grouped = entityQuery(parseQueryGraph('show Customers.CompanyName ; group Customers.CompanyName'), schema);
    expect(grouped!.graph.groupBy.map((ref) => ref.attributeId)).toEqual(['CompanyName', 'CustomerID', 'Country']);
  });

  it('has nothing to load for aggregates', () => {
    expect(entityQuery(parseQueryGraph('show count Customers.*'), schema)).toBeNull();
    expect(entityQuery(parseQueryGraph('show Customers.Country ; show count Customers.* ; group Customers.Country'), schema)).toBeNull();
  });

  it('makes stable ids from keys (a hash without one), each entity once', () => {
    const query = entityQuery(parseQueryGraph('show Customers.CompanyName'), schema)!;
    const entities = entitiesFromRows('shop', query, [['Alfreds', 'ALFKI', 'Germany'], ['Alfreds', 'ALFKI', 'Germany'], ['Berglunds', 'BERGS', 'Sweden']]);
    expect(entities.map((entity) => entity.id)).toEqual(['shop:Customers:ALFKI', 'shop:Customers:BERGS']);
    expect(entities[0]!.fields).toEqual({ CompanyName: 'Alfreds', CustomerID: 'ALFKI', Country: 'Germany' });
    const link = entityQuery(parseQueryGraph('show LINK.weight'), schema)!;
    const [a, b] = entitiesFromRows('shop', link, [[0.5], [0.7]]);
    expect(a!.id).toMatch(/^shop:LINK:#[0-9a-f]{16}$/);
    expect(a!.id).not.toBe(b!.id);
    expect(entitiesFromRows('shop', link, [[0.5]])[0]!.id).toBe(a!.id);
  });
});
