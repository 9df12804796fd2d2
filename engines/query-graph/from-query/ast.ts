/**
 * What the SQL and Cypher readers make of a query before it becomes a query graph (to-graph.ts):
 * one SELECT-shaped form for both languages. A Cypher MATCH is its node variables as `from`
 * entries and its relationships as `relations`; SQL joins are equalities in `where`.
 */

export type Expr =
  /** `quoted`: written in double quotes, which SQLite and MariaDB read as a string when no column has the name. */
  | { readonly kind: 'column'; readonly qualifier: string | null; readonly name: string; readonly quoted?: boolean }
  | { readonly kind: 'star'; readonly qualifier: string | null }
  | { readonly kind: 'literal'; readonly value: string | number | boolean | null }
  /** A function call; `name` lower case (count, sum, strftime, year, ...). */
  | { readonly kind: 'call'; readonly name: string; readonly distinct: boolean; readonly args: readonly Expr[] }
  /** and, or, comparisons (=, !=, <, <=, >, >=), arithmetic (+, -, *, /). */
  | { readonly kind: 'binary'; readonly op: string; readonly left: Expr; readonly right: Expr }
  | { readonly kind: 'not'; readonly expr: Expr }
  | { readonly kind: 'between'; readonly expr: Expr; readonly low: Expr; readonly high: Expr; readonly negated: boolean }
  | { readonly kind: 'in'; readonly expr: Expr; readonly list: readonly Expr[]; readonly negated: boolean }
  /** `x [NOT] IN (SELECT y FROM ...)`: a nested query of one column (SQL only). */
  | { readonly kind: 'in-query'; readonly expr: Expr; readonly query: SelectQuery; readonly negated: boolean }
  /** `(SELECT agg(y) FROM ...)` as a value: a nested query of one value (SQL only). */
  | { readonly kind: 'scalar-query'; readonly query: SelectQuery }
  | { readonly kind: 'null-test'; readonly expr: Expr; readonly negated: boolean }
  /** SQL LIKE, Cypher CONTAINS / STARTS WITH (written as LIKE patterns '%x%' and 'x%'). */
  | { readonly kind: 'like'; readonly expr: Expr; readonly pattern: Expr; readonly negated: boolean };

/** A table (SQL) or node label (Cypher) and the name the query calls it by. */
export interface FromEntry {
  readonly name: string;
  readonly alias: string;
}

/** A Cypher relationship between two node variables, as written (`(a)-[:R]->(b)`: from a, to b). */
export interface RelationStep {
  readonly from: string;
  readonly types: readonly string[];
  readonly to: string;
  /** Written without a direction (`(a)-[:R]-(b)`). */
  readonly undirected: boolean;
}

export interface SelectItem {
  readonly expr: Expr;
  readonly alias: string | null;
}

export interface SelectQuery {
  readonly distinct: boolean;
  readonly items: readonly SelectItem[];
  readonly from: readonly FromEntry[];
  readonly relations: readonly RelationStep[];
  readonly where: Expr | null;
  readonly groupBy: readonly Expr[];
  readonly having: Expr | null;
  readonly orderBy: readonly { readonly expr: Expr; readonly direction: 'asc' | 'desc' }[];
  readonly limit: number | null;
  readonly offset: number | null;
  /**
   * A set operation with another SELECT of as many columns (`SELECT a FROM t EXCEPT SELECT a FROM
   * ...`); the ORDER BY and LIMIT written after it are this query's, since they order the whole.
   */
  readonly compound?: { readonly operator: 'union' | 'intersect' | 'except'; readonly query: SelectQuery };
}

/** The parts of an `and` chain, left to right. */
export function conjuncts(expr: Expr | null): Expr[] {
  if (!expr) return [];
  if (expr.kind === 'binary' && expr.op === 'and') return [...conjuncts(expr.left), ...conjuncts(expr.right)];
  return [expr];
}

/** The parts of an `or` chain, left to right. */
export function disjuncts(expr: Expr): Expr[] {
  if (expr.kind === 'binary' && expr.op === 'or') return [...disjuncts(expr.left), ...disjuncts(expr.right)];
  return [expr];
}
