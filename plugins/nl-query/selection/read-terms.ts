/**
 * What a gateway source holds, in words: from the source itself when it can say
 * (`profileTerms`, fact collections), else through its query-graph engine — the schema graph's
 * human names and the distinct text values of the predictor's value memory. A source that is not
 * ready contributes its description only; it is read again once it is.
 */
import type { QueryGraphEngine } from '../../../engines/query-graph/engine.js';
import type { Source, SourceTerms } from '../../../engines/source.js';
import { ValueMemory } from '../../../engines/predictor/values/value-memory.js';

export interface ReadTermsOptions {
  /** Distinct values read per text attribute at most. Default 5000 (the value memory's own). */
  readonly maxDistinct?: number;
  /** Time limit per read of one attribute, in milliseconds. Default 10000. */
  readonly timeoutMs?: number;
}

const NOTHING: SourceTerms = { names: [], values: [], texts: [] };

export async function readSourceTerms(source: Source, options: ReadTermsOptions = {}): Promise<SourceTerms> {
  if (!source.info().ready) return NOTHING;
  if (source.profileTerms) return source.profileTerms();
  const engine = source.queryGraphs();
  if (!engine) return NOTHING;
  return termsOfEngine(engine, options);
}

/** The schema's human names and the distinct text values of a query-graph engine. */
export async function termsOfEngine(engine: QueryGraphEngine, options: ReadTermsOptions = {}): Promise<SourceTerms> {
  const schema = engine.schema();
  const names = [
    ...schema.classes.flatMap((owner) => [owner.name, ...owner.attributes.map((attribute) => attribute.name)]),
    ...schema.relations.map((relation) => relation.name),
  ].flatMap((name) => [name.singular, name.plural]);
  const memory = await ValueMemory.read(engine, {
    ...(options.maxDistinct !== undefined ? { maxDistinct: options.maxDistinct } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  });
  return { names: [...new Set(names)], values: memory.columns.flatMap((column) => column.values), texts: [] };
}

/**
 * A key that changes whenever the source's terms may have: readiness (a source that comes up has
 * a schema to read), a query-graph engine appearing, or the source's own version counter.
 */
export function termsVersionOf(source: Source): string {
  return `${source.info().ready ? 'ready' : 'down'}|${source.queryGraphs() ? 'graphs' : ''}|${source.termsVersion?.() ?? 0}`;
}
