/** A small hand-made schema graph (customers, orders, employees) for predictor unit tests: two classes share the name "city". */
import type { SchemaAttribute, SchemaGraph } from '../../engines/schema-graph/types.js';

const attribute = (classId: string, id: string, singular: string, plural: string): SchemaAttribute => ({
  id,
  classId,
  type: 'text',
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
      attributes: [attribute('Orders', 'OrderID', 'order id', 'order ids'), attribute('Orders', 'ShipCity', 'ship city', 'ship cities'), attribute('Orders', 'Freight', 'freight', 'freights')],
    },
    {
      id: 'Employees',
      name: { singular: 'employee', plural: 'employees' },
      primaryKey: [],
      rowCount: 1,
      attributes: [attribute('Employees', 'City', 'city', 'cities')],
    },
  ],
};
