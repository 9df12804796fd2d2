/**
 * The gateway at run time: the sources, the fact stores, and the operations the GraphQL schema
 * exposes. One instance per `nlQuery()` call; nothing is global, so several gateways can live in
 * one process (tests do exactly that).
 */
import { BadInputError, clipId, RequestTimeoutError, SourceExistsError, SourceNotFoundError, SourceUnavailableError } from '../../errors.js';
import { CypherSource } from '../../engines/cypher/cypher-source.js';
import { FactStore } from '../../engines/nldb/fact-store.js';
import { NldbSource } from '../../engines/nldb/nldb-source.js';
import { eventSynonyms, kindsOf } from './nldb-kinds.js';
import type { Source } from '../../engines/source.js';
import { SqlSource } from '../../engines/sql/sql-source.js';
import { parseQueryGraph } from '../../engines/query-graph/canonical.js';
import type { QueryGraphEngine } from '../../engines/query-graph/engine.js';
import type { SchemaGraph } from '../../engines/schema-graph/types.js';
import type { Answer, AskOptions, AskResult, Fact, FactWrite, SourceInfo } from '../../types.js';
import { withConfidenceFloor } from './calibration/abstain.js';
import { Calibrator } from './calibration/calibrator.js';
import { byRawScore } from './calibration/features.js';
import { parseInterpretationId } from './calibration/interpretation-id.js';
import { hasOwnModel, withModelKind } from './calibration/model-kind.js';
import { readModelCalibration } from './calibration/model-calibration.js';
import { modelDirectory } from '../../engines/predictor/model/model-files.js';
import type { ResolvedOptions, SourceSpec } from './options.js';
import { Access } from './permissions.js';
import { askSources, timedOutBeforeAsking } from './pipeline.js';
import { executePlan, type PlanContext } from './plans/execute.js';
import { plannableSources } from './plans/plannable.js';
import { planQuestion } from './plans/planner.js';
import {
  SOURCE_ID_PATTERN,
  validateAsk,
  validateCollectionId,
  validateFacts,
  validateIds,
  validatePageSize,
  validateQueryGraphText,
  validateQueryTimeout,
  type AskRequest,
} from './validate.js';
import { eachEntityOnce } from '../../engines/predictor/each-entity-once.js';
import { inputTokens } from '../../engines/predictor/model/input.js';
import { SharedModelHolder, tryLoadPredictor } from '../../engines/predictor/load.js';
import { findMentions } from '../../engines/predictor/values/mentions.js';
import { readingEveryName } from '../../engines/predictor/named-values.js';
import { fittedToModel } from '../../engines/predictor/model/question-fit.js';
import { WordNet } from '../../engines/english/wordnet.js';
import { shapedByQuestion } from './return-type.js';
import { notRelevantOutcomes } from './selection/outcomes.js';
import { ExampleStore, type TaughtExample } from './teaching/example-store.js';
import { taughtFirst } from './teaching/taught-interpreter.js';
import { taughtFactsFirst } from './teaching/fact-answers.js';
import { taughtFactTraining, type TaughtFactTraining } from './teaching/fact-training.js';
import { Teaching, type AskedQuestion, type ExampleInput, type ExampleView } from './teaching/teaching.js';
import { SelectionMemory } from './selection/selection-memory.js';
import type { SourceSelection } from './selection/source-selector.js';

/** What a structured source's predictor is loaded with: the models' folder, the shared model, taught examples, the calibrator. */
interface ModelsInUse {
  readonly root: string;
  readonly shared: SharedModelHolder;
  readonly teaching: Teaching;
  readonly calibrator: Calibrator;
}

/**
 * The query-graph predictor of a structured source, when a model was trained for it (else the
 * reason), wrapped so that: each reading takes the shape its question asks for (return-type.ts), a
 * list names each thing once, every name the question gives is read, and a question longer than
 * the model reads is cut, saying so.
 */
async function predictorInterpreter(sourceId: string, engine: QueryGraphEngine, models: ModelsInUse, description: string) {
  const { loaded, status, failed } = await tryLoadPredictor(sourceId, engine, { shared: models.shared, modelsRoot: models.root });
  const own = hasOwnModel(sourceId, models.root);
  // The model's own calibration (written by nlq train beside it) goes with the model that serves.
  models.calibrator.useModelCurve(sourceId, loaded && own ? (readModelCalibration(modelDirectory(models.root, sourceId))?.curve ?? null) : null);
  if (!loaded) return { interpreter: null, status, failed, release: async () => undefined };
  const wordnet = WordNet.shared();
  const mentionsOf = (question: string) =>
    findMentions(question, loaded.memory, { acrossMarks: loaded.rules.valuesAcrossMarks ?? false, pertainyms: (adjective) => wordnet.pertainedNouns(adjective) });
  const named = readingEveryName(eachEntityOnce(loaded.interpreter, engine, { timeoutMs: 5000 }), { sourceId, description, schema: engine.schema(), mentionsOf, isAdjective: (word) => wordnet.synsets(word, 'adj').length > 0, engine, timeoutMs: 5000 });
  // Taught questions are looked up whole, before the question is cut to what the model reads.
  const taught = taughtFirst(fittedToModel(named, (question) => inputTokens(question, mentionsOf(question)).length, loaded.inputBudget), engine, models.teaching.attach(sourceId, mentionsOf, engine.schema()));
  const shaped = shapedByQuestion(taught);
  // Readings of the shared model on a source it was never specialised to are calibrated apart.
  const interpreter = withModelKind(shaped, own ? 'own' : 'shared');
  return { interpreter, status, failed, release: async () => loaded.release() };
}

/** Most facts of a collection a retrieval plan reads to find mentions. */
const MAX_FACTS_SCANNED = 10_000;
/** Most rows a retrieval plan reads of an intermediate set (the final answer keeps the caller's limit). */
const MAX_PLAN_ROWS = 10_000;

export class Gateway {
  private readonly sources = new Map<string, Source>();
  /** Fact stores by location; collections stored in the same database share one. */
  private readonly factStores = new Map<string, Promise<FactStore>>();
  private starting: Promise<void> | null = null;
  /** Source profiles for source selection, re-read when a source changes. */
  private readonly selection = new SelectionMemory();
  /** When each not-ready source was last retried (epoch ms), so a dead database is not hammered. */
  private readonly retried = new Map<string, number>();
  /**
   * Sources being opened right now (a new collection, a retry), with the opening: never closed and
   * reopened meanwhile, and waited for by stop() so nothing reopens after it.
   */
  private readonly opening = new Map<string, Promise<void>>();
  /** The host's permissions hook; every operation on a source passes through it first. */
  private readonly access: Access;

  /** The shared query-graph model, for sources with no model of their own (loaded on first use). */
  private readonly sharedModel: SharedModelHolder;

  /** Raw scores -> calibrated probabilities (models/calibration.json), by which federation ranks. */
  private readonly calibrator: Calibrator;

  /** Confirmed answers, corrections and example questions, per source (teaching/). */
  private readonly teaching: Teaching;
  /** The taught examples' table in the fact store's database (on its connection), opened on first use. */
  private exampleStore: Promise<ExampleStore> | null = null;

  constructor(private readonly options: ResolvedOptions) {
    this.access = new Access(options.permissions);
    this.sharedModel = new SharedModelHolder(options.sharedModel);
    this.calibrator = options.calibration ? Calibrator.load(options.calibration) : Calibrator.none();
    if (options.sharedModel) this.calibrator.useSharedModelCurve(readModelCalibration(options.sharedModel)?.curve ?? null);
    this.teaching = new Teaching({
      limits: options.limits,
      access: this.access,
      start: () => this.start(),
      source: (id) => this.sources.get(id),
      examples: () => this.examples(),
      rerun: (id, context) => this.runInterpretation(id, null, context),
      factIndex: (id) => {
        const source = this.sources.get(id);
        return source instanceof NldbSource ? source.factIndex() : null;
      },
    });
    for (const spec of options.sources) {
      if (!SOURCE_ID_PATTERN.test(spec.id)) throw new BadInputError(`invalid source id '${spec.id}'`, 'sources');
      if (this.sources.has(spec.id)) throw new SourceExistsError(spec.id);
      this.sources.set(spec.id, this.makeSource(spec));
    }
  }

  get limits() {
    return this.options.limits;
  }

  private modelsInUse(): ModelsInUse {
    return { root: this.options.models, shared: this.sharedModel, teaching: this.teaching, calibrator: this.calibrator };
  }

  /**
   * Opens every source (in parallel; a failing one is marked not ready) and registers the
   * collections found in the default fact store. Safe to call more than once.
   */
  start(): Promise<void> {
    this.starting ??= (async () => {
      await Promise.all([...this.sources.values()].map((source) => source.start()));
      await this.discoverCollections();
      // Source profiles (schema words, distinct values, fact words) are read in the background,
      // so the first question does not wait for all of them; it waits only for what is left.
      void this.selection.selectorFor([...this.sources.values()]);
    })();
    return this.starting;
  }

  async stop(): Promise<void> {
    const starting = this.starting;
    this.starting = null;
    if (starting) await starting.catch(() => undefined);
    await Promise.all([...this.opening.values()].map((opening) => opening.catch(() => undefined)));
    await Promise.all([...this.sources.values()].map((source) => source.close()));
    const stores = [...this.factStores.values()];
    this.factStores.clear();
    await Promise.all(stores.map(async (store) => (await store.catch(() => null))?.close()));
    this.exampleStore = null;
    await this.sharedModel.release();
  }

  /** Every source, whoever asks (the CLI and the host itself); GraphQL callers get `visibleSources`. */
  listSources(): readonly SourceInfo[] {
    return [...this.sources.values()].map((source) => source.info());
  }

  /** The sources the caller with this GraphQL context may know about (see `Permissions.canSee`). */
  async visibleSources(context?: unknown): Promise<readonly SourceInfo[]> {
    await this.start();
    return (await this.access.visible([...this.sources.values()], context)).map((source) => source.info());
  }

  /**
   * Answers a question from the sources the caller may ask (`context` is the GraphQL context the
   * permissions hook decides from), all within one deadline: `options.timeoutMs`, at most
   * `limits.askTimeoutMs`. An answer less likely than `minConfidence` is not stated: it comes back
   * UNSURE with the best readings to pick from (calibration/abstain.ts).
   */
  async ask(question: string, options?: AskOptions | null, context?: unknown): Promise<AskResult> {
    const request = validateAsk(question, options, this.options.limits);
    return withConfidenceFloor(await this.answer(request, context), request.minConfidence);
  }

  private async answer(request: AskRequest, context: unknown): Promise<AskResult> {
    const deadline = Date.now() + request.timeoutMs;
    await beforeDeadline(this.start(), deadline, request.timeoutMs);
    // Only permitted sources go further: source selection and the pipeline never see the others.
    const candidates = await this.askableSources(request.sources, context);
    this.retryUnready(candidates);
    // A question that needs several retrievals (comparisons, totals, one source's things found in
    // another) is split and recombined; when the plan finds nothing to build on it is asked as is.
    // A question taught as a whole is answered as taught, not split into sub-questions.
    const taught = request.sources ? [] : await this.teaching.taughtSources(request.question, candidates);
    const plan = request.sources || taught.length > 0 ? null : planQuestion(request.question, plannableSources(candidates));
    if (plan && plan.kind !== 'single') {
      const planned = await executePlan(request.question, plan, this.planContext(request, candidates, deadline));
      if (planned) return planned;
    }
    return request.sources ? this.askCandidates(candidates, request, deadline) : this.askSelected(candidates, request, deadline, taught);
  }

  /**
   * Scores `candidates` (default: every source) against the question and splits them into the
   * sources worth asking and the others, with scores and evidence. Ids that name no source score 0.
   */
  async selectSources(question: string, candidates?: readonly string[]): Promise<SourceSelection> {
    await this.start();
    const selector = await this.selection.selectorFor([...this.sources.values()]);
    return selector.select(question, candidates ?? [...this.sources.keys()]);
  }

  /** No sources named: only those source selection finds related are asked; the others say why. */
  /** `taught`: the candidates taught this question, when the caller has looked them up already. */
  private async askSelected(candidates: readonly Source[], request: AskRequest, deadline: number, taught?: readonly Source[]): Promise<AskResult> {
    let selector;
    try {
      selector = await beforeDeadline(this.selection.selectorFor([...this.sources.values()]), deadline, request.timeoutMs);
    } catch (error) {
      if (error instanceof RequestTimeoutError) return timedOutBeforeAsking(candidates, request);
      throw error;
    }
    const selection = selector.select(request.question, candidates.map((source) => source.id));
    const chosen = new Set(selection.selected.map((score) => score.source));
    // A source taught this question answers it, whatever source selection made of its words.
    for (const source of taught ?? (await this.teaching.taughtSources(request.question, candidates))) chosen.add(source.id);
    // A source that is down was judged on its description alone: it is reported UNAVAILABLE (the
    // pipeline does not wait for it), not unrelated.
    const asked = candidates.filter((source) => chosen.has(source.id) || !source.info().ready);
    const result = await this.askCandidates(asked, request, deadline);
    const skipped = notRelevantOutcomes(selector, selection).filter((outcome) => !asked.some((source) => source.id === outcome.source));
    return { ...result, sources: [...result.sources, ...skipped] };
  }

  /** One retrieval: the candidates in parallel, each cut at its own limit or the ask's deadline. */
  private askCandidates(candidates: readonly Source[], request: AskRequest, deadline: number): Promise<AskResult> {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return Promise.resolve(timedOutBeforeAsking(candidates, request));
    // Sources run in parallel, so cutting each at the time left keeps the whole ask in its deadline.
    return askSources(candidates, request, Math.min(this.options.limits.sourceTimeoutMs, remaining), this.calibrator);
  }

  /** Sub-questions of a plan go only to sources the caller may ask, under the same deadline. */
  private planContext(request: AskRequest, candidates: readonly Source[], deadline: number): PlanContext {
    return {
      limit: request.limit,
      ask: (sub) => {
        const limit = Math.min(sub.rowLimit ?? request.limit, MAX_PLAN_ROWS);
        const subRequest = { ...request, question: sub.question, limit };
        // A step that names its sources asks them; the others go through source selection.
        if (!sub.sources) return this.askSelected(candidates, subRequest, deadline);
        return this.askCandidates(candidates.filter((source) => sub.sources!.includes(source.id)), subRequest, deadline);
      },
      facts: async (collection) => {
        const source = candidates.find((candidate) => candidate.id === collection);
        const store = source instanceof NldbSource ? source.factStore() : null;
        return store ? store.listFacts(collection, MAX_FACTS_SCANNED) : [];
      },
    };
  }

  /**
   * A source that was down at start (database unreachable, file missing) is reopened in the
   * background, at most every RETRY_INTERVAL_MS: the question at hand gets UNAVAILABLE without
   * waiting, later ones find the source again once its database is back.
   */
  private retryUnready(sources: readonly Source[]): void {
    const now = Date.now();
    for (const source of sources) {
      if (source.info().ready || this.opening.has(source.id) || now - (this.retried.get(source.id) ?? 0) < RETRY_INTERVAL_MS) continue;
      this.retried.set(source.id, now);
      // start() never throws (a failure leaves the source not ready); close() releases a half-open client first.
      const reopening = source
        .close()
        .catch(() => undefined)
        .then(() => source.start())
        .finally(() => this.opening.delete(source.id));
      this.opening.set(source.id, reopening);
    }
  }

  /** The sources named in `options.sources` (every one, or an error), else all the caller may ask. */
  private async askableSources(ids: readonly string[] | undefined, context: unknown): Promise<Source[]> {
    if (!ids) return this.access.askable([...this.sources.values()], context);
    const unknown = (id: string) => new BadInputError(`unknown source '${clipId(id)}' in options.sources`, 'options.sources');
    const named: Source[] = [];
    for (const id of ids) {
      const source = this.sources.get(id);
      if (!source) throw unknown(id);
      // A source the caller may not see gets the unknown-source error word for word.
      await this.access.require('ask', source, context, () => unknown(id));
      named.push(source);
    }
    return named;
  }

  /** Throws SOURCE_NOT_FOUND, or FORBIDDEN_SOURCE, unless the caller may ask `sourceId`. */
  private async requireAsk(sourceId: string, context: unknown): Promise<void> {
    const source = this.sources.get(sourceId);
    if (!source) throw new SourceNotFoundError(sourceId);
    await this.access.require('ask', source, context);
    this.retryUnready([source]);
  }

  /** Runs a query graph (canonical form) on one structured source, read-only, under the limits. */
  async runQueryGraph(
    sourceId: string,
    text: string,
    options?: { limit?: number | null; timeoutMs?: number | null } | null,
    context?: unknown,
  ): Promise<Answer> {
    await this.start();
    const limit = validatePageSize(options?.limit, this.options.limits);
    const timeoutMs = validateQueryTimeout(options?.timeoutMs, this.options.limits);
    const graph = parseQueryGraph(validateQueryGraphText(text, this.options.limits));
    await this.requireAsk(sourceId, context);
    const engine = this.queryGraphEngine(sourceId);
    const run = await engine.run(graph, { limit, timeoutMs });
    return {
      ...run.result,
      source: sourceId,
      sources: [sourceId],
      weights: run.result.rows.map(() => 1),
      // The caller chose this reading: no uncertainty from interpretation is left.
      confidence: 1,
      explanation: run.explanation,
      query: run.query,
      queryGraph: text.trim(),
    };
  }

  /**
   * Runs one interpretation `ask` returned (its `id`), as the caller picked it from an UNSURE
   * answer's alternatives: a structured reading runs its query graph (as `runQueryGraph`), a
   * text-fact reading is asked of its collection again and the reading at its rank taken. The
   * permissions hook decides as for `ask`.
   */
  async runInterpretation(id: string, options?: { limit?: number | null; timeoutMs?: number | null } | null, context?: unknown): Promise<Answer> {
    const ref = parseInterpretationId(id);
    if ('queryGraph' in ref) return this.runQueryGraph(ref.source, ref.queryGraph, options, context);
    await this.start();
    const limit = validatePageSize(options?.limit, this.options.limits);
    const timeoutMs = validateQueryTimeout(options?.timeoutMs, this.options.limits);
    await this.requireAsk(ref.source, context);
    const source = this.sources.get(ref.source)!;
    const interpreter = source.interpreter();
    if (!source.info().ready || !interpreter) throw new SourceUnavailableError(ref.source, `source '${ref.source}' is not ready: ${source.info().status}`);
    const signal = AbortSignal.timeout(timeoutMs);
    const readings = byRawScore(await interpreter.answer({ question: ref.question, topK: Math.max(ref.rank + 1, this.options.limits.defaultTopK), limit, signal }));
    const picked = readings[ref.rank];
    if (!picked?.result) throw new BadInputError(`interpretation ${ref.rank + 1} of '${clipId(ref.source)}' no longer exists or did not run: ask the question again`, 'id');
    return {
      ...picked.result,
      source: ref.source,
      sources: [ref.source],
      weights: picked.result.rows.map(() => 1),
      // The caller chose this reading: no uncertainty from interpretation is left.
      confidence: 1,
      explanation: picked.explanation,
      query: picked.query,
      queryGraph: picked.queryGraph,
    };
  }

  /** The schema graph of a structured source. */
  async schemaGraph(sourceId: string, context?: unknown): Promise<SchemaGraph> {
    await this.start();
    await this.requireAsk(sourceId, context);
    return this.queryGraphEngine(sourceId).schema();
  }

  /** The engine that runs query graphs on a source, once the sources have started (training uses it). */
  async queryGraphEngineOf(sourceId: string): Promise<QueryGraphEngine> {
    await this.start();
    return this.queryGraphEngine(sourceId);
  }

  private queryGraphEngine(sourceId: string): QueryGraphEngine {
    const source = this.sources.get(sourceId);
    if (!source) throw new SourceNotFoundError(sourceId);
    const engine = source.queryGraphs();
    if (engine) return engine;
    if (!source.info().ready) throw new SourceUnavailableError(sourceId, `source '${sourceId}' is not ready: ${source.info().status}`);
    throw new BadInputError(`source '${sourceId}' (${source.kind}) does not run query graphs`, 'source');
  }

  async createFactCollection(id: string, description: string | null | undefined, context?: unknown): Promise<SourceInfo> {
    await this.start();
    validateCollectionId(id, 'id');
    if (description !== null && description !== undefined && typeof description !== 'string') {
      throw new BadInputError('the description must be a string', 'description');
    }
    const text = (description ?? '').trim() || `facts in collection ${id}`;
    if (text.length > this.options.limits.maxFactLength) {
      throw new BadInputError(`the description is ${text.length} characters long; the limit is ${this.options.limits.maxFactLength}`, 'description');
    }
    // Asked before the existence check, so a caller who may not create `id` learns nothing about it.
    await this.access.require('write', { id, kind: 'nldb', description: text }, context);
    if (this.sources.has(id)) throw new SourceExistsError(id);
    const store = await this.defaultFactStore();
    await store.createCollection(id, text);
    const source = this.collectionSource(id, text, async () => store);
    const starting = source.start().finally(() => this.opening.delete(id));
    this.opening.set(id, starting);
    this.sources.set(id, source);
    await starting;
    return source.info();
  }

  async addFacts(collection: string, facts: readonly string[], context?: unknown): Promise<FactWrite> {
    await this.start();
    const texts = validateFacts(facts, this.options.limits);
    const { source, store } = await this.collection(collection, 'write', context);
    const written = await store.addFacts(collection, texts);
    await source.refresh();
    return { collection, ids: written.map((fact) => fact.id), missing: [], size: await store.countFacts(collection) };
  }

  async removeFacts(collection: string, ids: readonly string[], context?: unknown): Promise<FactWrite> {
    await this.start();
    const unique = validateIds(ids, this.options.limits);
    const { source, store } = await this.collection(collection, 'write', context);
    const { removed, missing } = await store.removeFacts(collection, unique);
    await source.refresh();
    return { collection, ids: removed, missing, size: await store.countFacts(collection) };
  }

  async listFacts(collection: string, limit: number | null | undefined, after: string | null | undefined, context?: unknown): Promise<readonly Fact[]> {
    await this.start();
    const pageSize = validatePageSize(limit, this.options.limits);
    const { store } = await this.collection(collection, 'ask', context);
    return store.listFacts(collection, pageSize, after ?? undefined);
  }

  /** Records that `interpretationId` (an `ask` reading) answers the question right (origin `confirmed`); the question by its text or its ask id. */
  confirmAnswer(asked: AskedQuestion, interpretationId: string, context?: unknown): Promise<ExampleView> {
    return this.teaching.confirm(asked, interpretationId, context);
  }

  /** Records the right answer to `question` on `source` (origin `corrected`): a query graph, or SQL / Cypher read into one; a fact collection's answer values and facts. */
  correctAnswer(question: string, sourceId: string, answer: Omit<ExampleInput, 'question'>, context?: unknown): Promise<ExampleView> {
    return this.teaching.correct(question, sourceId, answer, context);
  }

  /** Stores a list of example questions with their answers (origin `added`), all or none. */
  addExamples(sourceId: string, examples: readonly ExampleInput[], context?: unknown): Promise<ExampleView[]> {
    return this.teaching.add(sourceId, examples, context);
  }

  /** The taught examples of a source in id order; `after` is the last id of the previous page. */
  listExamples(sourceId: string, limit: number | null | undefined, after: string | null | undefined, context?: unknown): Promise<ExampleView[]> {
    return this.teaching.list(sourceId, limit, after, context);
  }

  removeExamples(sourceId: string, ids: readonly string[], context?: unknown): Promise<{ source: string; removed: string[]; missing: string[] }> {
    return this.teaching.remove(sourceId, ids, context);
  }

  /**
   * The taught example `ask` would answer `question` with on `sourceId` (the question as taught, or
   * the same words about other values), or null; whoever asks (the CLI, benchmarks).
   */
  async taughtExampleFor(sourceId: string, question: string): Promise<TaughtExample | null> {
    await this.start();
    return (await this.teaching.find(sourceId, question))?.example ?? null;
  }

  /** The taught example nearest `question` in other words, whatever its nearness (bench teach-near); `skip` leaves examples out. */
  async nearestTaught(sourceId: string, question: string, skip?: (example: TaughtExample) => boolean): Promise<{ example: TaughtExample; nearness: number } | null> {
    await this.start();
    const match = await this.teaching.nearest(sourceId, question, skip);
    return match ? { example: match.example, nearness: match.nearness } : null;
  }

  /** Every taught example of a source, whoever asks (training reads them). */
  taughtExamples(sourceId: string): Promise<TaughtExample[]> {
    return this.teaching.examplesOf(sourceId);
  }

  /**
   * A fact collection's taught answers with the texts of their facts and a few negatives, as
   * `nlq train --nldb` gives them to the extractor's trainer (teaching/fact-training.ts); none for
   * a source that is no fact collection or is not ready.
   */
  async taughtFactTraining(collection: string): Promise<TaughtFactTraining[]> {
    await this.start();
    const source = this.sources.get(collection);
    const index = source instanceof NldbSource ? source.factIndex() : null;
    if (!index) return [];
    return taughtFactTraining(collection, await this.teaching.examplesOf(collection), index);
  }

  private examples(): Promise<ExampleStore> {
    if (!this.exampleStore) {
      const opening = this.defaultFactStore().then((store) => ExampleStore.on(store.connection()));
      // A failed open is not kept: the next call tries again (the database may come back).
      opening.catch(() => {
        if (this.exampleStore === opening) this.exampleStore = null;
      });
      this.exampleStore = opening;
    }
    return this.exampleStore;
  }

  /** The started collection `id` and its store, if the caller may `action` it; else a clear error. */
  private async collection(id: string, action: 'ask' | 'write', context: unknown): Promise<{ source: NldbSource; store: FactStore }> {
    const source = this.sources.get(id);
    if (!source) throw new SourceNotFoundError(id);
    await this.access.require(action, source, context);
    if (!(source instanceof NldbSource)) {
      throw new BadInputError(`source '${id}' is a ${source.kind} source, not a fact collection`, 'collection');
    }
    const store = source.factStore();
    if (!store) throw new BadInputError(`fact collection '${id}' is not ready: ${source.info().status}`, 'collection');
    return { source, store };
  }

  private makeSource(spec: SourceSpec): Source {
    const description = spec.description ?? '';
    switch (spec.kind) {
      case 'sql':
        return new SqlSource({
          id: spec.id,
          description,
          connection: 'prisma' in spec ? { prisma: spec.prisma, ...(spec.provider ? { provider: spec.provider } : {}) } : { url: spec.url },
          interpreter: (id, engine) => predictorInterpreter(id, engine, this.modelsInUse(), description),
          ...(spec.inferRelations ? { inferRelations: spec.inferRelations } : {}),
        });
      case 'cypher':
        return new CypherSource({
          id: spec.id,
          description,
          queryTimeoutMs: this.options.limits.sourceTimeoutMs,
          interpreter: (id, engine) => predictorInterpreter(id, engine, this.modelsInUse(), description),
          connection:
            'driver' in spec
              ? { driver: spec.driver, ...(spec.database ? { database: spec.database } : {}) }
              : {
                  url: spec.url,
                  ...(spec.user ? { user: spec.user } : {}),
                  ...(spec.password ? { password: spec.password } : {}),
                  ...(spec.database ? { database: spec.database } : {}),
                },
        });
      case 'nldb': {
        const store =
          'prisma' in spec
            ? () => this.factStoreFor(`prisma:${spec.id}`, () => FactStore.withClient(spec.prisma, spec.provider))
            : () => (spec.url ? this.factStoreFor(spec.url, () => FactStore.open(spec.url as string)) : this.defaultFactStore());
        return this.collectionSource(spec.id, description, store);
      }
    }
  }

  /** A fact collection as a source: its taught answers are given before the text-fact engine reads a question. */
  private collectionSource(id: string, description: string, store: () => Promise<FactStore>): NldbSource {
    const taught = this.teaching.attachCollection(id);
    return new NldbSource({ id, description, store, kindsOf, eventSynonyms, wrapInterpreter: (interpreter) => taughtFactsFirst(interpreter, id, taught) });
  }

  private defaultFactStore(): Promise<FactStore> {
    const location = this.options.factStore;
    if (typeof location === 'string') return this.factStoreFor(location, () => FactStore.open(location));
    return this.factStoreFor('prisma:default', () => FactStore.withClient(location.prisma, location.provider));
  }

  private factStoreFor(key: string, open: () => Promise<FactStore>): Promise<FactStore> {
    let store = this.factStores.get(key);
    if (!store) {
      store = open();
      this.factStores.set(key, store);
      // A failed open is not cached: the next call tries again (the database may come back).
      store.catch(() => this.factStores.delete(key));
    }
    return store;
  }

  /** Collections created earlier through the API live in the default store: serve them again. */
  private async discoverCollections(): Promise<void> {
    let store: FactStore;
    try {
      store = await this.defaultFactStore();
    } catch {
      return; // the default store cannot be opened; createFactCollection will report why
    }
    for (const record of await store.listCollections()) {
      if (this.sources.has(record.id)) continue;
      const source = this.collectionSource(record.id, record.description, async () => store);
      this.sources.set(record.id, source);
      await source.start();
    }
  }
}

/** Least time between two attempts to reopen a source that is not ready. */
const RETRY_INTERVAL_MS = 5000;

/** `work`, or RequestTimeoutError if `deadline` (epoch ms) comes first; `work` itself is not cancelled. */
async function beforeDeadline<T>(work: Promise<T>, deadline: number, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RequestTimeoutError(timeoutMs)), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
