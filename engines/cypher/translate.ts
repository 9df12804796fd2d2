/**
 * Query graph -> one parameterised Cypher query, for the embedded store and Neo4j alike.
 *
 * Each class instance is a node variable (an edge class, a relationship type with properties, is
 * a relationship variable between its two ends). Every join is its own MATCH clause, so Neo4j's
 * relationship uniqueness (which holds within one MATCH) never makes it disagree with SQL or the
 * embedded store. Values are parameters; labels, types and properties come from the schema graph
 * and are backticked. Aggregating queries group in a WITH stage, so HAVING becomes a WHERE on the
 * aggregates and ORDER BY can name them. NULLs sort last and ties are broken as in SQL.
 */
import { InvalidQueryGraphError } from '../../errors.js';
import { formatQueryGraph } from '../query-graph/canonical.js';
import { effectiveGroupBy, hasAggregates } from '../query-graph/grouping.js';
import { outputColumns, type OutputColumn } from '../query-graph/columns.js';
import { valueAsNumber, valueAsText } from '../query-graph/values.js';
import { betweenDays, dayCondition, monthCondition, renderDateCondition, yearCondition, yearsCondition, type DateCondition } from '../query-graph/dates.js';
import { lowerExtremes } from '../query-graph/extremes.js';
import { quantified, subAggregateGraph } from '../query-graph/parts.js';
import { instanceKey, resolveJoins, resolvePatternJoins, type JoinEdge, type JoinGraph } from '../query-graph/join-graph.js';
import type {
  AggregateComparison,
  AggregateConstraint,
  AttributeComparison,
  AttributeRef,
  ClassInstance,
  ComputedAttribute,
  Constraint,
  Expression,
  Measure,
  Pattern,
  PatternCondition,
  QueryGraph,
  QueryValue,
} from '../query-graph/types.js';
import { aggregateResultType, attributeType, validateQueryGraph, withComputedAttributes } from '../query-graph/validate.js';
import { findClass } from '../schema-graph/lookup.js';
import type { AttributeType, SchemaGraph } from '../schema-graph/types.js';
import type { GraphParam } from './graph-store.js';

/** One ORDER BY term: its expression, and the alias under which RETURN already shows it. */
interface OrderItem {
  readonly expression: string;
  readonly direction: 'ASC' | 'DESC';
  readonly returnedAs: string | null;
  /** A variable already holding `expression IS NULL`, when an earlier WITH computed it. */
  readonly nullFlag?: string;
}

export interface CypherStatement {
  readonly text: string;
  readonly parameters: Readonly<Record<string, GraphParam>>;
  readonly columns: readonly OutputColumn[];
  readonly limit: number;
}

export function translateToCypher(graph: QueryGraph, schema: SchemaGraph, options: { rowLimit: number }): CypherStatement {
  validateQueryGraph(graph, schema);
  if (!Number.isInteger(options.rowLimit) || options.rowLimit < 1) throw new InvalidQueryGraphError('row limit must be a positive integer', formatQueryGraph(graph));
  return new CypherTranslation(graph, schema).statement(options.rowLimit);
}

/** Backticks a label, relationship type, property or alias. */
export function cypherName(name: string): string {
  return `\`${name.replace(/`/g, '``')}\``;
}

class CypherTranslation {
  private readonly parameters: Record<string, GraphParam> = {};
  private readonly joins: JoinGraph;
  /** Variables in scope: the query's, or inside a pattern its own as well. */
  private variables = new Map<string, string>();
  /** Per aggregating query: expression -> its WITH alias. */
  private readonly projected = new Map<string, string>();
  private readonly graph: QueryGraph;
  private readonly schema: SchemaGraph;
  private readonly computed: ReadonlyMap<string, ComputedAttribute>;
  private patternCount = 0;
  /** The base schema (without the graph's computed attributes): what compared aggregates read. */
  private readonly baseSchema: SchemaGraph;

  constructor(graph: QueryGraph, schema: SchemaGraph) {
    this.baseSchema = schema;
    this.joins = resolveJoins(graph, schema);
    // Extremes become patterns (extremes.ts); everything after reads the lowered graph.
    this.graph = lowerExtremes(graph, this.joins);
    this.schema = withComputedAttributes(schema, graph);
    this.computed = new Map((graph.computed ?? []).map((c) => [`${c.target.classId}.${c.target.attributeId}`, c]));
    this.joins.instances.forEach((node, i) => {
      const edge = findClass(schema, node.classId).edge;
      this.variables.set(instanceKey(node), `${edge ? 'e' : 'n'}${i + 1}`);
    });
  }

  statement(rowLimit: number): CypherStatement {
    const { graph } = this;
    const columns = outputColumns(graph, this.schema);
    // Compared aggregates first, each a MATCH … WITH stage of its own whose value the query's WHERE reads.
    const aggregates = (graph.aggregateCompare ?? []).map((c, i) => this.subAggregate(c, i + 1));
    const lines = [...aggregates.flatMap((a) => a.lines), ...this.matches()];
    const where = [
      ...graph.where.map((c) => this.constraint(c)),
      ...(graph.compare ?? []).map((c) => this.comparison(c)),
      ...(graph.aggregateCompare ?? []).map((c, i) => `${this.property(c.left)} ${c.operator === '!=' ? '<>' : c.operator} ${aggregates[i]!.name}`),
    ];
    const closing = this.closingEdges();
    if (where.length + closing.length > 0) lines.push(`WHERE ${[...closing, ...where].join(' AND ')}`);
    // Patterns in a WITH stage of their own: the embedded store (0.19) binds parameters inside a
    // subquery wrongly when the same WHERE also has parameters outside one (DESIGN.md).
    const patterns = (graph.patterns ?? []).map((condition) => this.patternCondition(condition));
    if (patterns.length > 0) lines.push(`WITH ${[...new Set(this.variables.values())].join(', ')}`, `WHERE ${patterns.join(' AND ')}`);
    const limit = Math.min(graph.limit ?? rowLimit, rowLimit);
    const groupBy = effectiveGroupBy(this.graph, this.schema);
    if (groupBy.length > 0 || hasAggregates(this.graph)) lines.push(...this.aggregating(groupBy, columns));
    else lines.push(...this.plain(columns));
    if (graph.offset) lines.push(`SKIP ${graph.offset}`);
    lines.push(`LIMIT ${limit}`);
    return { text: lines.join('\n'), parameters: this.parameters, columns, limit };
  }

  // -- compared aggregates -------------------------------------------------------------------------

  /**
   * `MATCH … WHERE … WITH agg(…) AS _s1` over the aggregate's own instances (`q1n1`, …), carrying
   * the values of the stages before it: one row, null when no rows match (no comparison meets it).
   */
  private subAggregate(comparison: AggregateComparison, index: number): { lines: string[]; name: string } {
    const sub = subAggregateGraph(comparison.right);
    const joins = resolveJoins(sub, this.baseSchema);
    const outer = this.variables;
    this.variables = new Map();
    try {
      joins.instances.forEach((node, i) => {
        const edge = findClass(this.baseSchema, node.classId).edge;
        this.variables.set(instanceKey(node), `q${index}${edge ? 'e' : 'n'}${i + 1}`);
      });
      const lines = this.paths(joins.edges, joins.instances, new Set()).map((path) => `MATCH ${path}`);
      const conditions = [
        ...joins.edges
          .filter((edge) => edge.adds === null && !findClass(this.baseSchema, edge.source.classId).edge)
          .map((edge) => `EXISTS { MATCH (${this.variable(edge.source)})${this.relationship(edge)}(${this.variable(edge.target)}) }`),
        ...sub.where.map((c) => this.constraint(c)),
      ];
      if (conditions.length > 0) lines.push(`WHERE ${conditions.join(' AND ')}`);
      const { target, aggregate } = comparison.right.measure;
      let measure: string;
      if (target.attributeId === '*') {
        const variable = this.variable({ classId: target.classId, instance: target.instance ?? 1 });
        measure = joins.instances.length > 1 ? `count(DISTINCT ${variable})` : 'count(*)';
      } else {
        const property = this.property(target);
        measure = aggregate === 'count' ? `count(${property})` : aggregate === 'count_distinct' ? `count(DISTINCT ${property})` : `${aggregate}(${property})`;
      }
      const name = `_s${index}`;
      const carried = Array.from({ length: index - 1 }, (_, i) => `_s${i + 1}`);
      lines.push(`WITH ${[...carried, `${measure} AS ${name}`].join(', ')}`);
      return { lines, name };
    } finally {
      this.variables = outer;
    }
  }

  // -- patterns (some / none) --------------------------------------------------------------------

  private patternCondition(condition: PatternCondition): string {
    return quantified(condition, (branch) => this.exists(branch));
  }

  /**
   * `EXISTS { MATCH … WHERE … }` over the pattern's own instances, whose paths start from the
   * query's variables. One MATCH with comma-separated paths: the embedded store's subqueries take
   * one. A pattern with no instances of its own matches a node of the query again.
   */
  private exists(pattern: Pattern): string {
    this.patternCount += 1;
    const joins = resolvePatternJoins(pattern, this.joins, this.schema, this.graph);
    const outer = this.variables;
    this.variables = new Map(outer);
    try {
      joins.instances.forEach((node, i) => {
        const edge = findClass(this.schema, node.classId).edge;
        this.variables.set(instanceKey(node), `p${this.patternCount}${edge ? 'e' : 'n'}${i + 1}`);
      });
      const declared = new Set(outer.values());
      const paths = this.paths(joins.edges, joins.instances, declared);
      // Edges between instances already there are paths too, inside the subquery.
      for (const edge of joins.edges) {
        if (edge.adds === null && !findClass(this.schema, edge.source.classId).edge) paths.push(`(${this.variable(edge.source)})${this.relationship(edge)}(${this.variable(edge.target)})`);
      }
      if (paths.length === 0) paths.push(`(${this.anchorVariable(pattern)})`);
      const conditions = [...pattern.where.map((c) => this.constraint(c)), ...pattern.compare.map((c) => this.comparison(c))];
      return `EXISTS { MATCH ${paths.join(', ')}${conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : ''} }`;
    } finally {
      this.variables = outer;
    }
  }

  /** A node variable of the query that the pattern refers to (the root's when it names none). */
  private anchorVariable(pattern: Pattern): string {
    const refs = [...pattern.where.map((c) => c.target), ...pattern.compare.flatMap((c) => [c.left, c.right])];
    for (const ref of refs) {
      const node = { classId: ref.classId, instance: ref.instance ?? 1 };
      if (!findClass(this.schema, node.classId).edge && this.variables.has(instanceKey(node))) return this.variable(node);
    }
    const node = this.joins.instances.find((instance) => !findClass(this.schema, instance.classId).edge);
    if (!node) throw new InvalidQueryGraphError('a pattern needs a node to match', formatQueryGraph(this.graph));
    return this.variable(node);
  }

  // -- patterns ----------------------------------------------------------------------------------

  private matches(): string[] {
    const declared = new Set<string>();
    const lines: string[] = [];
    const root = this.joins.root;
    const rootClass = findClass(this.schema, root.classId);
    if (!rootClass.edge && !this.joins.edges.some((e) => e.adds !== null && (sameNode(e.source, root) || sameNode(e.target, root)))) {
      lines.push(`MATCH ${this.node(root, declared)}`);
    }
    return [...lines, ...this.paths(this.joins.edges, this.joins.instances, declared).map((path) => `MATCH ${path}`)];
  }

  /** `(n1)` when declared, else `(n1:Label)` (and now declared). */
  private node(instance: ClassInstance, declared: Set<string>): string {
    const variable = this.variable(instance);
    if (declared.has(variable)) return `(${variable})`;
    declared.add(variable);
    return `(${variable}:${cypherName(instance.classId)})`;
  }

  /**
   * The paths that bring in `instances`, in join order: an edge class's relationship when its
   * instance comes up, the edges that add an instance, and a lone node for an instance no edge adds.
   */
  private paths(edges: readonly JoinEdge[], instances: readonly ClassInstance[], declared: Set<string>): string[] {
    const edgeEnds = new Map<string, { from?: ClassInstance; to?: ClassInstance }>();
    const plainEdges: JoinEdge[] = [];
    for (const edge of edges) {
      const owner = findClass(this.schema, edge.source.classId);
      if (owner.edge && (edge.relation.id === `${owner.id}_FROM` || edge.relation.id === `${owner.id}_TO`)) {
        const ends = edgeEnds.get(instanceKey(edge.source)) ?? {};
        if (edge.relation.id === `${owner.id}_FROM`) ends.from = edge.target;
        else ends.to = edge.target;
        edgeEnds.set(instanceKey(edge.source), ends);
      } else if (edge.adds !== null) {
        plainEdges.push(edge);
      }
    }
    const paths: string[] = [];
    const written = new Set<string>();
    for (const instance of instances) {
      const schemaClass = findClass(this.schema, instance.classId);
      if (schemaClass.edge) {
        const ends = edgeEnds.get(instanceKey(instance)) ?? {};
        const from = ends.from ? this.node(ends.from, declared) : `(:${cypherName(schemaClass.edge.from)})`;
        const to = ends.to ? this.node(ends.to, declared) : `(:${cypherName(schemaClass.edge.to)})`;
        paths.push(`${from}-[${this.variable(instance)}:${cypherName(instance.classId)}]->${to}`);
        declared.add(this.variable(instance));
        written.add(instanceKey(instance));
      }
      for (const edge of plainEdges) {
        const key = `${instanceKey(edge.source)}>${edge.relation.id}>${instanceKey(edge.target)}`;
        if (written.has(key)) continue;
        const added = edge.adds === 'source' ? edge.source : edge.target;
        if (!sameNode(added, instance)) continue;
        written.add(key);
        paths.push(`${this.node(edge.source, declared)}${this.relationship(edge)}${this.node(edge.target, declared)}`);
      }
      if (!schemaClass.edge && !declared.has(this.variable(instance))) paths.push(this.node(instance, declared));
    }
    return paths;
  }

  /** `-[:TYPE]->`, `-[:A|B]->` for alternatives, `-[:TYPE*1..3]->` for repeated steps. */
  private relationship(edge: JoinEdge): string {
    const types = (edge.alternatives ?? [edge.relation]).map((relation) => {
      if (findClass(this.schema, relation.from).edge) throw new InvalidQueryGraphError(`${relation.id} cannot be an alternative or repeated`, formatQueryGraph(this.graph));
      return cypherName(relation.id);
    });
    const hops = edge.hops ? `*${edge.hops.min}..${edge.hops.max}` : '';
    return `-[:${types.join('|')}${hops}]->`;
  }

  /** Follows between instances already matched: an existence condition, not another MATCH. */
  private closingEdges(): string[] {
    return this.joins.edges
      .filter((edge) => edge.adds === null && !findClass(this.schema, edge.source.classId).edge)
      .map((edge) => `EXISTS { MATCH (${this.variable(edge.source)})${this.relationship(edge)}(${this.variable(edge.target)}) }`);
  }

  private variable(node: ClassInstance): string {
    const variable = this.variables.get(instanceKey(node));
    if (!variable) throw new InvalidQueryGraphError(`${instanceKey(node)} is not matched`, formatQueryGraph(this.graph));
    return variable;
  }

  // -- expressions -------------------------------------------------------------------------------

  /** A property, or a computed attribute's expression. */
  private property(ref: AttributeRef): string {
    const computed = this.computed.get(`${ref.classId}.${ref.attributeId}`);
    if (computed) return this.expression(computed.expression);
    return `${this.variable({ classId: ref.classId, instance: ref.instance ?? 1 })}.${cypherName(ref.attributeId)}`;
  }

  /** Arithmetic on one row; division is exact (never integer division) and by zero gives null. */
  private expression(expression: Expression): string {
    switch (expression.kind) {
      case 'attribute':
        return this.property(expression.ref);
      case 'number':
        return this.bindShared(expression.value);
      case 'arithmetic': {
        const left = this.expression(expression.left);
        if (expression.operator !== '/') return `(${left} ${expression.operator} ${this.expression(expression.right)})`;
        return `(CASE WHEN ${this.expression(expression.right)} = 0 THEN NULL ELSE ${left} * 1.0 / ${this.expression(expression.right)} END)`;
      }
    }
  }

  private comparison(comparison: AttributeComparison): string {
    return `${this.property(comparison.left)} ${comparison.operator === '!=' ? '<>' : comparison.operator} ${this.property(comparison.right)}`;
  }

  private measure(measure: Measure): string {
    const { target, aggregate } = measure;
    if (target.attributeId === '*') {
      // Counting a class in a pattern counts its distinct nodes, not the pattern's rows.
      const variable = this.variable({ classId: target.classId, instance: target.instance ?? 1 });
      return this.joins.instances.length > 1 ? `count(DISTINCT ${variable})` : 'count(*)';
    }
    const property = this.property(target);
    switch (aggregate) {
      case null:
        return property;
      case 'count':
        return `count(${property})`;
      case 'count_distinct':
        return `count(DISTINCT ${property})`;
      default:
        return `${aggregate}(${property})`;
    }
  }

  // -- projections -------------------------------------------------------------------------------

  /** MATCH … WITH group keys and aggregates [WHERE having] RETURN … ORDER BY. */
  private aggregating(groupBy: readonly AttributeRef[], columns: readonly OutputColumn[]): string[] {
    const withItems: string[] = [];
    const alias = (expression: string, prefix: string) => {
      let name = this.projected.get(expression);
      if (!name) {
        name = `${prefix}${this.projected.size + 1}`;
        this.projected.set(expression, name);
        withItems.push(`${expression} AS ${name}`);
      }
      return name;
    };
    const measureAlias = (measure: Measure) => alias(this.measure(measure), measure.aggregate === null ? 'g' : 'a');
    groupBy.forEach((ref) => measureAlias({ target: ref, aggregate: null }));
    this.graph.select.forEach(measureAlias);
    this.graph.orderBy.forEach((t) => measureAlias(t.measure));
    this.graph.having.forEach((h) => measureAlias(h.measure));
    const lines = [`WITH ${withItems.join(', ')}`];
    const having = this.graph.having.map((h) => this.aggregateConstraint(h, measureAlias(h.measure)));
    if (having.length > 0) lines.push(`WHERE ${having.join(' AND ')}`);

    // Each WITH variable is returned once: the embedded store (0.19) computes wrong values when
    // one aggregate is projected twice, so ORDER BY names the returned aliases.
    const returnedNames = new Map<string, string>();
    const returned: string[] = [];
    this.graph.select.forEach((measure, i) => {
      const name = measureAlias(measure);
      if (returnedNames.has(name)) return;
      returnedNames.set(name, cypherName(columns[i]!.name));
      returned.push(`${name} AS ${cypherName(columns[i]!.name)}`);
    });
    const scalar = groupBy.length === 0;
    const order: OrderItem[] = [];
    const used = new Set<string>();
    const push = (measure: Measure, direction: 'ASC' | 'DESC') => {
      const name = measureAlias(measure);
      if (used.has(name)) return;
      used.add(name);
      order.push({ expression: name, direction, returnedAs: returnedNames.get(name) ?? null });
    };
    this.graph.orderBy.forEach((t) => push(t.measure, t.direction === 'asc' ? 'ASC' : 'DESC'));
    if (!scalar) groupBy.forEach((ref) => push({ target: ref, aggregate: null }, 'ASC'));
    // NULL flags for descending terms in a WITH of their own: next to a returned aggregate of a
    // relationship property, the store rejects them in RETURN.
    const flagged = order.map((item, i) => (item.direction === 'DESC' ? { ...item, nullFlag: `_n${i + 1}` } : item));
    const flags = flagged.filter((item) => item.nullFlag).map((item) => `${item.expression} IS NULL AS ${item.nullFlag}`);
    if (flags.length > 0) lines.push(`WITH ${[...this.projected.values(), ...flags].join(', ')}`);
    lines.push(...this.returnAndOrder(returned, flagged, false));
    return lines;
  }

  /** MATCH … RETURN [DISTINCT] … ORDER BY, ties broken by the shown values and the first class's key. */
  private plain(columns: readonly OutputColumn[]): string[] {
    const { graph } = this;
    const returnedNames = new Map<string, string>();
    const returned: string[] = [];
    graph.select.forEach((measure, i) => {
      const expression = this.measure(measure);
      if (!returnedNames.has(expression)) returnedNames.set(expression, cypherName(columns[i]!.name));
      returned.push(`${expression} AS ${cypherName(columns[i]!.name)}`);
    });
    const order: OrderItem[] = [];
    const used = new Set<string>();
    const push = (expression: string, direction: 'ASC' | 'DESC') => {
      if (!used.has(expression)) {
        used.add(expression);
        order.push({ expression, direction, returnedAs: returnedNames.get(expression) ?? null });
      }
    };
    graph.orderBy.forEach((t) => push(this.measure(t.measure), t.direction === 'asc' ? 'ASC' : 'DESC'));
    graph.select.forEach((m) => push(this.measure(m), 'ASC'));
    if (!graph.distinct) {
      const root = graph.select[0]!.target;
      for (const key of findClass(this.schema, root.classId).primaryKey) push(this.property({ ...root, attributeId: key }), 'ASC');
    }
    return this.returnAndOrder(returned, order, graph.distinct);
  }

  /**
   * RETURN, then ORDER BY returned aliases (after DISTINCT or aggregation ORDER BY may name only
   * those). An expression not shown gets one hidden column. Both backends sort NULLs last going
   * up and first going down; a hidden `x IS NULL` flag puts them last going down too, as in SQL.
   */
  private returnAndOrder(returned: readonly string[], order: readonly OrderItem[], distinct: boolean): string[] {
    const hidden: string[] = [];
    const terms: string[] = [];
    order.forEach(({ expression, direction, returnedAs, nullFlag }, i) => {
      let name = returnedAs;
      if (name === null) {
        name = `_o${i + 1}`;
        hidden.push(`${expression} AS ${name}`);
      }
      if (direction === 'DESC') {
        if (nullFlag) {
          terms.push(nullFlag);
        } else {
          hidden.push(`${expression} IS NULL AS _n${i + 1}`);
          terms.push(`_n${i + 1}`);
        }
      }
      terms.push(`${name} ${direction}`);
    });
    const lines = [`RETURN ${distinct ? 'DISTINCT ' : ''}${[...returned, ...hidden].join(', ')}`];
    if (terms.length > 0) lines.push(`ORDER BY ${terms.join(', ')}`);
    return lines;
  }

  // -- conditions --------------------------------------------------------------------------------

  private constraint(constraint: Constraint): string {
    const type = attributeType(this.schema, constraint.target) as AttributeType;
    const property = this.property(constraint.target);
    const { operator, values } = constraint;
    const temporal = type === 'date' || type === 'datetime';
    switch (operator) {
      case 'is_null':
        return `${property} IS NULL`;
      case 'not_null':
        return `${property} IS NOT NULL`;
      case 'contains':
        return `toLower(${property}) CONTAINS ${this.bind(this.text(values[0]!).toLowerCase())}`;
      case 'starts_with':
        return `toLower(${property}) STARTS WITH ${this.bind(this.text(values[0]!).toLowerCase())}`;
      case 'year':
        // An integer property holding years.
        if (!temporal) return `${property} = ${this.bind(this.number(values[0]!))}`;
        return this.date(property, yearCondition(this.number(values[0]!)));
      case 'month':
        return this.date(property, monthCondition(this.text(values[0]!)));
      case 'between':
        if (temporal && values.every((v) => v.kind === 'number')) return this.date(property, yearsCondition(this.number(values[0]!), this.number(values[1]!)));
        if (temporal) return this.date(property, betweenDays(this.text(values[0]!), this.text(values[1]!)));
        return `${property} >= ${this.bindTyped(values[0]!, type)} AND ${property} <= ${this.bindTyped(values[1]!, type)}`;
      case 'in':
      case 'not_in': {
        if (temporal) {
          const any = values.map((v) => this.date(property, dayCondition('=', this.text(v)))).join(' OR ');
          return operator === 'in' ? `(${any})` : `NOT (${any})`;
        }
        const list = this.bindList(values.map((v) => this.typed(v, type)));
        return operator === 'in' ? `${property} IN ${list}` : `NOT (${property} IN ${list})`;
      }
      default:
        if (temporal) return this.date(property, dayCondition(operator, this.text(values[0]!)));
        return `${property} ${operator === '!=' ? '<>' : operator} ${this.bindTyped(values[0]!, type)}`;
    }
  }

  private aggregateConstraint(h: AggregateConstraint, alias: string): string {
    const type = aggregateResultType(h.measure, this.schema);
    if (type === 'date' || type === 'datetime') return this.date(alias, dayCondition(h.operator, this.text(h.value)));
    const operator = h.operator === '!=' ? '<>' : h.operator;
    if (type === 'text') return `${alias} ${operator} ${this.bind(this.text(h.value))}`;
    return `${alias} ${operator} ${this.bind(this.number(h.value))}`;
  }

  /** A date condition (whole days, see dates.ts), days bound as `date($p)`. */
  private date(expression: string, condition: DateCondition): string {
    return renderDateCondition(expression, condition, (day) => this.bindDate(day));
  }

  // -- parameters --------------------------------------------------------------------------------

  private bind(value: GraphParam): string {
    const name = `p${Object.keys(this.parameters).length + 1}`;
    this.parameters[name] = value;
    return `$${name}`;
  }

  /**
   * One parameter per distinct number of the computed attributes: the attribute is written again
   * wherever it is used, and WITH / ORDER BY must see the very same expression text.
   */
  private bindShared(value: number): string {
    const existing = Object.entries(this.parameters).find(([name, bound]) => name.startsWith('c') && bound === value);
    if (existing) return `$${existing[0]}`;
    const name = `c${Object.keys(this.parameters).filter((key) => key.startsWith('c')).length + 1}`;
    this.parameters[name] = value;
    return `$${name}`;
  }

  private bindList(values: readonly GraphParam[]): string {
    return this.bind(values);
  }

  private bindDate(day: string): string {
    return `date(${this.bind(day)})`;
  }

  private bindTyped(value: QueryValue, type: AttributeType): string {
    return this.bind(this.typed(value, type));
  }

  private number(value: QueryValue): number {
    return valueAsNumber(value, this.graph);
  }

  private text(value: QueryValue): string {
    return valueAsText(value, this.graph);
  }

  private typed(value: QueryValue, type: AttributeType): GraphParam {
    if (type === 'integer' || type === 'decimal' || type === 'float') return this.number(value);
    if (type === 'boolean' && value.kind === 'boolean') return value.value;
    return this.text(value);
  }

}

function sameNode(a: ClassInstance, b: ClassInstance): boolean {
  return a.classId === b.classId && a.instance === b.instance;
}
