/**
 * SQL and Cypher read back into query graphs (engines/query-graph/from-query), on the test world's
 * Northwind schema graphs (SQL and graph store): what corrections may say, each read into the
 * graph that means it and run to the rows the query gives; and what a graph cannot say, refused
 * with the reason.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryNotUnderstoodError, WriteQueryError } from '../../errors.js';
import { formatQueryGraph } from '../../engines/query-graph/canonical.js';
import type { QueryGraphEngine } from '../../engines/query-graph/engine.js';
import { queryToGraph } from '../../engines/query-graph/from-query/index.js';
import { nlQuery, type NlQuery } from '../../plugins/nl-query/index.js';
import { worldOptions } from '../helpers/world.js';

let dir: string;
let nlq: NlQuery;
let sql: QueryGraphEngine;
let graph: QueryGraphEngine;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nlq-from-query-'));
  nlq = nlQuery(await worldOptions(`file:${join(dir, 'facts.sqlite')}`));
  sql = await nlq.gateway.queryGraphEngineOf('northwind');
  graph = await nlq.gateway.queryGraphEngineOf('northwind-graph');
});

afterAll(async () => {
  await nlq.gateway.stop();
  rmSync(dir, { recursive: true, force: true });
});

const fromSql = (text: string) => formatQueryGraph(queryToGraph(text, 'sql', sql.schema()));
const fromCypher = (text: string) => formatQueryGraph(queryToGraph(text, 'cypher', graph.schema()));

describe('SQL read into query graphs', () => {
  it.each([
    ["SELECT ProductName FROM Products WHERE UnitPrice > 50", 'show Products.ProductName ; where Products.UnitPrice > 50'],
    ["select count(*) from customers where country = 'Germany'", 'show count Customers.* ; where Customers.Country = "Germany"'],
    ['SELECT c.CategoryName, COUNT(*) FROM Products p JOIN Categories c ON p.CategoryID = c.CategoryID GROUP BY c.CategoryName', 'show Categories.CategoryName ; show count Products.* ; group Categories.CategoryName'],
    ["SELECT COUNT(*) FROM Orders WHERE strftime('%Y', OrderDate) = '1996'", 'show count Orders.* ; where Orders.OrderDate year 1996'],
    ['SELECT ProductName FROM Products ORDER BY UnitPrice DESC LIMIT 5', 'show Products.ProductName ; order desc Products.UnitPrice ; limit 5'],
    ["SELECT ProductName FROM Products WHERE ProductName LIKE '%choc%'", 'show Products.ProductName ; where Products.ProductName contains "choc"'],
    ['SELECT ProductName FROM Products WHERE UnitsInStock BETWEEN 10 AND 20', 'show Products.ProductName ; where Products.UnitsInStock between 10 20'],
    ['SELECT CompanyName FROM Customers WHERE Country = "Mexico"', 'show Customers.CompanyName ; where Customers.Country = "Mexico"'],
    ["SELECT CompanyName FROM Customers WHERE Country = 'Spain' OR Country = 'Italy'", 'show Customers.CompanyName ; where Customers.Country in ( "Spain" , "Italy" )'],
    ['SELECT Country FROM Customers GROUP BY Country HAVING COUNT(*) > 5', 'show Customers.Country ; group Customers.Country ; having count Customers.* > 5'],
    // COUNT(*) over joined rows counts the many end of the joins, whichever table FROM names first.
    ['SELECT c.CategoryName, COUNT(*) FROM Categories c JOIN Products p ON p.CategoryID = c.CategoryID GROUP BY c.CategoryName', 'show Categories.CategoryName ; show count Products.* ; group Categories.CategoryName'],
  ])('%s', (text, expected) => {
    expect(fromSql(text)).toBe(expected);
  });

  it('follows a relation explicitly where the spanning tree could join otherwise (a class used twice), and runs to the rows the SQL gives', async () => {
    const text = "SELECT COUNT(*) FROM Employees e JOIN Employees m ON e.ReportsTo = m.EmployeeID WHERE m.FirstName = 'Andrew' AND m.LastName = 'Fuller'";
    const read = queryToGraph(text, 'sql', sql.schema());
    expect(read.follows).toHaveLength(1);
    expect((await sql.run(read, { limit: 10, timeoutMs: 5000 })).result.rows).toEqual([[5]]);
  });

  it.each([
    ['a nested query', 'SELECT ProductName FROM Products WHERE UnitPrice > (SELECT AVG(UnitPrice) FROM Products)', /nested query/],
    ['a set operation', "SELECT City FROM Customers UNION SELECT City FROM Suppliers", /set operation/],
    ['an outer join', 'SELECT c.CompanyName FROM Customers c LEFT JOIN Orders o ON o.CustomerID = c.CustomerID', /no match/],
    ['a join inside OR', 'SELECT DISTINCT c.CompanyName FROM Customers c JOIN Orders o ON o.CustomerID = c.CustomerID OR o.ShipCity = c.City', /inside OR/],
    ['an unknown column', 'SELECT Shoe FROM Products', /no table of the query has a column 'Shoe'/],
    ['several statements', 'SELECT ProductName FROM Products; SELECT CompanyName FROM Customers', /one statement/],
    ['a join on columns no relation links', 'SELECT c.CompanyName FROM Customers c JOIN Suppliers s ON c.City = s.City', /follows no relation of the schema/],
    ['a cross join', 'SELECT c.CompanyName, s.CompanyName FROM Customers c, Suppliers s', /joined to the other tables by no relation/],
  ])('refuses %s with the reason', (_, text, reason) => {
    expect(() => fromSql(text)).toThrow(QueryNotUnderstoodError);
    expect(() => fromSql(text)).toThrow(reason);
  });

  it('reads OR across columns as a some pattern on the rows themselves, and runs it to the rows the SQL gives', async () => {
    const read = queryToGraph("SELECT CompanyName FROM Customers WHERE Country = 'Spain' OR City = 'Paris'", 'sql', sql.schema());
    expect(formatQueryGraph(read)).toBe('show Customers.CompanyName ; some ( where Customers.Country = "Spain" ) or ( where Customers.City = "Paris" )');
    expect((await sql.run(read, { limit: 100, timeoutMs: 5000 })).result.rows).toHaveLength(7);
  });

  it('tells a write from what a graph cannot say', () => {
    expect(() => fromSql('DELETE FROM Products')).toThrow(WriteQueryError);
    expect(() => fromSql("UPDATE Products SET ProductName = 'x'")).toThrow(/UPDATE/);
  });
});

describe('Cypher read into query graphs', () => {
  it('reads MATCH patterns, property maps, aggregates grouped by the other items, ORDER BY and LIMIT', async () => {
    const text = "MATCH (p:Product)-[:PART_OF]->(c:Category {categoryName: 'Beverages'}) RETURN p.productName ORDER BY p.unitPrice DESC LIMIT 3";
    const read = queryToGraph(text, 'cypher', graph.schema());
    expect(formatQueryGraph(read)).toMatch(/^show Product\.productName ; where Category\.categoryName = "Beverages" ; .*order desc Product\.unitPrice ; limit 3/);
    expect((await graph.run(read, { limit: 10, timeoutMs: 5000 })).result.rows).toEqual([['Côte de Blaye'], ['Ipoh Coffee'], ['Chang']]);
    expect(fromCypher('MATCH (c:Category)<-[:PART_OF]-(p:Product) RETURN c.categoryName, count(p)')).toBe('show Category.categoryName ; show count Product.* ; follow Product PART_OF Category ; group Category.categoryName');
  });

  it('refuses writes and what a graph cannot say', () => {
    expect(() => fromCypher('MATCH (n) DETACH DELETE n')).toThrow(WriteQueryError);
    expect(() => fromCypher('MATCH (p:Product) WITH p RETURN p.productName')).toThrow(QueryNotUnderstoodError);
    expect(() => fromCypher('OPTIONAL MATCH (p:Product) RETURN p.productName')).toThrow(/OPTIONAL MATCH/);
  });
});
