/**
 * The schema graph (Polyglotter, section 2): the classes of a database (tables, node labels), their
 * attributes (columns, properties) and the relations between classes (foreign keys, relationship
 * types), with human names for all of them. Engines build one by introspection; the query-graph
 * translator, the explainer and the predictor read it. Plain immutable data.
 */

/** What kind of values an attribute holds, independent of the database's own type names. */
export type AttributeType = 'text' | 'integer' | 'decimal' | 'float' | 'boolean' | 'date' | 'datetime' | 'binary' | 'other';

/** How people refer to a class or an attribute. */
export interface HumanName {
  /** Lower-case words: "order detail", "unit price". */
  readonly singular: string;
  /** "order details", "unit prices". */
  readonly plural: string;
}

export interface SchemaAttribute {
  /** The database's own name of the column or property, exactly ("UnitPrice"). */
  readonly id: string;
  /** The class it belongs to (its id). */
  readonly classId: string;
  readonly type: AttributeType;
  /**
   * Numbers the database keeps as text (declared text, every value read a number: an `age
   * VARCHAR(20)` of CSV imports): `type` is the numbers' type, and SQL reads the column through a
   * cast (engines/sql/numeric-text.ts).
   */
  readonly numericText?: true;
  /**
   * Dates the database keeps as text (declared text or no type, every value an ISO date:
   * `OperationalFrom` of CSV imports): `type` is 'date' or 'datetime', and SQL reads the column
   * with a blank as NULL, through a cast where the database needs one (engines/sql/date-text.ts).
   */
  readonly dateText?: true;
  /** The database's own type name ("NUMERIC", "character varying"), for messages. */
  readonly nativeType: string;
  readonly nullable: boolean;
  /** Part of the class's primary key. */
  readonly primaryKey: boolean;
  readonly name: HumanName;
}

export interface SchemaClass {
  /** The database's own table name or node label, exactly ("Order Details"). */
  readonly id: string;
  readonly name: HumanName;
  readonly attributes: readonly SchemaAttribute[];
  /** Ids of the primary-key attributes, in key order (empty when the table has none). */
  readonly primaryKey: readonly string[];
  /** Number of rows (exact or the database's estimate). */
  readonly rowCount: number;
  /**
   * Set for a property graph's relationship type that carries properties (Order -CONTAINS-> Product
   * with quantity and price): it is a class of its own, like SQL's "Order Details", joined to its
   * ends by the relations `<type>_FROM` and `<type>_TO`; engines write it as a relationship.
   */
  readonly edge?: { readonly from: string; readonly to: string };
}

/**
 * A relation between two classes: a foreign key (from the referencing table to the referenced one,
 * with its column pairs) or a graph relationship type.
 */
export interface SchemaRelation {
  /**
   * Stable id. A foreign key: `from(cols)->to(cols)` (`Orders(ShipVia)->Shippers(ShipperID)`), in
   * every SQL dialect, never the constraint name, so one schema has the same ids (and the same
   * model fingerprint) wherever it lives. A graph relationship: its type name (`REPORTS_TO`). A
   * relation table: the table's name or the discriminator's value (engines/sql/relation-tables.ts).
   */
  readonly id: string;
  readonly from: string;
  readonly to: string;
  /** Column pairs, in key order: `from.fromColumns[i] = to.toColumns[i]`. Empty for graph relationships. */
  readonly fromColumns: readonly string[];
  readonly toColumns: readonly string[];
  /** How people say it ("supplies", "reports to"); the relation's id in words when nothing better. */
  readonly name: HumanName;
  /**
   * Set when the relation is stored as rows of a relation table rather than as a foreign key:
   * royals' `relations(relation, head_id, tail_id)` holds one relation per value of `relation`
   * ("father", "husband", ...). Then `fromColumns`/`toColumns` are the key columns of `from` and
   * `to`, and the table's `fromColumns`/`toColumns` refer to them.
   */
  readonly through?: RelationTable;
  /**
   * Set when no key declares the relation and it was inferred from names and data
   * (engines/sql/inferred-relations.ts); absent on declared ones.
   */
  readonly inferred?: true;
}

export interface RelationTable {
  readonly classId: string;
  /** Columns of the relation table referring to the `from` class's key (`head_id`). */
  readonly fromColumns: readonly string[];
  /** Columns referring to the `to` class's key (`tail_id`). */
  readonly toColumns: readonly string[];
  /** When one table holds several relations: the column telling them apart, and this relation's value. */
  readonly discriminator?: { readonly column: string; readonly value: string };
}

export interface SchemaGraph {
  /** The source it describes. */
  readonly source: string;
  readonly classes: readonly SchemaClass[];
  readonly relations: readonly SchemaRelation[];
}
