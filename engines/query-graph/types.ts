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
 * inclusive at both ends; `in` / `not_in` take a list; `is_null` / `not_null` take no value.
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
}
