/**
 * Query graphs for the constructs added for what people ask (issue 18, item 3): anti-joins and
 * unions of patterns, nth-ranked rows (offset), comparisons between two attributes, arithmetic on
 * one row, year ranges, per-group superlatives, relationship properties, relation alternatives and
 * repeated steps, an attribute compared with an aggregate of rows of their own. Each Northwind case is written in the SQL names and in the graph copy's names,
 * with SQLite written by hand that computes the expected answer independently of the translators.
 */

export interface ConstructCase {
  readonly name: string;
  /** The construct it exercises (for the report of what runs where). */
  readonly construct: 'negation' | 'nth' | 'compare' | 'arithmetic' | 'dates' | 'extreme' | 'edge properties' | 'composition' | 'aggregate comparison';
  /** Canonical form in the SQL database's names. */
  readonly sql: string;
  /** Canonical form in the graph's names. */
  readonly graph: string;
  /** Hand-written SQLite giving the expected rows, columns in `show` order. */
  readonly expected: string;
  readonly ordered: boolean;
}

const OD = '`Order Details`';
const REPORTS_TO = '`Employees(ReportsTo)->Employees(EmployeeID)`';

export const NORTHWIND_CONSTRUCTS: readonly ConstructCase[] = [
  // negation: NOT EXISTS along the spanning tree, or along the pattern's own follows
  {
    name: 'customers who never ordered a seafood product',
    construct: 'negation',
    sql: 'show Customers.CompanyName ; none ( where Categories.CategoryName = "Seafood" )',
    graph: 'show Customer.companyName ; none ( where Category.categoryName = "Seafood" )',
    expected: `SELECT CompanyName FROM Customers c WHERE NOT EXISTS (SELECT 1 FROM Orders o JOIN "Order Details" d ON d.OrderID = o.OrderID
      JOIN Products p ON p.ProductID = d.ProductID JOIN Categories k ON k.CategoryID = p.CategoryID WHERE o.CustomerID = c.CustomerID AND k.CategoryName = 'Seafood')`,
    ordered: false,
  },
  {
    name: 'employees who never sold to a customer in Poland',
    construct: 'negation',
    sql: 'show Employees.LastName ; none ( where Customers.Country = "Poland" )',
    graph: 'show Employee.lastName ; none ( where Customer.country = "Poland" )',
    expected: `SELECT LastName FROM Employees e WHERE NOT EXISTS (SELECT 1 FROM Orders o JOIN Customers c ON c.CustomerID = o.CustomerID
      WHERE o.EmployeeID = e.EmployeeID AND c.Country = 'Poland')`,
    ordered: false,
  },
  {
    name: 'customers with no orders at all',
    construct: 'negation',
    sql: 'show Customers.CompanyName ; none ( class Orders )',
    graph: 'show Customer.companyName ; none ( class Order )',
    expected: 'SELECT CompanyName FROM Customers c WHERE NOT EXISTS (SELECT 1 FROM Orders o WHERE o.CustomerID = c.CustomerID)',
    ordered: false,
  },
  {
    name: 'how many products were not ordered in 1998',
    construct: 'negation',
    sql: 'show count Products.* ; none ( where Orders.OrderDate year 1998 )',
    graph: 'show count Product.* ; none ( where Order.orderDate year 1998 )',
    expected: `SELECT COUNT(*) FROM Products p WHERE NOT EXISTS (SELECT 1 FROM "Order Details" d JOIN Orders o ON o.OrderID = d.OrderID
      WHERE d.ProductID = p.ProductID AND strftime('%Y', o.OrderDate) = '1998')`,
    ordered: false,
  },
  {
    name: 'German customers who ordered something from a Japanese supplier (some)',
    construct: 'negation',
    sql: 'show Customers.CompanyName ; where Customers.Country = "Germany" ; some ( where Suppliers.Country = "Japan" )',
    graph: 'show Customer.companyName ; where Customer.country = "Germany" ; some ( where Supplier.country = "Japan" )',
    expected: `SELECT CompanyName FROM Customers c WHERE c.Country = 'Germany' AND EXISTS (SELECT 1 FROM Orders o JOIN "Order Details" d ON d.OrderID = o.OrderID
      JOIN Products p ON p.ProductID = d.ProductID JOIN Suppliers s ON s.SupplierID = p.SupplierID WHERE o.CustomerID = c.CustomerID AND s.Country = 'Japan')`,
    ordered: false,
  },
  {
    name: 'customers who ordered neither beverages nor dairy (two patterns)',
    construct: 'negation',
    sql: 'show Customers.CompanyName ; none ( where Categories.CategoryName = "Beverages" ) or ( where Categories.CategoryName = "Dairy Products" )',
    graph: 'show Customer.companyName ; none ( where Category.categoryName = "Beverages" ) or ( where Category.categoryName = "Dairy Products" )',
    expected: `SELECT CompanyName FROM Customers c WHERE NOT EXISTS (SELECT 1 FROM Orders o JOIN "Order Details" d ON d.OrderID = o.OrderID
      JOIN Products p ON p.ProductID = d.ProductID JOIN Categories k ON k.CategoryID = p.CategoryID
      WHERE o.CustomerID = c.CustomerID AND k.CategoryName IN ('Beverages', 'Dairy Products'))`,
    ordered: false,
  },
  {
    name: 'employees nobody reports to (pattern with its own follow)',
    construct: 'negation',
    sql: `show Employees.LastName ; none ( follow Employees#2 ${REPORTS_TO} Employees )`,
    graph: 'show Employee.lastName ; none ( follow Employee#2 REPORTS_TO Employee )',
    expected: 'SELECT LastName FROM Employees e WHERE NOT EXISTS (SELECT 1 FROM Employees x WHERE x.ReportsTo = e.EmployeeID)',
    ordered: false,
  },
  {
    name: 'products not discontinued, said as a pattern on the graph\'s own instance',
    construct: 'negation',
    sql: 'show count Products.* ; none ( where Products.Discontinued = "1" )',
    graph: 'show count Product.* ; none ( where Product.discontinued = "1" )',
    expected: "SELECT COUNT(*) FROM Products p WHERE NOT EXISTS (SELECT 1 WHERE p.Discontinued = '1')",
    ordered: false,
  },
  // nth-ranked: order, offset, limit
  {
    name: 'the third cheapest product',
    construct: 'nth',
    sql: 'show Products.ProductName ; show Products.UnitPrice ; order asc Products.UnitPrice ; limit 1 ; offset 2',
    graph: 'show Product.productName ; show Product.unitPrice ; order asc Product.unitPrice ; limit 1 ; offset 2',
    expected: 'SELECT ProductName, UnitPrice FROM Products ORDER BY UnitPrice, ProductName, ProductID LIMIT 1 OFFSET 2',
    ordered: true,
  },
  {
    name: 'orders ranked 4th to 6th by freight',
    construct: 'nth',
    sql: 'show Orders.OrderID ; show Orders.Freight ; order desc Orders.Freight ; limit 3 ; offset 3',
    graph: 'show Order.orderID ; show Order.freight ; order desc Order.freight ; limit 3 ; offset 3',
    expected: 'SELECT OrderID, Freight FROM Orders ORDER BY Freight DESC, OrderID LIMIT 3 OFFSET 3',
    ordered: true,
  },
  {
    name: 'the category with the second most products',
    construct: 'nth',
    sql: 'show Categories.CategoryName ; show count Products.* ; group Categories.CategoryName ; order desc count Products.* ; limit 1 ; offset 1',
    graph: 'show Category.categoryName ; show count Product.* ; group Category.categoryName ; order desc count Product.* ; limit 1 ; offset 1',
    expected: `SELECT k.CategoryName, COUNT(*) AS n FROM Products p JOIN Categories k ON k.CategoryID = p.CategoryID
      GROUP BY k.CategoryName ORDER BY n DESC, k.CategoryName LIMIT 1 OFFSET 1`,
    ordered: true,
  },
  // comparisons between two attributes
  {
    name: 'products whose units in stock are below their reorder level',
    construct: 'compare',
    sql: 'show Products.ProductName ; compare Products.UnitsInStock < Products.ReorderLevel',
    graph: 'show Product.productName ; compare Product.unitsInStock < Product.reorderLevel',
    expected: 'SELECT ProductName FROM Products WHERE UnitsInStock < ReorderLevel',
    ordered: false,
  },
  {
    name: 'employees hired before their supervisor',
    construct: 'compare',
    sql: `show Employees.LastName ; compare Employees.HireDate < Employees#2.HireDate ; follow Employees ${REPORTS_TO} Employees#2`,
    graph: 'show Employee.lastName ; compare Employee.hireDate < Employee#2.hireDate ; follow Employee REPORTS_TO Employee#2',
    expected: 'SELECT e.LastName FROM Employees e JOIN Employees s ON s.EmployeeID = e.ReportsTo WHERE date(e.HireDate) < date(s.HireDate)',
    ordered: false,
  },
  {
    name: 'how many orders were shipped after the required date',
    construct: 'compare',
    sql: 'show count Orders.* ; compare Orders.ShippedDate > Orders.RequiredDate',
    graph: 'show count Order.* ; compare Order.shippedDate > Order.requiredDate',
    expected: 'SELECT COUNT(*) FROM Orders WHERE date(ShippedDate) > date(RequiredDate)',
    ordered: false,
  },
  {
    name: 'order lines sold below the list price (a relationship property against a node property)',
    construct: 'compare',
    sql: `show count ${OD}.* ; compare ${OD}.UnitPrice < Products.UnitPrice`,
    graph: 'show count CONTAINS.* ; compare CONTAINS.unitPrice < Product.unitPrice',
    expected: 'SELECT COUNT(*) FROM "Order Details" d JOIN Products p ON p.ProductID = d.ProductID WHERE d.UnitPrice < p.UnitPrice',
    ordered: false,
  },
  // arithmetic on one row
  {
    name: 'the five largest order lines by price times quantity',
    construct: 'arithmetic',
    sql: `compute ${OD}.revenue = ( ${OD}.UnitPrice * ${OD}.Quantity ) ; show Orders.OrderID ; show ${OD}.revenue ; order desc ${OD}.revenue ; limit 5`,
    graph: 'compute CONTAINS.revenue = ( CONTAINS.unitPrice * CONTAINS.quantity ) ; show Order.orderID ; show CONTAINS.revenue ; order desc CONTAINS.revenue ; limit 5',
    expected: `SELECT o.OrderID, d.UnitPrice * d.Quantity AS r FROM "Order Details" d JOIN Orders o ON o.OrderID = d.OrderID ORDER BY r DESC, o.OrderID LIMIT 5`,
    ordered: true,
  },
  {
    name: 'net sales per category after discount, top 3',
    construct: 'arithmetic',
    sql: `compute ${OD}.net = ( ( ${OD}.UnitPrice * ${OD}.Quantity ) * ( 1 - ${OD}.Discount ) ) ; show Categories.CategoryName ; show sum ${OD}.net ; group Categories.CategoryName ; order desc sum ${OD}.net ; limit 3`,
    graph: 'compute CONTAINS.net = ( ( CONTAINS.unitPrice * CONTAINS.quantity ) * ( 1 - CONTAINS.discount ) ) ; show Category.categoryName ; show sum CONTAINS.net ; group Category.categoryName ; order desc sum CONTAINS.net ; limit 3',
    expected: `SELECT k.CategoryName, SUM(d.UnitPrice * d.Quantity * (1 - d.Discount)) AS s FROM "Order Details" d JOIN Products p ON p.ProductID = d.ProductID
      JOIN Categories k ON k.CategoryID = p.CategoryID GROUP BY k.CategoryName ORDER BY s DESC LIMIT 3`,
    ordered: true,
  },
  {
    name: 'products whose stock is worth more than 3000 (a computed value in a condition)',
    construct: 'arithmetic',
    sql: 'compute Products.stockValue = ( Products.UnitPrice * Products.UnitsInStock ) ; show Products.ProductName ; where Products.stockValue > 3000',
    graph: 'compute Product.stockValue = ( Product.unitPrice * Product.unitsInStock ) ; show Product.productName ; where Product.stockValue > 3000',
    expected: 'SELECT ProductName FROM Products WHERE UnitPrice * UnitsInStock > 3000',
    ordered: false,
  },
  {
    name: 'units on order per unit in stock, above 1 (division, by zero gives nothing)',
    construct: 'arithmetic',
    sql: 'compute Products.cover = ( Products.UnitsOnOrder / Products.UnitsInStock ) ; show Products.ProductName ; show Products.cover ; where Products.cover > 1',
    graph: 'compute Product.cover = ( Product.unitsOnOrder / Product.unitsInStock ) ; show Product.productName ; show Product.cover ; where Product.cover > 1',
    expected: 'SELECT ProductName, UnitsOnOrder * 1.0 / UnitsInStock FROM Products WHERE UnitsInStock <> 0 AND UnitsOnOrder * 1.0 / UnitsInStock > 1',
    ordered: false,
  },
  // year ranges on date columns
  {
    name: 'employees born in the 1950s',
    construct: 'dates',
    sql: 'show Employees.LastName ; where Employees.BirthDate between 1950 1959',
    graph: 'show Employee.lastName ; where Employee.birthDate between 1950 1959',
    expected: "SELECT LastName FROM Employees WHERE strftime('%Y', BirthDate) BETWEEN '1950' AND '1959'",
    ordered: false,
  },
  {
    name: 'orders from 1996 to 1997',
    construct: 'dates',
    sql: 'show count Orders.* ; where Orders.OrderDate between 1996 1997',
    graph: 'show count Order.* ; where Order.orderDate between 1996 1997',
    expected: "SELECT COUNT(*) FROM Orders WHERE strftime('%Y', OrderDate) IN ('1996', '1997')",
    ordered: false,
  },
  // per-group superlatives
  {
    name: 'the most expensive product in each category',
    construct: 'extreme',
    sql: 'show Categories.CategoryName ; show Products.ProductName ; show Products.UnitPrice ; extreme max Products.UnitPrice per Categories.CategoryName',
    graph: 'show Category.categoryName ; show Product.productName ; show Product.unitPrice ; extreme max Product.unitPrice per Category.categoryName',
    expected: `SELECT k.CategoryName, p.ProductName, p.UnitPrice FROM Products p JOIN Categories k ON k.CategoryID = p.CategoryID
      WHERE p.UnitPrice = (SELECT MAX(x.UnitPrice) FROM Products x JOIN Categories y ON y.CategoryID = x.CategoryID WHERE y.CategoryName = k.CategoryName)`,
    ordered: false,
  },
  {
    name: 'the cheapest product still sold from each supplier country (the condition applies to the rivals too)',
    construct: 'extreme',
    sql: 'show Suppliers.Country ; show Products.ProductName ; where Products.Discontinued = "0" ; extreme min Products.UnitPrice per Suppliers.Country',
    graph: 'show Supplier.country ; show Product.productName ; where Product.discontinued = "0" ; extreme min Product.unitPrice per Supplier.country',
    expected: `SELECT s.Country, p.ProductName FROM Products p JOIN Suppliers s ON s.SupplierID = p.SupplierID WHERE p.Discontinued = '0'
      AND p.UnitPrice = (SELECT MIN(x.UnitPrice) FROM Products x JOIN Suppliers y ON y.SupplierID = x.SupplierID WHERE y.Country = s.Country AND x.Discontinued = '0')`,
    ordered: false,
  },
  {
    name: 'the latest order date of each customer in Germany',
    construct: 'extreme',
    sql: 'show Customers.CompanyName ; show Orders.OrderDate ; where Customers.Country = "Germany" ; extreme max Orders.OrderDate per Customers.CustomerID ; distinct',
    graph: 'show Customer.companyName ; show Order.orderDate ; where Customer.country = "Germany" ; extreme max Order.orderDate per Customer.customerID ; distinct',
    expected: `SELECT DISTINCT c.CompanyName, date(o.OrderDate) FROM Customers c JOIN Orders o ON o.CustomerID = c.CustomerID WHERE c.Country = 'Germany'
      AND date(o.OrderDate) = (SELECT MAX(date(x.OrderDate)) FROM Orders x WHERE x.CustomerID = c.CustomerID)`,
    ordered: false,
  },
  {
    name: 'the most expensive products overall, ties included',
    construct: 'extreme',
    sql: 'show Products.ProductName ; extreme max Products.UnitPrice',
    graph: 'show Product.productName ; extreme max Product.unitPrice',
    expected: 'SELECT ProductName FROM Products WHERE UnitPrice = (SELECT MAX(UnitPrice) FROM Products)',
    ordered: false,
  },
  {
    name: 'the largest order line of each order of Chai (an extreme of a relationship property)',
    construct: 'edge properties',
    sql: `show Orders.OrderID ; show ${OD}.Quantity ; where Orders.ShipCountry = "Brazil" ; extreme max ${OD}.Quantity per Orders.OrderID`,
    graph: 'show Order.orderID ; show CONTAINS.quantity ; where Order.shipCountry = "Brazil" ; extreme max CONTAINS.quantity per Order.orderID',
    expected: `SELECT o.OrderID, d.Quantity FROM Orders o JOIN "Order Details" d ON d.OrderID = o.OrderID WHERE o.ShipCountry = 'Brazil'
      AND d.Quantity = (SELECT MAX(x.Quantity) FROM "Order Details" x WHERE x.OrderID = o.OrderID)`,
    ordered: false,
  },
  // an attribute against an aggregate of rows of their own (an uncorrelated subquery)
  {
    name: 'products priced above the average price',
    construct: 'aggregate comparison',
    sql: 'show Products.ProductName ; compare Products.UnitPrice > ( avg Products.UnitPrice )',
    graph: 'show Product.productName ; compare Product.unitPrice > ( avg Product.unitPrice )',
    expected: 'SELECT ProductName FROM Products WHERE UnitPrice > (SELECT AVG(UnitPrice) FROM Products)',
    ordered: false,
  },
  {
    name: 'products cheaper than every seafood product (the aggregate joins a class of its own)',
    construct: 'aggregate comparison',
    sql: 'show Products.ProductName ; compare Products.UnitPrice < ( min Products.UnitPrice ; where Categories.CategoryName = "Seafood" )',
    graph: 'show Product.productName ; compare Product.unitPrice < ( min Product.unitPrice ; where Category.categoryName = "Seafood" )',
    expected: `SELECT ProductName FROM Products WHERE UnitPrice < (SELECT MIN(p.UnitPrice) FROM Products p JOIN Categories k ON k.CategoryID = p.CategoryID WHERE k.CategoryName = 'Seafood')`,
    ordered: false,
  },
  {
    name: 'beverages with more in stock than the most any discontinued product has (conditions on both sides)',
    construct: 'aggregate comparison',
    sql: 'show Products.ProductName ; where Categories.CategoryName = "Beverages" ; compare Products.UnitsInStock > ( avg Products.UnitsInStock ; where Products.Discontinued = "1" )',
    graph: 'show Product.productName ; where Category.categoryName = "Beverages" ; compare Product.unitsInStock > ( avg Product.unitsInStock ; where Product.discontinued = "1" )',
    expected: `SELECT p.ProductName FROM Products p JOIN Categories k ON k.CategoryID = p.CategoryID WHERE k.CategoryName = 'Beverages'
      AND p.UnitsInStock > (SELECT AVG(UnitsInStock) FROM Products WHERE Discontinued = '1')`,
    ordered: false,
  },
  {
    name: 'orders placed after the last order of a Mexican customer (dates)',
    construct: 'aggregate comparison',
    sql: 'show Orders.OrderID ; compare Orders.OrderDate > ( max Orders.OrderDate ; where Customers.Country = "Mexico" )',
    graph: 'show Order.orderID ; compare Order.orderDate > ( max Order.orderDate ; where Customer.country = "Mexico" )',
    expected: `SELECT OrderID FROM Orders WHERE date(OrderDate) > (SELECT MAX(date(o.OrderDate)) FROM Orders o JOIN Customers c ON c.CustomerID = o.CustomerID WHERE c.Country = 'Mexico')`,
    ordered: false,
  },
  {
    name: 'order lines of more units than the average line of Chai (a relationship property on both sides)',
    construct: 'aggregate comparison',
    sql: `show count ${OD}.* ; compare ${OD}.Quantity > ( avg ${OD}.Quantity ; where Products.ProductName = "Chai" )`,
    graph: 'show count CONTAINS.* ; compare CONTAINS.quantity > ( avg CONTAINS.quantity ; where Product.productName = "Chai" )',
    expected: `SELECT COUNT(*) FROM "Order Details" WHERE Quantity > (SELECT AVG(d.Quantity) FROM "Order Details" d JOIN Products p ON p.ProductID = d.ProductID WHERE p.ProductName = 'Chai')`,
    ordered: false,
  },
  {
    name: 'categories with fewer products than the number of suppliers (count in the aggregate)',
    construct: 'aggregate comparison',
    sql: 'show Categories.CategoryName ; show count Products.* ; compare Categories.CategoryID < ( count Suppliers.* ) ; group Categories.CategoryName',
    graph: 'show Category.categoryName ; show count Product.* ; compare Category.categoryID < ( count Supplier.* ) ; group Category.categoryName',
    expected: `SELECT k.CategoryName, COUNT(*) FROM Categories k JOIN Products p ON p.CategoryID = k.CategoryID WHERE k.CategoryID < (SELECT COUNT(*) FROM Suppliers) GROUP BY k.CategoryName`,
    ordered: false,
  },
];

/**
 * Royals: the SQL tables (people, marriages, relations as a relation table) and the property graph
 * (Person, one relationship type per relation, HUSBAND/WIFE carrying the marriage).
 */
const VICTORIA = '"Victoria of house of Hanover"';
const GEORGE_V = '"George_V of house of Windsor"';
const EDWARD_VII = '"Edward_VII of house of Wettin"';
const ELIZABETH = '"Elizabeth_II Alexandra Mary of house of Windsor"';

export const ROYALS_CONSTRUCTS: readonly ConstructCase[] = [
  {
    name: "Victoria's children (a union of two relations)",
    construct: 'composition',
    sql: `show people#2.name ; where people.name = ${VICTORIA} ; follow people ( son | daughter ) people#2 ; distinct`,
    graph: `show Person#2.name ; where Person.name = ${VICTORIA} ; follow Person ( SON | DAUGHTER ) Person#2 ; distinct`,
    expected: `SELECT DISTINCT c.name FROM people v JOIN relations r ON r.head_id = v.id AND r.relation IN ('son', 'daughter') JOIN people c ON c.id = r.tail_id WHERE v.name = ${VICTORIA.replace(/"/g, "'")}`,
    ordered: false,
  },
  {
    name: "Victoria's grandchildren (child then child)",
    construct: 'composition',
    sql: `show count_distinct people#3.id ; where people.name = ${VICTORIA} ; follow people ( son | daughter ) people#2 ; follow people#2 ( son | daughter ) people#3`,
    graph: `show count_distinct Person#3.id ; where Person.name = ${VICTORIA} ; follow Person ( SON | DAUGHTER ) Person#2 ; follow Person#2 ( SON | DAUGHTER ) Person#3`,
    expected: `SELECT COUNT(DISTINCT r2.tail_id) FROM people v JOIN relations r1 ON r1.head_id = v.id AND r1.relation IN ('son', 'daughter')
      JOIN relations r2 ON r2.head_id = r1.tail_id AND r2.relation IN ('son', 'daughter') WHERE v.name = ${VICTORIA.replace(/"/g, "'")}`,
    ordered: false,
  },
  {
    name: "Elizabeth II's ancestors up to three generations (repeated steps)",
    construct: 'composition',
    sql: `show people#2.name ; where people.name = ${ELIZABETH} ; follow people ( father | mother ) *1..3 people#2 ; distinct`,
    graph: `show Person#2.name ; where Person.name = ${ELIZABETH} ; follow Person ( FATHER | MOTHER ) *1..3 Person#2 ; distinct`,
    expected: `WITH RECURSIVE up(id, depth) AS (SELECT r.tail_id, 1 FROM people v JOIN relations r ON r.head_id = v.id AND r.relation IN ('father', 'mother') WHERE v.name = ${ELIZABETH.replace(/"/g, "'")}
      UNION SELECT r.tail_id, up.depth + 1 FROM up JOIN relations r ON r.head_id = up.id AND r.relation IN ('father', 'mother') WHERE up.depth < 3)
      SELECT DISTINCT p.name FROM up JOIN people p ON p.id = up.id`,
    ordered: false,
  },
  {
    name: 'the sisters-in-law of Edward VII (a union of two chains)',
    construct: 'composition',
    sql: `show people.name ; where people#2.name = ${EDWARD_VII} ; some ( follow people#2 ( husband | wife ) people#3 ; follow people#3 sister people ) or ( follow people#2 brother people#4 ; follow people#4 wife people ) ; distinct`,
    graph: `show Person.name ; where Person#2.name = ${EDWARD_VII} ; some ( follow Person#2 ( HUSBAND | WIFE ) Person#3 ; follow Person#3 SISTER Person ) or ( follow Person#2 BROTHER Person#4 ; follow Person#4 WIFE Person ) ; distinct`,
    expected: `SELECT DISTINCT p.name FROM people g JOIN relations a ON a.head_id = g.id AND a.relation IN ('husband', 'wife') JOIN relations b ON b.head_id = a.tail_id AND b.relation = 'sister' JOIN people p ON p.id = b.tail_id WHERE g.name = ${EDWARD_VII.replace(/"/g, "'")}
      UNION SELECT p.name FROM people g JOIN relations a ON a.head_id = g.id AND a.relation = 'brother' JOIN relations b ON b.head_id = a.tail_id AND b.relation = 'wife' JOIN people p ON p.id = b.tail_id WHERE g.name = ${EDWARD_VII.replace(/"/g, "'")}`,
    ordered: false,
  },
  {
    name: "George V's siblings by a shared father, himself excluded (a key comparison)",
    construct: 'composition',
    sql: `show people.name ; where people#2.name = ${GEORGE_V} ; compare people.id != people#2.id ; follow people#2 father people#3 ; follow people father people#3 ; distinct`,
    graph: `show Person.name ; where Person#2.name = ${GEORGE_V} ; compare Person.id != Person#2.id ; follow Person#2 FATHER Person#3 ; follow Person FATHER Person#3 ; distinct`,
    expected: `SELECT DISTINCT p.name FROM people g JOIN relations a ON a.head_id = g.id AND a.relation = 'father' JOIN relations b ON b.tail_id = a.tail_id AND b.relation = 'father'
      JOIN people p ON p.id = b.head_id WHERE g.name = ${GEORGE_V.replace(/"/g, "'")} AND p.id <> g.id`,
    ordered: false,
  },
  {
    name: "Victoria's children who had no son",
    construct: 'negation',
    sql: `show people#2.name ; where people.name = ${VICTORIA} ; follow people ( son | daughter ) people#2 ; none ( follow people#2 son people#3 ) ; distinct`,
    graph: `show Person#2.name ; where Person.name = ${VICTORIA} ; follow Person ( SON | DAUGHTER ) Person#2 ; none ( follow Person#2 SON Person#3 ) ; distinct`,
    expected: `SELECT DISTINCT c.name FROM people v JOIN relations r ON r.head_id = v.id AND r.relation IN ('son', 'daughter') JOIN people c ON c.id = r.tail_id
      WHERE v.name = ${VICTORIA.replace(/"/g, "'")} AND NOT EXISTS (SELECT 1 FROM relations s WHERE s.head_id = c.id AND s.relation = 'son')`,
    ordered: false,
  },
  {
    name: 'people born in 1819 (year on a column holding years)',
    construct: 'dates',
    sql: 'show people.name ; where people.birth_year year 1819',
    graph: 'show Person.name ; where Person.birth_year year 1819',
    expected: 'SELECT name FROM people WHERE birth_year = 1819',
    ordered: false,
  },
  {
    name: 'the year Victoria married (a relationship property shown)',
    construct: 'edge properties',
    sql: `show marriages.marriage_year ; where people.name = ${VICTORIA} ; follow marriages \`marriages(wife_id)->people(id)\` people`,
    graph: `show HUSBAND.marriage_year ; where Person.name = ${VICTORIA} ; follow HUSBAND HUSBAND_FROM Person`,
    expected: `SELECT m.marriage_year FROM marriages m JOIN people v ON v.id = m.wife_id WHERE v.name = ${VICTORIA.replace(/"/g, "'")}`,
    ordered: false,
  },
  {
    name: "the wives of Victoria's sons and the year each married (a relationship property with a chain)",
    construct: 'edge properties',
    sql: `show people#3.name ; show marriages.marriage_year ; where people.name = ${VICTORIA} ; follow people son people#2 ; follow marriages \`marriages(husband_id)->people(id)\` people#2 ; follow marriages \`marriages(wife_id)->people(id)\` people#3`,
    graph: `show Person#3.name ; show WIFE.marriage_year ; where Person.name = ${VICTORIA} ; follow Person SON Person#2 ; follow WIFE WIFE_FROM Person#2 ; follow WIFE WIFE_TO Person#3`,
    expected: `SELECT w.name, m.marriage_year FROM people v JOIN relations r ON r.head_id = v.id AND r.relation = 'son' JOIN marriages m ON m.husband_id = r.tail_id
      JOIN people w ON w.id = m.wife_id WHERE v.name = ${VICTORIA.replace(/"/g, "'")}`,
    ordered: false,
  },
  {
    name: "the sons of Victoria who married before 1870 (a relationship property in a condition)",
    construct: 'edge properties',
    sql: `show people#2.name ; where people.name = ${VICTORIA} ; where marriages.marriage_year < 1870 ; follow people son people#2 ; follow marriages \`marriages(husband_id)->people(id)\` people#2 ; distinct`,
    graph: `show Person#2.name ; where Person.name = ${VICTORIA} ; where WIFE.marriage_year < 1870 ; follow Person SON Person#2 ; follow WIFE WIFE_FROM Person#2 ; distinct`,
    expected: `SELECT DISTINCT s.name FROM people v JOIN relations r ON r.head_id = v.id AND r.relation = 'son' JOIN people s ON s.id = r.tail_id
      JOIN marriages m ON m.husband_id = s.id WHERE v.name = ${VICTORIA.replace(/"/g, "'")} AND m.marriage_year < 1870`,
    ordered: false,
  },
  {
    name: "the earliest and latest marriage year of Victoria's children (a relationship property in aggregates)",
    construct: 'edge properties',
    sql: `show min marriages.marriage_year ; show max marriages.marriage_year ; where people.name = ${VICTORIA} ; follow people daughter people#2 ; follow marriages \`marriages(wife_id)->people(id)\` people#2`,
    graph: `show min HUSBAND.marriage_year ; show max HUSBAND.marriage_year ; where Person.name = ${VICTORIA} ; follow Person DAUGHTER Person#2 ; follow HUSBAND HUSBAND_FROM Person#2`,
    expected: `SELECT MIN(m.marriage_year), MAX(m.marriage_year) FROM people v JOIN relations r ON r.head_id = v.id AND r.relation = 'daughter'
      JOIN marriages m ON m.wife_id = r.tail_id WHERE v.name = ${VICTORIA.replace(/"/g, "'")}`,
    ordered: false,
  },
  {
    name: "people born after every child of Victoria (an aggregate over a relation chain of its own)",
    construct: 'aggregate comparison',
    sql: `show people.name ; where people.birth_year < 1870 ; compare people.birth_year > ( max people#2.birth_year ; follow people ( son | daughter ) people#2 ; where people.name = ${VICTORIA} )`,
    graph: `show Person.name ; where Person.birth_year < 1870 ; compare Person.birth_year > ( max Person#2.birth_year ; follow Person ( SON | DAUGHTER ) Person#2 ; where Person.name = ${VICTORIA} )`,
    expected: `SELECT name FROM people WHERE birth_year < 1870 AND birth_year > (SELECT MAX(c.birth_year) FROM people v JOIN relations r ON r.head_id = v.id AND r.relation IN ('son', 'daughter') JOIN people c ON c.id = r.tail_id WHERE v.name = ${VICTORIA.replace(/"/g, "'")})`,
    ordered: false,
  },
];
