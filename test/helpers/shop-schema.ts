/** A small hand-made schema graph (customers, orders, employees) for predictor unit tests: two classes share the name "city"; orders have a price (freight) and a date, employees a birth date. */
import type { SchemaAttribute, SchemaGraph } from '../../engines/schema-graph/types.js';

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
