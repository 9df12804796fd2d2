/**
 * Relations stored as rows. A table with two foreign keys to the same class is a relation table:
 * royals' `relations(relation, head_id, tail_id)` relates people to people, one relation per value
 * of its `relation` column ("father", "husband", ...); `marriages(husband_id, wife_id)` is one
 * relation by itself. Found from the schema and a bounded look at the discriminator's values, and
 * added to the schema graph as relations that query-graph follows can name, so a chain such as
 * "the father of Victoria's husband" runs on SQL exactly as on a property graph.
 */
import { quoteIdentifier } from './dialect.js';
import type { SqlClient, SqlProvider } from './prisma-client.js';
import { classHumanName } from '../schema-graph/names.js';
import type { SchemaClass, SchemaGraph, SchemaRelation } from '../schema-graph/types.js';

/** More distinct values than this and a column is data, not a list of relation names. */
const MAX_RELATION_NAMES = 64;

/**
 * Rows per distinct value a discriminator has at least: relation names repeat ("father" on every
 * father's row). A column whose values are as many as its rows (`Students.first_name` beside two
 * address keys) names things, not relations.
 */
const MIN_ROWS_PER_RELATION_NAME = 2;

/**
 * A relation's name is a word or a few ("father", "step mother", "in-law"): flags ('Y', '0'), codes
 * ('PG-13', 'A+') and dates are data.
 */
const RELATION_NAME = /^\p{L}{2,}(?:[ _'-]\p{L}+)*$/u;

export async function withRelationTables(client: SqlClient, provider: SqlProvider, schema: SchemaGraph): Promise<SchemaGraph> {
  const added: SchemaRelation[] = [];
  const taken = new Set(schema.relations.map((r) => r.id));
  for (const table of schema.classes) {
    const pair = sameTargetPair(schema, table);
    if (!pair) continue;
    const [head, tail] = pair;
    const base = {
      from: head.to,
      to: tail.to,
      fromColumns: head.toColumns,
      toColumns: tail.toColumns,
    };
    const discriminator = await findDiscriminator(client, provider, table, [...head.fromColumns, ...tail.fromColumns]);
    if (!discriminator) {
      const id = taken.has(table.id) ? `${table.id}.relation` : table.id;
      taken.add(id);
      added.push({ ...base, id, name: table.name, through: { classId: table.id, fromColumns: head.fromColumns, toColumns: tail.fromColumns } });
      continue;
    }
    for (const value of discriminator.values) {
      const id = taken.has(value) ? `${table.id}.${value}` : value;
      taken.add(id);
      added.push({
        ...base,
        id,
        name: classHumanName(value),
        through: { classId: table.id, fromColumns: head.fromColumns, toColumns: tail.fromColumns, discriminator: { column: discriminator.column, value } },
      });
    }
  }
  return added.length === 0 ? schema : Object.freeze({ ...schema, relations: Object.freeze([...schema.relations, ...added]) });
}

/**
 * The first two foreign keys of `table` that point at the same class from different columns, in
 * column order. (Catalogs repeat a declared key: `Dogs.owner_id` twice is one relation, not two.)
 */
function sameTargetPair(schema: SchemaGraph, table: SchemaClass): [SchemaRelation, SchemaRelation] | null {
  const outgoing = schema.relations.filter((r) => r.from === table.id && r.to !== table.id && r.through === undefined);
  const position = (r: SchemaRelation) => table.attributes.findIndex((a) => a.id === r.fromColumns[0]);
  const sameColumns = (a: SchemaRelation, b: SchemaRelation) => a.fromColumns.join('\u0000') === b.fromColumns.join('\u0000');
  for (const first of outgoing) {
    const second = outgoing.find((r) => r !== first && r.to === first.to && !sameColumns(r, first));
    if (second) return position(first) <= position(second) ? [first, second] : [second, first];
  }
  return null;
}

/** A text column outside the keys whose few distinct values, each on several rows, name the relations. */
async function findDiscriminator(
  client: SqlClient,
  provider: SqlProvider,
  table: SchemaClass,
  keyColumns: readonly string[],
): Promise<{ column: string; values: string[] } | null> {
  const candidates = table.attributes.filter((a) => a.type === 'text' && !keyColumns.includes(a.id) && !a.primaryKey);
  for (const column of candidates) {
    const q = (name: string) => quoteIdentifier(provider, name);
    // Identifiers come from the catalog; the limit is a constant.
    const rows = await client.$queryRawUnsafe<{ v: string | null }[]>(
      `SELECT DISTINCT ${q(column.id)} AS v FROM ${q(table.id)} WHERE ${q(column.id)} IS NOT NULL ORDER BY 1 LIMIT ${MAX_RELATION_NAMES + 1}`,
    );
    const values = rows.map((row) => row.v).filter((v): v is string => typeof v === 'string' && v.trim() !== '');
    if (values.length === 0 || values.length > MAX_RELATION_NAMES || !values.every((v) => RELATION_NAME.test(v.trim()))) continue;
    // Enough rows for every name to repeat, counted no further than that (the limit is a constant).
    const wanted = values.length * MIN_ROWS_PER_RELATION_NAME;
    const counted = await client.$queryRawUnsafe<{ n: number | bigint }[]>(
      `SELECT COUNT(*) AS n FROM (SELECT 1 AS one FROM ${q(table.id)} WHERE ${q(column.id)} IS NOT NULL LIMIT ${wanted}) AS enough`,
    );
    if (Number(counted[0]?.n ?? 0) >= wanted) return { column: column.id, values };
  }
  return null;
}
