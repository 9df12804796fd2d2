/**
 * Learning from use, as the gateway offers it: confirmed answers, corrections (a query graph, or
 * SQL / Cypher read into one) and lists of example questions, stored per source in the fact
 * store's database (example-store.ts), guarded by the permissions hook's `canTeach`, and used at
 * once: each structured source's interpreter looks a question up in its source's examples
 * (example-index.ts, taught-interpreter.ts) before the model reads it. `nlq train --source` mixes
 * the same examples into its data.
 */
import type { Limits } from '../../../config/limits.js';
import { BadInputError, NotTeachableError, SourceNotFoundError } from '../../../errors.js';
import type { Mention } from '../../../engines/predictor/values/mentions.js';
import { formatQueryGraph, parseQueryGraph } from '../../../engines/query-graph/canonical.js';
import type { QueryGraphEngine } from '../../../engines/query-graph/engine.js';
import { explainQueryGraph } from '../../../engines/query-graph/explain.js';
import { queryToGraph } from '../../../engines/query-graph/from-query/index.js';
import type { QueryGraph } from '../../../engines/query-graph/types.js';
import { validateQueryGraph } from '../../../engines/query-graph/validate.js';
import type { Source } from '../../../engines/source.js';
import { parseInterpretationId } from '../calibration/interpretation-id.js';
import type { Access } from '../permissions.js';
import { validateAsk, validateIds, validatePageSize, validateQueryGraphText } from '../validate.js';
import { questionOfAskId } from './ask-id.js';
import { ExampleIndex, type TaughtMatch } from './example-index.js';
import type { ExampleOrigin, ExampleStore, TaughtExample } from './example-store.js';
import type { TaughtLookup } from './taught-interpreter.js';

/** An example as callers give it: a question and its answer as a query graph or a query. */
/** Which question a confirmation is for: its text, or the `AskResult.id` that ask gave it. */
export interface AskedQuestion {
  readonly question?: string | null;
  readonly askId?: string | null;
}

export interface ExampleInput {
  readonly question: string;
  /** The query graph in canonical form (as `Interpretation.queryGraph`). */
  readonly queryGraph?: string | null;
  /** Or SQL (SQL sources) / Cypher (graph sources), read into a query graph; writes are refused. */
  readonly query?: string | null;
}

/** A taught example with its graph in English, as GraphQL shows it. */
export interface ExampleView extends TaughtExample {
  readonly explanation: string;
}

/** What teaching needs of the gateway. */
export interface TeachingHost {
  readonly limits: Limits;
  readonly access: Access;
  start(): Promise<void>;
  source(id: string): Source | undefined;
  /** The store in the fact store's database (opened once, by the gateway). */
  examples(): Promise<ExampleStore>;
}

export class Teaching {
  /** Each structured source's mention finder, once its predictor is loaded. */
  private readonly readers = new Map<string, (question: string) => readonly Mention[]>();
  private readonly indexes = new Map<string, Promise<ExampleIndex | null>>();
  /** What each source's index was read at, and when that was last checked against the store. */
  private readonly versions = new Map<string, { readonly version: string; readonly checkedAt: number }>();

  constructor(private readonly host: TeachingHost) {}

  /** Called when a source's predictor is loaded: questions are then read with its mention finder. */
  attach(sourceId: string, mentionsOf: (question: string) => readonly Mention[]): TaughtLookup {
    this.readers.set(sourceId, mentionsOf);
    this.indexes.delete(sourceId);
    return { find: (question) => this.find(sourceId, question) };
  }

  /** The taught example `question` reads as on the source, or null (also when examples cannot be read). */
  async find(sourceId: string, question: string): Promise<TaughtMatch | null> {
    const index = await this.indexFor(sourceId);
    return index ? index.find(question) : null;
  }

  /** Of `sources`, those with a taught example the question reads as (asked even when source selection passes them over). */
  async taughtSources<S extends { readonly id: string }>(question: string, sources: readonly S[]): Promise<S[]> {
    const found = await Promise.all(sources.map(async (source) => (this.readers.has(source.id) ? this.find(source.id, question) : null)));
    return sources.filter((_, k) => found[k]);
  }

  /** `asked` names the question by its text or by the `AskResult.id` ask gave it: exactly one of them. */
  async confirm(asked: AskedQuestion, interpretationId: string, context: unknown): Promise<ExampleView> {
    const hasQuestion = asked.question !== undefined && asked.question !== null;
    const hasAskId = asked.askId !== undefined && asked.askId !== null;
    if (hasQuestion === hasAskId) throw new BadInputError('name the question by either `question` or `askId`, not both and not neither', 'question');
    const text = this.question(hasAskId ? questionOfAskId(asked.askId as string) : asked.question, hasAskId ? 'askId' : 'question');
    const ref = parseInterpretationId(interpretationId);
    if (!('queryGraph' in ref)) {
      throw new NotTeachableError(ref.source, 'a text-fact reading cannot be taught: taught examples are query graphs of SQL and graph sources');
    }
    const { engine } = await this.teachable(ref.source, context);
    const graph = this.checkedGraph(ref.queryGraph, engine);
    const [stored] = await (await this.host.examples()).add(ref.source, [{ question: text, queryGraph: formatQueryGraph(graph), origin: 'confirmed' }]);
    return this.changed(ref.source, stored as TaughtExample, engine);
  }

  async correct(question: string, sourceId: string, answer: { queryGraph?: string | null; query?: string | null }, context: unknown): Promise<ExampleView> {
    const [view] = await this.add(sourceId, [{ question, ...answer }], context, 'corrected');
    return view as ExampleView;
  }

  async add(sourceId: string, examples: readonly ExampleInput[], context: unknown, origin: ExampleOrigin = 'added'): Promise<ExampleView[]> {
    if (!Array.isArray(examples) || examples.length === 0) throw new BadInputError('no examples given', 'examples');
    if (examples.length > this.host.limits.maxFactsPerWrite) {
      throw new BadInputError(`${examples.length} examples in one call; the limit is ${this.host.limits.maxFactsPerWrite}`, 'examples');
    }
    const { engine, source } = await this.teachable(sourceId, context);
    // Every example is read before any is stored: one bad example stores none.
    const checked = examples.map((example, k) => {
      const at = examples.length === 1 && origin === 'corrected' ? '' : `examples[${k}].`;
      const question = this.question(example?.question, `${at}question`);
      const hasGraph = typeof example.queryGraph === 'string' && example.queryGraph.trim() !== '';
      const hasQuery = typeof example.query === 'string' && example.query.trim() !== '';
      if (hasGraph === hasQuery) throw new BadInputError('give the answer as either a queryGraph or a query, not both and not neither', `${at}queryGraph`);
      const graph = hasGraph
        ? this.checkedGraph(example.queryGraph as string, engine)
        : queryToGraph(validateQueryGraphText(example.query as string, this.host.limits).trim(), source.kind === 'cypher' ? 'cypher' : 'sql', engine.schema());
      return { question, queryGraph: formatQueryGraph(graph), origin };
    });
    const stored = await (await this.host.examples()).add(sourceId, checked);
    this.indexes.delete(sourceId);
    return stored.map((example) => this.view(example, engine));
  }

  async list(sourceId: string, limit: number | null | undefined, after: string | null | undefined, context: unknown): Promise<ExampleView[]> {
    const pageSize = validatePageSize(limit, this.host.limits);
    const { engine } = await this.teachable(sourceId, context);
    return (await (await this.host.examples()).list(sourceId, pageSize, after ?? undefined)).map((example) => this.view(example, engine));
  }

  async remove(sourceId: string, ids: readonly string[], context: unknown): Promise<{ source: string; removed: string[]; missing: string[] }> {
    const unique = validateIds(ids, this.host.limits);
    await this.teachable(sourceId, context);
    const result = await (await this.host.examples()).remove(sourceId, unique);
    this.indexes.delete(sourceId);
    return { source: sourceId, ...result };
  }

  /** Every example of a source, for training (`nlq train --source`). */
  async examplesOf(sourceId: string): Promise<TaughtExample[]> {
    return (await this.host.examples()).all(sourceId);
  }

  private changed(sourceId: string, example: TaughtExample, engine: QueryGraphEngine): ExampleView {
    this.indexes.delete(sourceId);
    return this.view(example, engine);
  }

  private view(example: TaughtExample, engine: QueryGraphEngine): ExampleView {
    let explanation = '';
    try {
      explanation = explainQueryGraph(parseQueryGraph(example.queryGraph), engine.schema());
    } catch {
      explanation = 'this example no longer fits the source\'s schema';
    }
    return { ...example, explanation };
  }

  /** The question normalised and bounded as `ask` takes it. */
  private question(question: unknown, argument: string): string {
    try {
      return validateAsk(question as string, null, this.host.limits).question;
    } catch (error) {
      if (error instanceof BadInputError) throw new BadInputError(error.message, argument);
      throw error;
    }
  }

  private checkedGraph(text: string, engine: QueryGraphEngine): QueryGraph {
    const graph = parseQueryGraph(validateQueryGraphText(text, this.host.limits).trim());
    validateQueryGraph(graph, engine.schema());
    // What validation cannot see (classes no join path connects) fails translation: refused now, not at every ask.
    engine.translate(graph, 1);
    return graph;
  }

  /** The source, if it exists, the caller may teach it, and it runs query graphs. */
  private async teachable(sourceId: string, context: unknown): Promise<{ source: Source; engine: QueryGraphEngine }> {
    await this.host.start();
    if (typeof sourceId !== 'string') throw new BadInputError('the source must be an id', 'source');
    const source = this.host.source(sourceId);
    if (!source) throw new SourceNotFoundError(sourceId);
    await this.host.access.require('teach', source, context);
    const engine = source.queryGraphs();
    if (!engine) {
      if (source.kind === 'nldb') throw new NotTeachableError(sourceId, `'${sourceId}' is a fact collection: taught examples are query graphs of SQL and graph sources`);
      throw new NotTeachableError(sourceId, `source '${sourceId}' is not ready: ${source.info().status}`);
    }
    return { source, engine };
  }

  private indexFor(sourceId: string): Promise<ExampleIndex | null> {
    const reader = this.readers.get(sourceId);
    if (!reader) return Promise.resolve(null);
    let index = this.indexes.get(sourceId);
    if (!index) {
      const version = this.versionOf(sourceId);
      index = (async () => {
        const examples = await (await this.host.examples()).all(sourceId);
        this.versions.set(sourceId, { version: await version, checkedAt: Date.now() });
        return new ExampleIndex(examples.filter((example) => parsable(example.queryGraph)), reader);
      })().catch(() => {
        // Examples that cannot be read (the store is down) leave the model to answer; tried again next time.
        this.indexes.delete(sourceId);
        return null;
      });
      this.indexes.set(sourceId, index);
    } else {
      this.refreshIfChanged(sourceId);
    }
    return index;
  }

  /**
   * Examples taught through another process (`nlq examples add` beside `nlq serve`, another replica
   * on the same database) are seen within REFRESH_MS: at most that often an ask checks, in the
   * background, whether the source's examples changed, and the next ask reads them again.
   */
  private refreshIfChanged(sourceId: string): void {
    const known = this.versions.get(sourceId);
    if (!known || Date.now() - known.checkedAt < REFRESH_MS) return;
    this.versions.set(sourceId, { ...known, checkedAt: Date.now() });
    void this.versionOf(sourceId).then(
      (version) => {
        if (version !== known.version) this.indexes.delete(sourceId);
      },
      () => undefined,
    );
  }

  private async versionOf(sourceId: string): Promise<string> {
    return (await this.host.examples()).version(sourceId);
  }
}

/** Least time between two checks of a source's examples against the store (examples written elsewhere). */
const REFRESH_MS = 2000;

function parsable(text: string): boolean {
  try {
    parseQueryGraph(text);
    return true;
  } catch {
    return false;
  }
}
