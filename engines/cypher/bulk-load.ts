/**
 * Builds an embedded graph store from node and relationship tables. The store is written to a
 * `.partial` file and renamed into place only when complete, so a load that dies half-way leaves
 * nothing that looks loaded, and the next load starts over.
 */
import { mkdtempSync, renameSync, rmSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Connection, Database } from '@ladybugdb/core';
import { csvField } from '../csv.js';
import type { Progress } from '../progress.js';

export type GraphPropertyType = 'STRING' | 'INT64' | 'DOUBLE' | 'BOOLEAN' | 'DATE';
export type GraphScalar = string | number | boolean | null;

export interface GraphPropertySpec {
  readonly name: string;
  readonly type: GraphPropertyType;
}

export interface NodeTableSpec {
  readonly label: string;
  /** The property that identifies a node (also how relationships refer to it). */
  readonly key: string;
  readonly properties: readonly GraphPropertySpec[];
  readonly rows: readonly Readonly<Record<string, GraphScalar>>[];
}

export interface RelTableSpec {
  readonly type: string;
  readonly from: string;
  readonly to: string;
  readonly properties: readonly GraphPropertySpec[];
  /** `from` and `to` hold the endpoint nodes' keys. */
  readonly rows: readonly Readonly<Record<string, GraphScalar>>[];
}

export interface GraphSpec {
  readonly nodes: readonly NodeTableSpec[];
  readonly relationships: readonly RelTableSpec[];
}

/** True when a complete store exists at `path`. */
export function graphStoreExists(path: string): boolean {
  return existsSync(path);
}

export async function buildGraphStore(path: string, spec: GraphSpec, progress: Progress): Promise<void> {
  const partial = `${path}.partial`;
  rmSync(partial, { force: true, recursive: true });
  rmSync(`${partial}.wal`, { force: true });
  mkdirSync(dirname(path), { recursive: true });
  const scratch = mkdtempSync(join(tmpdir(), 'nlq-graph-'));
  const database = new Database(partial);
  const connection = new Connection(database);
  try {
    progress.phase(`graph ${spec.nodes.map((n) => n.label).join(', ')}`, spec.nodes.length + spec.relationships.length);
    for (const node of spec.nodes) {
      const columns = node.properties.map((p) => `${ident(p.name)} ${p.type}`).join(', ');
      await connection.query(`CREATE NODE TABLE ${ident(node.label)}(${columns}, PRIMARY KEY(${ident(node.key)}))`);
      const file = join(scratch, `${node.label}.csv`);
      writeCsv(file, node.properties.map((p) => p.name), node.rows);
      await connection.query(`COPY ${ident(node.label)} FROM '${file}' (HEADER=true, PARALLEL=false)`);
      progress.advance();
    }
    for (const rel of spec.relationships) {
      const columns = rel.properties.map((p) => `, ${ident(p.name)} ${p.type}`).join('');
      await connection.query(`CREATE REL TABLE ${ident(rel.type)}(FROM ${ident(rel.from)} TO ${ident(rel.to)}${columns})`);
      const file = join(scratch, `${rel.type}.csv`);
      writeCsv(file, ['from', 'to', ...rel.properties.map((p) => p.name)], rel.rows);
      await connection.query(`COPY ${ident(rel.type)} FROM '${file}' (HEADER=true, PARALLEL=false)`);
      progress.advance();
    }
    await connection.close();
    await database.close();
    const nodes = spec.nodes.reduce((sum, n) => sum + n.rows.length, 0);
    const rels = spec.relationships.reduce((sum, r) => sum + r.rows.length, 0);
    rmSync(path, { force: true, recursive: true });
    renameSync(partial, path);
    progress.finish(`${nodes} nodes, ${rels} relationships`);
  } catch (error) {
    await connection.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    rmSync(partial, { force: true, recursive: true });
    throw error;
  } finally {
    rmSync(scratch, { force: true, recursive: true });
  }
}

/** Backticks a label, type or property name (`Order` is a reserved word in the store). */
function ident(name: string): string {
  return `\`${name.replace(/`/g, '``')}\``;
}

function writeCsv(file: string, columns: readonly string[], rows: readonly Readonly<Record<string, GraphScalar>>[]): void {
  const lines = [columns.join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvField(row[column])).join(','));
  writeFileSync(file, `${lines.join('\n')}\n`);
}
