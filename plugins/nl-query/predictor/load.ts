/**
 * Serving: the predictor of one source, if a model was trained for it and still fits its schema.
 * Never throws: a source without a usable model keeps working without an interpreter and says why
 * in its status (no model yet, or the schema changed since training: retrain).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { QueryGraphEngine } from '../../../engines/query-graph/engine.js';
import { ModelUnusableError } from '../../../errors.js';
import { schemaFingerprint } from './fingerprint.js';
import { PredictorInterpreter, QueryGraphPredictor, type PredictorLexicon, type PredictorOptions, type ReadingRules } from './interpreter.js';
import { defaultModelsRoot, MODEL_FILE, modelDirectory, readManifest } from './model-files.js';
import { Seq2SeqModel } from './onnx-model.js';
import { SchemaSynonyms } from './synonyms.js';
import { ValueMemory } from './value-memory.js';
import { Vocabulary } from './vocabulary.js';
import { WordNet } from './wordnet.js';

export interface LoadedPredictor {
  readonly predictor: QueryGraphPredictor;
  /** How the model reads values (from its model.json): what questions generated to measure it must use. */
  readonly rules: ReadingRules;
  readonly interpreter: PredictorInterpreter;
  readonly memory: ValueMemory;
  release(): Promise<void>;
}

export interface LoadPredictorOptions extends PredictorOptions {
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
  const manifest = readManifest(directory, sourceId);
  if (!manifest) throw new ModelUnusableError(sourceId, `no trained query-graph model for '${sourceId}' (run \`nlq train --source ${sourceId}\`)`);
  const live = schemaFingerprint(engine.schema());
  if (manifest.schemaFingerprint !== live) {
    throw new ModelUnusableError(
      sourceId,
      `the query-graph model in ${directory} was trained for another schema (fingerprint ${manifest.schemaFingerprint}, the database now has ${live}): retrain with \`nlq train --source ${sourceId}\``,
    );
  }
  const encoder = join(directory, manifest.files.encoder);
  const decoder = join(directory, manifest.files.decoder);
  for (const file of [encoder, decoder]) if (!existsSync(file)) throw new ModelUnusableError(sourceId, `model file missing: ${file}`);
  const model = await Seq2SeqModel.load(encoder, decoder);
  const memory = options.memory ?? (await ValueMemory.read(engine));
  const vocabulary = new Vocabulary(manifest.vocabulary);
  const rules: ReadingRules = { valuesAcrossMarks: manifest.valuesAcrossMarks ?? false };
  const predictor = new QueryGraphPredictor(engine, model, vocabulary, memory, englishLexicon(memory, vocabulary), rules);
  return { predictor, rules, memory, interpreter: new PredictorInterpreter(engine, predictor, options), release: () => model.release() };
}

/** WordNet synonyms of the schema's words the model never read, and adjectives of stored values. */
export function englishLexicon(memory: ValueMemory, vocabulary: Vocabulary): PredictorLexicon {
  const wordnet = WordNet.shared();
  return {
    synonyms: new SchemaSynonyms(memory.schemaWordList(), (word) => vocabulary.knows(word), wordnet),
    pertainyms: (adjective) => wordnet.pertainedNouns(adjective),
    nounSynonyms: (noun) => wordnet.synonyms(noun, 'noun', 1),
    isVerb: (word) => wordnet.synsets(word, 'verb').length > 0,
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
  if (!existsSync(join(directory, MODEL_FILE))) return { loaded: null, status: null, failed: false };
  try {
    const loaded = await loadPredictor(sourceId, engine, { ...options, directory });
    return { loaded, status: 'questions: query-graph predictor', failed: false };
  } catch (error) {
    const why = error instanceof ModelUnusableError ? error.message : `query-graph predictor not loaded: ${error instanceof Error ? error.message : String(error)}`;
    return { loaded: null, status: `questions: ${why}`, failed: true };
  }
}
