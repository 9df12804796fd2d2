/**
 * The FROM clause of a query graph: one alias per class instance, joined along the edges that
 * resolveJoins chose (a foreign key, a row of a relation table such as royals' `relations`, or for
 * a follow with alternatives or repeated steps, a row of a derived table of related pairs). A
 * closing edge, between two instances already joined, becomes a WHERE condition. A pattern's own
 * instances (`some` / `none`) are written as the FROM list of an EXISTS subquery, correlated with
 * the enclosing aliases.
 */
import { InvalidQueryGraphError } from '../../../errors.js';
import { findClass } from '../../schema-graph/lookup.js';
import type { SchemaGraph, SchemaRelation } from '../../schema-graph/types.js';
import { instanceKey, type JoinEdge, type JoinGraph, type PatternJoins } from '../../query-graph/join-graph.js';
import type { ClassInstance } from '../../query-graph/types.js';
import type { SqlDialect } from './sql-dialect.js';

export interface FromClause {
  readonly sql: string;
  /** Conditions that closing edges add to WHERE. */
  readonly conditions: readonly string[];
  /** Alias of each instance, keyed by `instanceKey`. */
  readonly aliases: ReadonlyMap<string, string>;
}

/** One table (or derived table) of a join, and how it joins to what came before. */
interface JoinItem {
  readonly table: string;
  readonly alias: string;
  readonly on: string;
}

/** Writes the joins of edges; shared by the statement's FROM and its patterns' subqueries. */
class EdgeWriter {
  private links = 0;

  constructor(
    private readonly schema: SchemaGraph,
    private readonly dialect: SqlDialect,
    private readonly bind: (value: string) => string,
    private readonly aliases: Map<string, string>,
    /** Alias prefix, so a subquery's aliases never shadow the statement's. */
    private readonly prefix: string,
  ) {}

  private q(name: string): string {
    return this.dialect.identifier(name);
  }

  aliasOf(node: ClassInstance): string {
    const alias = this.aliases.get(instanceKey(node));
    if (!alias) throw new InvalidQueryGraphError(`${instanceKey(node)} is not joined`, instanceKey(node));
    return alias;
  }

  newAlias(node: ClassInstance): string {
    const alias = `${this.prefix}t${this.aliases.size + 1}`;
    this.aliases.set(instanceKey(node), alias);
    return alias;
  }

  private newLink(): string {
    this.links += 1;
    return `${this.prefix}r${this.links}`;
  }

  pairs(left: string, leftColumns: readonly string[], right: string, rightColumns: readonly string[]): string {
    return leftColumns.map((column, i) => `${left}.${this.q(column)} = ${right}.${this.q(rightColumns[i]!)}`).join(' AND ');
  }

  /** The tables an edge adds, each with its join condition on what is already there. */
  items(edge: JoinEdge): JoinItem[] {
    const { relation } = edge;
    const added = edge.adds === 'source' ? edge.source : edge.target;
    if ((edge.alternatives && !sharedTable(edge.alternatives)) || edge.hops) {
      const view = this.pairView(edge);
      const link = this.newLink();
      if (edge.adds === 'target') {
        const first: JoinItem = { table: view.sql, alias: link, on: this.pairs(link, view.a, this.aliasOf(edge.source), view.fromEnd) };
        const alias = this.newAlias(added);
        return [first, { table: this.q(added.classId), alias, on: this.pairs(alias, view.toEnd, link, view.b) }];
      }
      const first: JoinItem = { table: view.sql, alias: link, on: this.pairs(link, view.b, this.aliasOf(edge.target), view.toEnd) };
      const alias = this.newAlias(added);
      return [first, { table: this.q(added.classId), alias, on: this.pairs(alias, view.fromEnd, link, view.a) }];
    }
    const through = relation.through;
    if (!through) {
      // A foreign key: source.fromColumns = target.toColumns.
      const alias = this.newAlias(added);
      const sourceAlias = edge.adds === 'source' ? alias : this.aliasOf(edge.source);
      const targetAlias = edge.adds === 'target' ? alias : this.aliasOf(edge.target);
      return [{ table: this.q(added.classId), alias, on: this.pairs(sourceAlias, relation.fromColumns, targetAlias, relation.toColumns) }];
    }
    // A relation table: join its row to the known end, then the new end to the row.
    const link = this.newLink();
    const discriminator = this.discriminator(edge.alternatives ?? [relation], link);
    if (edge.adds === 'target') {
      const first: JoinItem = { table: this.q(through.classId), alias: link, on: `${this.pairs(link, through.fromColumns, this.aliasOf(edge.source), relation.fromColumns)}${discriminator}` };
      const alias = this.newAlias(added);
      return [first, { table: this.q(added.classId), alias, on: this.pairs(alias, relation.toColumns, link, through.toColumns) }];
    }
    const first: JoinItem = { table: this.q(through.classId), alias: link, on: `${this.pairs(link, through.toColumns, this.aliasOf(edge.target), relation.toColumns)}${discriminator}` };
    const alias = this.newAlias(added);
    return [first, { table: this.q(added.classId), alias, on: this.pairs(alias, relation.fromColumns, link, through.fromColumns) }];
  }

  /** A closing edge: a condition between two instances already joined. */
  closingCondition(edge: JoinEdge): string {
    const { relation } = edge;
    if ((edge.alternatives && !sharedTable(edge.alternatives)) || edge.hops) {
      const view = this.pairView(edge);
      const link = this.newLink();
      return (
        `EXISTS (SELECT 1 FROM ${view.sql} AS ${link} WHERE ${this.pairs(link, view.a, this.aliasOf(edge.source), view.fromEnd)}` +
        ` AND ${this.pairs(link, view.b, this.aliasOf(edge.target), view.toEnd)})`
      );
    }
    const through = relation.through;
    if (!through) return this.pairs(this.aliasOf(edge.source), relation.fromColumns, this.aliasOf(edge.target), relation.toColumns);
    const link = this.newLink();
    return (
      `EXISTS (SELECT 1 FROM ${this.q(through.classId)} AS ${link} WHERE ${this.pairs(link, through.fromColumns, this.aliasOf(edge.source), relation.fromColumns)}` +
      ` AND ${this.pairs(link, through.toColumns, this.aliasOf(edge.target), relation.toColumns)}${this.discriminator(edge.alternatives ?? [relation], link)})`
    );
  }

  /** The relation-table row's discriminator: `= value`, or `IN (values)` for alternatives in one table. */
  private discriminator(relations: readonly SchemaRelation[], link: string): string {
    const column = relations[0]!.through?.discriminator?.column;
    if (!column) return '';
    const values = relations.map((relation) => this.bind(relation.through!.discriminator!.value));
    return values.length === 1 ? ` AND ${link}.${this.q(column)} = ${values[0]}` : ` AND ${link}.${this.q(column)} IN (${values.join(', ')})`;
  }

  /**
   * A derived table of the pairs (a…, b…) an edge relates: a union over its alternatives, and for
   * repeated steps a union over the path lengths of joins of that union with itself. `a` holds the
   * `fromEnd` columns of the relation's from-class instance, `b` the `toEnd` columns of its to-class.
   */
  private pairView(edge: JoinEdge): { sql: string; a: string[]; b: string[]; fromEnd: readonly string[]; toEnd: readonly string[] } {
    const relations = edge.alternatives ?? [edge.relation];
    const ends = relations.map((relation) => this.relationEnds(relation));
    const { fromEnd, toEnd } = ends[0]!;
    if (ends.some((e) => e.fromEnd.join(',') !== fromEnd.join(',') || e.toEnd.join(',') !== toEnd.join(','))) {
      throw new InvalidQueryGraphError(`the alternatives of ${edge.relation.id} do not join the same columns`, edge.relation.id);
    }
    const a = fromEnd.map((_, i) => `a${i + 1}`);
    const b = toEnd.map((_, i) => `b${i + 1}`);
    // Alternatives that are rows of one relation table are one select with IN.
    const step = () => (sharedTable(relations) ? `(${this.pairSelect(relations, a, b)})` : `(${relations.map((relation) => this.pairSelect([relation], a, b)).join(' UNION ')})`);
    if (!edge.hops) return { sql: step(), a, b, fromEnd, toEnd };
    if (fromEnd.join(',') !== toEnd.join(',')) throw new InvalidQueryGraphError(`${edge.relation.id} cannot be repeated: its ends are different columns`, edge.relation.id);
    const lengths: string[] = [];
    for (let length = edge.hops.min; length <= edge.hops.max; length += 1) {
      const link = this.newLink();
      const steps = Array.from({ length }, (_, i) => `${link}s${i + 1}`);
      const from = steps.map((alias, i) => (i === 0 ? `${step()} AS ${alias}` : `JOIN ${step()} AS ${alias} ON ${b.map((column, j) => `${alias}.${a[j]} = ${steps[i - 1]}.${column}`).join(' AND ')}`));
      const select = [...a.map((column) => `${steps[0]}.${column} AS ${column}`), ...b.map((column) => `${steps[length - 1]}.${column} AS ${column}`)];
      lengths.push(`SELECT ${select.join(', ')} FROM ${from.join(' ')}`);
    }
    return { sql: `(${lengths.join(' UNION ')})`, a, b, fromEnd, toEnd };
  }

  /** The columns of the two end classes a relation's pairs refer to. */
  private relationEnds(relation: SchemaRelation): { fromEnd: readonly string[]; toEnd: readonly string[] } {
    if (relation.through) return { fromEnd: relation.fromColumns, toEnd: relation.toColumns };
    const key = findClass(this.schema, relation.from).primaryKey;
    if (key.length === 0) throw new InvalidQueryGraphError(`${relation.from} has no key, so ${relation.id} cannot be followed with alternatives or repeated`, relation.id);
    return { fromEnd: key, toEnd: relation.toColumns };
  }

  /** The pairs of one relation, or of several rows of one relation table. */
  private pairSelect(relations: readonly SchemaRelation[], a: readonly string[], b: readonly string[]): string {
    const link = this.newLink();
    const relation = relations[0]!;
    const through = relation.through;
    if (through) {
      const columns = [...through.fromColumns.map((c, i) => `${link}.${this.q(c)} AS ${a[i]}`), ...through.toColumns.map((c, i) => `${link}.${this.q(c)} AS ${b[i]}`)];
      const where = this.discriminator(relations, link).replace(/^ AND /, ' WHERE ');
      return `SELECT ${columns.join(', ')} FROM ${this.q(through.classId)} AS ${link}${where}`;
    }
    const key = findClass(this.schema, relation.from).primaryKey;
    const columns = [...key.map((c, i) => `${link}.${this.q(c)} AS ${a[i]}`), ...relation.fromColumns.map((c, i) => `${link}.${this.q(c)} AS ${b[i]}`)];
    const known = relation.fromColumns.map((c) => `${link}.${this.q(c)} IS NOT NULL`).join(' AND ');
    return `SELECT ${columns.join(', ')} FROM ${this.q(relation.from)} AS ${link} WHERE ${known}`;
  }
}

export function buildFromClause(joins: JoinGraph, schema: SchemaGraph, dialect: SqlDialect, bind: (value: string) => string): FromClause {
  const aliases = new Map<string, string>();
  const writer = new EdgeWriter(schema, dialect, bind, aliases, '');
  const parts: string[] = [`${dialect.identifier(joins.root.classId)} AS ${writer.newAlias(joins.root)}`];
  const addedBy = addingEdges(joins.edges);
  // In join order, so every ON names only aliases already there.
  for (const node of joins.instances) {
    if (aliases.has(instanceKey(node))) continue;
    const edge = addedBy.get(instanceKey(node));
    if (edge) {
      for (const item of writer.items(edge)) parts.push(`JOIN ${item.table} AS ${item.alias} ON ${item.on}`);
    } else {
      // An instance only a pattern relates to the rest: every row of it, filtered by the pattern.
      parts.push(`CROSS JOIN ${dialect.identifier(node.classId)} AS ${writer.newAlias(node)}`);
    }
  }
  const conditions = joins.edges.filter((edge) => edge.adds === null).map((edge) => writer.closingCondition(edge));
  return { sql: parts.join(' '), conditions, aliases };
}

/** A pattern's FROM list and join conditions, for `EXISTS (SELECT 1 FROM … WHERE …)`. */
export interface PatternFrom {
  /** Empty when the pattern has no instances of its own. */
  readonly tables: readonly string[];
  readonly conditions: readonly string[];
  /** The enclosing aliases plus the pattern's own. */
  readonly aliases: ReadonlyMap<string, string>;
}

export function buildPatternFrom(
  joins: PatternJoins,
  outer: ReadonlyMap<string, string>,
  schema: SchemaGraph,
  dialect: SqlDialect,
  bind: (value: string) => string,
  prefix: string,
): PatternFrom {
  const aliases = new Map(outer);
  const writer = new EdgeWriter(schema, dialect, bind, aliases, prefix);
  const tables: string[] = [];
  const conditions: string[] = [];
  const addedBy = addingEdges(joins.edges);
  for (const node of joins.instances) {
    if (aliases.has(instanceKey(node))) continue;
    const edge = addedBy.get(instanceKey(node));
    if (!edge) {
      // The start of a chain of the pattern's own, related to the rest only by its conditions.
      tables.push(`${dialect.identifier(node.classId)} AS ${writer.newAlias(node)}`);
      continue;
    }
    for (const item of writer.items(edge)) {
      tables.push(`${item.table} AS ${item.alias}`);
      conditions.push(item.on);
    }
  }
  for (const edge of joins.edges) if (edge.adds === null) conditions.push(writer.closingCondition(edge));
  return { tables, conditions, aliases };
}

/** The edge that brings in each instance, keyed by `instanceKey`. */
function addingEdges(edges: readonly JoinEdge[]): Map<string, JoinEdge> {
  const byInstance = new Map<string, JoinEdge>();
  for (const edge of edges) {
    if (edge.adds === null) continue;
    byInstance.set(instanceKey(edge.adds === 'source' ? edge.source : edge.target), edge);
  }
  return byInstance;
}

/** Whether relations are all rows of one relation table told apart by one column (royals' relations). */
function sharedTable(relations: readonly SchemaRelation[]): boolean {
  const [first] = relations;
  const through = first?.through;
  if (!through?.discriminator) return false;
  return relations.every(
    (r) =>
      r.through?.classId === through.classId &&
      r.through.discriminator?.column === through.discriminator!.column &&
      r.through.fromColumns.join(',') === through.fromColumns.join(',') &&
      r.through.toColumns.join(',') === through.toColumns.join(',') &&
      r.fromColumns.join(',') === first!.fromColumns.join(',') &&
      r.toColumns.join(',') === first!.toColumns.join(','),
  );
}
