/**
 * Writes a GraphSpec (the same node and relationship tables the embedded store is built from)
 * into Neo4j, in batches with UNWIND. Used to put the embedded world's graphs into a Neo4j server
 * for the Neo4j test suites; writes need a WRITE session, so this is never on the query path.
 */
import neo4j, { type Driver } from 'neo4j-driver';
import type { Progress } from '../progress.js';
import type { GraphPropertySpec, GraphScalar, GraphSpec } from './bulk-load.js';
import { cypherName } from './translate.js';

const BATCH = 1000;

export async function writeGraphToNeo4j(driver: Driver, spec: GraphSpec, progress: Progress, database?: string): Promise<void> {
  const session = driver.session({ defaultAccessMode: neo4j.session.WRITE, ...(database ? { database } : {}) });
  try {
    progress.phase('graph into Neo4j', spec.nodes.length + spec.relationships.length);
    for (const node of spec.nodes) {
      const label = cypherName(node.label);
      await session.run(`CREATE INDEX IF NOT EXISTS FOR (n:${label}) ON (n.${cypherName(node.key)})`);
      const assignments = node.properties.map((p) => `${cypherName(p.name)}: ${valueExpression(p)}`).join(', ');
      for (const rows of batches(node.rows)) {
        await session.run(`UNWIND $rows AS row CREATE (:${label} {${assignments}})`, { rows: rows.map(toNeo4j) });
      }
      progress.advance();
    }
    for (const rel of spec.relationships) {
      const fromKey = spec.nodes.find((n) => n.label === rel.from)?.key ?? 'id';
      const toKey = spec.nodes.find((n) => n.label === rel.to)?.key ?? 'id';
      const assignments = rel.properties.map((p) => `${cypherName(p.name)}: ${valueExpression(p)}`).join(', ');
      for (const rows of batches(rel.rows)) {
        await session.run(
          `UNWIND $rows AS row MATCH (a:${cypherName(rel.from)} {${cypherName(fromKey)}: row.from}) ` +
            `MATCH (b:${cypherName(rel.to)} {${cypherName(toKey)}: row.to}) CREATE (a)-[:${cypherName(rel.type)} {${assignments}}]->(b)`,
          { rows: rows.map(toNeo4j) },
        );
      }
      progress.advance();
    }
    progress.finish();
  } finally {
    await session.close();
  }
}

/** Dates become Neo4j dates, so `date($p)` comparisons behave as in the embedded store. */
function valueExpression(property: GraphPropertySpec): string {
  const field = `row.${cypherName(property.name)}`;
  return property.type === 'DATE' ? `CASE WHEN ${field} IS NULL THEN NULL ELSE date(${field}) END` : field;
}

/** Integers as Neo4j Integers (a JS number would become a float). */
function toNeo4j(row: Readonly<Record<string, GraphScalar>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) out[key] = typeof value === 'number' && Number.isInteger(value) ? neo4j.int(value) : value;
  return out;
}

function* batches<T>(items: readonly T[]): Generator<T[]> {
  for (let i = 0; i < items.length; i += BATCH) yield items.slice(i, i + BATCH);
}
