/**
 * A SelectQuery (from SQL or Cypher) as a query graph of one schema graph: tables or labels become
 * class instances, joins along the schema's relations become the graph's joins (explicit follows
 * only where the spanning tree could join otherwise: a class used twice, or two relations between
 * the same classes), conditions become constraints, aggregates measures. Whatever a graph cannot
 * say (OR across columns, a join on no relation, a function other than an aggregate or a date part)
 * is a ReadError naming it.
 */
import { attr, queryGraph, rows } from '../build.js';
import { referencedClasses } from '../canonical.js';
import type {
  AggregateComparison,
  AggregateConstraint,
  AggregateFunction,
  AttributeComparison,
  AttributeRef,
  ComputedAttribute,
  Constraint,
  Expression,
  Follow,
  Measure,
  Operator,
  OrderTerm,
  Pattern,
  PatternCondition,
  QueryGraph,
  QueryValue,
  SubAggregate,
} from '../types.js';
import type { AttributeType, SchemaGraph, SchemaRelation } from '../../schema-graph/types.js';
import { conjuncts, disjuncts, type Expr, type SelectQuery } from './ast.js';
import { ReadError } from './tokens.js';

interface Instance {
  readonly classId: string;
  readonly instance: number;
}

const AGGREGATES: Readonly<Record<string, AggregateFunction>> = { count: 'count', sum: 'sum', avg: 'avg', min: 'min', max: 'max' };
const COMPARISON_FLIP: Readonly<Record<string, Operator>> = { '=': '=', '!=': '!=', '<': '>', '<=': '>=', '>': '<', '>=': '<=' };

export function selectToGraph(query: SelectQuery, schema: SchemaGraph): QueryGraph {
  return new GraphBuilder(query, schema).build();
}

class GraphBuilder {
  private readonly scope = new Map<string, Instance>();
  private readonly order: Instance[] = [];
  private where: Constraint[] = [];
  private compare: AttributeComparison[] = [];
  private readonly aggregateCompare: AggregateComparison[] = [];
  private readonly patterns: PatternCondition[] = [];
  private readonly computed: ComputedAttribute[] = [];
  private readonly edges: { from: Instance; relation: SchemaRelation; to: Instance }[] = [];
  private readonly follows: Follow[] = [];
  /** The instances this query's FROM makes (not those it shares with an enclosing query). */
  private readonly own: Instance[] = [];

  constructor(
    private readonly query: SelectQuery,
    private readonly schema: SchemaGraph,
  ) {}

  build(): QueryGraph {
    const compound = this.query.compound;
    if (compound?.operator === 'union') return this.union(compound.query);
    const counts = this.enter(new Map(), new Map());
    for (const step of this.query.relations) this.followStep(step.from, step.types, step.to, step.undirected);
    for (const part of conjuncts(this.query.where)) this.condition(part);
    if (compound) this.setOperation(compound.operator, compound.query);
    this.checkJoined();
    this.joinEdges(counts);
    return this.finish();
  }

  /** The graph of what was read: measures, grouping, order and the parts gathered. */
  private finish(): QueryGraph {
    const select = this.query.items.flatMap((item) => this.measures(item.expr));
    const groupBy = this.query.groupBy.map((expr) => this.groupTarget(expr));
    const having = conjuncts(this.query.having).map((part) => this.havingCondition(part));
    const orderBy = this.query.orderBy.map((term): OrderTerm => ({ measure: this.orderMeasure(term.expr), direction: term.direction }));
    return queryGraph({
      classes: this.order.map((i) => i.classId),
      select,
      where: this.where,
      follows: this.follows,
      groupBy,
      having,
      orderBy,
      limit: this.query.limit,
      // A set operation gives each row once.
      distinct: this.query.distinct || this.query.compound !== undefined,
      ...(this.query.offset ? { offset: this.query.offset } : {}),
      ...(this.computed.length > 0 ? { computed: this.computed } : {}),
      ...(this.compare.length > 0 ? { compare: this.compare } : {}),
      ...(this.aggregateCompare.length > 0 ? { aggregateCompare: this.aggregateCompare } : {}),
      ...(this.patterns.length > 0 ? { patterns: this.patterns } : {}),
    });
  }

  /**
   * The FROM entries as class instances. `correlated` names entries that ARE instances of an
   * enclosing query (a nested query or the other side of a set operation, correlated through
   * them); every other entry is numbered after the instances of its class `taken` already.
   */
  private enter(correlated: ReadonlyMap<string, Instance>, taken: ReadonlyMap<string, number>): Map<string, number> {
    const counts = new Map(taken);
    for (const entry of this.query.from) {
      const key = entry.alias.toLowerCase();
      if (this.scope.has(key)) throw new ReadError(`'${entry.alias}' names two tables`);
      let instance = correlated.get(key);
      if (!instance) {
        const classId = this.classId(entry.name);
        instance = { classId, instance: (counts.get(classId) ?? 0) + 1 };
        counts.set(classId, instance.instance);
        this.own.push(instance);
      }
      this.scope.set(key, instance);
      if (!this.order.some((i) => i.classId === instance.classId && i.instance === instance.instance)) this.order.push(instance);
    }
    return counts;
  }

  /** How many instances of each class the query uses (its own and those it shares). */
  private instanceCounts(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const i of this.order) counts.set(i.classId, Math.max(counts.get(i.classId) ?? 0, i.instance));
    return counts;
  }

  // -- nested queries and set operations ------------------------------------------------------

  /**
   * `x [NOT] IN (SELECT y FROM ... WHERE ...)`: a `none` (`some`) pattern correlated through x.
   * When y is the same attribute of the same class as x, the nested query's instance of that class
   * IS x's row; otherwise x = y must be a relation of the schema (a key and the key it refers to),
   * and the nested instance is the pattern's own, joined to x's row by that relation.
   */
  private nestedCondition(expr: Extract<Expr, { kind: 'in-query' }>): void {
    const outer = this.attributeTarget(expr.expr);
    const inner = expr.query;
    const item = inner.items.length === 1 ? inner.items[0] : undefined;
    if (!item || item.expr.kind !== 'column') throw new ReadError('IN (SELECT ...) compares with one column of the nested query');
    const owner = this.entryOwning(inner, item.expr);
    const same = owner && this.classId(owner.name) === outer.classId && this.attributeOf(outer.classId, item.expr.name) === outer.attributeId;
    const correlated = new Map<string, Instance>(same && owner ? [[owner.alias.toLowerCase(), { classId: outer.classId, instance: outer.instance ?? 1 }]] : []);
    const child = this.nested(inner, correlated);
    if (!same) {
      const innerRef = child.column(item.expr);
      const join = this.relationBetween(outer, innerRef);
      if (!join) throw new ReadError(`${outer.classId}.${outer.attributeId} IN (SELECT ${innerRef.classId}.${innerRef.attributeId} ...) follows no relation of the schema`);
      child.edges.push(join);
    }
    this.patterns.push({ quantifier: expr.negated ? 'none' : 'some', branches: [child.pattern(this)] });
  }

  /**
   * EXCEPT (INTERSECT) of two SELECTs showing the same attributes of the same classes: the second
   * becomes a `none` (`some`) pattern correlated through the instances that show them. Of one
   * column, it is NOT IN (IN) the second, so a key and a key referring to it also correlate
   * (students EXCEPT the student ids of allergies).
   */
  private setOperation(operator: 'intersect' | 'except', other: SelectQuery): void {
    if (this.query.groupBy.length > 0 || this.query.having || this.query.items.some((i) => this.isAggregate(i.expr))) throw new ReadError(`${operator.toUpperCase()} of grouped or aggregated rows cannot be expressed as a query graph`);
    // One column: `x NOT IN (SELECT y ...)` (`IN`), which also correlates a key with a key that refers to it.
    const [mine] = this.query.items;
    if (this.query.items.length === 1 && other.items.length === 1 && mine?.expr.kind === 'column') {
      return this.nestedCondition({ kind: 'in-query', expr: mine.expr, query: other, negated: operator === 'except' });
    }
    const child = this.nested(other, this.correlation(other));
    this.patterns.push({ quantifier: operator === 'except' ? 'none' : 'some', branches: [child.pattern(this)] });
  }

  /**
   * UNION of two SELECTs showing the same attributes of one instance each: those rows, in a `some`
   * pattern whose branches are the two SELECTs' joins and conditions.
   */
  private union(other: SelectQuery): QueryGraph {
    const [left, right] = [{ ...this.query, compound: undefined, orderBy: [], limit: null, offset: null }, other];
    for (const side of [left, right]) {
      if (side.groupBy.length > 0 || side.having || side.items.some((i) => this.isAggregate(i.expr))) throw new ReadError('UNION of grouped or aggregated rows cannot be expressed as a query graph');
    }
    const owners = new Set(left.items.map((item) => (item.expr.kind === 'column' ? this.entryOwning(left, item.expr)?.alias.toLowerCase() : undefined)));
    const [alias] = [...owners];
    const entry = owners.size === 1 && alias ? left.from.find((e) => e.alias.toLowerCase() === alias) : undefined;
    if (!entry) throw new ReadError('UNION whose sides show columns of several tables cannot be expressed as a query graph');
    // Set operations give each row once.
    const shown: SelectQuery = { ...this.query, from: [entry], relations: [], where: null, distinct: true, compound: undefined };
    const outer = new GraphBuilder(shown, this.schema);
    outer.enter(new Map(), new Map());
    const branches = [left, right].map((side) => outer.nested(side, outer.correlation(side)).pattern(outer));
    outer.patterns.push({ quantifier: 'some', branches });
    return outer.finish();
  }

  /** The other side of a set operation, correlated item by item: the same attribute of the same class. */
  private correlation(other: SelectQuery): Map<string, Instance> {
    if (other.items.length !== this.query.items.length) throw new ReadError('the two sides of a set operation show different numbers of columns');
    const correlated = new Map<string, Instance>();
    this.query.items.forEach((item, k) => {
      const theirs = other.items[k]?.expr;
      if (item.expr.kind !== 'column' || theirs?.kind !== 'column') throw new ReadError('a set operation is expressed only between columns');
      const mine = this.column(item.expr);
      const owner = this.entryOwning(other, theirs);
      if (!owner || this.classId(owner.name) !== mine.classId || this.attributeOf(mine.classId, theirs.name) !== mine.attributeId) {
        throw new ReadError(`the two sides of the set operation show different columns (${mine.classId}.${mine.attributeId} and ${theirs.name})`);
      }
      const key = owner.alias.toLowerCase();
      const instance = { classId: mine.classId, instance: mine.instance ?? 1 };
      const before = correlated.get(key);
      if (before && before.instance !== instance.instance) throw new ReadError('a set operation whose sides show one table as two cannot be expressed as a query graph');
      correlated.set(key, instance);
    });
    return correlated;
  }

  /** A nested query's builder: its correlated entries are this query's instances, the others its own. */
  private nested(inner: SelectQuery, correlated: ReadonlyMap<string, Instance>): GraphBuilder {
    if (inner.groupBy.length > 0 || inner.having || inner.limit !== null || inner.orderBy.length > 0 || inner.items.some((i) => this.isAggregate(i.expr))) {
      throw new ReadError('a nested query with grouping, aggregates, ordering or a limit cannot be expressed as a query graph');
    }
    const child = new GraphBuilder(inner, this.schema);
    child.enter(correlated, this.instanceCounts());
    for (const part of conjuncts(inner.where)) child.condition(part);
    return child;
  }

  /**
   * This nested query as a pattern of `outer`: its conditions, and its own instances joined to the
   * shared ones along its joins (a follow where the class is used more than once or two relations
   * join the classes, else the class alone, as the graph's own joins are said).
   */
  private pattern(outer: GraphBuilder): Pattern {
    if (this.patterns.length > 0 || this.computed.length > 0 || this.aggregateCompare.length > 0) throw new ReadError('a nested query inside a nested query (or an OR of several columns in one) cannot be expressed as a query graph');
    const key = (i: { classId: string; instance?: number }) => `${i.classId}#${i.instance ?? 1}`;
    const own = new Set(this.own.map(key));
    const shared = new Set(outer.order.map(key));
    const parent = new Map<string, string>();
    const root = (k: string): string => {
      const up = parent.get(k) ?? k;
      return up === k ? k : root(up);
    };
    const counts = new Map<string, number>();
    for (const i of [...outer.order, ...this.own]) counts.set(i.classId, (counts.get(i.classId) ?? 0) + 1);
    const classes: string[] = [];
    const follows: Follow[] = [];
    for (const edge of this.edges) {
      if (!own.has(key(edge.from)) && !own.has(key(edge.to))) throw new ReadError('a nested query joining the enclosing query\'s own tables cannot be expressed as a query graph');
      parent.set(root(key(edge.from)), root(key(edge.to)));
      const between = this.schema.relations.filter((r) => (r.from === edge.from.classId && r.to === edge.to.classId) || (r.from === edge.to.classId && r.to === edge.from.classId));
      const repeated = (counts.get(edge.from.classId) ?? 1) > 1 || (counts.get(edge.to.classId) ?? 1) > 1;
      if (repeated || between.length !== 1) follows.push({ from: edge.from, relation: edge.relation.id, to: edge.to });
      else for (const end of [edge.from, edge.to]) if (own.has(key(end)) && !classes.includes(end.classId)) classes.push(end.classId);
    }
    for (const i of this.own) {
      if (![...shared].some((s) => root(s) === root(key(i)))) throw new ReadError(`'${i.classId}' in the nested query is joined to the enclosing query by no relation of the schema`);
    }
    // A class also named by a condition needs no `class` item.
    const named = new Set([...this.where.map((c) => c.target.classId), ...this.compare.flatMap((c) => [c.left.classId, c.right.classId])]);
    return { classes: classes.filter((c) => !named.has(c)), follows, where: this.where, compare: this.compare };
  }

  /** The FROM entry of a query that has a column (by its qualifier, or the one table that has it). */
  private entryOwning(query: SelectQuery, column: Extract<Expr, { kind: 'column' }>): { name: string; alias: string } | undefined {
    if (column.qualifier) return query.from.find((e) => e.alias.toLowerCase() === column.qualifier?.toLowerCase());
    const owners = query.from.filter((e) => {
      const found = this.schema.classes.find((c) => c.id.toLowerCase() === e.name.toLowerCase());
      return found !== undefined && this.attributeOf(found.id, column.name) !== null;
    });
    return owners.length === 1 ? owners[0] : undefined;
  }

  private isAggregate(expr: Expr): boolean {
    return expr.kind === 'call' && AGGREGATES[expr.name] !== undefined;
  }

  private classId(name: string): string {
    const found = this.schema.classes.find((c) => c.id === name) ?? this.schema.classes.find((c) => c.id.toLowerCase() === name.toLowerCase());
    if (!found) throw new ReadError(`the source has no table or label '${name}'`);
    return found.id;
  }

  private instanceNamed(alias: string): Instance {
    const found = this.scope.get(alias.toLowerCase());
    if (!found) throw new ReadError(`'${alias}' is not a table or variable of the query`);
    return found;
  }

  /** A column as an attribute of one instance; unqualified, of the one instance that has it. */
  private column(expr: Extract<Expr, { kind: 'column' }>): AttributeRef {
    const owners = expr.qualifier ? [this.instanceNamed(expr.qualifier)] : this.order;
    const matches = owners.flatMap((owner) => {
      const attribute = this.attributeOf(owner.classId, expr.name);
      return attribute ? [attr(owner.classId, attribute, owner.instance)] : [];
    });
    if (matches.length === 0) throw new ReadError(`no table of the query has a column '${expr.name}'`);
    if (matches.length > 1) throw new ReadError(`'${expr.name}' is a column of several tables: say which`);
    return matches[0] as AttributeRef;
  }

  private attributeOf(classId: string, name: string): string | null {
    const attributes = this.schema.classes.find((c) => c.id === classId)?.attributes ?? [];
    return (attributes.find((a) => a.id === name) ?? attributes.find((a) => a.id.toLowerCase() === name.toLowerCase()))?.id ?? null;
  }

  private typeOf(ref: AttributeRef): AttributeType | null {
    const owner = this.schema.classes.find((c) => c.id === ref.classId);
    return owner?.attributes.find((a) => a.id === ref.attributeId)?.type ?? null;
  }

  // -- joins ---------------------------------------------------------------------------------

  /** A Cypher relationship: the schema relation of that type between the two classes. */
  private followStep(fromAlias: string, types: readonly string[], toAlias: string, undirected: boolean): void {
    const from = this.instanceNamed(fromAlias);
    const to = this.instanceNamed(toAlias);
    const relations = types.map((type) => {
      const relation = this.schema.relations.find(
        (r) => r.id.toLowerCase() === type.toLowerCase() && ((r.from === from.classId && r.to === to.classId) || (r.from === to.classId && r.to === from.classId && (undirected || from.classId !== to.classId))),
      );
      if (!relation) throw new ReadError(`no relationship '${type}' between ${from.classId} and ${to.classId}`);
      return relation;
    });
    if (relations.length === 0) throw new ReadError('a relationship needs its type');
    const [first, ...rest] = relations as [SchemaRelation, ...SchemaRelation[]];
    this.follows.push({
      from: { classId: from.classId, instance: from.instance },
      relation: first.id,
      to: { classId: to.classId, instance: to.instance },
      ...(rest.length > 0 ? { alternatives: rest.map((r) => r.id) } : {}),
    });
  }

  /** `a.x = b.y` between two instances: the schema relation with those columns, or null. */
  private relationBetween(left: AttributeRef, right: AttributeRef): { from: Instance; relation: SchemaRelation; to: Instance } | null {
    for (const [a, b] of [
      [left, right],
      [right, left],
    ] as const) {
      const relation = this.schema.relations.find(
        (r) => !r.through && r.from === a.classId && r.to === b.classId && r.fromColumns.length === 1 && r.fromColumns[0] === a.attributeId && r.toColumns[0] === b.attributeId,
      );
      if (relation) return { from: { classId: a.classId, instance: a.instance ?? 1 }, relation, to: { classId: b.classId, instance: b.instance ?? 1 } };
    }
    return null;
  }

  /**
   * Every table (or node) of the query joined to the others along the schema's relations: a query
   * graph joins along relations, so a join on other columns (two tables' cities) or none at all
   * (a cross join) would mean something else as a graph, and is refused.
   */
  private checkJoined(): void {
    const key = (i: { classId: string; instance?: number }) => `${i.classId}#${i.instance ?? 1}`;
    const parent = new Map(this.order.map((i) => [key(i), key(i)]));
    const root = (k: string): string => {
      const up = parent.get(k) ?? k;
      return up === k ? k : root(up);
    };
    const link = (a: string, b: string) => parent.set(root(a), root(b));
    for (const edge of this.edges) link(key(edge.from), key(edge.to));
    for (const step of this.follows) link(key(step.from), key(step.to));
    const first = this.order[0];
    const apart = first ? this.order.find((i) => root(key(i)) !== root(key(first))) : undefined;
    if (!apart) return;
    const valueJoin = this.compare.find((c) => root(key(c.left)) !== root(key(c.right)));
    if (valueJoin) {
      throw new ReadError(`the join on ${valueJoin.left.classId}.${valueJoin.left.attributeId} = ${valueJoin.right.classId}.${valueJoin.right.attributeId} follows no relation of the schema`);
    }
    throw new ReadError(`'${apart.classId}' is joined to the other tables by no relation of the schema`);
  }

  /**
   * Joins become follows only where the spanning tree could join otherwise: a class used twice,
   * or two relations between the same classes. Elsewhere the classes alone say it, as the
   * predictor's own graphs do.
   */
  private joinEdges(counts: ReadonlyMap<string, number>): void {
    for (const edge of this.edges) {
      const between = this.schema.relations.filter((r) => (r.from === edge.from.classId && r.to === edge.to.classId) || (r.from === edge.to.classId && r.to === edge.from.classId));
      const repeated = (counts.get(edge.from.classId) ?? 1) > 1 || (counts.get(edge.to.classId) ?? 1) > 1;
      if (!repeated && between.length === 1) continue;
      this.follows.push({ from: edge.from, relation: edge.relation.id, to: edge.to });
    }
  }

  // -- conditions ------------------------------------------------------------------------------

  private condition(expr: Expr): void {
    if (expr.kind === 'binary' && COMPARISON_FLIP[expr.op]) return this.comparison(expr.op as Operator, expr.left, expr.right);
    if (expr.kind === 'binary' && expr.op === 'or') return this.disjunction(expr);
    if (expr.kind === 'not' && expr.expr.kind === 'binary' && expr.expr.op === '=') return this.comparison('!=', expr.expr.left, expr.expr.right);
    if (expr.kind === 'not' && (expr.expr.kind === 'in' || expr.expr.kind === 'in-query' || expr.expr.kind === 'null-test')) return this.condition({ ...expr.expr, negated: !expr.expr.negated });
    if (expr.kind === 'null-test') return void this.where.push({ target: this.attributeTarget(expr.expr), operator: expr.negated ? 'not_null' : 'is_null', values: [] });
    if (expr.kind === 'in-query') return this.nestedCondition(expr);
    if (expr.kind === 'in') {
      const target = this.attributeTarget(expr.expr);
      return void this.where.push({ target, operator: expr.negated ? 'not_in' : 'in', values: expr.list.map((v) => this.value(target, v)) });
    }
    if (expr.kind === 'between') {
      if (expr.negated) throw new ReadError('NOT BETWEEN cannot be expressed as a query graph');
      const part = this.datePart(expr.expr);
      if (part) return void this.where.push({ target: part.ref, operator: 'between', values: [this.literalNumber(expr.low), this.literalNumber(expr.high)] });
      const target = this.attributeTarget(expr.expr);
      return void this.where.push({ target, operator: 'between', values: [this.value(target, expr.low), this.value(target, expr.high)] });
    }
    if (expr.kind === 'like') return void this.where.push(this.like(expr));
    throw new ReadError(`a condition of this kind (${expr.kind}) cannot be expressed as a query graph`);
  }

  /** A double-quoted name no table of the query has: a string, as SQLite and MariaDB read it. */
  private literalOrColumn(expr: Expr): Expr {
    if (expr.kind !== 'column' || !expr.quoted || expr.qualifier || this.hasColumn(expr.name)) return expr;
    return { kind: 'literal', value: expr.name };
  }

  private comparison(op: Operator, leftSide: Expr, rightSide: Expr): void {
    const left = this.literalOrColumn(leftSide);
    const right = this.literalOrColumn(rightSide);
    if ((left.kind === 'literal' && right.kind !== 'literal') || (left.kind === 'scalar-query' && right.kind !== 'scalar-query')) return this.comparison(COMPARISON_FLIP[op] as Operator, right, left);
    const part = this.datePart(left);
    if (part) return void this.where.push(this.datePartCondition(part, op, right));
    const target = this.attributeTarget(left);
    if (right.kind === 'scalar-query') return void this.aggregateCompare.push({ left: target, operator: op as AggregateComparison['operator'], right: this.subAggregate(right.query) });
    if (right.kind === 'column') {
      const other = this.column(right);
      const sameInstance = other.classId === target.classId && (other.instance ?? 1) === (target.instance ?? 1);
      const join = op === '=' && !sameInstance ? this.relationBetween(target, other) : null;
      if (join) return void this.edges.push(join);
      return void this.compare.push({ left: target, operator: op as AttributeComparison['operator'], right: other });
    }
    if (right.kind !== 'literal' || right.value === null) throw new ReadError('a condition compares a column with a value or another column');
    const type = this.typeOf(target);
    // A whole year given for a date column: that year.
    if ((type === 'date' || type === 'datetime') && op === '=' && typeof right.value === 'number') return void this.where.push({ target, operator: 'year', values: [{ kind: 'number', value: right.value }] });
    this.where.push({ target, operator: op, values: [this.value(target, right)] });
  }

  /**
   * `x > (SELECT avg(y) FROM … WHERE …)`: one aggregate of rows of their own, read as a query of its
   * own (so a nested query naming the enclosing query's tables is refused: it is no such aggregate).
   */
  private subAggregate(query: SelectQuery): SubAggregate {
    let graph: QueryGraph;
    try {
      graph = selectToGraph(query, this.schema);
    } catch (error) {
      // A name of the enclosing query is unknown here: a correlated nested query is no aggregate of rows of their own.
      if (error instanceof ReadError) throw new ReadError(`the nested query compared as a value: ${error.message}`);
      throw error;
    }
    const [measure] = graph.select;
    const plain = graph.groupBy.length + graph.having.length + graph.orderBy.length + (graph.computed ?? []).length + (graph.compare ?? []).length + (graph.aggregateCompare ?? []).length + (graph.patterns ?? []).length === 0;
    if (graph.select.length !== 1 || !measure || measure.aggregate === null || !plain || graph.limit !== null || graph.distinct || graph.offset) {
      throw new ReadError('a value is compared with a nested query only as one aggregate of rows of their own (no grouping, ordering, limit or nested parts)');
    }
    const referenced = new Set([measure.target.classId, ...referencedClasses({ ...graph, select: [] })]);
    return { measure, classes: graph.classes.filter((c) => !referenced.has(c)), follows: graph.follows, where: graph.where };
  }

  /** `a = 1 OR a = 2` (one column): `in`. Anything else joined by OR is no query graph. */
  /**
   * `a = 1 OR a = 2` (one column) is `in`; conditions on different columns joined by OR are a
   * `some` pattern, one branch per disjunct, on the query's own rows.
   */
  private disjunction(expr: Expr): void {
    try {
      this.where.push(this.oneColumnDisjunction(expr));
      return;
    } catch (error) {
      if (!(error instanceof ReadError)) throw error;
    }
    const parts = disjuncts(expr);
    const [where, compare, edges, patterns, compared] = [this.where, this.compare, this.edges.length, this.patterns.length, this.aggregateCompare.length];
    try {
      const branches = parts.map((part) => {
        this.where = [];
        this.compare = [];
        for (const condition of conjuncts(part)) this.condition(condition);
        if (this.edges.length !== edges || this.patterns.length !== patterns || this.aggregateCompare.length !== compared) throw new ReadError('a join, a nested OR or a nested query inside OR cannot be expressed as a query graph');
        return { classes: [], follows: [], where: this.where, compare: this.compare };
      });
      this.patterns.push({ quantifier: 'some', branches });
    } finally {
      this.where = where;
      this.compare = compare;
    }
  }

  private oneColumnDisjunction(expr: Expr): Constraint {
    const parts = disjuncts(expr);
    const targets = parts.map((p) => (p.kind === 'binary' && p.op === '=' && p.left.kind === 'column' && this.literalOrColumn(p.right).kind === 'literal' ? this.column(p.left) : null));
    const first = targets[0];
    if (!first || targets.some((t) => !t || t.classId !== first.classId || t.attributeId !== first.attributeId || (t.instance ?? 1) !== (first.instance ?? 1))) {
      throw new ReadError('OR between conditions on different columns cannot be expressed as a query graph');
    }
    return { target: first, operator: 'in', values: parts.map((p) => this.value(first, (p as { right: Expr }).right)) };
  }

  private like(expr: Extract<Expr, { kind: 'like' }>): Constraint {
    if (expr.negated) throw new ReadError('NOT LIKE cannot be expressed as a query graph');
    const target = this.attributeTarget(expr.expr);
    const written = this.literalOrColumn(expr.pattern);
    if (written.kind !== 'literal' || typeof written.value !== 'string') throw new ReadError('LIKE takes a string pattern');
    const pattern = written.value;
    const wildcards = [...pattern.matchAll(/(?<!\\)[%_]/g)].map((m) => m.index ?? 0);
    const unescape = (text: string) => text.replace(/\\([%_\\])/g, '$1');
    const inner = pattern.slice(1, -1);
    if (wildcards.length === 0) return { target, operator: '=', values: [{ kind: 'string', value: unescape(pattern) }] };
    if (wildcards.length === 2 && wildcards[0] === 0 && wildcards[1] === pattern.length - 1 && pattern.startsWith('%') && pattern.endsWith('%') && inner !== '') {
      return { target, operator: 'contains', values: [{ kind: 'string', value: unescape(inner) }] };
    }
    if (wildcards.length === 1 && pattern.endsWith('%') && pattern.length > 1) return { target, operator: 'starts_with', values: [{ kind: 'string', value: unescape(pattern.slice(0, -1)) }] };
    throw new ReadError(`the LIKE pattern '${pattern.slice(0, 40)}' is neither '%text%' nor 'text%'`);
  }

  /** strftime('%Y', c), year(c), date_part('year', c), extract(year from c), cast of any of them. */
  private datePart(expr: Expr): { ref: AttributeRef; part: 'year' | 'month' } | null {
    if (expr.kind !== 'call') return null;
    if (expr.name === 'cast') return expr.args[0] ? this.datePart(expr.args[0]) : null;
    const [first, second] = expr.args;
    let part: 'year' | 'month' | null = null;
    let column: Expr | undefined;
    if (expr.name === 'strftime' && first?.kind === 'literal') {
      part = first.value === '%Y' ? 'year' : first.value === '%Y-%m' ? 'month' : null;
      column = second;
    } else if ((expr.name === 'year' || expr.name === 'month') && expr.args.length === 1) {
      part = expr.name;
      column = first;
    } else if (expr.name === 'date_part' && first?.kind === 'literal') {
      part = first.value === 'year' ? 'year' : null;
      column = second;
    }
    if (!part || column?.kind !== 'column') return null;
    return { ref: this.column(column), part };
  }

  private datePartCondition(part: { ref: AttributeRef; part: 'year' | 'month' }, op: Operator, right: Expr): Constraint {
    if (right.kind !== 'literal' || right.value === null) throw new ReadError('a year or month is compared with a value');
    const text = String(right.value);
    if (part.part === 'month') {
      if (op !== '=' || !/^\d{4}-\d{2}$/.test(text)) throw new ReadError('a month is compared with = and written YYYY-MM');
      return { target: part.ref, operator: 'month', values: [{ kind: 'string', value: text }] };
    }
    const year = Number(text);
    if (!Number.isInteger(year)) throw new ReadError(`'${text}' is not a year`);
    if (op === '=') return { target: part.ref, operator: 'year', values: [{ kind: 'number', value: year }] };
    // A year bound on a date column is its first or last day ("after 1997" = after 1997-12-31).
    const day = op === '>' || op === '<=' ? `${year}-12-31` : `${year}-01-01`;
    if (op === '!=') throw new ReadError('a year other than one cannot be expressed as a query graph');
    return { target: part.ref, operator: op, values: [{ kind: 'date', value: day }] };
  }

  private attributeTarget(expr: Expr): AttributeRef {
    if (expr.kind === 'call' && expr.name === 'cast' && expr.args[0]) return this.attributeTarget(expr.args[0]);
    if (expr.kind === 'call' && ['lower', 'upper', 'trim'].includes(expr.name) && expr.args[0]) return this.attributeTarget(expr.args[0]);
    if (expr.kind !== 'column') throw new ReadError('a condition is on a column');
    return this.column(expr);
  }

  private literalNumber(expr: Expr): QueryValue {
    if (expr.kind !== 'literal' || !Number.isFinite(Number(expr.value))) throw new ReadError('a number is needed');
    return { kind: 'number', value: Number(expr.value) };
  }

  /** A literal as the value of `target`'s type: numbers for numeric columns, days for dates, ... */
  private value(target: AttributeRef, written: Expr): QueryValue {
    const expr = this.literalOrColumn(written);
    if (expr.kind !== 'literal' || expr.value === null) throw new ReadError('a condition compares a column with a value (no expressions or NULL)');
    const raw = expr.value;
    const type = this.typeOf(target);
    if (type === 'integer' || type === 'decimal' || type === 'float') {
      const number = Number(raw);
      if (typeof raw === 'boolean' || !Number.isFinite(number) || String(raw).trim() === '') throw new ReadError(`${target.attributeId} holds numbers, not '${String(raw)}'`);
      return { kind: 'number', value: number };
    }
    if (type === 'boolean') {
      const text = String(raw).toLowerCase();
      if (['1', 'true', 't', 'yes'].includes(text)) return { kind: 'boolean', value: true };
      if (['0', 'false', 'f', 'no'].includes(text)) return { kind: 'boolean', value: false };
      throw new ReadError(`${target.attributeId} holds true or false, not '${String(raw)}'`);
    }
    if ((type === 'date' || type === 'datetime') && typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}/.test(raw)) return { kind: 'date', value: raw.slice(0, 10) };
    return { kind: 'string', value: String(raw) };
  }

  // -- measures --------------------------------------------------------------------------------

  private measures(expr: Expr): Measure[] {
    if (expr.kind === 'star' || (expr.kind === 'column' && !expr.qualifier && this.scope.has(expr.name.toLowerCase()) && !this.hasColumn(expr.name))) {
      const owner = expr.kind === 'star' ? (expr.qualifier ? this.instanceNamed(expr.qualifier) : this.onlyInstance()) : this.instanceNamed(expr.name);
      const attributes = this.schema.classes.find((c) => c.id === owner.classId)?.attributes ?? [];
      return attributes.filter((a) => a.type !== 'binary').map((a) => ({ target: attr(owner.classId, a.id, owner.instance), aggregate: null }));
    }
    return [this.measure(expr)];
  }

  private hasColumn(name: string): boolean {
    return this.order.some((owner) => this.attributeOf(owner.classId, name) !== null);
  }

  private onlyInstance(): Instance {
    if (this.order.length !== 1) throw new ReadError('SELECT * over several tables: name the columns');
    return this.order[0] as Instance;
  }

  private measure(expr: Expr): Measure {
    if (expr.kind === 'column') {
      if (!expr.qualifier && this.scope.has(expr.name.toLowerCase()) && !this.hasColumn(expr.name)) return { target: this.keyOrRows(this.instanceNamed(expr.name)), aggregate: null };
      return { target: this.column(expr), aggregate: null };
    }
    if (expr.kind === 'binary' && ['+', '-', '*', '/'].includes(expr.op)) return { target: this.computedAttribute(expr), aggregate: null };
    if (expr.kind === 'call' && expr.name === 'cast' && expr.args[0]) return this.measure(expr.args[0]);
    if (expr.kind === 'call' && AGGREGATES[expr.name]) {
      const aggregate = AGGREGATES[expr.name] as AggregateFunction;
      const [arg] = expr.args;
      if (expr.args.length !== 1 || !arg) throw new ReadError(`${expr.name} takes one argument`);
      if (arg.kind === 'star') {
        if (aggregate !== 'count') throw new ReadError(`${expr.name}(*) is not an aggregate`);
        const counted = this.joinedRowsInstance();
        return { target: rows(counted.classId, counted.instance), aggregate: 'count' };
      }
      const inner = this.measure(arg);
      if (inner.aggregate) throw new ReadError('an aggregate of an aggregate cannot be expressed as a query graph');
      // count(n) of a Cypher node variable counts the nodes.
      if (inner.target.attributeId === '*' || (arg.kind === 'column' && !arg.qualifier && this.scope.has(arg.name.toLowerCase()) && !this.hasColumn(arg.name))) {
        const owner = arg.kind === 'column' ? this.instanceNamed(arg.name) : (this.order[0] as Instance);
        return { target: rows(owner.classId, owner.instance), aggregate: expr.distinct ? 'count' : aggregate };
      }
      return { target: inner.target, aggregate: expr.distinct && aggregate === 'count' ? 'count_distinct' : aggregate };
    }
    throw new ReadError(`${expr.kind === 'call' ? `the function ${expr.name}()` : `this ${expr.kind}`} cannot be shown by a query graph`);
  }

  /**
   * What COUNT(*) over the joined rows counts, as a query graph says it: the instances of the
   * many end of the joins (no other instance of the query refers to it), since each joined row is
   * one of them (Owners JOIN Dogs JOIN Treatments: the treatments). The first such in FROM order.
   */
  private joinedRowsInstance(): Instance {
    const key = (i: { classId: string; instance: number }) => `${i.classId}#${i.instance}`;
    const referred = new Set<string>();
    for (const edge of this.edges) referred.add(key(edge.to));
    for (const step of this.follows) {
      const relation = this.schema.relations.find((r) => r.id === step.relation);
      if (!relation) continue;
      // The relation's `to` class is the one referred to; a follow may read it either way.
      referred.add(key(relation.from === step.from.classId && relation.to === step.to.classId ? step.to : step.from));
    }
    return this.order.find((i) => !referred.has(key(i))) ?? (this.order[0] as Instance);
  }

  /** A node variable shown whole (`RETURN p`): its key, or its rows when it has none. */
  private keyOrRows(owner: Instance): AttributeRef {
    const key = this.schema.classes.find((c) => c.id === owner.classId)?.primaryKey?.[0];
    return key ? attr(owner.classId, key, owner.instance) : rows(owner.classId, owner.instance);
  }

  /** Arithmetic over one row's columns: a computed attribute on the instance of its first column. */
  private computedAttribute(expr: Expr): AttributeRef {
    const toExpression = (e: Expr): Expression => {
      if (e.kind === 'literal' && typeof e.value === 'number') return { kind: 'number', value: e.value };
      if (e.kind === 'column') return { kind: 'attribute', ref: this.column(e) };
      if (e.kind === 'binary' && ['+', '-', '*', '/'].includes(e.op)) return { kind: 'arithmetic', operator: e.op as '+', left: toExpression(e.left), right: toExpression(e.right) };
      throw new ReadError('arithmetic takes columns and numbers');
    };
    const expression = toExpression(expr);
    const firstRef = (e: Expression): AttributeRef | null => (e.kind === 'attribute' ? e.ref : e.kind === 'arithmetic' ? (firstRef(e.left) ?? firstRef(e.right)) : null);
    const owner = firstRef(expression);
    if (!owner) throw new ReadError('arithmetic needs a column');
    const target = attr(owner.classId, `computed${this.computed.length + 1}`, owner.instance ?? 1);
    this.computed.push({ target, expression });
    return target;
  }

  private groupTarget(expr: Expr): AttributeRef {
    const item = this.selectAlias(expr);
    const measure = item ? this.measure(item) : null;
    if (measure && !measure.aggregate) return measure.target;
    if (expr.kind === 'column' && !expr.qualifier && this.scope.has(expr.name.toLowerCase()) && !this.hasColumn(expr.name)) return this.keyOrRows(this.instanceNamed(expr.name));
    if (expr.kind !== 'column') throw new ReadError('GROUP BY takes columns');
    return this.column(expr);
  }

  private havingCondition(expr: Expr): AggregateConstraint {
    if (expr.kind !== 'binary' || !COMPARISON_FLIP[expr.op]) throw new ReadError('HAVING compares an aggregate with a number');
    const [measureSide, valueSide, op] = expr.left.kind === 'literal' ? [expr.right, expr.left, COMPARISON_FLIP[expr.op]] : [expr.left, expr.right, expr.op];
    const measure = this.measure(this.selectAlias(measureSide) ?? measureSide);
    if (!measure.aggregate) throw new ReadError('HAVING compares an aggregate with a number');
    return { measure, operator: op as AggregateConstraint['operator'], value: this.literalNumber(valueSide) };
  }

  private orderMeasure(expr: Expr): Measure {
    if (expr.kind === 'literal' && typeof expr.value === 'number') {
      const item = this.query.items[expr.value - 1];
      if (!item) throw new ReadError(`ORDER BY ${expr.value}: the query shows fewer columns`);
      return this.measure(item.expr);
    }
    return this.measure(this.selectAlias(expr) ?? expr);
  }

  /** A bare name that is a select item's alias (ORDER BY n, GROUP BY year): that item's expression. */
  private selectAlias(expr: Expr): Expr | null {
    if (expr.kind !== 'column' || expr.qualifier) return null;
    const item = this.query.items.find((i) => i.alias?.toLowerCase() === expr.name.toLowerCase());
    if (!item || (item.expr.kind === 'column' && item.expr.name.toLowerCase() === expr.name.toLowerCase())) return null;
    return item.expr;
  }
}
