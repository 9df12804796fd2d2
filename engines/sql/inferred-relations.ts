/**
 * Relations a database does not declare, inferred from its names and its data. Many real databases
 * (CSV imports, analytics extracts, KaggleDBQA's) declare no primary or foreign keys, so a schema
 * graph built from declared keys alone cannot join tables that plainly belong together:
 * `FINREV_FED_17(state_code, …)` and `FINREV_FED_KEY_17(State_Code, State)`.
 *
 * A column `A.a` is taken to refer to `B.b` when
 * - the names say so: `a` and `b` are the same name up to case and underscores (`state_code`,
 *   `State_Code`), or `a` is B's name (singular) with or without an id/code/key/no suffix and `b`
 *   is B's one-column primary key (`flights.airline` -> `airlines.uid`, `dept_id` -> `Department.id`);
 * - `b` is unique in B: B's declared one-column primary key, or (read from the data, on at most
 *   UNIQUE_SAMPLE rows) non-null and distinct;
 * - the data agree: at least MIN_CONTAINED of (up to VALUE_SAMPLE) distinct non-null values of `a`
 *   are values of `b`, and `a` holds at least two distinct values (one value is contained anywhere);
 * - the types can hold the same values (text with text, numbers with numbers, dates with dates).
 * Never inferred: a pair already related by a declared key (either way); names too generic to mean
 * a reference by themselves (`id`, `name`, `year`, …: two tables numbered 1..n would match by
 * containment alone); a column both sides' own declared key (two tables keyed the same way are
 * not thereby related); a column whose candidates leave no single clear target (several tables
 * hold a unique `code` containing its values: none is chosen). A column unique on both sides is a
 * one-to-one, directed from the side whose values the other contains; equal sets go from the
 * table without a declared key, else from the later name in code-point order.
 *
 * The relations are added as ordinary relations marked `inferred: true`, with ids written like
 * declared ones (`A(a)->B(b)`). Every probe is a read-only statement through the source's executor
 * (its time limit, its read-only connection); identifiers come from the catalog, quoted, and the
 * only other parts are constants. The whole step has a time budget; a probe cut at its time limit or
 * the budget running out leaves the step incomplete, and then nothing is inferred (all or nothing:
 * a schema that depended on how busy the database was would change a model's fingerprint from one
 * start to the next) and the source's status says so. Cost grows with the candidates, not the
 * catalog: names are matched through a hash map, uniqueness is read in one probe per table that
 * some candidate ends at, containment only for unique targets (at most MAX_CONTAINMENT_PROBES, the
 * first in table and column order), and a catalog with no matching names probes nothing.
 */
import type { RelationInference } from '../../types.js';
import { QueryTimeoutError } from '../../errors.js';
import type { SqlExecutor } from './execute/executor.js';
import { quoteIdentifier } from './dialect.js';
import type { SqlProvider } from './prisma-client.js';
import { relationHumanName } from '../schema-graph/names.js';
import type { AttributeType, SchemaAttribute, SchemaClass, SchemaGraph, SchemaRelation } from '../schema-graph/types.js';

/*
 * When to infer relations (the SQL source option `inferRelations`, type RelationInference):
 * - `auto` (default): every kind above for a database that declares no foreign key at all (it has
 *   said nothing, and names and data are all there is to go on). Where keys are declared, a gap
 *   may be on purpose, so only the plainest reference fills it: a column named after a table
 *   (`flights.Airline`, `dept_id`) whose values are that table's declared one-column key. Two
 *   same-named columns are not enough there (`country` in two tables is a shared word, not a key).
 * - `always`: every kind also in a database that declares some keys (Spider's databases miss a few).
 * - `never`: declared keys only.
 */
export type { RelationInference };

/** Distinct values of a referring column read to test containment. */
const VALUE_SAMPLE = 1000;
/** Rows of a referred column read to test that it is unique. */
const UNIQUE_SAMPLE = 100_000;
/** The share of a referring column's values the referred column must hold. */
const MIN_CONTAINED = 0.95;
/** Each probe's own time limit. */
const PROBE_TIMEOUT_MS = 3_000;
/**
 * The whole step's time budget, starting the executor included (a SQLite worker thread takes a
 * moment to start on a busy machine, and a probe cut at its limit costs another start).
 */
const BUDGET_MS = 30_000;
/** At most this many containment probes (a catalog with a thousand unique `code` columns…). */
const MAX_CONTAINMENT_PROBES = 400;

/**
 * Names that by themselves say nothing about what they refer to: the same word in two tables is
 * the rule, not a reference. Compared after normalising (lower case, no underscores).
 */
const GENERIC_NAMES = new Set([
  'id', 'key', 'code', 'no', 'num', 'number', 'name', 'title', 'type', 'kind', 'category', 'description', 'details', 'detail',
  'note', 'notes', 'comment', 'comments', 'status', 'value', 'amount', 'count', 'total', 'price', 'cost', 'rank', 'rating',
  'score', 'year', 'month', 'day', 'date', 'time', 'age', 'sex', 'gender', 'level', 'grade', 'size', 'weight', 'height',
  'length', 'version', 'order', 'position', 'other', 'info', 'text', 'flag',
]);

/** Suffixes of a column named after the table it refers to (`dept_id`, `airlineid`, `state_code`). */
const REFERENCE_SUFFIXES = ['', 'id', 'code', 'key', 'no'];

export interface InferenceOptions {
  readonly mode?: RelationInference;
  /** The step's time budget in milliseconds (default 30 s). */
  readonly budgetMs?: number;
}

export interface InferenceOutcome {
  /** The schema with inferred relations added (the same object when none is inferred or the mode says not to). */
  readonly schema: SchemaGraph;
  /** Set when the probes did not finish within their time limits, so nothing was inferred. */
  readonly stopped?: string;
}

export async function withInferredRelations(executor: SqlExecutor, provider: SqlProvider, schema: SchemaGraph, options: InferenceOptions = {}): Promise<InferenceOutcome> {
  const mode = options.mode ?? 'auto';
  if (mode === 'never') return { schema };
  const budgetMs = options.budgetMs ?? BUDGET_MS;
  const prober = new Prober(executor, provider, budgetMs);
  const plainestOnly = mode === 'auto' && schema.relations.length > 0;
  const found = await inferRelations(prober, schema, plainestOnly);
  if (prober.incomplete) return { schema, stopped: `relation inference did not finish within its time limits (${budgetMs / 1000} s in all, ${PROBE_TIMEOUT_MS / 1000} s a probe): none inferred` };
  if (found.length === 0) return { schema };
  return { schema: Object.freeze({ ...schema, relations: Object.freeze([...schema.relations, ...found.map((relation) => Object.freeze(relation))]) }) };
}

/** One candidate reference `from.column -> to.column`, from names alone. */
interface Candidate {
  readonly from: SchemaAttribute;
  readonly to: SchemaAttribute;
  /** The target is the declared one-column key of its class. */
  readonly declaredKey: boolean;
  /** The column is named after the target's class (`airline`, `dept_id`), not the same name as the target column. */
  readonly namedAfterClass: boolean;
}

/** `plainestOnly`: only columns named after a class, to its declared key (the `auto` mode beside declared keys). */
async function inferRelations(prober: Prober, schema: SchemaGraph, plainestOnly: boolean): Promise<SchemaRelation[]> {
  const byClass = new Map(schema.classes.map((c) => [c.id, c]));
  const declared = new Set(schema.relations.flatMap((r) => (r.fromColumns.length === 1 && r.toColumns.length === 1 ? [pairKey(r.from, r.fromColumns[0]!, r.to, r.toColumns[0]!), pairKey(r.to, r.toColumns[0]!, r.from, r.fromColumns[0]!)] : [])));
  const referring = new Set(schema.relations.flatMap((r) => (r.through ? [] : r.fromColumns.map((c) => columnKey(r.from, c)))));
  const candidates = candidatesOf(schema)
    .filter((c) => !declared.has(pairKey(c.from.classId, c.from.id, c.to.classId, c.to.id)) && !referring.has(columnKey(c.from.classId, c.from.id)))
    .filter((c) => !plainestOnly || (c.namedAfterClass && c.declaredKey));
  if (candidates.length === 0 || !(await prober.ready())) return [];
  // Which target columns are unique: one probe per table, for all of its columns some candidate ends at.
  const unique = new Set(candidates.filter((c) => c.declaredKey).map((c) => columnKey(c.to.classId, c.to.id)));
  const toRead = new Map<string, Set<string>>();
  for (const c of candidates) if (!c.declaredKey) toRead.set(c.to.classId, (toRead.get(c.to.classId) ?? new Set()).add(c.to.id));
  for (const [classId, columns] of toRead) {
    if (prober.spent()) break;
    for (const column of await prober.uniqueColumns(byClass.get(classId)!, [...columns])) unique.add(columnKey(classId, column));
  }
  // Per referring column, the targets the data agree with.
  const agreed = new Map<string, Candidate[]>();
  const probed = candidates.filter((c) => unique.has(columnKey(c.to.classId, c.to.id))).slice(0, MAX_CONTAINMENT_PROBES);
  for (const candidate of probed) {
    if (prober.spent()) break;
    const share = await prober.contained(candidate.from, candidate.to);
    if (share === null || share < MIN_CONTAINED) continue;
    const key = columnKey(candidate.from.classId, candidate.from.id);
    agreed.set(key, [...(agreed.get(key) ?? []), candidate]);
  }
  const clear: Candidate[] = [];
  for (const options of agreed.values()) {
    const target = clearTarget(options);
    if (target) clear.push(target);
  }
  const chosen = onePerPair(clear);
  const relations: SchemaRelation[] = [];
  const taken = new Set(schema.relations.map((r) => r.id));
  for (const candidate of chosen) {
    const reverse = chosen.find((other) => other.from === candidate.to && other.to === candidate.from);
    // A one-to-one found both ways is one relation.
    if (reverse && !firstOfOneToOne(candidate, reverse, byClass)) continue;
    const id = `${candidate.from.classId}(${candidate.from.id})->${candidate.to.classId}(${candidate.to.id})`;
    if (taken.has(id)) continue;
    taken.add(id);
    relations.push({
      id,
      from: candidate.from.classId,
      to: candidate.to.classId,
      fromColumns: Object.freeze([candidate.from.id]),
      toColumns: Object.freeze([candidate.to.id]),
      name: Object.freeze(relationHumanName([candidate.from.id], candidate.to.classId)),
      inferred: true,
    });
  }
  return relations.sort((a, b) => byCodePoint(a.from, b.from) || byCodePoint(a.fromColumns[0]!, b.fromColumns[0]!) || byCodePoint(a.to, b.to));
}

/** Candidate pairs from names and types alone, in a deterministic order. */
function candidatesOf(schema: SchemaGraph): Candidate[] {
  const byName = new Map<string, SchemaAttribute[]>();
  for (const c of schema.classes) for (const a of c.attributes) byName.set(normalise(a.id), [...(byName.get(normalise(a.id)) ?? []), a]);
  const keyOf = (c: SchemaClass): SchemaAttribute | undefined => (c.primaryKey.length === 1 ? c.attributes.find((a) => a.id === c.primaryKey[0]) : undefined);
  const classById = new Map(schema.classes.map((c) => [c.id, c]));
  // The names a column referring to a class by its name may have: `airline`, `airline_id`, `airlinecode`.
  const referenceNames = new Map<string, SchemaClass[]>();
  for (const c of schema.classes) {
    if (!keyOf(c)) continue;
    for (const base of new Set([normalise(c.id), normalise(c.name.singular)])) {
      if (base === '' || GENERIC_NAMES.has(base)) continue;
      for (const suffix of REFERENCE_SUFFIXES) referenceNames.set(base + suffix, [...(referenceNames.get(base + suffix) ?? []), c]);
    }
  }
  const out = new Map<string, Candidate>();
  const add = (from: SchemaAttribute, to: SchemaAttribute, namedAfterClass: boolean) => {
    if (from.classId === to.classId || !compatible(from.type, to.type)) return;
    const target = classById.get(to.classId)!;
    const source = classById.get(from.classId)!;
    const declaredKey = keyOf(target)?.id === to.id;
    // Two tables keyed by the same name are not thereby related (both numbered 1..n).
    if (declaredKey && keyOf(source)?.id === from.id && normalise(from.id) === normalise(to.id) && source.primaryKey.length === 1) return;
    const key = pairKey(from.classId, from.id, to.classId, to.id);
    const seen = out.get(key);
    out.set(key, { from, to, declaredKey, namedAfterClass: namedAfterClass || (seen?.namedAfterClass ?? false) });
  };
  for (const c of schema.classes) {
    for (const a of c.attributes) {
      const name = normalise(a.id);
      if (!GENERIC_NAMES.has(name)) for (const b of byName.get(name) ?? []) add(a, b, false);
      for (const target of referenceNames.get(name) ?? []) add(a, keyOf(target)!, true);
    }
  }
  return [...out.values()];
}

/**
 * The one target a column refers to among those its data agree with: the only one, or the only one
 * that is a declared key; null when it stays ambiguous.
 */
function clearTarget(options: readonly Candidate[]): Candidate | null {
  if (options.length === 1) return options[0]!;
  const keys = options.filter((o) => o.declaredKey);
  return keys.length === 1 ? keys[0]! : null;
}

/**
 * At most one inferred relation between two tables. Several column pairs between the same two
 * tables (either way) are copies of one table (`stations_2019`, `stations_2020`: every unique
 * column matches) rather than references, unless one of them and only one ends at a declared key;
 * a one-to-one found both ways on the same columns stays one pair for firstOfOneToOne.
 */
function onePerPair(candidates: readonly Candidate[]): Candidate[] {
  const pairs = new Map<string, Candidate[]>();
  for (const c of candidates) {
    const key = [c.from.classId, c.to.classId].sort(byCodePoint).join('\u0000');
    pairs.set(key, [...(pairs.get(key) ?? []), c]);
  }
  const out: Candidate[] = [];
  for (const group of pairs.values()) {
    const columns = new Set(group.map((c) => [columnKey(c.from.classId, c.from.id), columnKey(c.to.classId, c.to.id)].sort(byCodePoint).join('\u0001')));
    if (columns.size === 1) {
      out.push(...group);
      continue;
    }
    const keys = group.filter((c) => c.declaredKey);
    if (keys.length === 1) out.push(keys[0]!);
  }
  return out;
}

/** Of a one-to-one found both ways, whether `a` is the direction to keep. */
function firstOfOneToOne(a: Candidate, b: Candidate, classes: ReadonlyMap<string, SchemaClass>): boolean {
  // From the table without a declared key to the one with it, else from the later name.
  const keyed = (c: Candidate) => (classes.get(c.to.classId)?.primaryKey.length ?? 0) > 0;
  if (keyed(a) !== keyed(b)) return keyed(a);
  return byCodePoint(a.from.classId, b.from.classId) > 0;
}

type Family = 'text' | 'number' | 'date' | 'any' | 'none';

function familyOf(type: AttributeType): Family {
  switch (type) {
    case 'text':
      return 'text';
    case 'integer':
    case 'decimal':
    case 'float':
      return 'number';
    case 'date':
    case 'datetime':
      return 'date';
    case 'other':
      return 'any';
    case 'boolean':
    case 'binary':
      return 'none';
  }
}

/** Whether two columns can hold the same values (the data decide the rest). */
function compatible(a: AttributeType, b: AttributeType): boolean {
  const fa = familyOf(a);
  const fb = familyOf(b);
  if (fa === 'none' || fb === 'none') return false;
  return fa === fb || fa === 'any' || fb === 'any';
}

/** Read-only probes of the data, each under its own time limit and all under one budget; a failed probe is no evidence. */
class Prober {
  private readonly deadline: number;

  constructor(
    private readonly executor: SqlExecutor,
    private readonly provider: SqlProvider,
    budgetMs: number,
  ) {
    this.deadline = Date.now() + budgetMs;
  }

  /** A probe ran out of time or the budget did: what was read is not the whole evidence. */
  incomplete = false;

  /** Starts the executor (a SQLite worker) before the first timed probe; false when it does not answer. */
  async ready(): Promise<boolean> {
    const left = this.deadline - Date.now();
    try {
      await this.executor.run({ text: 'SELECT 1 AS one', parameters: [], columns: [], limit: 1 }, Math.max(1, left));
      return true;
    } catch {
      this.incomplete = true;
      return false;
    }
  }

  spent(): boolean {
    if (Date.now() < this.deadline) return false;
    this.incomplete = true;
    return true;
  }

  /** Those of `columns` that are non-null and distinct over the table's first UNIQUE_SAMPLE rows, read in one probe. */
  async uniqueColumns(table: SchemaClass, columns: readonly string[]): Promise<string[]> {
    const counts = columns.flatMap((column, i) => [`COUNT(${this.q(column)}) AS m${i}`, `COUNT(DISTINCT ${this.q(column)}) AS d${i}`]);
    const rows = await this.read(`SELECT COUNT(*) AS n, ${counts.join(', ')} FROM (SELECT ${columns.map((c) => this.q(c)).join(', ')} FROM ${this.q(table.id)} LIMIT ${UNIQUE_SAMPLE}) s`);
    const row = rows?.[0];
    const n = Number(row?.n ?? 0);
    if (!row || n === 0) return [];
    return columns.filter((_, i) => Number(row[`m${i}`]) === n && Number(row[`d${i}`]) === n);
  }

  /** The share of (a sample of) `from`'s distinct non-null values that `to` holds; null when `from` has fewer than two. */
  async contained(from: SchemaAttribute, to: SchemaAttribute): Promise<number | null> {
    const f = this.q(from.id);
    const t = this.q(to.id);
    const rows = await this.read(
      `SELECT COUNT(*) AS n, SUM(CASE WHEN EXISTS (SELECT 1 FROM ${this.q(to.classId)} r WHERE r.${t} = s.v) THEN 1 ELSE 0 END) AS k ` +
        `FROM (SELECT DISTINCT ${f} AS v FROM ${this.q(from.classId)} WHERE ${f} IS NOT NULL LIMIT ${VALUE_SAMPLE}) s`,
    );
    const row = rows?.[0];
    const n = Number(row?.n ?? 0);
    if (n < 2) return null;
    return Number(row?.k ?? 0) / n;
  }

  private async read(text: string): Promise<readonly Record<string, unknown>[] | null> {
    const left = this.deadline - Date.now();
    if (left <= 0) {
      this.incomplete = true;
      return null;
    }
    try {
      return await this.executor.run({ text, parameters: [], columns: [], limit: 1 }, Math.min(PROBE_TIMEOUT_MS, left));
    } catch (error) {
      // A statement the database refuses (types it will not compare) is no evidence, every time;
      // one cut at its time limit might have been evidence.
      if (error instanceof QueryTimeoutError) this.incomplete = true;
      return null;
    }
  }

  private q(name: string): string {
    return quoteIdentifier(this.provider, name);
  }
}

/** Lower case, without underscores, spaces, hyphens and dots: `State_Code` and `statecode` alike. */
function normalise(name: string): string {
  return name.toLowerCase().replace(/[\s_\-.#]/g, '');
}

function columnKey(table: string, column: string): string {
  return `${table}\u0000${column}`;
}

function pairKey(fromTable: string, fromColumn: string, toTable: string, toColumn: string): string {
  return `${fromTable}\u0000${fromColumn}\u0001${toTable}\u0000${toColumn}`;
}

function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
