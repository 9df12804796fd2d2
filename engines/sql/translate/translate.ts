/**
 * Query graph -> one SQL statement. Identifiers come from the schema graph and are quoted; every
 * value is a bound parameter, never part of the text. Joins follow the schema graph's spanning
 * tree. Results are made deterministic across the three databases: NULLs sort last everywhere,
 * and ties are broken by the shown columns and the first class's key, so a top-k is the same
 * top-k on SQLite, PostgreSQL and MariaDB.
 */
import { InvalidQueryGraphError } from '../../../errors.js';
import { formatQueryGraph } from '../../query-graph/canonical.js';
import type { AggregateConstraint, AttributeRef, Constraint, Measure, QueryGraph, QueryValue } from '../../query-graph/types.js';
import { aggregateResultType, attributeType, measureKey, validateQueryGraph } from '../../query-graph/validate.js';
import { findClass } from '../../schema-graph/lookup.js';
import type { AttributeType, SchemaGraph } from '../../schema-graph/types.js';
import type { SqlProvider } from '../prisma-client.js';
import { instanceKey, resolveJoins, type JoinGraph } from '../../query-graph/join-graph.js';
import { effectiveGroupBy, hasAggregates } from '../../query-graph/grouping.js';
import { outputColumns, type OutputColumn } from '../../query-graph/columns.js';
import { valueAsNumber, valueAsText } from '../../query-graph/values.js';
import { betweenDays, dayCondition, monthCondition, renderDateCondition, yearCondition, type DateCondition } from '../../query-graph/dates.js';
import { buildFromClause, type FromClause } from './from-clause.js';
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

class Translation {
  private readonly parameters: SqlParameter[] = [];
  private readonly joins: JoinGraph;
  private readonly from: FromClause;

  constructor(
    private readonly graph: QueryGraph,
    private readonly schema: SchemaGraph,
    private readonly dialect: SqlDialect,
  ) {
    this.joins = resolveJoins(graph, schema);
    // FROM first: its relation-table discriminators are the first parameters.
    this.from = buildFromClause(this.joins, dialect, (value) => this.bind(value));
  }

  statement(rowLimit: number): SqlStatement {
    const { graph, dialect } = this;
    const columns = this.outputColumns();
    const select = graph.select.map((measure, i) => `${this.measure(measure)} AS ${dialect.identifier(columns[i]!.name)}`);
    const parts = [`SELECT ${graph.distinct ? 'DISTINCT ' : ''}${select.join(', ')}`, `FROM ${this.from.sql}`];
    const where = [...this.from.conditions, ...graph.where.map((constraint) => this.constraint(constraint))];
    if (where.length > 0) parts.push(`WHERE ${where.join(' AND ')}`);
    const groupBy = effectiveGroupBy(this.graph);
    if (groupBy.length > 0) parts.push(`GROUP BY ${groupBy.map((ref) => this.column(ref)).join(', ')}`);
    const having = graph.having.map((h) => this.aggregateConstraint(h));
    if (having.length > 0) parts.push(`HAVING ${having.join(' AND ')}`);
    const orderBy = this.orderBy(groupBy);
    if (orderBy.length > 0) parts.push(`ORDER BY ${orderBy.join(', ')}`);
    // The limit is an integer the gateway computed, never caller text: written inline, since
    // MariaDB's client-side prepared statements would quote a bound LIMIT.
    const limit = Math.min(graph.limit ?? rowLimit, rowLimit);
    parts.push(`LIMIT ${limit}`);
    return { text: parts.join(' '), parameters: this.parameters, columns, limit };
  }

  private alias(ref: AttributeRef): string {
    const alias = this.from.aliases.get(instanceKey({ classId: ref.classId, instance: ref.instance ?? 1 }));
    if (!alias) throw new InvalidQueryGraphError(`class '${ref.classId}' is not joined`, formatQueryGraph(this.graph));
    return alias;
  }

  private column(ref: AttributeRef): string {
    return `${this.alias(ref)}.${this.dialect.identifier(ref.attributeId)}`;
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
        return this.date(column, yearCondition(this.number(values[0]!)));
      case 'month':
        return this.date(column, monthCondition(this.text(values[0]!)));
      case 'between':
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
    this.parameters.push(value);
    return this.dialect.parameter(this.parameters.length);
  }

  private bindDate(day: string): string {
    this.parameters.push(day);
    return this.dialect.dateParameter(this.parameters.length);
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
