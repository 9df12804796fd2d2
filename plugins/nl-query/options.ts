/**
 * The options of `nlQuery(options)`, with their defaults. A host app passes its own connections
 * (PrismaClient, neo4j Driver); the standalone server passes URLs from the config file.
 */
import type { Driver } from 'neo4j-driver';
import { DEFAULT_LIMITS, type Limits } from '../../config/limits.js';
import type { TransactionalSqlClient } from '../../engines/nldb/fact-store.js';
import type { SqlClient, SqlProvider } from '../../engines/sql/prisma-client.js';
import type { RelationInference } from '../../engines/sql/inferred-relations.js';
import type { Permissions } from './permissions.js';
import { defaultSharedModelDirectory } from '../../engines/predictor/model/shared-files.js';
import { defaultModelsRoot } from '../../engines/predictor/model/model-files.js';
import { defaultCalibrationFile } from './calibration/calibrator.js';

interface SourceSpecBase {
  /** Stable id: letters, digits, '-' and '_', starting with a letter. */
  readonly id: string;
  /** What the source holds, in plain English; shown to clients and used to pick sources. */
  readonly description?: string;
}

/** A SQL database, by URL (`file:`, `postgresql://`, `mysql://`) or as the host's PrismaClient. */
export type SqlSourceSpec = SourceSpecBase & {
  readonly kind: 'sql';
  /**
   * Whether to infer relations the database does not declare, from column names and the data
   * (engines/sql/inferred-relations.ts): `auto` (default) only when it declares no foreign key,
   * `always` also beside declared keys, `never` for declared keys only.
   */
  readonly inferRelations?: RelationInference;
} & (
    | { readonly url: string }
    | {
        /** The host app's client; the gateway never disconnects it. */
        readonly prisma: SqlClient;
        /** Its dialect; asked from the database when absent. */
        readonly provider?: SqlProvider;
      }
  );

/** A property graph: Neo4j by URL or Driver, or the embedded store by path. */
export type CypherSourceSpec = SourceSpecBase & { readonly kind: 'cypher'; readonly database?: string } & (
    | { readonly url: string; readonly user?: string; readonly password?: string }
    | {
        /** The host app's neo4j Driver; the gateway never closes it. */
        readonly driver: Driver;
      }
  );

/** A fact collection, stored in the gateway's fact store, at a URL, or in the host's database. */
export type NldbSourceSpec = SourceSpecBase & { readonly kind: 'nldb' } & (
    | {
        /** The database holding the facts; the gateway's `factStore` when absent. */
        readonly url?: string;
      }
    | { readonly prisma: TransactionalSqlClient; readonly provider?: SqlProvider }
  );

export type SourceSpec = SqlSourceSpec | CypherSourceSpec | NldbSourceSpec;

export interface NlQueryOptions<TContext = unknown> {
  /** The sources `ask` answers from. Default: none (collections can still be created). */
  readonly sources?: readonly SourceSpec[];
  /**
   * Where collections made with `createFactCollection` are stored: a database URL, or the host's
   * PrismaClient. Default: `file:./.nlq/facts.sqlite`, relative to the working directory.
   */
  readonly factStore?: string | { readonly prisma: TransactionalSqlClient; readonly provider?: SqlProvider };
  /** Server maxima; callers may lower them per question, never raise them. Defaults: DEFAULT_LIMITS. */
  readonly limits?: Partial<Limits>;
  /**
   * Entity types (`nlQuery.withEntityTypes`, `nlq.entityTypes()`): classes the host app maps to its
   * own GraphQL types instead of generated ones, as `'<source>.<class id>': 'TypeName'`
   * (`{ 'shop.Products': 'Product' }`). The host's type must implement `AskEntity`; its resolvers
   * get the entity as parent: values under the attribute ids (`ProductName`) and camelCase names
   * (`productName`), and the entity's `id` (`<source>:<class>:<key>`), `source` and `class`.
   */
  readonly entityTypes?: Readonly<Record<string, string>>;
  /** Type names of the host schema that generated entity types must not take (they get the source id as prefix). */
  readonly reservedTypeNames?: readonly string[];
  /**
   * Which sources a caller may see and ask and which fact collections it may write, decided from
   * the request's GraphQL context (see `Permissions`). Default: everyone may do everything.
   */
  readonly permissions?: Permissions<TContext>;
  /**
   * The shared, schema-conditioned query-graph model (`nlq train --shared`): a SQL or graph source
   * with no model trained for it answers questions with this one. A folder, or `false` for none
   * (such sources then answer UNSUPPORTED). Default: the package's models/shared-querygraph.
   */
  readonly sharedModel?: string | false;
  /**
   * The folder holding the query-graph models trained for sources, one folder per source id
   * (`nlq train --source <id>` writes `<models>/<id>`, with the model's own calibration). A source
   * with no folder here is read by the shared model. Default: the package's models/querygraph.
   */
  readonly models?: string;
  /**
   * The calibration file mapping each source's raw scores to the probability an answer is right
   * (written by `npm run bench -- trust --write`; plugins/nl-query/calibration). A path, or `false` for none (raw
   * scores then stand as probabilities). Default: the package's models/calibration.json.
   */
  readonly calibration?: string | false;
}

/** Options with every default filled in. */
export interface ResolvedOptions {
  readonly sources: readonly SourceSpec[];
  readonly factStore: string | { readonly prisma: TransactionalSqlClient; readonly provider?: SqlProvider };
  readonly limits: Limits;
  readonly permissions: Permissions | undefined;
  /** The shared model's folder, or null for none. */
  readonly sharedModel: string | null;
  /** The folder of per-source models. */
  readonly models: string;
  /** The calibration file, or null for none. */
  readonly calibration: string | null;
}

export const DEFAULT_FACT_STORE = 'file:./.nlq/facts.sqlite';

export function resolveOptions<TContext>(options: NlQueryOptions<TContext>): ResolvedOptions {
  return {
    sources: options.sources ?? [],
    factStore: options.factStore ?? DEFAULT_FACT_STORE,
    limits: Object.freeze({ ...DEFAULT_LIMITS, ...options.limits }),
    // The gateway hands each hook the context of the request it serves, which is the host's TContext.
    permissions: options.permissions as Permissions | undefined,
    sharedModel: options.sharedModel === false ? null : (options.sharedModel ?? defaultSharedModelDirectory()),
    models: options.models ?? defaultModelsRoot(),
    calibration: options.calibration === false ? null : (options.calibration ?? defaultCalibrationFile()),
  };
}
