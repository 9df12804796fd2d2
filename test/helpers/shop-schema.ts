/** A small hand-made schema graph (customers, orders, employees) for predictor unit tests: two classes share the name "city"; orders have a price (freight) and a date, employees a birth date. */
import type { SchemaAttribute, SchemaClass, SchemaGraph, SchemaRelation } from '../../engines/schema-graph/types.js';

/** A text (or `type`) attribute, nullable, not a key: the shape of most hand-made test schemas. */
export const attribute = (classId: string, id: string, singular: string, plural: string, type: SchemaAttribute['type'] = 'text'): SchemaAttribute => ({
  id,
  classId,
  type,
  nativeType: 'TEXT',
  nullable: true,
  primaryKey: false,
  name: { singular, plural },
});

/** A table named by its id, with no key, whose columns (text unless typed) are said as their lower-cased names. */
export const table = (id: string, ...columns: [string, ('text' | 'integer')?][]): SchemaClass => ({
  id,
  name: { singular: id, plural: `${id}s` },
  primaryKey: [],
  rowCount: 1,
  attributes: columns.map(([column, type]) => attribute(id, column, column.toLowerCase(), `${column.toLowerCase()}s`, type ?? 'text')),
});

/** A one-column foreign key from `from.column` to `to.toColumn`, named after its column. */
export const foreignKey = (from: string, column: string, to: string, toColumn: string): SchemaRelation => ({
  id: `${from}(${column})->${to}(${toColumn})`,
  from,
  to,
  fromColumns: [column],
  toColumns: [toColumn],
  name: { singular: column, plural: `${column}s` },
});

export const shopSchema: SchemaGraph = {
  source: 'shop',
  relations: [],
  classes: [
    {
      id: 'Customers',
      name: { singular: 'customer', plural: 'customers' },
      primaryKey: [],
      rowCount: 1,
      attributes: [attribute('Customers', 'City', 'city', 'cities'), attribute('Customers', 'Address', 'address', 'addresses')],
    },
    {
      id: 'Orders',
      name: { singular: 'order', plural: 'orders' },
      primaryKey: [],
      rowCount: 1,
      attributes: [attribute('Orders', 'OrderID', 'order id', 'order ids'), attribute('Orders', 'ShipCity', 'ship city', 'ship cities'), attribute('Orders', 'Freight', 'freight', 'freights', 'decimal'), attribute('Orders', 'OrderDate', 'order date', 'order dates', 'date')],
    },
    {
      id: 'Employees',
      name: { singular: 'employee', plural: 'employees' },
      primaryKey: [],
      rowCount: 1,
      attributes: [attribute('Employees', 'City', 'city', 'cities'), attribute('Employees', 'BirthDate', 'birth date', 'birth dates', 'date'), attribute('Employees', 'HireDate', 'hire date', 'hire dates', 'date')],
    },
  ],
};
