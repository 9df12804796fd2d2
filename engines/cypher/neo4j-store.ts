/**
 * Neo4j through neo4j-driver. Every query runs in a READ session with a transaction timeout, so
 * the server itself refuses writes and long queries. The host app may pass its own Driver; the
 * gateway then never closes it.
 */
import neo4j, { type Driver } from 'neo4j-driver';
import type { JsonValue } from '../../types.js';
import type { GraphCatalog, GraphDescription, GraphParam, GraphRecord, GraphStore } from './graph-store.js';

export interface Neo4jStoreOptions {
  /** Database name; the server's default database when absent. */
  readonly database?: string;
  /** Transaction time limit in milliseconds. */
  readonly queryTimeoutMs?: number;
}

export class Neo4jGraphStore implements GraphStore {
  readonly backend = 'neo4j' as const;

  constructor(
    private readonly driver: Driver,
    private readonly ownsDriver: boolean,
    private readonly options: Neo4jStoreOptions = {},
  ) {}

  /** Connects to a server URL (bolt://, neo4j://, and their +s variants). */
  static async connect(url: string, auth: { user?: string; password?: string }, options: Neo4jStoreOptions = {}) {
    const driver = neo4j.driver(url, neo4j.auth.basic(auth.user ?? 'neo4j', auth.password ?? ''));
    try {
      await driver.verifyConnectivity();
    } catch (error) {
      await driver.close();
      throw error;
    }
    return new Neo4jGraphStore(driver, true, options);
  }

  async run(query: string, params: Readonly<Record<string, GraphParam>> = {}): Promise<readonly GraphRecord[]> {
    const session = this.driver.session({
      defaultAccessMode: neo4j.session.READ,
      ...(this.options.database ? { database: this.options.database } : {}),
    });
    try {
      const result = await session.executeRead((tx) => tx.run(query, params), {
        ...(this.options.queryTimeoutMs ? { timeout: this.options.queryTimeoutMs } : {}),
      });
      return result.records.map((record) => {
        const out: Record<string, JsonValue> = {};
        for (const key of record.keys) out[String(key)] = normaliseValue(record.get(key));
        return out;
      });
    } finally {
      await session.close();
    }
  }

  async catalog(): Promise<GraphCatalog> {
    // Plain Cypher, so it works without APOC.
    const labels = await this.run('MATCH (n) UNWIND labels(n) AS label RETURN label, count(*) AS count');
    const types = await this.run('CALL db.relationshipTypes() YIELD relationshipType RETURN relationshipType');
    return {
      nodeLabels: labels.map((row) => ({ label: String(row.label), count: Number(row.count) })),
      relationshipTypes: types.map((row) => String(row.relationshipType)),
    };
  }

  async describe(): Promise<GraphDescription> {
    // db.schema.* procedures ship with Neo4j (no APOC); end labels come from a bounded sample.
    const catalog = await this.catalog();
    const nodeProps = await this.run('CALL db.schema.nodeTypeProperties() YIELD nodeLabels, propertyName, propertyTypes RETURN nodeLabels, propertyName, propertyTypes');
    const relProps = await this.run('CALL db.schema.relTypeProperties() YIELD relType, propertyName, propertyTypes RETURN relType, propertyName, propertyTypes');
    const ends = await this.run(
      'MATCH (a)-[r]->(b) WITH labels(a)[0] AS from, type(r) AS type, labels(b)[0] AS to LIMIT 100000 RETURN DISTINCT from, type, to',
    );
    const propertiesOf = (rows: readonly GraphRecord[], match: (row: GraphRecord) => boolean) =>
      rows
        .filter((row) => match(row) && row.propertyName !== null)
        .map((row) => ({ name: String(row.propertyName), type: String((row.propertyTypes as string[] | null)?.[0] ?? 'String') }));
    return {
      nodes: catalog.nodeLabels.map(({ label, count }) => ({
        label,
        count,
        key: null,
        properties: propertiesOf(nodeProps, (row) => ((row.nodeLabels as string[] | null) ?? []).includes(label)),
      })),
      relationships: ends.map((row) => ({
        type: String(row.type),
        from: String(row.from),
        to: String(row.to),
        properties: propertiesOf(relProps, (r) => r.relType === `:\`${String(row.type)}\``),
      })),
    };
  }

  async close(): Promise<void> {
    if (this.ownsDriver) await this.driver.close();
  }
}

/** Turns driver values (Integer, temporal types, nodes, relationships) into JSON values. */
function normaliseValue(value: unknown): JsonValue {
  if (value === null || value === undefined) return null;
  if (neo4j.isInt(value)) return neo4j.integer.inSafeRange(value) ? neo4j.integer.toNumber(value) : value.toString();
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map(normaliseValue);
  if (value instanceof neo4j.types.Node) {
    return { _label: value.labels.join(':'), ...normaliseObject(value.properties as Record<string, unknown>) };
  }
  if (value instanceof neo4j.types.Relationship) {
    return { _label: value.type, ...normaliseObject(value.properties as Record<string, unknown>) };
  }
  if (
    neo4j.isDate(value) ||
    neo4j.isDateTime(value) ||
    neo4j.isLocalDateTime(value) ||
    neo4j.isTime(value) ||
    neo4j.isLocalTime(value) ||
    neo4j.isDuration(value)
  ) {
    return value.toString();
  }
  if (typeof value === 'object') return normaliseObject(value as Record<string, unknown>);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return String(value);
}

function normaliseObject(value: Record<string, unknown>): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {};
  for (const [key, inner] of Object.entries(value)) out[key] = normaliseValue(inner);
  return out;
}
