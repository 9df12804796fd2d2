/**
 * The query graph: the one contract between the question interpreter (the predictor) and the
 * engines. After Polyglotter (section 2-3): a labelled subgraph of the schema graph — the classes
 * involved, the attributes to show, and constraints on attributes — extended with what real
 * questions need: aggregation, grouping, ordering with a limit (superlatives), distinct, negation,
 * text match, ranges and dates, and values that are placeholders bound later.
 *
 * Query graphs are immutable plain data. Build them with the helpers in build.ts, write them with
 * `formatQueryGraph` (canonical.ts) and read them back with `parseQueryGraph`.
 */

/** An attribute of a class, by the database's own names ("Products", "UnitPrice"). */
export interface AttributeRef {
  readonly classId: string;
  /** The column or property name; `*` stands for "the rows themselves" (as in count(*)). */
  readonly attributeId: string;
  /**
   * Which instance of the class, when a graph needs several (the person, her husband, his
   * father: Person#1, Person#2, Person#3). Absent means instance 1; written `Person#2.name`.
   */
  readonly instance?: number;
}

/** One instance of a class in a graph. */
export interface ClassInstance {
  readonly classId: string;
  /** 1 unless the graph uses the class more than once. */
  readonly instance: number;
}

/**
 * A step along a named relation of the schema graph (NQL's `follow`): `to` is the `relation` of
 * `from` — `follow Person#1 FATHER Person#2` makes Person#2 the father of Person#1. Chains of
 * follows are multi-hop questions; swapping the ends reads the relation backwards (whose father
 * is X); two follows into one instance intersect (a son of X who is also a brother of Y).
 */
export interface Follow {
  readonly from: ClassInstance;
  /** The id of a relation of the schema graph (a foreign key, relationship type or relation-table value). */
  readonly relation: string;
  readonly to: ClassInstance;
  /**
   * More relations any one of which will do (a union): `follow Person (SON | DAUGHTER) Person#2`
   * makes Person#2 a child of Person. Every alternative connects the same two classes the same way.
   */
  readonly alternatives?: readonly string[];
  /**
   * Repeat the step: `to` is reached from `from` in `min` to `max` steps (ancestors up to four
   * generations: `follow Person (FATHER | MOTHER) *1..4 Person#2`). Absent means exactly one step.
   */
  readonly hops?: { readonly min: number; readonly max: number };
}

export type AggregateFunction = 'count' | 'count_distinct' | 'sum' | 'avg' | 'min' | 'max';

/** Something a query shows or sorts by: an attribute, or an aggregate of one. */
export interface Measure {
  readonly target: AttributeRef;
  readonly aggregate: AggregateFunction | null;
}

/** A literal value as written in the question, or a placeholder (`@v1`) bound later by the value linker. */
export type QueryValue =
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'number'; readonly value: number }
  | { readonly kind: 'boolean'; readonly value: boolean }
  /** A calendar date, `YYYY-MM-DD`. */
  | { readonly kind: 'date'; readonly value: string }
  | { readonly kind: 'placeholder'; readonly name: string };

/**
 * Comparison operators. `contains` and `starts_with` match text case-insensitively; `year` and
 * `month` match a date column against a year (`1997`) or a month (`1997-03`); `between` is
 * inclusive at both ends, and on a date column takes two days or two years (`between 1920 1929`:
 * the 1920s, whole years); `year` also applies to an integer column that holds years (royals'
 * birth_year); `in` / `not_in` take a list; `is_null` / `not_null` take no value.
 */
export type Operator =
  | '='
  | '!='
  | '<'
  | '<='
  | '>'
  | '>='
  | 'contains'
  | 'starts_with'
  | 'in'
  | 'not_in'
  | 'between'
  | 'year'
  | 'month'
  | 'is_null'
  | 'not_null';

/** A condition on one attribute (WHERE). */
export interface Constraint {
  readonly target: AttributeRef;
  readonly operator: Operator;
  /** Zero values for is_null/not_null, two for between, one or more for in/not_in, one otherwise. */
  readonly values: readonly QueryValue[];
}

/** A condition on an aggregate (HAVING), e.g. count(Orders.*) > 5. */
export interface AggregateConstraint {
  readonly measure: Measure;
  readonly operator: '=' | '!=' | '<' | '<=' | '>' | '>=';
  readonly value: QueryValue;
}

export type ComparisonOperator = '=' | '!=' | '<' | '<=' | '>' | '>=';

/**
 * A condition between two attributes of one row (`compare Employees.HireDate < Employees#2.HireDate`:
 * hired before their supervisor; `compare Products.UnitsInStock < Products.ReorderLevel`). The two
 * sides may belong to the same instance or to joined ones, and may be computed attributes.
 */
export interface AttributeComparison {
  readonly left: AttributeRef;
  readonly operator: ComparisonOperator;
  readonly right: AttributeRef;
}

/**
 * An aggregate over rows of its own, apart from the graph's (an uncorrelated subquery): the rows
 * of the classes its items name (and `classes`, joined through), joined as a graph's are, that meet
 * `where`; `measure` (always an aggregate) is what is computed of them. Its instances are its own:
 * `Country` inside it is any country, not the graph's (`( max Country.SurfaceArea ; where
 * Country.Continent = "Europe" )`: the largest surface area in Europe).
 */
export interface SubAggregate {
  readonly measure: Measure;
  /** Classes joined through without being named by an item (like a pattern's `class`). */
  readonly classes: readonly string[];
  readonly follows: readonly Follow[];
  readonly where: readonly Constraint[];
}

/**
 * An attribute compared with an aggregate of rows of their own (`compare Dogs.age < ( avg Dogs.age
 * )`: dogs younger than the average dog; `compare Country.SurfaceArea > ( max Country.SurfaceArea ;
 * where Country.Continent = "Europe" )`: larger than every country in Europe). When the aggregate
 * has no value (no rows), no row meets it.
 */
export interface AggregateComparison {
  readonly left: AttributeRef;
  readonly operator: ComparisonOperator;
  readonly right: SubAggregate;
}

export type ArithmeticOperator = '+' | '-' | '*' | '/';

/** Arithmetic over the attributes of one row and numbers. Division is always exact (never integer division), and by zero gives no value. */
export type Expression =
  | { readonly kind: 'attribute'; readonly ref: AttributeRef }
  | { readonly kind: 'number'; readonly value: number }
  | { readonly kind: 'arithmetic'; readonly operator: ArithmeticOperator; readonly left: Expression; readonly right: Expression };

/**
 * A value computed from one row and given a name on an instance, usable wherever an attribute is
 * (`compute `Order Details`.revenue = ( `Order Details`.UnitPrice * `Order Details`.Quantity )`,
 * then `show sum `Order Details`.revenue`). The name must not be an attribute of the class.
 */
export interface ComputedAttribute {
  readonly target: AttributeRef;
  readonly expression: Expression;
}

/**
 * A sub-pattern of conditions that must (or must not) be met by something: its own follows, class
 * joins, conditions and comparisons. Instances the enclosing graph uses are the same instances here
 * (the pattern is correlated through them); every other instance is the pattern's own.
 */
export interface Pattern {
  /** Classes joined through without being named by an item (like the graph's `class`). */
  readonly classes: readonly string[];
  readonly follows: readonly Follow[];
  readonly where: readonly Constraint[];
  readonly compare: readonly AttributeComparison[];
}

/**
 * `none`: no branch can be met (NOT EXISTS, an anti-join: customers who never ordered a seafood
 * product). `some`: at least one branch can be met (EXISTS; several branches are a union of
 * relation chains: a sister-in-law is a spouse's sister or a brother's wife).
 */
export interface PatternCondition {
  readonly quantifier: 'none' | 'some';
  readonly branches: readonly Pattern[];
}

/**
 * A per-group superlative: keep only the rows whose `measure` is the highest (`max`) or lowest
 * (`min`) among the rows that agree on every `per` attribute and satisfy the graph's conditions
 * (the most expensive product in each category). Ties are all kept; rows without a value never win.
 * With no `per`, it is the overall extreme, ties included.
 */
export interface Extreme {
  readonly measure: AttributeRef;
  readonly direction: 'max' | 'min';
  readonly per: readonly AttributeRef[];
}

export interface OrderTerm {
  readonly measure: Measure;
  readonly direction: 'asc' | 'desc';
}

export interface QueryGraph {
  /**
   * Every class the query touches, in first-mention order: the classes of the attributes shown
   * and constrained, and classes named only to be counted or joined through. The translator
   * connects them along the schema graph's join paths (minimum spanning tree).
   */
  readonly classes: readonly string[];
  /** What to show, in order. */
  readonly select: readonly Measure[];
  /** Conditions on rows, all of which must hold. */
  readonly where: readonly Constraint[];
  /** Explicit relation steps between class instances; other classes are joined along the schema graph. */
  readonly follows: readonly Follow[];
  readonly groupBy: readonly AttributeRef[];
  /** Conditions on groups, all of which must hold. */
  readonly having: readonly AggregateConstraint[];
  readonly orderBy: readonly OrderTerm[];
  /** At most this many rows (top-k); null for no limit beyond the request's row limit. */
  readonly limit: number | null;
  /** Drop duplicate rows. */
  readonly distinct: boolean;
  /**
   * Rows to skip after ordering, before the limit (the third cheapest: order asc price, offset 2,
   * limit 1). Absent means none. The newer parts below are optional so that graphs written before
   * them stay valid values; absent means empty.
   */
  readonly offset?: number;
  /** Named values computed from one row. */
  readonly computed?: readonly ComputedAttribute[];
  /** Conditions between two attributes, all of which must hold. */
  readonly compare?: readonly AttributeComparison[];
  /** Conditions between an attribute and an aggregate of rows of their own, all of which must hold. */
  readonly aggregateCompare?: readonly AggregateComparison[];
  /** Sub-pattern conditions (anti-joins, unions of chains), all of which must hold. */
  readonly patterns?: readonly PatternCondition[];
  /** Per-group superlatives, all of which must hold. */
  readonly extremes?: readonly Extreme[];
}
