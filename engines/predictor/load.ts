/**
 * Serving: the predictor of one source, if a model was trained for it and still fits its schema.
 * Never throws: a source without a usable model keeps working without an interpreter and says why
 * in its status (no model yet, or the schema changed since training: retrain).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { QueryGraphEngine } from '../query-graph/engine.js';
import { ModelUnusableError } from '../../errors.js';
import { schemaFingerprint } from './model/fingerprint.js';
import { PredictorInterpreter, QueryGraphPredictor, type PredictorLexicon, type PredictorOptions, type ReadingRules } from './interpreter.js';
import { defaultModelsRoot, MODEL_FILE, modelDirectory, readManifest, type ModelManifest } from './model/model-files.js';
import { PerSourceModel, Seq2SeqModel } from './model/onnx-model.js';
import type { QueryGraphModel } from './model/query-graph-model.js';
import { readSharedManifest, type SharedModelManifest } from './model/shared-files.js';
import { MAX_QUESTION_TOKENS, SharedVocabulary } from './model/shared-input.js';
import { SharedOnnxModel } from './model/shared-model.js';
import { SchemaAbbreviations } from './schema-words/abbreviations.js';
import { SchemaSynonyms } from './schema-words/synonyms.js';
import { ValueMemory } from './values/value-memory.js';
import { Vocabulary } from './model/vocabulary.js';
import { WordNet } from '../english/wordnet.js';

export interface LoadedPredictor {
  readonly predictor: QueryGraphPredictor;
  /** How the model reads values (from its model.json): what questions generated to measure it must use. */
  readonly rules: ReadingRules;
  readonly interpreter: PredictorInterpreter;
  readonly memory: ValueMemory;
  /** Most input tokens (input.ts) of a question the model reads whole; longer ones are cut (question-fit.ts). Default: the per-source models' budget. */
  readonly inputBudget?: number;
  release(): Promise<void>;
}

export interface LoadPredictorOptions extends PredictorOptions {
  /** The shared model, used when the source has no model of its own (shared-model.ts). */
  readonly shared?: SharedModelHolder;
  /** Folder holding one sub-folder per source (default: the package's models/querygraph). */
  readonly modelsRoot?: string;
  /** The model folder itself (overrides modelsRoot). */
  readonly directory?: string;
  /** A value memory already read (else it is read through the engine). */
  readonly memory?: ValueMemory;
}

/** Loads the model; throws ModelUnusableError when there is none or it no longer fits. */
export async function loadPredictor(sourceId: string, engine: QueryGraphEngine, options: LoadPredictorOptions = {}): Promise<LoadedPredictor> {
  const directory = options.directory ?? modelDirectory(options.modelsRoot ?? defaultModelsRoot(), sourceId);
  // A shared model specialised to this source (`nlq train --source` from the shared model), or a per-source one.
  const specialised = isSharedModelFolder(directory) ? readSharedManifest(directory) : null;
  const manifest = specialised ? null : readManifest(directory, sourceId);
  if (!specialised && !manifest) throw new ModelUnusableError(sourceId, `no trained query-graph model for '${sourceId}' (run \`nlq train --source ${sourceId}\`)`);
  const trainedFor = specialised?.schemaFingerprint ?? manifest?.schemaFingerprint;
  const live = schemaFingerprint(engine.schema());
  if (trainedFor !== live) {
    throw new ModelUnusableError(
      sourceId,
      `the query-graph model in ${directory} was trained for another schema (fingerprint ${trainedFor}, the database now has ${live}): retrain with \`nlq train --source ${sourceId}\``,
    );
  }
  const files = (specialised ?? manifest)?.files ?? { encoder: '', decoder: '' };
  const encoder = join(directory, files.encoder);
  const decoder = join(directory, files.decoder);
  for (const file of [encoder, decoder]) if (!existsSync(file)) throw new ModelUnusableError(sourceId, `model file missing: ${file}`);
  let model: QueryGraphModel;
  if (specialised) {
    const shared = await SharedOnnxModel.load(encoder, decoder, new SharedVocabulary(specialised.vocabulary));
    model = shared.forSchema(engine.schema(), { ownsSessions: true });
  } else {
    model = new PerSourceModel(await Seq2SeqModel.load(encoder, decoder), new Vocabulary((manifest as ModelManifest).vocabulary));
  }
  const memory = options.memory ?? (await ValueMemory.read(engine));
  const rules: ReadingRules = { valuesAcrossMarks: (specialised ?? manifest)?.valuesAcrossMarks ?? false };
  const predictor = new QueryGraphPredictor(engine, model, memory, englishLexicon(memory, model), rules);
  return { predictor, rules, memory, ...(specialised ? { inputBudget: MAX_QUESTION_TOKENS } : {}), interpreter: new PredictorInterpreter(engine, predictor, options), release: () => model.release() };
}

/** What a source's status says of values the memory could not read in time (none: nothing). */
function unreadValues(memory: ValueMemory): string {
  if (memory.unread.length === 0) return '';
  const shown = memory.unread.slice(0, 5).join(', ') + (memory.unread.length > 5 ? ', ...' : '');
  return `; values of ${memory.unread.length} attribute(s) not read in time (${shown}): questions naming them are not linked until the source is reloaded`;
}

/** Whether a model folder holds a shared-kind model (model.json says `"kind": "shared"`). */
function isSharedModelFolder(directory: string): boolean {
  try {
    return (JSON.parse(readFileSync(join(directory, MODEL_FILE), 'utf8')) as { kind?: string }).kind === 'shared';
  } catch {
    return false;
  }
}

/** WordNet synonyms of the schema's words the model never read, and adjectives of stored values. */
export function englishLexicon(memory: ValueMemory, model: Pick<QueryGraphModel, 'knows'>): PredictorLexicon {
  const wordnet = WordNet.shared();
  const abbreviations = new SchemaAbbreviations(memory.schemaWordList(), { isWord: (word) => wordnet.knows(word), isNoun: (word) => wordnet.knowsNoun(word), isFunctionWord: (word) => ValueMemory.isStopword(word) });
  return {
    synonyms: new SchemaSynonyms(memory.schemaWordList(), (word) => model.knows(word), wordnet, 1, abbreviations),
    abbreviationOf: (word) => abbreviations.abbreviationOf(word),
    pertainyms: (adjective) => wordnet.pertainedNouns(adjective),
    nounSynonyms: (noun) => wordnet.synonyms(noun, 'noun', 1),
    isVerb: (word) => wordnet.synsets(word, 'verb').length > 0,
    isKindOf: (noun, ancestor) => wordnet.isKindOf(noun, ancestor),
  };
}

/**
 * loadPredictor that reports instead of throwing: the predictor, or why there is none. `status` is
 * null when simply no model was trained (the usual case for a new source; `ask` then reports the
 * source as unable to interpret questions), and says what is wrong when a model is there but
 * cannot serve (schema changed, files missing).
 */
export async function tryLoadPredictor(
  sourceId: string,
  engine: QueryGraphEngine,
  options: LoadPredictorOptions = {},
): Promise<{ loaded: LoadedPredictor | null; status: string | null; failed: boolean }> {
  const directory = options.directory ?? modelDirectory(options.modelsRoot ?? defaultModelsRoot(), sourceId);
  if (!existsSync(join(directory, MODEL_FILE))) return withSharedModel(sourceId, engine, options);
  try {
    const loaded = await loadPredictor(sourceId, engine, { ...options, directory });
    return { loaded, status: `questions: query-graph predictor${unreadValues(loaded.memory)}`, failed: false };
  } catch (error) {
    const why = error instanceof ModelUnusableError ? error.message : `query-graph predictor not loaded: ${error instanceof Error ? error.message : String(error)}`;
    return { loaded: null, status: `questions: ${why}`, failed: true };
  }
}

/**
 * The shared model for a source with no model of its own, when one is there and the schema fits
 * it; otherwise no predictor (the source then answers UNSUPPORTED, as before).
 */
async function withSharedModel(sourceId: string, engine: QueryGraphEngine, options: LoadPredictorOptions): Promise<{ loaded: LoadedPredictor | null; status: string | null; failed: boolean }> {
  try {
    const shared = await options.shared?.get();
    if (!shared) return { loaded: null, status: null, failed: false };
    if (!SharedOnnxModel.fits(engine.schema())) {
      return { loaded: null, status: `questions: the schema is too large for the shared query-graph model (run \`nlq train --source ${sourceId}\`)`, failed: false };
    }
    const model = shared.model.forSchema(engine.schema());
    const memory = options.memory ?? (await ValueMemory.read(engine));
    const rules: ReadingRules = { valuesAcrossMarks: shared.manifest.valuesAcrossMarks };
    const predictor = new QueryGraphPredictor(engine, model, memory, englishLexicon(memory, model), rules);
    const loaded = { predictor, rules, memory, inputBudget: MAX_QUESTION_TOKENS, interpreter: new PredictorInterpreter(engine, predictor, options), release: () => model.release() };
    return { loaded, status: `questions: shared query-graph predictor (no model trained for this source)${unreadValues(memory)}`, failed: false };
  } catch (error) {
    // The source still runs query graphs: a broken shared model must not take every source down.
    return { loaded: null, status: `questions: shared query-graph predictor not loaded: ${error instanceof Error ? error.message : String(error)}`, failed: false };
  }
}

/**
 * The shared model of one gateway, loaded on first use and kept until `release` (every source
 * without a model of its own reads it; the ONNX sessions are shared, each source has its schema).
 */
export class SharedModelHolder {
  private loading: Promise<{ model: SharedOnnxModel; manifest: SharedModelManifest } | null> | null = null;

  /** `directory`: the shared model's folder, or null for none. */
  constructor(private readonly directory: string | null) {}

  /** The loaded model; a failed load is not kept, so the next question tries again (a model copied in after start, a transient error). */
  get(): Promise<{ model: SharedOnnxModel; manifest: SharedModelManifest } | null> {
    this.loading ??= this.load().catch((error: unknown) => {
      this.loading = null;
      throw error;
    });
    return this.loading;
  }

  private async load(): Promise<{ model: SharedOnnxModel; manifest: SharedModelManifest } | null> {
    if (this.directory === null) return null;
    const manifest = readSharedManifest(this.directory);
    if (!manifest) return null;
    const encoder = join(this.directory, manifest.files.encoder);
    const decoder = join(this.directory, manifest.files.decoder);
    for (const file of [encoder, decoder]) if (!existsSync(file)) throw new ModelUnusableError('shared', `model file missing: ${file}`);
    return { model: await SharedOnnxModel.load(encoder, decoder, new SharedVocabulary(manifest.vocabulary)), manifest };
  }

  async release(): Promise<void> {
    const loading = this.loading;
    this.loading = null;
    const loaded = await loading?.catch(() => null);
    await loaded?.model.release();
  }
}
