/**
 * A reading names classes that joins can reach from one another: on a database whose tables no
 * foreign key connects (keys not declared), the grammar does not offer a second table's columns
 * once a reading names the first, so the beam is not filled with readings that cannot run; tables
 * a relation connects stay open to each other.
 */
import { describe, expect, it } from 'vitest';
import { TargetGrammar } from '../../engines/predictor/model/grammar.js';
import type { SchemaGraph } from '../../engines/schema-graph/types.js';
import { shopSchema } from '../helpers/shop-schema.js';

const related: SchemaGraph = {
  ...shopSchema,
  relations: [
    {
      id: 'Orders(CustomerID)->Customers(CustomerID)',
      from: 'Orders',
      to: 'Customers',
      fromColumns: ['CustomerID'],
      toColumns: ['CustomerID'],
      name: { singular: 'customer', plural: 'customers' },
    },
  ],
} as SchemaGraph;

const offered = (schema: SchemaGraph, prefix: string) => new TargetGrammar(schema, []).allowed(prefix.split(' '));

describe('the grammar keeps a reading inside one connected part of the schema', () => {
  it('offers no column of a table that no relation joins to the tables already named', () => {
    const next = offered(shopSchema, 'show A:Orders.Freight show');
    expect(next).toContain('A:Orders.ShipCity');
    expect(next).not.toContain('A:Customers.City');
    expect(next).not.toContain('A:Employees.City');
  });

  it('offers the columns of tables a relation joins, and every table before any is named', () => {
    const next = offered(related, 'show A:Orders.Freight show');
    expect(next).toContain('A:Customers.City');
    expect(next).not.toContain('A:Employees.City');
    expect(offered(shopSchema, 'show')).toEqual(expect.arrayContaining(['A:Orders.Freight', 'A:Customers.City', 'A:Employees.City']));
  });

  it('counts the class a followed relation is of as named', () => {
    // Employees report to employees; no relation joins employees to orders or customers.
    const reportsTo: SchemaGraph = {
      ...shopSchema,
      relations: [{ id: 'Employees(ReportsTo)->Employees(EmployeeID)', from: 'Employees', to: 'Employees', fromColumns: ['ReportsTo'], toColumns: ['EmployeeID'], name: { singular: 'manager', plural: 'managers' } }],
    } as SchemaGraph;
    const next = offered(reportsTo, 'follow R:Employees(ReportsTo)->Employees(EmployeeID) i1 i2 show');
    expect(next).toContain('A:Employees.City');
    expect(next).not.toContain('A:Orders.Freight');
    expect(next).not.toContain('A:Customers.City');
  });
});
