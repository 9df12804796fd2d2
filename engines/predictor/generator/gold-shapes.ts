/**
 * Training questions of the query shapes people actually ask. The random walks give the model the
 * generator's prior over shapes (chains, rankings, walks), not people's: readings with a spurious
 * GROUP BY + COUNT, null tests nobody asked, one attribute where two were asked. Gold SQL that
 * people wrote for a training database (Spider's train_gold.sql, "SQL<TAB>db_id", no questions)
 * shows which shapes they ask and how often. Each query is read into a query graph with the
 * project's own reader (from-query); the generator keeps its SHAPE (classes, shown attributes and
 * aggregates, grouping, order, limit, conditions' attributes and operators), draws its values again
 * from the database's data and writes it in its English and registers like every other example.
 * The writer says plain, aggregated and grouped graphs, and none / some patterns of conditions and
 * joined classes (NOT IN, EXCEPT, IN, INTERSECT, UNION read by from-query); a graph with the other
 * newer constructs (column comparisons, arithmetic, per-group extremes, offsets, follows) has
 * phrasings of its own (constructs.ts) and is not a gold shape here. With a check (the database at
 * hand), a reading is kept only when it gives the rows its SQL gives.
 */
import { queryGraph } from '../../query-graph/build.js';
import { queryToGraph } from '../../query-graph/from-query/index.js';
import type { Random } from '../../query-graph/random-walk.js';
import type { Constraint, Operator, QueryGraph, QueryValue } from '../../query-graph/types.js';
import type { SchemaAttribute, SchemaGraph } from '../../schema-graph/types.js';
import { labelAttribute } from '../../schema-graph/labels.js';

/** One line of a gold SQL file: the query and the database it was written for. */
export interface GoldQuery {
  readonly sql: string;
  readonly database: string;
}

/** The rough shape of a SQL query, for parse-rate figures per shape (not used for training). */
export type SqlShape = 'set operation' | 'nested' | 'grouped' | 'aggregate' | 'ordered' | 'plain';

/**
 * Of one shape of SQL: queries seen, read as a query graph, of those read how many gave other rows
 * than the gold SQL when both ran on the database (dropped), and kept (same rows, and the writer can say it).
 */
export interface ShapeRate {
  seen: number;
  read: number;
  differ: number;
  kept: number;
}

/**
 * Whether a reading means its SQL: both run on the database, the same rows (in any order). A
 * reading that gives other rows, or fails where the SQL runs, is dropped.
 */
export type ReadingCheck = (sql: string, graph: QueryGraph) => Promise<boolean>;

/** A database that runs a SQL text and a query graph to their rows (SqlQueryEngine). */
export interface RowSource {
  rowsOfText(sql: string, timeoutMs: number): Promise<readonly Readonly<Record<string, unknown>>[]>;
  rowsOfGraph(graph: QueryGraph, limits: { readonly limit: number; readonly timeoutMs: number }): Promise<readonly Readonly<Record<string, unknown>>[]>;
}

/** Most rows a reading is run to when compared with its SQL. */
const CHECK_ROWS = 100_000;

/**
 * The check of readings on one database: the same rows; or, when the reading has a limit after
 * an order (the top 3), as many rows, each among the reading's rows without the limit, since rows
 * tied on the order may be cut either way. A failure of either (time limit, error) is no match.
 */
export function readingCheck(db: RowSource, schema: SchemaGraph, timeoutMs = 5000): ReadingCheck {
  const names = new Set(schema.classes.flatMap((c) => [c.id, ...c.attributes.map((a) => a.id)]).map((n) => n.toLowerCase()));
  return async (sql, graph) => {
    try {
      const [gold, read] = await Promise.all([db.rowsOfText(singleQuotedStrings(sql, names), timeoutMs), db.rowsOfGraph(graph, { limit: CHECK_ROWS, timeoutMs })]);
      if (sameRows(gold, read)) return true;
      if (graph.limit === null || graph.orderBy.length === 0 || gold.length !== read.length) return false;
      const all = new Set(rowKeys(await db.rowsOfGraph(queryGraph({ ...graph, limit: null }), { limit: CHECK_ROWS, timeoutMs })));
      return rowKeys(gold).every((k) => all.has(k));
    } catch {
      return false;
    }
  };
}

/**
 * Double-quoted words that name no table or column written as the strings they are ("Soy"):
 * SQLite once read them so and people's SQL relies on it (the reader does the same), but a build
 * without double-quoted strings refuses them.
 */
export function singleQuotedStrings(sql: string, names: ReadonlySet<string>): string {
  return sql.replace(/'(?:[^']|'')*'|"([^"]*)"/g, (match, quoted: string | undefined) => (quoted === undefined || names.has(quoted.toLowerCase()) ? match : `'${quoted.replace(/'/g, "''")}'`));
}

/** Rows as a multiset of value lists, numbers to 6 decimals (what `sameRows` compares). */
function rowKeys(rows: readonly Readonly<Record<string, unknown>>[]): string[] {
  const value = (v: unknown): unknown => (typeof v === 'bigint' ? Number(v) : typeof v === 'number' ? Math.round(v * 1e6) / 1e6 : v instanceof Date ? v.toISOString() : v instanceof Uint8Array ? 'binary' : v);
  return rows.map((row) => JSON.stringify(Object.values(row).map(value))).sort();
}

/** The same rows, in any order, by their values in column order (names are not compared). */
export function sameRows(a: readonly Readonly<Record<string, unknown>>[], b: readonly Readonly<Record<string, unknown>>[]): boolean {
  if (a.length !== b.length) return false;
  const [x, y] = [rowKeys(a), rowKeys(b)];
  return x.every((k, i) => k === y[i]);
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
    // none / some patterns of conditions and joined classes (NOT IN, EXCEPT, IN, INTERSECT, UNION): english.ts patternPhrases.
    (graph.patterns ?? []).every((p) => p.branches.every((b) => b.follows.length === 0 && b.compare.length === 0)) &&
    (graph.compare ?? []).length === 0 &&
    (graph.aggregateCompare ?? []).length === 0 &&
    (graph.computed ?? []).length === 0 &&
    (graph.extremes ?? []).length === 0 &&
    (graph.offset ?? 0) === 0 &&
    (graph.follows ?? []).length === 0 &&
    graph.select.length > 0
  );
}

/**
 * One database's gold queries as the graphs of their shapes: those the reader refuses are counted
 * and skipped, and with `check` (the database at hand) so is a reading that gives other rows.
 */
export async function readGoldShapes(queries: readonly GoldQuery[], schema: SchemaGraph, check?: ReadingCheck): Promise<GoldShapes> {
  const rate = Object.fromEntries((['set operation', 'nested', 'grouped', 'aggregate', 'ordered', 'plain'] as const).map((s) => [s, { seen: 0, read: 0, differ: 0, kept: 0 }])) as Record<SqlShape, ShapeRate>;
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
    if (check && !(await check(query.sql, graph))) {
      shape.differ += 1;
      continue;
    }
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
    const total = (into[shape] ??= { seen: 0, read: 0, differ: 0, kept: 0 });
    total.seen += r.seen;
    total.read += r.read;
    total.differ += r.differ;
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
    const where = this.redrawn(gold.where);
    if (!where) return null;
    const patterns = [];
    for (const p of gold.patterns ?? []) {
      const branches = [];
      for (const b of p.branches) {
        const inner = this.redrawn(b.where);
        if (!inner) return null;
        branches.push({ ...b, where: inner });
      }
      patterns.push({ ...p, branches });
    }
    return queryGraph({ classes: gold.classes, select: gold.select, where, follows: gold.follows, groupBy: gold.groupBy, having: gold.having, orderBy: gold.orderBy, limit: gold.limit, distinct: gold.distinct, ...(patterns.length > 0 ? { patterns } : {}) });
  }

  /** Conditions with their values drawn again, or null when one has no value to draw. */
  private redrawn(conditions: readonly Constraint[]): Constraint[] | null {
    const where: Constraint[] = [];
    for (const c of conditions) {
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
    return where;
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
