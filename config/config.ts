/**
 * The gateway's configuration file (`nlq.config.json` by default, `NLQ_CONFIG` or `--config` to
 * point elsewhere): which sources to answer from, where the embedded stores live, and the limits.
 * Relative paths and `file:` URLs are resolved against the directory of the config file, so a
 * config works from any working directory.
 */
import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, resolve } from 'node:path';
import { ConfigError } from '../errors.js';
import type { RelationInference, SourceKind } from '../types.js';
import { DEFAULT_LIMITS, type Limits } from './limits.js';

/** One source as written in the config file. */
export interface SourceConfig {
  /** Stable id, used in `AskOptions.sources` and in answers' provenance. */
  readonly id: string;
  readonly kind: SourceKind;
  /**
   * Where the data lives. sql: `file:./x.sqlite`, `postgresql://…`, `mysql://…` (MariaDB).
   * cypher: `bolt://…` or `neo4j://…` for Neo4j, otherwise a path to an embedded store.
   * nldb: the SQL database that stores the collection's facts (`file:./facts.sqlite`, …).
   */
  readonly url: string;
  /** What the source holds, in plain English; used for source selection and shown to clients. */
  readonly description: string;
  /**
   * A dataset the project carries under data/ that `nlq load` puts into this source when it is
   * empty (see world/seeds.ts). Absent for sources whose data the user manages.
   */
  readonly seed?: string;
  /** Neo4j credentials (cypher sources on bolt/neo4j URLs). Env vars are better: NEO4J_USER, NEO4J_PASSWORD. */
  readonly user?: string;
  readonly password?: string;
  /**
   * sql: whether to infer relations the database does not declare, from column names and the data
   * (`FINREV(state_code)` -> `FINREV_KEY(State_Code)` when every code is one of its codes):
   * `auto` (default) only when the database declares no foreign key, `always` also beside declared
   * keys, `never` for declared keys only. Inferred relations are marked `inferred` in the schema graph.
   */
  readonly inferRelations?: RelationInference;
}

/** The whole configuration after validation and path resolution. */
export interface GatewayConfig {
  /** Absolute path of the file this came from (or `<inline>`). */
  readonly file: string;
  readonly sources: readonly SourceConfig[];
  /** Where fact collections made with `createFactCollection` are stored (a SQL database URL). */
  readonly factStore: string;
  readonly limits: Limits;
}

const SOURCE_ID = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
const KINDS: readonly SourceKind[] = ['sql', 'cypher', 'nldb'];
const RELATION_INFERENCE_MODES: readonly RelationInference[] = ['auto', 'always', 'never'];

/** Reads and validates a config file. */
export async function loadConfig(file: string): Promise<GatewayConfig> {
  const path = resolve(file);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (cause) {
    throw new ConfigError(`cannot read config file (${(cause as Error).message})`, path);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (cause) {
    throw new ConfigError(`not valid JSON (${(cause as Error).message})`, path);
  }
  return parseConfig(raw, path);
}

/**
 * Validates a config object. `file` names its origin in errors and anchors relative paths
 * (its directory); pass a path inside the directory the paths are relative to.
 */
export function parseConfig(raw: unknown, file: string): GatewayConfig {
  const base = dirname(resolve(file));
  if (!isRecord(raw)) throw new ConfigError('expected a JSON object', file);
  const rawSources = raw.sources;
  if (!Array.isArray(rawSources)) throw new ConfigError('"sources" must be an array', file);

  const seen = new Set<string>();
  const sources = rawSources.map((entry: unknown, index: number): SourceConfig => {
    const where = `${file} sources[${index}]`;
    if (!isRecord(entry)) throw new ConfigError('expected an object', where);
    const id = requireString(entry, 'id', where);
    if (!SOURCE_ID.test(id)) {
      throw new ConfigError(`id '${id}' must start with a letter and use letters, digits, '-' or '_' (max 64)`, where);
    }
    if (seen.has(id)) throw new ConfigError(`duplicate source id '${id}'`, where);
    seen.add(id);
    const kind = requireString(entry, 'kind', where) as SourceKind;
    if (!KINDS.includes(kind)) throw new ConfigError(`kind must be one of ${KINDS.join(', ')}`, where);
    const url = resolveLocation(requireString(entry, 'url', where), base);
    const description = optionalString(entry, 'description', where) ?? '';
    const seed = optionalString(entry, 'seed', where);
    const user = optionalString(entry, 'user', where);
    const password = optionalString(entry, 'password', where);
    const inferRelations = optionalString(entry, 'inferRelations', where);
    if (inferRelations !== undefined && (kind !== 'sql' || !RELATION_INFERENCE_MODES.includes(inferRelations as RelationInference))) {
      throw new ConfigError(kind !== 'sql' ? '"inferRelations" applies to sql sources only' : `"inferRelations" must be one of ${RELATION_INFERENCE_MODES.join(', ')}`, where);
    }
    return {
      id,
      kind,
      url,
      description,
      ...(seed === undefined ? {} : { seed }),
      ...(user === undefined ? {} : { user }),
      ...(password === undefined ? {} : { password }),
      ...(inferRelations === undefined ? {} : { inferRelations: inferRelations as RelationInference }),
    };
  });

  const factStore = resolveLocation(optionalString(raw, 'factStore', file) ?? 'file:./.nlq/facts.sqlite', base);
  const limits = parseLimits(raw.limits, file);
  return { file, sources, factStore, limits };
}

/**
 * Makes `file:` URLs and bare paths absolute against `base`; leaves network URLs untouched.
 * Absolute locations mean a source behaves the same whatever the working directory.
 */
export function resolveLocation(location: string, base: string): string {
  if (location.startsWith('file:')) {
    const path = location.slice('file:'.length);
    return `file:${isAbsolute(path) ? path : resolve(base, path)}`;
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(location)) return location;
  return isAbsolute(location) ? location : resolve(base, location);
}

function parseLimits(raw: unknown, file: string): Limits {
  if (raw === undefined) return DEFAULT_LIMITS;
  if (!isRecord(raw)) throw new ConfigError('"limits" must be an object', file);
  const limits: Record<string, number> = { ...DEFAULT_LIMITS };
  for (const [key, value] of Object.entries(raw)) {
    if (!(key in DEFAULT_LIMITS)) throw new ConfigError(`unknown limit '${key}'`, `${file} limits`);
    if (key === 'minConfidence') {
      // A probability, not a count.
      if (typeof value !== 'number' || !(value >= 0 && value <= 1)) throw new ConfigError(`limit 'minConfidence' must be a number from 0 to 1`, `${file} limits`);
      limits[key] = value;
      continue;
    }
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
      throw new ConfigError(`limit '${key}' must be a positive integer`, `${file} limits`);
    }
    limits[key] = value;
  }
  return limits as unknown as Limits;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function requireString(entry: Record<string, unknown>, key: string, where: string): string {
  const value = entry[key];
  if (typeof value !== 'string' || value.trim() === '') throw new ConfigError(`"${key}" must be a non-empty string`, where);
  return value;
}

function optionalString(entry: Record<string, unknown>, key: string, where: string): string | undefined {
  const value = entry[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new ConfigError(`"${key}" must be a string`, where);
  return value;
}
