/**
 * SQL and Cypher read back into query graphs (engines/query-graph/from-query), on the test world's
 * Northwind schema graphs (SQL and graph store): what corrections may say, each read into the
 * graph that means it and run to the rows the query gives; nested queries (IN / NOT IN (SELECT))
 * and set operations (EXCEPT, INTERSECT, UNION) read as none / some patterns and run on SQLite,
 * PostgreSQL and MariaDB to the rows the SQL itself gives there; and what a graph cannot say,
 * refused with the reason.
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
import { northwindDatabase, type NorthwindDatabase } from '../helpers/northwind.js';
import { SqlQueryEngine } from '../../engines/sql/sql-engine.js';
import { readingCheck } from '../../engines/predictor/generator/gold-shapes.js';

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
    ['a nested query correlated with the enclosing one', 'SELECT p.ProductName FROM Products p WHERE p.UnitPrice > (SELECT AVG(x.UnitPrice) FROM Products x WHERE x.CategoryID = p.CategoryID)', /nested query compared as a value: 'p' is not a table/],
    ['a set operation of two tables\' columns', "SELECT City FROM Customers UNION SELECT City FROM Suppliers", /different columns/],
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

  it.each([
    // NOT IN through the key a relation links: customers none of whose orders shipped to France.
    ["SELECT CompanyName FROM Customers WHERE CustomerID NOT IN (SELECT CustomerID FROM Orders WHERE ShipCountry = 'France')", 'show Customers.CompanyName ; none ( where Orders.ShipCountry = "France" )'],
    // IN through the key: products of Japanese suppliers.
    ["SELECT ProductName FROM Products WHERE SupplierID IN (SELECT SupplierID FROM Suppliers WHERE Country = 'Japan')", 'show Products.ProductName ; some ( where Suppliers.Country = "Japan" )'],
    // A value compared with one aggregate of rows of their own: the nested query's instances are its own.
    ['SELECT ProductName FROM Products WHERE UnitPrice > (SELECT AVG(UnitPrice) FROM Products)', 'show Products.ProductName ; compare Products.UnitPrice > ( avg Products.UnitPrice )'],
    [
      "SELECT p.ProductName FROM Products p JOIN Categories c ON c.CategoryID = p.CategoryID WHERE c.CategoryName = 'Beverages' AND (SELECT MIN(x.UnitPrice) FROM Products x JOIN Categories y ON y.CategoryID = x.CategoryID WHERE y.CategoryName = 'Seafood') > p.UnitPrice",
      'show Products.ProductName ; where Categories.CategoryName = "Beverages" ; compare Products.UnitPrice < ( min Products.UnitPrice ; where Categories.CategoryName = "Seafood" )',
    ],
    // The nested query's table is the outer row itself (the same key): a condition on that row.
    ['SELECT ProductName FROM Products WHERE ProductID NOT IN (SELECT ProductID FROM Products WHERE UnitPrice > 20)', 'show Products.ProductName ; none ( where Products.UnitPrice > 20 )'],
    // EXCEPT: the second SELECT, correlated through the table both show.
    ['SELECT CompanyName FROM Shippers EXCEPT SELECT s.CompanyName FROM Shippers s JOIN Orders o ON o.ShipVia = s.ShipperID WHERE o.Freight > 1000', 'show Shippers.CompanyName ; none ( where Orders.Freight > 1000 ) ; distinct'],
    // EXCEPT of a key and the key that refers to it: NOT IN.
    ['SELECT EmployeeID FROM Employees EXCEPT SELECT EmployeeID FROM Orders', 'show Employees.EmployeeID ; none ( class Orders ) ; distinct'],
    // INTERSECT: the second SELECT's Orders are the pattern's own.
    ["SELECT e.LastName FROM Employees e JOIN Orders o ON o.EmployeeID = e.EmployeeID WHERE o.ShipCountry = 'Brazil' INTERSECT SELECT e.LastName FROM Employees e JOIN Orders o ON o.EmployeeID = e.EmployeeID WHERE o.ShipCountry = 'Norway'", 'show Employees.LastName ; where Orders.ShipCountry = "Brazil" ; some ( follow Orders#2 `Orders(EmployeeID)->Employees(EmployeeID)` Employees ; where Orders#2.ShipCountry = "Norway" ) ; distinct'],
    // UNION of one table's rows under two conditions: either branch.
    ['SELECT ProductName FROM Products WHERE UnitPrice > 100 UNION SELECT ProductName FROM Products WHERE UnitsInStock > 120 ORDER BY ProductName', 'show Products.ProductName ; some ( where Products.UnitPrice > 100 ) or ( where Products.UnitsInStock > 120 ) ; order asc Products.ProductName ; distinct'],
  ])('reads %s', (text, expected) => {
    expect(fromSql(text)).toBe(expected);
  });

  it.each([
    ['a nested query compared as a value that is no aggregate', 'SELECT ProductName FROM Products WHERE UnitPrice > (SELECT UnitPrice FROM Products WHERE ProductID = 1)', /one aggregate of rows of their own/],
    ['a grouped nested query compared as a value', 'SELECT ProductName FROM Products WHERE UnitPrice > (SELECT AVG(UnitPrice) FROM Products GROUP BY CategoryID)', /one aggregate of rows of their own/],
    ['IN a nested query on columns no relation links', 'SELECT CompanyName FROM Customers WHERE City NOT IN (SELECT City FROM Suppliers)', /follows no relation/],
    ['IN a grouped nested query', 'SELECT CompanyName FROM Customers WHERE CustomerID IN (SELECT CustomerID FROM Orders GROUP BY CustomerID HAVING COUNT(*) > 10)', /grouping, aggregates/],
    ['UNION ALL', 'SELECT City FROM Customers UNION ALL SELECT City FROM Customers', /keeping duplicates/],
    ['a set operation of one column on columns no relation links', 'SELECT City FROM Customers EXCEPT SELECT City FROM Suppliers', /follows no relation/],
    ['a set operation of different columns', 'SELECT City, Country FROM Customers INTERSECT SELECT City, Country FROM Suppliers', /different columns/],
    ['a set operation of grouped rows', 'SELECT Country FROM Customers GROUP BY Country HAVING COUNT(*) > 5 EXCEPT SELECT Country FROM Customers WHERE City = \'Paris\'', /grouped or aggregated/],
    ['several set operations', 'SELECT City FROM Customers UNION SELECT City FROM Customers WHERE Country = \'Spain\' UNION SELECT City FROM Customers', /several set operations/],
  ])('refuses %s with the reason', (_, text, reason) => {
    expect(() => fromSql(text)).toThrow(QueryNotUnderstoodError);
    expect(() => fromSql(text)).toThrow(reason);
  });

  it('tells a write from what a graph cannot say', () => {
    expect(() => fromSql('DELETE FROM Products')).toThrow(WriteQueryError);
    expect(() => fromSql("UPDATE Products SET ProductName = 'x'")).toThrow(/UPDATE/);
  });
});

/** The nested and set-operation SQL above, its names quoted as `q` quotes them (each dialect its way). */
const NESTED = (q: (name: string) => string) => [
  `SELECT ${q('CompanyName')} FROM ${q('Customers')} WHERE ${q('CustomerID')} NOT IN (SELECT ${q('CustomerID')} FROM ${q('Orders')} WHERE ${q('ShipCountry')} = 'France')`,
  `SELECT ${q('ProductName')} FROM ${q('Products')} WHERE ${q('SupplierID')} IN (SELECT ${q('SupplierID')} FROM ${q('Suppliers')} WHERE ${q('Country')} = 'Japan')`,
  `SELECT ${q('CompanyName')} FROM ${q('Shippers')} EXCEPT SELECT s.${q('CompanyName')} FROM ${q('Shippers')} s JOIN ${q('Orders')} o ON o.${q('ShipVia')} = s.${q('ShipperID')} WHERE o.${q('Freight')} > 500`,
  `SELECT e.${q('LastName')} FROM ${q('Employees')} e JOIN ${q('Orders')} o ON o.${q('EmployeeID')} = e.${q('EmployeeID')} WHERE o.${q('ShipCountry')} = 'Brazil' INTERSECT SELECT e.${q('LastName')} FROM ${q('Employees')} e JOIN ${q('Orders')} o ON o.${q('EmployeeID')} = e.${q('EmployeeID')} WHERE o.${q('ShipCountry')} = 'Norway'`,
  `SELECT ${q('ProductName')} FROM ${q('Products')} WHERE ${q('UnitPrice')} > 100 UNION SELECT ${q('ProductName')} FROM ${q('Products')} WHERE ${q('UnitsInStock')} > 120`,
];

/** Values compared with an aggregate of rows of their own, quoted as `q` quotes names. */
const COMPARED_AGGREGATES = (q: (name: string) => string) => [
  `SELECT ${q('ProductName')} FROM ${q('Products')} WHERE ${q('UnitPrice')} > (SELECT AVG(${q('UnitPrice')}) FROM ${q('Products')})`,
  `SELECT o.${q('OrderID')} FROM ${q('Orders')} o WHERE o.${q('Freight')} >= (SELECT MAX(x.${q('Freight')}) FROM ${q('Orders')} x JOIN ${q('Customers')} c ON c.${q('CustomerID')} = x.${q('CustomerID')} WHERE c.${q('Country')} = 'Mexico')`,
];

describe.each(['sqlite', 'postgresql', 'mysql'] as const)('nested and set-operation SQL read into query graphs, on %s', (provider) => {
  let database: NorthwindDatabase;
  let engine: SqlQueryEngine;
  beforeAll(async () => {
    database = await northwindDatabase(provider);
    engine = await SqlQueryEngine.open({ sourceId: `northwind-${provider}`, provider, client: database.client, ...(provider === 'sqlite' ? { url: database.url } : {}) });
  }, 120_000);
  afterAll(async () => {
    await engine?.close();
    await database?.drop();
  });

  it('each reading runs to the rows its SQL gives (the check gold shapes make)', async () => {
    const q = (name: string) => (provider === 'mysql' ? `\`${name}\`` : `"${name}"`);
    const check = readingCheck(engine, engine.schema());
    // Nested IN and set operations read as one pattern; a value compared with a nested aggregate as one aggregate comparison.
    const cases = [...NESTED(q).map((text) => [text, 'patterns'] as const), ...COMPARED_AGGREGATES(q).map((text) => [text, 'aggregateCompare'] as const)];
    for (const [text, part] of cases) {
      const read = queryToGraph(text, 'sql', engine.schema());
      expect(read[part], text).toHaveLength(1);
      expect((await engine.rowsOfGraph(read, { limit: 1000, timeoutMs: 10_000 })).length, text).toBeGreaterThan(0);
      expect(await check(text, read), `${text}\n${formatQueryGraph(read)}`).toBe(true);
    }
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
