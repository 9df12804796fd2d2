/**
 * The embedded Cypher store (@ladybugdb/core, the maintained fork of Kuzu): one file on disk,
 * opened read-only for serving, so no query can write to it whatever its text says.
 */
import { existsSync } from 'node:fs';
import { Connection, Database, type LbugValue, type PreparedStatement } from '@ladybugdb/core';
import type { JsonValue } from '../../types.js';
import type { GraphCatalog, GraphDescription, GraphParam, GraphRecord, GraphStore } from './graph-store.js';

const STATEMENT_CACHE_SIZE = 256;

export interface EmbeddedStoreOptions {
  /** Query time limit in milliseconds (enforced by the store; the query is interrupted). */
  readonly queryTimeoutMs?: number;
}

export class EmbeddedGraphStore implements GraphStore {
  readonly backend = 'embedded' as const;

  private constructor(
    private readonly database: Database,
    private readonly connection: Connection,
  ) {}

  /** Opens an existing store read-only. */
  static async open(path: string, options: EmbeddedStoreOptions = {}): Promise<EmbeddedGraphStore> {
    if (!existsSync(path)) throw new Error(`no embedded graph store at ${path} (run \`nlq load\`)`);
    const database = new Database(path, 0, true, true);
    await database.init();
    const connection = new Connection(database);
    await connection.init();
    if (options.queryTimeoutMs) connection.setQueryTimeout(options.queryTimeoutMs);
    return new EmbeddedGraphStore(database, connection);
  }

  /** Statements run one after another: concurrent queries next to an interrupted one crashed the store. */
  private queue: Promise<unknown> = Promise.resolve();

  run(query: string, params: Readonly<Record<string, GraphParam>> = {}): Promise<readonly GraphRecord[]> {
    const result = this.queue.then(() => this.runNow(query, params));
    this.queue = result.catch(() => undefined);
    return result;
  }

  private async runNow(query: string, params: Readonly<Record<string, GraphParam>>): Promise<readonly GraphRecord[]> {
    // Parameters only through prepare/execute: `query()` silently binds a missing $param to NULL.
    const statement = await this.prepared(query);
    const result = await this.connection.execute(statement, params as Record<string, LbugValue>);
    const single = Array.isArray(result) ? result[result.length - 1] : result;
    if (!single) return [];
    const rows = await single.getAll();
    single.close();
    return rows.map((row) => normaliseRecord(row));
  }

  /** Prepared statements by text: planning a chain costs more than running it. */
  private readonly statements = new Map<string, PreparedStatement>();

  private async prepared(query: string): Promise<PreparedStatement> {
    const cached = this.statements.get(query);
    if (cached) {
      // Re-insert: the map's order is the eviction order (least recently used first).
      this.statements.delete(query);
      this.statements.set(query, cached);
      return cached;
    }
    const statement = await this.connection.prepare(query);
    if (!statement.isSuccess()) throw new Error(statement.getErrorMessage());
    this.statements.set(query, statement);
    if (this.statements.size > STATEMENT_CACHE_SIZE) this.statements.delete(this.statements.keys().next().value as string);
    return statement;
  }

  async catalog(): Promise<GraphCatalog> {
    const tables = await this.run('CALL show_tables() RETURN name, type');
    const nodeLabels: { label: string; count: number }[] = [];
    const relationshipTypes: string[] = [];
    for (const table of tables) {
      const name = String(table.name);
      if (table.type === 'NODE') {
        // Identifiers cannot be parameters; names come from the store's own catalog, backticked.
        const [row] = await this.run(`MATCH (n:\`${name.replace(/`/g, '``')}\`) RETURN count(*) AS n`);
        nodeLabels.push({ label: name, count: Number(row?.n ?? 0) });
      } else if (table.type === 'REL') {
        relationshipTypes.push(name);
      }
    }
    return { nodeLabels, relationshipTypes };
  }

  async describe(): Promise<GraphDescription> {
    const { nodeLabels, relationshipTypes } = await this.catalog();
    const info = (name: string) => this.run(`CALL table_info('${name.replace(/'/g, "''")}') RETURN *`);
    const nodes = [];
    for (const { label, count } of nodeLabels) {
      const properties = await info(label);
      nodes.push({
        label,
        count,
        properties: properties.map((p) => ({ name: String(p.name), type: String(p.type) })),
        key: String(properties.find((p) => p['primary key'] === true)?.name ?? '') || null,
      });
    }
    const relationships = [];
    for (const type of relationshipTypes) {
      const properties = await info(type);
      for (const connection of await this.run(`CALL show_connection('${type.replace(/'/g, "''")}') RETURN *`)) {
        relationships.push({
          type,
          from: String(connection['source table name']),
          to: String(connection['destination table name']),
          properties: properties.map((p) => ({ name: String(p.name), type: String(p.type) })),
        });
      }
    }
    return { nodes, relationships };
  }

  async close(): Promise<void> {
    await this.connection.close();
    await this.database.close();
  }
}

/** Turns store values (BigInt, Date, node and relationship objects) into JSON values. */
function normaliseRecord(row: Record<string, LbugValue>): GraphRecord {
  const out: Record<string, JsonValue> = {};
  for (const [key, value] of Object.entries(row)) out[key] = normaliseValue(value);
  return out;
}

function normaliseValue(value: unknown): JsonValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(normaliseValue);
  if (typeof value === 'object') {
    const out: Record<string, JsonValue> = {};
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) out[key] = normaliseValue(inner);
    return out;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return String(value);
}
