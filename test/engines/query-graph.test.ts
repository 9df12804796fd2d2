/**
 * Query graphs as values: the canonical form and its parser, validation against a schema graph,
 * join plans through the spanning tree, and explanations in English. Uses Northwind's schema graph
 * as introspected from the test world.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidQueryGraphError } from '../../errors.js';
import { attr, date, having, order, placeholder, queryGraph, rows, show, where } from '../../engines/query-graph/build.js';
import { formatQueryGraph, parseQueryGraph } from '../../engines/query-graph/canonical.js';
import { explainQueryGraph } from '../../engines/query-graph/explain.js';
import { validateQueryGraph } from '../../engines/query-graph/validate.js';
import { joinPlan } from '../../engines/schema-graph/join-paths.js';
import type { SchemaGraph } from '../../engines/schema-graph/types.js';
import { introspectSqlSchema } from '../../engines/sql/introspect.js';
import { northwindDatabase, type NorthwindDatabase } from '../helpers/northwind.js';

let database: NorthwindDatabase;
let schema: SchemaGraph;

beforeAll(async () => {
  database = await northwindDatabase('sqlite');
  schema = await introspectSqlSchema(database.client, 'sqlite', 'northwind');
});
afterAll(() => database.drop());

describe('the canonical form', () => {
  it('writes every part of a graph in a fixed order', () => {
    const graph = queryGraph({
      classes: ['Suppliers'],
      select: [show(attr('Categories', 'CategoryName')), show(attr('Order Details', 'Quantity'), 'sum')],
      where: [
        where(attr('Orders', 'OrderDate'), 'year', 1997),
        where(attr('Products', 'ProductName'), 'contains', 'Tofu "extra"'),
        where(attr('Orders', 'ShippedDate'), 'between', date('1997-01-01'), date('1997-06-30')),
        where(attr('Customers', 'Country'), 'in', placeholder('v1'), 'Sweden'),
        where(attr('Orders', 'ShipRegion'), 'is_null'),
      ],
      groupBy: [attr('Categories', 'CategoryName')],
      having: [having(show(attr('Order Details', 'Quantity'), 'sum'), '>', 100)],
      orderBy: [order(show(attr('Order Details', 'Quantity'), 'sum'), 'desc')],
      limit: 5,
      distinct: true,
    });
    expect(formatQueryGraph(graph)).toBe(
      'show Categories.CategoryName ; show sum `Order Details`.Quantity ; where Orders.OrderDate year 1997 ; ' +
        'where Products.ProductName contains "Tofu \\"extra\\"" ; where Orders.ShippedDate between date:1997-01-01 date:1997-06-30 ; ' +
        'where Customers.Country in ( @v1 , "Sweden" ) ; where Orders.ShipRegion is_null ; group Categories.CategoryName ; ' +
        'having sum `Order Details`.Quantity > 100 ; order desc sum `Order Details`.Quantity ; limit 5 ; distinct ; class Suppliers',
    );
    expect(parseQueryGraph(formatQueryGraph(graph))).toEqual(graph);
  });

  it('makes frozen values', () => {
    const graph = parseQueryGraph('show Products.ProductName ; where Products.UnitPrice > 10');
    expect(Object.isFrozen(graph)).toBe(true);
    expect(Object.isFrozen(graph.where[0])).toBe(true);
  });

  it.each([
    ['', /shows at least one thing/],
    ['show', /expected a name/],
    ['show Products', /expected '\.'/],
    ['show Products.ProductName ; where Products.UnitPrice >', /expected a value/],
    ['show Products.ProductName ; where Products.UnitPrice like "x"', /unknown operator 'like'/],
    ['show Products.ProductName ; limit 0', /positive integer/],
    ['show Products.ProductName ; order sideways Products.UnitPrice', /asc or desc/],
    ['show Products.ProductName ; frobnicate', /unknown item 'frobnicate'/],
    ['show Products.ProductName ; where Products.ProductName = "unterminated', /unterminated string/],
    ['show `Products.ProductName', /unterminated `name`/],
  ])('refuses %j with a message that says where', (text, message) => {
    expect(() => parseQueryGraph(text)).toThrow(InvalidQueryGraphError);
    expect(() => parseQueryGraph(text)).toThrow(message);
  });
});

describe('validation against the schema graph', () => {
  it.each([
    ['show Nope.Name', /unknown class 'Nope'/],
    ['show Products.Nope', /has no attribute 'Nope'/],
    ['show Products.*', /can only be counted/],
    ['show sum Products.ProductName', /is not a number/],
    ['show Products.ProductName ; where Products.UnitPrice contains "1"', /needs a text attribute/],
    ['show Orders.OrderID ; where Orders.Freight year 1997', /needs a date attribute/],
    ['show Orders.OrderID ; where Orders.OrderDate year "soon"', /year takes a year/],
    ['show Orders.OrderID ; where Orders.OrderDate month "1997-13"', /month takes a month/],
    ['show Orders.OrderID ; where Orders.OrderDate > date:1997-02-30', /not a date/],
    ['show Products.ProductName ; where Products.UnitPrice > "cheap"', /expected a number/],
    ['show Products.ProductName ; where Products.UnitPrice > @v1', /not bound/],
    ['show Products.ProductName ; order desc Products.UnitPrice ; distinct', /with distinct/],
  ])('refuses %j', (text, message) => {
    expect(() => validateQueryGraph(parseQueryGraph(text), schema)).toThrow(message);
  });

  it('refuses the wrong number of values for an operator (graphs built in code)', () => {
    const graph = queryGraph({ select: [show(attr('Products', 'ProductName'))], where: [where(attr('Products', 'UnitPrice'), 'between', 1)] });
    expect(() => validateQueryGraph(graph, schema)).toThrow(/takes two values/);
  });

  it('accepts numbers written as text and dates written as text where they fit', () => {
    expect(() => validateQueryGraph(parseQueryGraph('show Products.ProductName ; where Products.UnitPrice > "18"'), schema)).not.toThrow();
    expect(() => validateQueryGraph(parseQueryGraph('show Orders.OrderID ; where Orders.OrderDate < "1997-01-01"'), schema)).not.toThrow();
  });
});

describe('the constructs for what people ask', () => {
  it.each([
    ['show Products.ProductName ; compare Products.UnitPrice < Orders.OrderDate', /cannot compare/],
    ['compute Products.x = Products.UnitPrice ; show Products.x', /needs an operation/],
    ['compute Products.x = ( Products.UnitPrice * 2 ) ; show Products#2.x ; follow Products#2 `Products(CategoryID)->Categories(CategoryID)` Categories', /computed on Products#1 only/],
    ['show Products.ProductName ; extreme max Products.Discontinued per Categories.*', /per needs an attribute/],
    ['show Employees.LastName ; follow Employees `Employees(ReportsTo)->Employees(EmployeeID)` *0..2 Employees#2', /hops go from 1/],
    ['show Products.ProductName ; follow Products `Products(CategoryID)->Categories(CategoryID)` *1..2 Categories', /a class with itself/],
    ['show Orders.OrderID ; where Orders.OrderDate between 1996 10000', /year takes a year/],
    ['show Products.ProductName ; where Products.UnitPrice year 1997', /holding years/],
    ['show Products.ProductName ; none ( where Orders#2.Freight > 1 )', /not reached by any follow of its pattern/],
  ])('refuses %j', (text, message) => {
    expect(() => validateQueryGraph(parseQueryGraph(text), schema)).toThrow(message);
  });

  it.each([
    ['show Products.ProductName ; order asc Products.UnitPrice ; limit 1 ; offset 2', 'the product name of products, lowest unit price first, only the 3rd'],
    ['show Orders.OrderID ; order desc Orders.Freight ; limit 3 ; offset 3', 'the order id of orders, highest freight first, top 3 after the first 3'],
    ['show Products.ProductName ; compare Products.UnitsInStock < Products.ReorderLevel', 'the product name of products, only where units in stock is less than reorder level'],
    [
      'compute `Order Details`.revenue = ( `Order Details`.UnitPrice * `Order Details`.Quantity ) ; show sum `Order Details`.revenue',
      'the total revenue of order details, where revenue is unit price times quantity',
    ],
    ['show Customers.CompanyName ; none ( where Categories.CategoryName = "Seafood" )', 'the company name of customers, such that there is no category whose category name is Seafood'],
    [
      'show Categories.CategoryName ; show Products.ProductName ; extreme max Products.UnitPrice per Categories.CategoryName',
      'the category name of categories and the product name of products, only the highest product unit price for each category name',
    ],
    ['show Employees.LastName ; where Employees.BirthDate between 1950 1959', 'the last name of employees whose birth date is between 1950 and 1959'],
  ])('explains %j', (text, english) => {
    expect(explainQueryGraph(parseQueryGraph(text), schema)).toBe(english);
  });

  it('runs extremes, patterns and computed values through validation as valid', () => {
    for (const text of [
      'show Customers.CompanyName ; some ( where Suppliers.Country = "Japan" ) or ( class Shippers )',
      'compute Products.worth = ( ( Products.UnitPrice * Products.UnitsInStock ) / 2 ) ; show Products.ProductName ; where Products.worth > 100 ; order desc Products.worth',
      'show Employees.LastName ; compare Employees.HireDate < Employees#2.HireDate ; follow Employees `Employees(ReportsTo)->Employees(EmployeeID)` Employees#2',
    ]) {
      expect(() => validateQueryGraph(parseQueryGraph(text), schema), text).not.toThrow();
    }
  });
});

describe('join plans', () => {
  it('join two related classes directly', () => {
    const plan = joinPlan(schema, ['Products', 'Categories']);
    expect(plan.classes).toEqual(['Products', 'Categories']);
    expect(plan.steps.map((s) => [s.from, s.to, s.relation.fromColumns, s.relation.toColumns])).toEqual([
      ['Products', 'Categories', ['CategoryID'], ['CategoryID']],
    ]);
  });

  it('connect classes without a direct relation through the tree path', () => {
    expect(joinPlan(schema, ['Customers', 'Products']).classes).toEqual(['Customers', 'Orders', 'Order Details', 'Products']);
    expect(joinPlan(schema, ['Suppliers', 'Categories']).classes).toEqual(['Suppliers', 'Products', 'Categories']);
  });

  it('share path prefixes instead of joining a class twice', () => {
    const plan = joinPlan(schema, ['Customers', 'Products', 'Employees']);
    expect(new Set(plan.classes).size).toBe(plan.classes.length);
    expect(plan.classes).toEqual(['Customers', 'Orders', 'Order Details', 'Products', 'Employees']);
  });

  it("join a link table that points at one class twice on its subject, not on the column named after itself", () => {
    const text = (classId: string, id: string, singular: string) => ({ id, classId, type: 'integer' as const, nativeType: 'INTEGER', nullable: false, primaryKey: false, name: { singular, plural: `${singular}s` } });
    const link = (column: string) => ({ id: `Friend(${column})->Student(ID)`, from: 'Friend', to: 'Student', fromColumns: [column], toColumns: ['ID'], name: { singular: 'student', plural: 'students' } });
    const school: SchemaGraph = {
      source: 'school',
      // The object's relation first, as the tie-break of the schema's order alone would keep it.
      relations: [link('friend_id'), link('student_id')],
      classes: [
        { id: 'Student', name: { singular: 'student', plural: 'students' }, primaryKey: ['ID'], rowCount: 3, attributes: [{ ...text('Student', 'ID', 'id'), primaryKey: true }] },
        { id: 'Friend', name: { singular: 'friend', plural: 'friends' }, primaryKey: [], rowCount: 3, attributes: [text('Friend', 'student_id', 'student id'), text('Friend', 'friend_id', 'friend id')] },
      ],
    };
    expect(joinPlan(school, ['Student', 'Friend']).steps.map((s) => s.relation.fromColumns)).toEqual([['student_id']]);
  });

  it('refuse classes the schema cannot connect', () => {
    const island: SchemaGraph = { ...schema, classes: [...schema.classes, { id: 'Island', name: { singular: 'island', plural: 'islands' }, attributes: [], primaryKey: [], rowCount: 0 }] };
    expect(() => joinPlan(island, ['Products', 'Island'])).toThrow(/no join path/);
  });
});

describe('explanations', () => {
  it.each([
    [
      'show Products.ProductName ; show Products.UnitPrice ; where Categories.CategoryName = "Beverages" ; order desc Products.UnitPrice ; limit 5',
      'the product name and unit price of products whose category name is Beverages, highest unit price first, top 5',
    ],
    ['show count Customers.* ; where Customers.Country = "Germany"', 'the number of customers whose country is Germany'],
    ['show avg Products.UnitPrice', 'the average unit price of products'],
    [
      'show Customers.Country ; show count Customers.* ; group Customers.Country ; having count Customers.* > 8',
      'the country of customers and the number of customers, for each country, only where the number of customers is more than 8',
    ],
    ['show count Orders.* ; where Orders.OrderDate month "1997-03"', 'the number of orders whose order date is in March 1997'],
    ['show Employees.LastName ; where Employees.BirthDate < date:1955-01-01', 'the last name of employees whose birth date is before 1 January 1955'],
    ['show Employees.LastName ; order asc Employees.BirthDate ; limit 1', 'the last name of employees, earliest birth date first, only the first'],
    ['show Orders.ShipCountry ; where Orders.Freight > 500 ; distinct', 'the ship country of orders whose freight is more than 500, without repeats'],
    ['show Products.ProductName ; where Suppliers.Country in ( "Japan" , "Sweden" )', 'the product name of products whose supplier country is Japan or Sweden'],
  ])('explains %j', (text, english) => {
    expect(explainQueryGraph(parseQueryGraph(text), schema)).toBe(english);
  });

  it('counts rows of a class', () => {
    const graph = queryGraph({ select: [show(rows('Orders'), 'count')], where: [where(attr('Orders', 'ShippedDate'), 'is_null')] });
    expect(explainQueryGraph(graph, schema)).toBe('the number of orders whose shipped date is unknown');
  });
});
