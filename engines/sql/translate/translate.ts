/**
 * Query graph -> one SQL statement. Identifiers come from the schema graph and are quoted; every
 * value is a bound parameter, never part of the text. Joins follow the schema graph's spanning
 * tree. Results are made deterministic across the three databases: NULLs sort last everywhere,
 * and ties are broken by the shown columns and the first class's key, so a top-k is the same
 * top-k on SQLite, PostgreSQL and MariaDB.
 */
import { InvalidQueryGraphError } from '../../../errors.js';
import { formatQueryGraph } from '../../query-graph/canonical.js';
import type {
  AggregateComparison,
  AggregateConstraint,
  AttributeComparison,
  AttributeRef,
  ComputedAttribute,
  Constraint,
  Expression,
  Measure,
  Pattern,
  PatternCondition,
  QueryGraph,
  QueryValue,
} from '../../query-graph/types.js';
import { aggregateResultType, attributeType, measureKey, validateQueryGraph, withComputedAttributes } from '../../query-graph/validate.js';
import { lowerExtremes } from '../../query-graph/extremes.js';
import { quantified, subAggregateGraph } from '../../query-graph/parts.js';
import { findAttribute, findClass } from '../../schema-graph/lookup.js';
import type { AttributeType, SchemaGraph } from '../../schema-graph/types.js';
import type { SqlProvider } from '../prisma-client.js';
import { instanceKey, resolveJoins, resolvePatternJoins, type JoinGraph } from '../../query-graph/join-graph.js';
import { effectiveGroupBy, hasAggregates } from '../../query-graph/grouping.js';
import { outputColumns, type OutputColumn } from '../../query-graph/columns.js';
import { valueAsNumber, valueAsText } from '../../query-graph/values.js';
import { betweenDays, dayCondition, monthCondition, renderDateCondition, yearCondition, yearsCondition, type DateCondition } from '../../query-graph/dates.js';
import { buildFromClause, buildPatternFrom, type FromClause } from './from-clause.js';
import { sqlDialect, type SqlDialect } from './sql-dialect.js';

export type SqlParameter = string | number | boolean;

/** A statement ready to run: text with parameter markers, the values, and the result's columns. */
export interface SqlStatement {
  readonly text: string;
  readonly parameters: readonly SqlParameter[];
  readonly columns: readonly OutputColumn[];
  /** The row limit written into the statement. */
  readonly limit: number;
}

export interface TranslateOptions {
  /** The most rows the statement may return (the request's row limit). */
  readonly rowLimit: number;
}

export function translateToSql(graph: QueryGraph, schema: SchemaGraph, provider: SqlProvider, options: TranslateOptions): SqlStatement {
  validateQueryGraph(graph, schema);
  if (!Number.isInteger(options.rowLimit) || options.rowLimit < 1) {
    throw new InvalidQueryGraphError(`row limit must be a positive integer`, formatQueryGraph(graph));
  }
  return new Translation(graph, schema, sqlDialect(provider)).statement(options.rowLimit);
}

/** Marks a bound value's place in the text; numbered in text order when the statement is done. */
const MARK = '\u0000';

class Translation {
  /** Bound values, in the order they were bound (not yet text order), each with how it is marked. */
  private readonly bound: { value: SqlParameter; date: boolean; shared?: boolean }[] = [];
  private readonly joins: JoinGraph;
  private readonly from: FromClause;
  private readonly graph: QueryGraph;
  private readonly schema: SchemaGraph;
  private readonly computed: ReadonlyMap<string, ComputedAttribute>;
  /** Aliases in scope: the statement's, or inside a pattern its own as well. */
  private aliases: ReadonlyMap<string, string>;
  private patternCount = 0;

  constructor(
    graph: QueryGraph,
    /** The schema without the graph's computed attributes: what compared aggregates read. */
    private readonly baseSchema: SchemaGraph,
    private readonly dialect: SqlDialect,
  ) {
    const schema = baseSchema;
    this.joins = resolveJoins(graph, schema);
    // Extremes become patterns (extremes.ts); everything after reads the lowered graph.
    this.graph = lowerExtremes(graph, this.joins);
    this.schema = withComputedAttributes(schema, graph);
    this.computed = new Map((graph.computed ?? []).map((c) => [`${c.target.classId}.${c.target.attributeId}`, c]));
    this.from = buildFromClause(this.joins, schema, dialect, (value) => this.bind(value));
    this.aliases = this.from.aliases;
  }

  statement(rowLimit: number): SqlStatement {
    const { graph, dialect } = this;
    const columns = this.outputColumns();
    const select = graph.select.map((measure, i) => `${this.measure(measure)} AS ${dialect.identifier(columns[i]!.name)}`);
    const parts = [`SELECT ${graph.distinct ? 'DISTINCT ' : ''}${select.join(', ')}`, `FROM ${this.from.sql}`];
    const where = [
      ...this.from.conditions,
      ...graph.where.map((constraint) => this.constraint(constraint)),
      ...(graph.compare ?? []).map((comparison) => this.comparison(comparison)),
      ...(graph.aggregateCompare ?? []).map((comparison) => this.aggregateComparison(comparison)),
      ...(graph.patterns ?? []).map((condition) => this.patternCondition(condition)),
    ];
    if (where.length > 0) parts.push(`WHERE ${where.join(' AND ')}`);
    const groupBy = effectiveGroupBy(this.graph, this.schema);
    if (groupBy.length > 0) parts.push(`GROUP BY ${groupBy.map((ref) => this.column(ref)).join(', ')}`);
    const having = graph.having.map((h) => this.aggregateConstraint(h));
    if (having.length > 0) parts.push(`HAVING ${having.join(' AND ')}`);
    const orderBy = this.orderBy(groupBy);
    if (orderBy.length > 0) parts.push(`ORDER BY ${orderBy.join(', ')}`);
    // The limit and offset are integers the gateway checked, never caller text: written inline,
    // since MariaDB's client-side prepared statements would quote a bound LIMIT.
    const limit = Math.min(graph.limit ?? rowLimit, rowLimit);
    parts.push(`LIMIT ${limit}`);
    if (graph.offset) parts.push(`OFFSET ${graph.offset}`);
    const { text, parameters } = this.numberParameters(parts.join(' '));
    return { text, parameters, columns, limit };
  }

  /**
   * Replaces the marks with the dialect's parameter markers in text order, and orders the values
   * the same way: positional `?` (SQLite, MariaDB) must be bound in the order they appear, and
   * parts are written in another order than they are read (FROM before SELECT, subqueries).
   */
  private numberParameters(marked: string): { text: string; parameters: SqlParameter[] } {
    const parameters: SqlParameter[] = [];
    // A number of a computed attribute is written again wherever the attribute is (SELECT, GROUP
    // BY, ORDER BY): numbered parameters reuse one number, so PostgreSQL sees the same expression.
    const shared = new Map<string, number>();
    const text = marked.replace(new RegExp(`${MARK}(\\d+)${MARK}`, 'g'), (_, index: string) => {
      const entry = this.bound[Number(index)]!;
      const key = `${typeof entry.value}:${String(entry.value)}`;
      if (entry.shared && this.dialect.numberedParameters && shared.has(key)) return this.dialect.parameter(shared.get(key)!);
      parameters.push(entry.value);
      if (entry.shared) shared.set(key, parameters.length);
      return entry.date ? this.dialect.dateParameter(parameters.length) : this.dialect.parameter(parameters.length);
    });
    return { text, parameters };
  }

  private alias(ref: AttributeRef): string {
    const alias = this.aliases.get(instanceKey({ classId: ref.classId, instance: ref.instance ?? 1 }));
    if (!alias) throw new InvalidQueryGraphError(`class '${ref.classId}' is not joined`, formatQueryGraph(this.graph));
    return alias;
  }

  /** An attribute's column (numbers and dates kept as text read as numbers and dates), or a computed attribute's expression. */
  private column(ref: AttributeRef): string {
    const computed = this.computed.get(`${ref.classId}.${ref.attributeId}`);
    if (computed) return this.expression(computed.expression);
    const column = `${this.alias(ref)}.${this.dialect.identifier(ref.attributeId)}`;
    const attribute = findAttribute(this.schema, ref.classId, ref.attributeId);
    if (attribute.numericText) return this.dialect.textAsNumber(column);
    return attribute.dateText ? this.dialect.textAsDate(column, attribute.type === 'date' ? 'date' : 'datetime') : column;
  }

  /** Arithmetic on one row; division is exact (never integer division) and by zero gives NULL. */
  private expression(expression: Expression): string {
    switch (expression.kind) {
      case 'attribute':
        return this.column(expression.ref);
      case 'number':
        this.bound.push({ value: expression.value, date: false, shared: true });
        return this.dialect.numberParameter(`${MARK}${this.bound.length - 1}${MARK}`);
      case 'arithmetic': {
        const left = this.expression(expression.left);
        const right = this.expression(expression.right);
        if (expression.operator === '/') return `(${left} * 1.0 / NULLIF(${right}, 0))`;
        return `(${left} ${expression.operator} ${right})`;
      }
    }
  }

  /** Two attributes of the row compared; dates as dates. */
  private comparison(comparison: AttributeComparison): string {
    const temporal = (ref: AttributeRef) => ['date', 'datetime'].includes(attributeType(this.schema, ref) ?? '');
    const side = (ref: AttributeRef) => (temporal(ref) ? this.dialect.dateValue(this.column(ref)) : this.column(ref));
    return `${side(comparison.left)} ${comparison.operator === '!=' ? '<>' : comparison.operator} ${side(comparison.right)}`;
  }

  /**
   * An attribute against an aggregate of rows of their own: a scalar subquery with aliases of its
   * own (`q1t1`, ...), correlated with nothing. No rows give NULL, which no comparison meets.
   */
  private aggregateComparison(comparison: AggregateComparison): string {
    this.patternCount += 1;
    const sub = subAggregateGraph(comparison.right);
    const joins = resolveJoins(sub, this.baseSchema);
    const from = buildPatternFrom({ instances: joins.instances, edges: joins.edges }, new Map(), this.baseSchema, this.dialect, (value) => this.bind(value), `q${this.patternCount}`);
    const outer = this.aliases;
    this.aliases = from.aliases;
    let subquery: string;
    try {
      const { target, aggregate } = comparison.right.measure;
      let measure: string;
      if (target.attributeId === '*') {
        const key = findClass(this.baseSchema, target.classId).primaryKey;
        measure = joins.instances.length > 1 && key.length === 1 ? `COUNT(DISTINCT ${this.column({ ...target, attributeId: key[0]! })})` : 'COUNT(*)';
      } else {
        const column = this.column(target);
        measure = aggregate === 'count' ? `COUNT(${column})` : aggregate === 'count_distinct' ? `COUNT(DISTINCT ${column})` : `${aggregate!.toUpperCase()}(${column})`;
      }
      const conditions = [...from.conditions, ...sub.where.map((constraint) => this.constraint(constraint))];
      subquery = `(SELECT ${measure} FROM ${from.tables.join(', ')}${conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : ''})`;
    } finally {
      this.aliases = outer;
    }
    const temporal = ['date', 'datetime'].includes(attributeType(this.schema, comparison.left) ?? '');
    const left = this.column(comparison.left);
    const operator = comparison.operator === '!=' ? '<>' : comparison.operator;
    return temporal ? `${this.dialect.dateValue(left)} ${operator} ${this.dialect.dateValue(subquery)}` : `${left} ${operator} ${subquery}`;
  }

  private patternCondition(condition: PatternCondition): string {
    return quantified(condition, (branch) => this.exists(branch));
  }

  /** EXISTS over a pattern's own instances, correlated with the statement's through the shared ones. */
  private exists(pattern: Pattern): string {
    this.patternCount += 1;
    const joins = resolvePatternJoins(pattern, this.joins, this.schema, this.graph);
    const from = buildPatternFrom(joins, this.aliases, this.schema, this.dialect, (value) => this.bind(value), `p${this.patternCount}`);
    const outer = this.aliases;
    this.aliases = from.aliases;
    try {
      const conditions = [
        ...from.conditions,
        ...pattern.where.map((constraint) => this.constraint(constraint)),
        ...pattern.compare.map((comparison) => this.comparison(comparison)),
      ];
      const where = conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '';
      const tables = from.tables.length > 0 ? ` FROM ${from.tables.join(', ')}` : this.dialect.noTable;
      return `EXISTS (SELECT 1${tables}${where})`;
    } finally {
      this.aliases = outer;
    }
  }

  private measure(measure: Measure): string {
    const { target, aggregate } = measure;
    if (target.attributeId === '*') {
      // Counting a class's rows in a join counts the rows, not the join's rows: distinct keys.
      const key = findClass(this.schema, target.classId).primaryKey;
      if (this.joins.instances.length > 1 && key.length === 1) return `COUNT(DISTINCT ${this.column({ ...target, attributeId: key[0]! })})`;
      return 'COUNT(*)';
    }
    const column = this.column(target);
    switch (aggregate) {
      case null:
        return column;
      case 'count':
        return `COUNT(${column})`;
      case 'count_distinct':
        return `COUNT(DISTINCT ${column})`;
      default:
        return `${aggregate.toUpperCase()}(${column})`;
    }
  }

  private orderBy(groupBy: readonly AttributeRef[]): string[] {
    const { graph } = this;
    const terms: { expression: string; direction: 'ASC' | 'DESC' }[] = [];
    const used = new Set<string>();
    const push = (measure: Measure, direction: 'ASC' | 'DESC') => {
      const key = measureKey(measure);
      if (used.has(key)) return;
      used.add(key);
      terms.push({ expression: this.measure(measure), direction });
    };
    for (const term of graph.orderBy) push(term.measure, term.direction === 'asc' ? 'ASC' : 'DESC');
    const scalar = groupBy.length === 0 && hasAggregates(this.graph);
    if (scalar) return [];
    // Tie-breakers, so that a limit picks the same rows on every database.
    if (groupBy.length > 0) {
      groupBy.forEach((ref) => push({ target: ref, aggregate: null }, 'ASC'));
    } else {
      graph.select.forEach((measure) => push(measure, 'ASC'));
      if (!graph.distinct) {
        const root = graph.select[0]!.target;
        for (const keyColumn of findClass(this.schema, root.classId).primaryKey) push({ target: { ...root, attributeId: keyColumn }, aggregate: null }, 'ASC');
      }
    }
    return terms.map(({ expression, direction }) => this.dialect.orderTerm(expression, direction));
  }

  private constraint(constraint: Constraint): string {
    const type = attributeType(this.schema, constraint.target) as AttributeType;
    const column = this.column(constraint.target);
    const { operator, values } = constraint;
    const temporal = type === 'date' || type === 'datetime';
    switch (operator) {
      case 'is_null':
        return `${column} IS NULL`;
      case 'not_null':
        return `${column} IS NOT NULL`;
      case 'contains':
        return `${this.dialect.lowerText(column)} LIKE ${this.bind(`%${escapeLike(this.text(values[0]!).toLowerCase())}%`)} ESCAPE '!'`;
      case 'starts_with':
        return `${this.dialect.lowerText(column)} LIKE ${this.bind(`${escapeLike(this.text(values[0]!).toLowerCase())}%`)} ESCAPE '!'`;
      case 'year':
        // An integer column holding years.
        if (!temporal) return `${column} = ${this.bind(this.number(values[0]!))}`;
        return this.date(column, yearCondition(this.number(values[0]!)));
      case 'month':
        return this.date(column, monthCondition(this.text(values[0]!)));
      case 'between':
        if (temporal && values.every((v) => v.kind === 'number')) return this.date(column, yearsCondition(this.number(values[0]!), this.number(values[1]!)));
        if (temporal) return this.date(column, betweenDays(this.text(values[0]!), this.text(values[1]!)));
        return `${column} BETWEEN ${this.bindTyped(values[0]!, type)} AND ${this.bindTyped(values[1]!, type)}`;
      case 'in':
      case 'not_in': {
        if (temporal) {
          const any = values.map((v) => this.date(column, dayCondition('=', this.text(v)))).join(' OR ');
          return operator === 'in' ? `(${any})` : `NOT (${any})`;
        }
        const list = values.map((v) => this.bindTyped(v, type)).join(', ');
        return `${column} ${operator === 'in' ? 'IN' : 'NOT IN'} (${list})`;
      }
      default:
        if (temporal) return this.date(column, dayCondition(operator, this.text(values[0]!)));
        return `${column} ${operator} ${this.bindTyped(values[0]!, type)}`;
    }
  }

  /** A condition on an aggregate; min/max of a date or text compare as dates or text. */
  private aggregateConstraint(h: AggregateConstraint): string {
    const expression = this.measure(h.measure);
    const type = aggregateResultType(h.measure, this.schema);
    if (type === 'date' || type === 'datetime') return this.date(expression, dayCondition(h.operator, this.text(h.value)));
    if (type === 'text') return `${expression} ${h.operator} ${this.bind(this.text(h.value))}`;
    return `${expression} ${h.operator} ${this.bind(this.number(h.value))}`;
  }

  /** A date condition (whole days, see dates.ts) with this dialect's date parameters. */
  private date(expression: string, condition: DateCondition): string {
    return renderDateCondition(expression, condition, (day) => this.bindDate(day));
  }

  private bind(value: SqlParameter): string {
    this.bound.push({ value, date: false });
    return `${MARK}${this.bound.length - 1}${MARK}`;
  }

  private bindDate(day: string): string {
    this.bound.push({ value: day, date: true });
    return `${MARK}${this.bound.length - 1}${MARK}`;
  }

  /** Binds a value as the attribute's type wants it (validation has checked it can be). */
  private bindTyped(value: QueryValue, type: AttributeType): string {
    if (type === 'integer' || type === 'decimal' || type === 'float') return this.bind(this.number(value));
    if (type === 'boolean' && value.kind === 'boolean') return this.bind(this.dialect.booleanValue(value.value));
    return this.bind(this.text(value));
  }

  private number(value: QueryValue): number {
    return valueAsNumber(value, this.graph);
  }

  private text(value: QueryValue): string {
    return valueAsText(value, this.graph);
  }

  private outputColumns(): OutputColumn[] {
    return outputColumns(this.graph, this.schema);
  }
}

/** Escapes LIKE's wildcards with `!` (ESCAPE '!'), so `%` and `_` in a value match themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[!%_]/g, (ch) => `!${ch}`);
}
