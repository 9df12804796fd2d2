/**
 * Training questions of the query shapes people actually ask. The random walks give the model the
 * generator's prior over shapes (chains, rankings, walks), not people's: readings with a spurious
 * GROUP BY + COUNT, null tests nobody asked, one attribute where two were asked. Gold SQL that
 * people wrote for a training database (Spider's train_gold.sql, "SQL<TAB>db_id", no questions)
 * shows which shapes they ask and how often. Each query is read into a query graph with the
 * project's own reader (from-query); the generator keeps its SHAPE (classes, shown attributes and
 * aggregates, grouping, order, limit, conditions' attributes and operators), draws its values again
 * from the database's data and writes it in its English and registers like every other example.
 * The writer says plain, aggregated and grouped graphs; a graph with the newer constructs (none /
 * some patterns, column comparisons, arithmetic, per-group extremes, offsets) has phrasings of its
 * own (constructs.ts) and is not a gold shape here.
 */
import { queryGraph } from '../../query-graph/build.js';
import { queryToGraph } from '../../query-graph/from-query/index.js';
import type { Random } from '../../query-graph/random-walk.js';
import type { Constraint, Operator, QueryGraph, QueryValue } from '../../query-graph/types.js';
import type { SchemaAttribute, SchemaGraph } from '../../schema-graph/types.js';
import { labelAttribute } from '../schema-words/labels.js';

/** One line of a gold SQL file: the query and the database it was written for. */
export interface GoldQuery {
  readonly sql: string;
  readonly database: string;
}

/** The rough shape of a SQL query, for parse-rate figures per shape (not used for training). */
export type SqlShape = 'set operation' | 'nested' | 'grouped' | 'aggregate' | 'ordered' | 'plain';

/** Of one shape of SQL: queries seen, read as a query graph, and of those kept (the writer can say it). */
export interface ShapeRate {
  seen: number;
  read: number;
  kept: number;
}

/** Gold queries read into graphs the writer can say, and how many of each shape were read. */
export interface GoldShapes {
  readonly graphs: readonly QueryGraph[];
  readonly rate: Readonly<Record<SqlShape, ShapeRate>>;
}

/** The lines of a gold SQL file ("SQL<TAB>db_id"); blank or malformed lines are left out. */
export function parseGoldFile(text: string): GoldQuery[] {
  return text.split('\n').flatMap((line) => {
    const tab = line.lastIndexOf('\t');
    if (tab <= 0) return [];
    const sql = line.slice(0, tab).trim();
    const database = line.slice(tab + 1).trim();
    return sql && database ? [{ sql, database }] : [];
  });
}

/** The shape of a SQL text by its keywords (the order says which wins: a set operation of groups is a set operation). */
export function sqlShape(sql: string): SqlShape {
  const s = sql.toUpperCase().replace(/'[^']*'|"[^"]*"/g, "''");
  if (/\b(INTERSECT|UNION|EXCEPT)\b/.test(s)) return 'set operation';
  if (/\(\s*SELECT\b/.test(s)) return 'nested';
  if (/\bGROUP\s+BY\b/.test(s)) return 'grouped';
  if (/\b(COUNT|SUM|AVG|MIN|MAX)\s*\(/.test(s)) return 'aggregate';
  if (/\bORDER\s+BY\b/.test(s)) return 'ordered';
  return 'plain';
}

/**
 * Whether the English writer says every part of the graph: no construct it has no words for, one
 * ordering, one aggregate, no plain attribute beside an ungrouped aggregate, and a grouped graph
 * showing only its keys besides the aggregate (the writer names the key, not other columns).
 */
export function writable(graph: QueryGraph): boolean {
  const aggregates = graph.select.filter((m) => m.aggregate !== null);
  const plain = graph.select.filter((m) => m.aggregate === null);
  const grouped = graph.groupBy.length > 0;
  const keys = new Set(graph.groupBy.map((r) => `${r.classId}.${r.attributeId}`));
  return (
    graph.orderBy.length <= 1 &&
    aggregates.length <= 1 &&
    (grouped ? plain.every((m) => keys.has(`${m.target.classId}.${m.target.attributeId}`)) : aggregates.length === 0 || plain.length === 0) &&
    (graph.patterns ?? []).length === 0 &&
    (graph.compare ?? []).length === 0 &&
    (graph.computed ?? []).length === 0 &&
    (graph.extremes ?? []).length === 0 &&
    (graph.offset ?? 0) === 0 &&
    (graph.follows ?? []).length === 0 &&
    graph.select.length > 0
  );
}

/** One database's gold queries as the graphs of their shapes (those the reader refuses are counted and skipped). */
export function readGoldShapes(queries: readonly GoldQuery[], schema: SchemaGraph): GoldShapes {
  const rate = Object.fromEntries((['set operation', 'nested', 'grouped', 'aggregate', 'ordered', 'plain'] as const).map((s) => [s, { seen: 0, read: 0, kept: 0 }])) as Record<SqlShape, ShapeRate>;
  const graphs: QueryGraph[] = [];
  for (const query of queries) {
    const shape = rate[sqlShape(query.sql)];
    shape.seen += 1;
    let graph: QueryGraph;
    try {
      graph = queryToGraph(query.sql, 'sql', schema);
    } catch {
      continue;
    }
    shape.read += 1;
    graph = groupedByName(graph, schema);
    if (!writable(graph)) continue;
    shape.kept += 1;
    graphs.push(graph);
  }
  return { graphs, rate };
}

/**
 * "SELECT name, count(*) … GROUP BY id": grouped by a class's key while showing its name. The
 * writer names the key it groups by, so the graph groups by the name instead, as the generator's
 * own groups do (generator.ts `groupByLabel`); the rows are the same unless two share a name.
 */
function groupedByName(graph: QueryGraph, schema: SchemaGraph): QueryGraph {
  if (graph.groupBy.length === 0) return graph;
  const shown = new Set(graph.select.filter((m) => m.aggregate === null).map((m) => `${m.target.classId}.${m.target.attributeId}`));
  const groupBy = graph.groupBy.map((r) => {
    const attribute = schema.classes.find((c) => c.id === r.classId)?.attributes.find((a) => a.id === r.attributeId);
    const label = labelAttribute(schema, r.classId);
    return attribute?.primaryKey && label && shown.has(`${r.classId}.${label.id}`) ? { classId: r.classId, attributeId: label.id } : r;
  });
  const unique = groupBy.filter((r, i) => groupBy.findIndex((q) => q.classId === r.classId && q.attributeId === r.attributeId) === i);
  return queryGraph({ ...graph, groupBy: unique });
}

/** Adds one rate table to another (a whole folder's figures from its databases'). */
export function addRates(into: Record<SqlShape, ShapeRate>, rate: GoldShapes['rate']): void {
  for (const [shape, r] of Object.entries(rate) as [SqlShape, ShapeRate][]) {
    const total = (into[shape] ??= { seen: 0, read: 0, kept: 0 });
    total.seen += r.seen;
    total.read += r.read;
    total.kept += r.kept;
  }
}

/** Draws a value for an attribute under an operator from the database's data (QuestionGenerator.value). */
export type ValueDraw = (attribute: SchemaAttribute, operator: Operator, random: Random) => QueryValue;

/**
 * Gold shapes with fresh values: each `next()` picks one of the database's gold graphs and draws
 * every condition value again from the data (a `between` in order, an `in` list without repeats),
 * so the model learns the shape, not the one value the gold query happened to use. Limits and
 * having thresholds are kept: they are part of what was asked ("the top 3", "more than 2").
 */
export class GoldShapeGenerator {
  constructor(
    private readonly schema: SchemaGraph,
    private readonly random: Random,
    private readonly value: ValueDraw,
    private readonly graphs: readonly QueryGraph[],
  ) {}

  get usable(): boolean {
    return this.graphs.length > 0;
  }

  /** A gold shape with values drawn again, or null when a condition's attribute has no value to draw. */
  next(): QueryGraph | null {
    const gold = this.random.pick(this.graphs);
    const where: Constraint[] = [];
    for (const c of gold.where) {
      if (c.values.length === 0 || c.values.every((v) => v.kind === 'boolean')) {
        where.push(c);
        continue;
      }
      const attribute = this.schema.classes.find((k) => k.id === c.target.classId)?.attributes.find((a) => a.id === c.target.attributeId);
      if (!attribute) return null;
      const values = this.draw(attribute, c.operator, c.values.length);
      if (!values) return null;
      where.push({ ...c, values });
    }
    return queryGraph({ classes: gold.classes, select: gold.select, where, follows: gold.follows, groupBy: gold.groupBy, having: gold.having, orderBy: gold.orderBy, limit: gold.limit, distinct: gold.distinct });
  }

  /** `count` values for one condition: distinct for a list, in order for a range. */
  private draw(attribute: SchemaAttribute, operator: Operator, count: number): QueryValue[] | null {
    const values: QueryValue[] = [];
    const seen = new Set<string>();
    for (let tries = 0; values.length < count && tries < count * 8; tries += 1) {
      const v = this.value(attribute, operator, this.random);
      const k = JSON.stringify(v);
      if (seen.has(k)) continue;
      seen.add(k);
      values.push(v);
    }
    if (values.length < count) return null;
    if (operator === 'between') values.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
    return values;
  }
}

function order(v: QueryValue): number | string {
  return v.kind === 'number' ? v.value : v.kind === 'string' || v.kind === 'date' ? v.value : 0;
}
