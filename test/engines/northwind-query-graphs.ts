/**
 * Hand-written query graphs over Northwind, each with SQL written by hand (SQLite) that computes
 * the expected answer independently of the translator. Shared by the translation tests and the
 * benchmark. Columns of the SQL are in the order of the graph's `show` items.
 */
export interface QueryGraphCase {
  readonly name: string;
  /** The graph, in canonical form. */
  readonly graph: string;
  /** Hand-written SQLite giving the expected rows. */
  readonly sql: string;
  /** Compare rows in order (the graph orders them); otherwise as a multiset. */
  readonly ordered: boolean;
}

export const NORTHWIND_CASES: readonly QueryGraphCase[] = [
  // filters
  { name: 'number greater than', graph: 'show Products.ProductName ; where Products.UnitPrice > 50', sql: 'SELECT ProductName FROM Products WHERE UnitPrice > 50', ordered: false },
  { name: 'count with text equality', graph: 'show count Customers.* ; where Customers.Country = "Germany"', sql: "SELECT COUNT(*) FROM Customers WHERE Country = 'Germany'", ordered: false },
  { name: 'text inequality', graph: 'show Suppliers.CompanyName ; where Suppliers.Country != "USA"', sql: "SELECT CompanyName FROM Suppliers WHERE Country <> 'USA'", ordered: false },
  { name: 'at most', graph: 'show Products.ProductName ; where Products.UnitsInStock <= 5', sql: 'SELECT ProductName FROM Products WHERE UnitsInStock <= 5', ordered: false },
  { name: 'half-open range from two constraints', graph: 'show Products.ProductName ; where Products.UnitPrice >= 40 ; where Products.UnitPrice < 50', sql: 'SELECT ProductName FROM Products WHERE UnitPrice >= 40 AND UnitPrice < 50', ordered: false },
  { name: 'decimal equality', graph: 'show Products.ProductName ; where Products.UnitPrice = 18', sql: 'SELECT ProductName FROM Products WHERE UnitPrice = 18', ordered: false },
  { name: 'contains, case-insensitive', graph: 'show Products.ProductName ; where Products.ProductName contains "CHEF"', sql: "SELECT ProductName FROM Products WHERE instr(lower(ProductName), 'chef') > 0", ordered: false },
  { name: 'starts with, case-insensitive', graph: 'show Customers.CompanyName ; where Customers.CompanyName starts_with "la"', sql: "SELECT CompanyName FROM Customers WHERE substr(lower(CompanyName), 1, 2) = 'la'", ordered: false },
  { name: 'in a list', graph: 'show Customers.CompanyName ; where Customers.Country in ( "Spain" , "Portugal" )', sql: "SELECT CompanyName FROM Customers WHERE Country = 'Spain' OR Country = 'Portugal'", ordered: false },
  { name: 'not in a list', graph: 'show Suppliers.CompanyName ; where Suppliers.Country not_in ( "USA" , "UK" , "Germany" , "France" , "Japan" )', sql: "SELECT CompanyName FROM Suppliers WHERE Country NOT IN ('USA', 'UK', 'Germany', 'France', 'Japan')", ordered: false },
  { name: 'number between, inclusive', graph: 'show Products.ProductName ; where Products.UnitPrice between 20 25', sql: 'SELECT ProductName FROM Products WHERE UnitPrice >= 20 AND UnitPrice <= 25', ordered: false },
  { name: 'text and number on two attributes', graph: 'show Employees.FirstName ; where Employees.Title contains "sales" ; where Employees.City != "London"', sql: "SELECT FirstName FROM Employees WHERE lower(Title) LIKE '%sales%' AND City <> 'London'", ordered: false },
  { name: 'text stored as a flag', graph: 'show Products.ProductName ; where Products.Discontinued = "1"', sql: "SELECT ProductName FROM Products WHERE Discontinued = '1'", ordered: false },
  // dates
  { name: 'count in a year', graph: 'show count Orders.* ; where Orders.OrderDate year 1997', sql: "SELECT COUNT(*) FROM Orders WHERE strftime('%Y', OrderDate) = '1997'", ordered: false },
  { name: 'count in a month', graph: 'show count Orders.* ; where Orders.OrderDate month "1997-03"', sql: "SELECT COUNT(*) FROM Orders WHERE strftime('%Y-%m', OrderDate) = '1997-03'", ordered: false },
  { name: 'dates between, inclusive of the last day', graph: 'show Orders.OrderID ; where Orders.OrderDate between date:1998-05-01 date:1998-05-06', sql: "SELECT OrderID FROM Orders WHERE date(OrderDate) >= '1998-05-01' AND date(OrderDate) <= '1998-05-06'", ordered: false },
  { name: 'on a day', graph: 'show Orders.OrderID ; where Orders.OrderDate = date:1996-07-04', sql: "SELECT OrderID FROM Orders WHERE date(OrderDate) = '1996-07-04'", ordered: false },
  { name: 'on or after a day (DATE column)', graph: 'show Employees.FirstName ; where Employees.HireDate >= date:1993-01-01', sql: "SELECT FirstName FROM Employees WHERE date(HireDate) >= '1993-01-01'", ordered: false },
  { name: 'before a day', graph: 'show Employees.LastName ; where Employees.BirthDate < date:1955-01-01', sql: "SELECT LastName FROM Employees WHERE date(BirthDate) < '1955-01-01'", ordered: false },
  { name: 'unknown values', graph: 'show count Orders.* ; where Orders.ShippedDate is_null', sql: 'SELECT COUNT(*) FROM Orders WHERE ShippedDate IS NULL', ordered: false },
  { name: 'known values', graph: 'show count Customers.* ; where Customers.Region not_null', sql: 'SELECT COUNT(*) FROM Customers WHERE Region IS NOT NULL', ordered: false },
  // aggregates
  { name: 'count distinct', graph: 'show count_distinct Orders.ShipCountry', sql: 'SELECT COUNT(DISTINCT ShipCountry) FROM Orders', ordered: false },
  { name: 'sum with a filter', graph: 'show sum Orders.Freight ; where Orders.ShipCountry = "France"', sql: "SELECT SUM(Freight) FROM Orders WHERE ShipCountry = 'France'", ordered: false },
  { name: 'average', graph: 'show avg Products.UnitPrice', sql: 'SELECT AVG(UnitPrice) FROM Products', ordered: false },
  { name: 'min and max together', graph: 'show min Products.UnitPrice ; show max Products.UnitPrice', sql: 'SELECT MIN(UnitPrice), MAX(UnitPrice) FROM Products', ordered: false },
  { name: 'earliest date', graph: 'show min Orders.OrderDate ; where Orders.ShipCountry = "Brazil"', sql: "SELECT MIN(date(OrderDate)) FROM Orders WHERE ShipCountry = 'Brazil'", ordered: false },
  { name: 'max with a filter', graph: 'show max Orders.Freight ; where Orders.ShipCity = "Graz"', sql: "SELECT MAX(Freight) FROM Orders WHERE ShipCity = 'Graz'", ordered: false },
  // group by, having
  { name: 'count per group across a join', graph: 'show Categories.CategoryName ; show count Products.* ; group Categories.CategoryName', sql: 'SELECT c.CategoryName, COUNT(*) FROM Products p JOIN Categories c ON c.CategoryID = p.CategoryID GROUP BY c.CategoryName', ordered: false },
  { name: 'having a count', graph: 'show Customers.Country ; show count Customers.* ; group Customers.Country ; having count Customers.* > 8', sql: 'SELECT Country, COUNT(*) FROM Customers GROUP BY Country HAVING COUNT(*) > 8', ordered: false },
  { name: 'having a sum across a join', graph: 'show Customers.CompanyName ; show sum Orders.Freight ; group Customers.CompanyName ; having sum Orders.Freight > 2000', sql: 'SELECT c.CompanyName, SUM(o.Freight) FROM Customers c JOIN Orders o ON o.CustomerID = c.CustomerID GROUP BY c.CompanyName HAVING SUM(o.Freight) > 2000', ordered: false },
  { name: 'orders per shipper (foreign key with another name)', graph: 'show Shippers.CompanyName ; show count Orders.* ; group Shippers.CompanyName', sql: 'SELECT s.CompanyName, COUNT(*) FROM Orders o JOIN Shippers s ON s.ShipperID = o.ShipVia GROUP BY s.CompanyName', ordered: false },
  { name: 'implicit grouping by what is shown', graph: 'show Products.CategoryID ; show avg Products.UnitPrice', sql: 'SELECT CategoryID, AVG(UnitPrice) FROM Products GROUP BY CategoryID', ordered: false },
  // order by, limit, distinct
  { name: 'top 5 most expensive', graph: 'show Products.ProductName ; show Products.UnitPrice ; order desc Products.UnitPrice ; limit 5', sql: 'SELECT ProductName, UnitPrice FROM Products ORDER BY UnitPrice DESC LIMIT 5', ordered: true },
  { name: 'three cheapest', graph: 'show Products.ProductName ; order asc Products.UnitPrice ; limit 3', sql: 'SELECT ProductName FROM Products ORDER BY UnitPrice ASC LIMIT 3', ordered: true },
  { name: 'the oldest employee', graph: 'show Employees.LastName ; order asc Employees.BirthDate ; limit 1', sql: 'SELECT LastName FROM Employees ORDER BY BirthDate ASC LIMIT 1', ordered: true },
  { name: 'top 3 employees by orders', graph: 'show Employees.LastName ; show count Orders.* ; group Employees.LastName ; order desc count Orders.* ; limit 3', sql: 'SELECT e.LastName, COUNT(*) AS n FROM Orders o JOIN Employees e ON e.EmployeeID = o.EmployeeID GROUP BY e.LastName ORDER BY n DESC LIMIT 3', ordered: true },
  { name: 'ties broken the same everywhere', graph: 'show Customers.Country ; show count Customers.* ; group Customers.Country ; order desc count Customers.* ; limit 3', sql: 'SELECT Country, COUNT(*) AS n FROM Customers GROUP BY Country ORDER BY n DESC, Country ASC LIMIT 3', ordered: true },
  { name: 'distinct values', graph: 'show Orders.ShipCountry ; where Orders.Freight > 500 ; distinct', sql: 'SELECT DISTINCT ShipCountry FROM Orders WHERE Freight > 500', ordered: false },
  { name: 'sorted by text', graph: 'show Shippers.CompanyName ; order asc Shippers.CompanyName', sql: 'SELECT CompanyName FROM Shippers ORDER BY CompanyName', ordered: true },
  // joins
  { name: 'two tables', graph: 'show Products.ProductName ; where Categories.CategoryName = "Seafood"', sql: "SELECT p.ProductName FROM Products p JOIN Categories c ON c.CategoryID = p.CategoryID WHERE c.CategoryName = 'Seafood'", ordered: false },
  { name: 'two tables, the other way', graph: 'show Products.ProductName ; where Suppliers.Country = "Japan"', sql: "SELECT p.ProductName FROM Products p JOIN Suppliers s ON s.SupplierID = p.SupplierID WHERE s.Country = 'Japan'", ordered: false },
  { name: 'count across a join', graph: 'show count Orders.* ; where Employees.LastName = "Fuller"', sql: "SELECT COUNT(*) FROM Orders o JOIN Employees e ON e.EmployeeID = o.EmployeeID WHERE e.LastName = 'Fuller'", ordered: false },
  { name: 'four tables through the link table', graph: 'show Products.ProductName ; where Customers.CompanyName = "Alfreds Futterkiste" ; distinct', sql: "SELECT DISTINCT p.ProductName FROM Customers c JOIN Orders o ON o.CustomerID = c.CustomerID JOIN \"Order Details\" d ON d.OrderID = o.OrderID JOIN Products p ON p.ProductID = d.ProductID WHERE c.CompanyName = 'Alfreds Futterkiste'", ordered: false },
  { name: 'classes named without a direct relation', graph: 'show count_distinct Orders.CustomerID ; where Suppliers.Country = "Sweden"', sql: "SELECT COUNT(DISTINCT o.CustomerID) FROM Suppliers s JOIN Products p ON p.SupplierID = s.SupplierID JOIN \"Order Details\" d ON d.ProductID = p.ProductID JOIN Orders o ON o.OrderID = d.OrderID WHERE s.Country = 'Sweden'", ordered: false },
  { name: 'average over a table with a space in its name', graph: 'show avg `Order Details`.UnitPrice ; where Products.ProductName = "Chai"', sql: "SELECT AVG(d.UnitPrice) FROM \"Order Details\" d JOIN Products p ON p.ProductID = d.ProductID WHERE p.ProductName = 'Chai'", ordered: false },
  { name: 'sum per group over three tables, top 3', graph: 'show Categories.CategoryName ; show sum `Order Details`.Quantity ; group Categories.CategoryName ; order desc sum `Order Details`.Quantity ; limit 3', sql: 'SELECT c.CategoryName, SUM(d.Quantity) AS q FROM "Order Details" d JOIN Products p ON p.ProductID = d.ProductID JOIN Categories c ON c.CategoryID = p.CategoryID GROUP BY c.CategoryName ORDER BY q DESC LIMIT 3', ordered: true },
  { name: 'filters on two joined classes with a date', graph: 'show Customers.CompanyName ; where Orders.OrderDate year 1998 ; where Customers.Country = "Mexico" ; distinct', sql: "SELECT DISTINCT c.CompanyName FROM Customers c JOIN Orders o ON o.CustomerID = c.CustomerID WHERE strftime('%Y', o.OrderDate) = '1998' AND c.Country = 'Mexico'", ordered: false },
  { name: 'count with a list filter on a joined class', graph: 'show count Products.* ; where Products.UnitsOnOrder > 0 ; where Categories.CategoryName in ( "Beverages" , "Condiments" )', sql: "SELECT COUNT(*) FROM Products p JOIN Categories c ON c.CategoryID = p.CategoryID WHERE p.UnitsOnOrder > 0 AND c.CategoryName IN ('Beverages', 'Condiments')", ordered: false },
  { name: 'employees and the territories they cover', graph: 'show Employees.LastName ; show count Territories.* ; group Employees.LastName', sql: 'SELECT e.LastName, COUNT(*) FROM Employees e JOIN EmployeeTerritories et ON et.EmployeeID = e.EmployeeID JOIN Territories t ON t.TerritoryID = et.TerritoryID GROUP BY e.LastName', ordered: false },
];
