/**
 * Learning from use, as the gateway offers it: confirmed answers, corrections (a query graph, or
 * SQL / Cypher read into one) and lists of example questions, stored per source in the fact
 * store's database (example-store.ts), guarded by the permissions hook's `canTeach`, and used at
 * once: each structured source's interpreter looks a question up in its source's examples
 * (example-index.ts, taught-interpreter.ts) before the model reads it. `nlq train --source` mixes
 * the same examples into its data. A fact collection is taught answers, not graphs: the values of
 * the right answer and the facts that state them (fact-answers.ts), given by `correctAnswer` /
 * `addExamples` or taken from a confirmed text-fact reading.
 */
import type { Limits } from '../../../config/limits.js';
import { BadInputError, NotTeachableError, SourceNotFoundError } from '../../../errors.js';
import type { Mention } from '../../../engines/predictor/values/mentions.js';
import { formatQueryGraph, parseQueryGraph } from '../../../engines/query-graph/canonical.js';
import type { QueryGraphEngine } from '../../../engines/query-graph/engine.js';
import { explainQueryGraph } from '../../../engines/query-graph/explain.js';
import { queryToGraph } from '../../../engines/query-graph/from-query/index.js';
import type { QueryGraph } from '../../../engines/query-graph/types.js';
import type { SchemaGraph } from '../../../engines/schema-graph/types.js';
import { validateQueryGraph } from '../../../engines/query-graph/validate.js';
import type { FactIndex } from '../../../engines/nldb/fact-index.js';
import type { Source } from '../../../engines/source.js';
import type { Fact, JsonValue } from '../../../types.js';
import { parseInterpretationId } from '../calibration/interpretation-id.js';
import type { Access } from '../permissions.js';
import { validateAsk, validateIds, validatePageSize, validateQueryGraphText } from '../validate.js';
import { questionOfAskId } from './ask-id.js';
import { ExampleIndex, type TaughtMatch } from './example-index.js';
import type { ExampleOrigin, ExampleStore, TaughtExample } from './example-store.js';
import type { TaughtLookup } from './taught-interpreter.js';
import { decodeFactAnswer, encodeFactAnswer, FactAnswerIndex, type FactAnswer, type FactAnswerLookup, type FactMatch } from './fact-answers.js';

/** Which question a confirmation is for: its text, or the `AskResult.id` that ask gave it. */
export interface AskedQuestion {
  readonly question?: string | null;
  readonly askId?: string | null;
}

/** An example as callers give it: a question and its answer as a query graph or a query (structured sources), or as values (fact collections). */
export interface ExampleInput {
  readonly question: string;
  /** The query graph in canonical form (as `Interpretation.queryGraph`). */
  readonly queryGraph?: string | null;
  /** Or SQL (SQL sources) / Cypher (graph sources), read into a query graph; writes are refused. */
  readonly query?: string | null;
  /** A fact collection's answer: its values, one per row. */
  readonly answer?: readonly string[] | null;
  /** The collection's facts that state the answer (ids); default: those that name one of its values. */
  readonly facts?: readonly string[] | null;
}

/** A taught example with its answer in English, as GraphQL shows it: a graph (structured sources) or values and facts (fact collections). */
export interface ExampleView extends Omit<TaughtExample, 'queryGraph'> {
  readonly queryGraph: string | null;
  readonly answer: readonly string[] | null;
  readonly facts: readonly string[] | null;
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
  /** A text-fact reading that `ask` gave, run again as `runInterpretation` runs it: its rows and support. */
  rerun(interpretationId: string, context: unknown): Promise<{ readonly rows: readonly (readonly JsonValue[])[]; readonly support: readonly Fact[] }>;
  /** A fact collection's facts in memory (null while it is not started). */
  factIndex(sourceId: string): FactIndex | null;
}

/** At most this many facts are kept as a taught answer's support when the caller names none. */
const MAX_SUPPORT = 20;

export class Teaching {
  /** Each structured source's mention finder, once its predictor is loaded, and its schema (similar questions are compared by what they name of it). */
  private readonly readers = new Map<string, { readonly mentionsOf: (question: string) => readonly Mention[]; readonly schema: SchemaGraph }>();
  private readonly indexes = new Map<string, Promise<ExampleIndex | null>>();
  /** Fact collections whose interpreters answer taught questions, and their taught answers. */
  private readonly collections = new Set<string>();
  private readonly factIndexes = new Map<string, Promise<FactAnswerIndex | null>>();
  /** What each source's index was read at, and when that was last checked against the store. */
  private readonly versions = new Map<string, { readonly version: string; readonly checkedAt: number }>();

  constructor(private readonly host: TeachingHost) {}

  /** Called when a source's predictor is loaded: questions are then read with its mention finder, and compared in other words by what they name of its schema. */
  attach(sourceId: string, mentionsOf: (question: string) => readonly Mention[], schema: SchemaGraph): TaughtLookup {
    this.readers.set(sourceId, { mentionsOf, schema });
    this.indexes.delete(sourceId);
    return { find: (question) => this.find(sourceId, question) };
  }

  /** Called when a fact collection is made: its questions are then looked up in its taught answers. */
  attachCollection(collection: string): FactAnswerLookup {
    this.collections.add(collection);
    this.factIndexes.delete(collection);
    return {
      find: (question) => this.findAnswer(collection, question),
      facts: (ids) => ids.flatMap((id) => this.host.factIndex(collection)?.fact(id) ?? []),
    };
  }

  /** The taught example `question` reads as on the source, or null (also when examples cannot be read). */
  async find(sourceId: string, question: string): Promise<TaughtMatch | null> {
    const index = await this.indexFor(sourceId);
    return index ? index.find(question) : null;
  }

  /**
   * The taught example nearest `question` in other words (example-index.ts `nearest`), whatever its
   * nearness, examples `skip` names left out; for the curve SIMILAR is read from (bench teach-near).
   */
  async nearest(sourceId: string, question: string, skip: (example: TaughtExample) => boolean = () => false): Promise<TaughtMatch | null> {
    const index = await this.indexFor(sourceId);
    return index ? index.nearest(question, undefined, skip) : null;
  }

  /** The taught answer `question` reads as in the collection, or null (also when examples cannot be read). */
  async findAnswer(collection: string, question: string): Promise<FactMatch | null> {
    if (!this.collections.has(collection)) return null;
    const index = await this.cached(this.factIndexes, collection, (examples) => new FactAnswerIndex(examples));
    return index ? index.find(question) : null;
  }

  /** Of `sources`, those with a taught example the question reads as (asked even when source selection passes them over). */
  async taughtSources<S extends { readonly id: string }>(question: string, sources: readonly S[]): Promise<S[]> {
    const found = await Promise.all(
      sources.map(async (source) => (this.readers.has(source.id) ? this.find(source.id, question) : this.collections.has(source.id) ? this.findAnswer(source.id, question) : null)),
    );
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
      // A text-fact reading: its answer as it runs now, and the facts it rests on, are what is taught.
      const facts = await this.teachableCollection(ref.source, context);
      const answer = await this.host.rerun(interpretationId, context);
      if (answer.rows.length === 0) throw new NotTeachableError(ref.source, 'the reading answers nothing: give the right answer with correctAnswer(answer: ...)');
      const values = answer.rows.map((row) => String(row[0] ?? ''));
      const taught = { answer: values, facts: answer.support.map((fact) => fact.id) };
      const [stored] = await (await this.host.examples()).add(ref.source, [{ question: text, queryGraph: encodeFactAnswer(taught), origin: 'confirmed' }]);
      this.factIndexes.delete(ref.source);
      return this.factView(stored as TaughtExample, facts);
    }
    const { engine } = await this.teachable(ref.source, context);
    const graph = this.checkedGraph(ref.queryGraph, engine);
    const [stored] = await (await this.host.examples()).add(ref.source, [{ question: text, queryGraph: formatQueryGraph(graph), origin: 'confirmed' }]);
    return this.changed(ref.source, stored as TaughtExample, engine);
  }

  async correct(question: string, sourceId: string, answer: Omit<ExampleInput, 'question'>, context: unknown): Promise<ExampleView> {
    const [view] = await this.add(sourceId, [{ question, ...answer }], context, 'corrected');
    return view as ExampleView;
  }

  async add(sourceId: string, examples: readonly ExampleInput[], context: unknown, origin: ExampleOrigin = 'added'): Promise<ExampleView[]> {
    if (!Array.isArray(examples) || examples.length === 0) throw new BadInputError('no examples given', 'examples');
    if (examples.length > this.host.limits.maxFactsPerWrite) {
      throw new BadInputError(`${examples.length} examples in one call; the limit is ${this.host.limits.maxFactsPerWrite}`, 'examples');
    }
    if (this.isCollection(sourceId)) return this.addAnswers(sourceId, examples, context, origin);
    const { engine, source } = await this.teachable(sourceId, context);
    // Every example is read before any is stored: one bad example stores none.
    const checked = examples.map((example, k) => {
      const at = examples.length === 1 && origin === 'corrected' ? '' : `examples[${k}].`;
      const question = this.question(example?.question, `${at}question`);
      if (given(example.answer) || given(example.facts)) {
        throw new BadInputError(`'${sourceId}' is a ${source.kind === 'cypher' ? 'graph' : 'SQL'} source: give the answer as a queryGraph or a query (answer and facts are for fact collections)`, `${at}answer`);
      }
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
    if (this.isCollection(sourceId)) {
      const facts = await this.teachableCollection(sourceId, context);
      return (await (await this.host.examples()).list(sourceId, pageSize, after ?? undefined)).map((example) => this.factView(example, facts));
    }
    const { engine } = await this.teachable(sourceId, context);
    return (await (await this.host.examples()).list(sourceId, pageSize, after ?? undefined)).map((example) => this.view(example, engine));
  }

  async remove(sourceId: string, ids: readonly string[], context: unknown): Promise<{ source: string; removed: string[]; missing: string[] }> {
    const unique = validateIds(ids, this.host.limits);
    if (this.isCollection(sourceId)) await this.teachableCollection(sourceId, context);
    else await this.teachable(sourceId, context);
    const result = await (await this.host.examples()).remove(sourceId, unique);
    this.indexes.delete(sourceId);
    this.factIndexes.delete(sourceId);
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
    return { ...example, answer: null, facts: null, explanation };
  }

  /** A fact collection's taught answer as GraphQL shows it. */
  private factView(example: TaughtExample, facts: FactIndex): ExampleView {
    const taught = decodeFactAnswer(example.queryGraph);
    if (!taught) return { ...example, queryGraph: null, answer: null, facts: null, explanation: 'this example holds no answer a fact collection can use' };
    const still = taught.facts.filter((id) => facts.fact(id));
    const gone = taught.facts.length - still.length;
    const values = taught.answer.map((value) => `"${value}"`).join(', ');
    const explanation = `the answer ${values || '(none)'}, resting on ${taught.facts.length} fact${taught.facts.length === 1 ? '' : 's'}${gone > 0 ? ` (${gone} since removed)` : ''}`;
    return { ...example, queryGraph: null, answer: taught.answer, facts: taught.facts, explanation };
  }

  /**
   * A fact collection's examples: each an answer's values (at least one, each as long as a fact
   * may be) and its facts, ids of the collection's facts; when none are named, the facts that
   * name one of the values (whole words, case aside; at most MAX_SUPPORT), so the answer shows
   * what it rests on. A queryGraph or query is refused: a collection runs no graphs.
   */
  private async addAnswers(sourceId: string, examples: readonly ExampleInput[], context: unknown, origin: ExampleOrigin): Promise<ExampleView[]> {
    const facts = await this.teachableCollection(sourceId, context);
    const checked = examples.map((example, k) => {
      const at = examples.length === 1 && origin === 'corrected' ? '' : `examples[${k}].`;
      const question = this.question(example?.question, `${at}question`);
      if (given(example.queryGraph) || given(example.query)) {
        throw new BadInputError(`'${sourceId}' is a fact collection: give the right answer's values as \`answer\` (and the facts that state it as \`facts\`), not a queryGraph or query`, `${at}answer`);
      }
      const values = this.answerValues(example.answer, `${at}answer`);
      const named = example.facts ?? null;
      let ids: string[];
      if (named !== null && named.length > 0) {
        ids = validateIds(named, this.host.limits);
        const missing = ids.filter((id) => !facts.fact(id));
        if (missing.length > 0) throw new BadInputError(`not facts of '${sourceId}': ${missing.slice(0, 5).join(', ')}`, `${at}facts`);
      } else {
        ids = facts.naming(values, MAX_SUPPORT).map((fact) => fact.id);
      }
      const taught: FactAnswer = { answer: values, facts: ids };
      return { question, queryGraph: encodeFactAnswer(taught), origin };
    });
    const stored = await (await this.host.examples()).add(sourceId, checked);
    this.factIndexes.delete(sourceId);
    return stored.map((example) => this.factView(example, facts));
  }

  private answerValues(answer: readonly string[] | null | undefined, argument: string): string[] {
    if (!Array.isArray(answer) || answer.length === 0) throw new BadInputError('give the right answer as `answer`: its values, one per row (a count or a number as digits, yes/no as yes or no)', argument);
    if (answer.length > this.host.limits.maxRows) throw new BadInputError(`${answer.length} values; the limit is ${this.host.limits.maxRows}`, argument);
    return answer.map((value) => {
      if (typeof value !== 'string' || value.trim() === '') throw new BadInputError('each value of the answer must be non-empty text', argument);
      if (value.length > this.host.limits.maxFactLength) throw new BadInputError(`a value of ${value.length} characters; the limit is ${this.host.limits.maxFactLength}`, argument);
      return value.trim();
    });
  }

  private isCollection(sourceId: string): boolean {
    return typeof sourceId === 'string' && this.host.source(sourceId)?.kind === 'nldb';
  }

  /** The collection's facts, if it exists, the caller may teach it, and it is started. */
  private async teachableCollection(sourceId: string, context: unknown): Promise<FactIndex> {
    await this.host.start();
    const source = this.host.source(sourceId);
    if (!source) throw new SourceNotFoundError(sourceId);
    await this.host.access.require('teach', source, context);
    const facts = this.host.factIndex(sourceId);
    if (!facts) throw new NotTeachableError(sourceId, `fact collection '${sourceId}' is not ready: ${source.info().status}`);
    return facts;
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
      throw new NotTeachableError(sourceId, `source '${sourceId}' is not ready: ${source.info().status}`);
    }
    return { source, engine };
  }

  private indexFor(sourceId: string): Promise<ExampleIndex | null> {
    const reader = this.readers.get(sourceId);
    if (!reader) return Promise.resolve(null);
    return this.cached(this.indexes, sourceId, (examples) => new ExampleIndex(examples.filter((example) => parsable(example.queryGraph)), reader.mentionsOf, reader.schema));
  }

  /** A source's index, read from the store once and again after it changed (refreshIfChanged). */
  private cached<T>(indexes: Map<string, Promise<T | null>>, sourceId: string, build: (examples: TaughtExample[]) => T): Promise<T | null> {
    let index = indexes.get(sourceId);
    if (!index) {
      const version = this.versionOf(sourceId);
      index = (async () => {
        const examples = await (await this.host.examples()).all(sourceId);
        this.versions.set(sourceId, { version: await version, checkedAt: Date.now() });
        return build(examples);
      })().catch(() => {
        // Examples that cannot be read (the store is down) leave the model to answer; tried again next time.
        indexes.delete(sourceId);
        return null;
      });
      indexes.set(sourceId, index);
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
        if (version !== known.version) {
          this.indexes.delete(sourceId);
          this.factIndexes.delete(sourceId);
        }
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

function given(value: unknown): boolean {
  return (typeof value === 'string' && value.trim() !== '') || (Array.isArray(value) && value.length > 0);
}

function parsable(text: string): boolean {
  try {
    parseQueryGraph(text);
    return true;
  } catch {
    return false;
  }
}
