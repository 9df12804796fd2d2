/**
 * Introspection of SQL databases into schema graphs: Northwind read from SQLite, PostgreSQL and
 * MariaDB gives the same classes, attributes, keys, relations, row counts and human names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributeTypeOf, introspectSqlSchema } from '../../engines/sql/introspect.js';
import type { SchemaGraph } from '../../engines/schema-graph/types.js';
import type { SqlProvider } from '../../engines/sql/prisma-client.js';
import { northwindDatabase, type NorthwindDatabase } from '../helpers/northwind.js';

const PROVIDERS: readonly SqlProvider[] = ['sqlite', 'postgresql', 'mysql'];

const NORTHWIND_TABLES = [
  'Categories',
  'CustomerCustomerDemo',
  'CustomerDemographics',
  'Customers',
  'EmployeeTerritories',
  'Employees',
  'Order Details',
  'Orders',
  'Products',
  'Regions',
  'Shippers',
  'Suppliers',
  'Territories',
];

/** The graph without what legitimately differs between dialects: native type names. */
function comparable(graph: SchemaGraph) {
  return {
    classes: graph.classes.map((schemaClass) => ({
      ...schemaClass,
      attributes: schemaClass.attributes.map(({ nativeType: _nativeType, ...attribute }) => attribute),
    })),
    relations: graph.relations,
  };
}

const graphs = new Map<SqlProvider, SchemaGraph>();
const databases: NorthwindDatabase[] = [];

beforeAll(async () => {
  for (const provider of PROVIDERS) {
    const database = await northwindDatabase(provider);
    databases.push(database);
    graphs.set(provider, await introspectSqlSchema(database.client, provider, 'northwind'));
  }
});

afterAll(async () => {
  for (const database of databases) await database.drop();
});

function graphOf(provider: SqlProvider): SchemaGraph {
  const graph = graphs.get(provider);
  if (!graph) throw new Error(`no graph for ${provider}`);
  return graph;
}

describe.each(PROVIDERS)('introspecting Northwind in %s', (provider) => {
  it('finds the 13 base tables, sorted by name, and no views', () => {
    const graph = graphOf(provider);
    expect(graph.source).toBe('northwind');
    expect(graph.classes.map((schemaClass) => schemaClass.id)).toEqual(NORTHWIND_TABLES);
  });

  it('reads columns in declared order with their kinds and nullability', () => {
    const details = graphOf(provider).classes.find((schemaClass) => schemaClass.id === 'Order Details');
    expect(details?.attributes.map((a) => [a.id, a.type, a.nullable, a.primaryKey])).toEqual([
      ['OrderID', 'integer', false, true],
      ['ProductID', 'integer', false, true],
      ['UnitPrice', 'decimal', false, false],
      ['Quantity', 'integer', false, false],
      ['Discount', 'float', false, false],
    ]);
    const orders = graphOf(provider).classes.find((schemaClass) => schemaClass.id === 'Orders');
    expect(orders?.attributes.find((a) => a.id === 'OrderDate')).toMatchObject({ type: 'datetime', nullable: true, classId: 'Orders' });
    const employees = graphOf(provider).classes.find((schemaClass) => schemaClass.id === 'Employees');
    expect(employees?.attributes.find((a) => a.id === 'BirthDate')?.type).toBe('date');
    expect(employees?.attributes.find((a) => a.id === 'Photo')?.type).toBe('binary');
    expect(employees?.attributes.find((a) => a.id === 'LastName')?.type).toBe('text');
  });

  it('reads primary keys in key order, composite ones included', () => {
    const keys = Object.fromEntries(graphOf(provider).classes.map((schemaClass) => [schemaClass.id, schemaClass.primaryKey]));
    expect(keys['Order Details']).toEqual(['OrderID', 'ProductID']);
    expect(keys.EmployeeTerritories).toEqual(['EmployeeID', 'TerritoryID']);
    expect(keys.Orders).toEqual(['OrderID']);
  });

  it('reads foreign keys with their column pairs and names them after the referencing column', () => {
    const relations = graphOf(provider).relations.map((r) => `${r.from}.${r.fromColumns.join(',')} -> ${r.to}.${r.toColumns.join(',')} (${r.name.singular})`);
    expect(relations).toEqual(
      expect.arrayContaining([
        'Products.SupplierID -> Suppliers.SupplierID (supplier)',
        'Orders.ShipVia -> Shippers.ShipperID (ship via)',
        'Employees.ReportsTo -> Employees.EmployeeID (reports to)',
        'Order Details.OrderID -> Orders.OrderID (order)',
        'Order Details.ProductID -> Products.ProductID (product)',
      ]),
    );
    expect(relations).toHaveLength(13);
    const ids = graphOf(provider).relations.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('counts rows exactly', () => {
    const counts = Object.fromEntries(graphOf(provider).classes.map((schemaClass) => [schemaClass.id, schemaClass.rowCount]));
    expect(counts).toMatchObject({ Orders: 830, 'Order Details': 2155, Customers: 93, Products: 77, Employees: 9, CustomerDemographics: 0 });
  });

  it('gives human names to tables and columns', () => {
    const details = graphOf(provider).classes.find((schemaClass) => schemaClass.id === 'Order Details');
    expect(details?.name).toEqual({ singular: 'order detail', plural: 'order details' });
    expect(details?.attributes.find((a) => a.id === 'UnitPrice')?.name).toEqual({ singular: 'unit price', plural: 'unit prices' });
    const categories = graphOf(provider).classes.find((schemaClass) => schemaClass.id === 'Categories');
    expect(categories?.name).toEqual({ singular: 'category', plural: 'categories' });
  });
});

describe('introspection across dialects', () => {
  it('gives the same graph in SQLite, PostgreSQL and MariaDB, relation ids included, but for native types', () => {
    expect(comparable(graphOf('postgresql'))).toEqual(comparable(graphOf('sqlite')));
    expect(comparable(graphOf('mysql'))).toEqual(comparable(graphOf('sqlite')));
  });

  it('names foreign keys by their ends in every dialect, not by their constraint names', () => {
    for (const provider of PROVIDERS) expect(graphOf(provider).relations.map((r) => r.id)).toContain('Orders(ShipVia)->Shippers(ShipperID)');
  });

  it('returns frozen values', () => {
    const graph = graphOf('sqlite');
    expect(Object.isFrozen(graph)).toBe(true);
    expect(Object.isFrozen(graph.classes[0]?.attributes)).toBe(true);
  });

  it('leaves out the gateway\'s own tables', async () => {
    const database = databases.find((candidate) => candidate.provider === 'postgresql');
    if (!database) throw new Error('no PostgreSQL database');
    // The seed wrote its marker table _nlq_seed into this database.
    const graph = await introspectSqlSchema(database.client, 'postgresql', 'northwind');
    expect(graph.classes.map((schemaClass) => schemaClass.id)).not.toContain('_nlq_seed');
  });
});

describe('attribute kinds from native type names', () => {
  it.each([
    ['INTEGER', 'integer'],
    ['bigint(20) unsigned', 'integer'],
    ['NUMERIC', 'decimal'],
    ['decimal(19,4)', 'decimal'],
    ['REAL', 'float'],
    ['double precision', 'float'],
    ['TEXT', 'text'],
    ['nvarchar(20)', 'text'],
    ['character varying', 'text'],
    ['DATETIME', 'datetime'],
    ['timestamp without time zone', 'datetime'],
    ['DATE', 'date'],
    ['BLOB', 'binary'],
    ['bytea', 'binary'],
    ['tinyint(1)', 'boolean'],
    ['boolean', 'boolean'],
    ['interval', 'other'],
    ['time without time zone', 'other'],
    ['jsonb', 'other'],
    ['', 'other'],
  ])('%s is %s', (native, kind) => {
    expect(attributeTypeOf(native)).toBe(kind);
  });
});
