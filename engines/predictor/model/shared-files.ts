/**
 * Where the shared, schema-conditioned predictor lives and what is in it: models/shared-querygraph/
 * holds model.json (vocabulary, training figures), the int8 encoder and decoder step, model.pt
 * (the weights, for per-source specialisation) and MODEL_CARD.md.
 */
import type { TaughtUse } from '../training/taught-examples.js';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packagePath } from '../../package-path.js';
import { ModelUnusableError } from '../../../errors.js';
import type { SharedVocabularyData } from './shared-input.js';

export const SHARED_MODEL_FILE = 'model.json';

export interface SharedModelManifest {
  readonly format: 1;
  readonly kind: 'shared';
  readonly vocabulary: SharedVocabularyData;
  readonly files: { readonly encoder: string; readonly decoder: string };
  /** Values are read whole across commas, slashes and full stops (mentions.ts `acrossMarks`). */
  readonly valuesAcrossMarks: boolean;
  /** Set when the model was specialised to one source (`nlq train --source`): the schema it was specialised to. */
  readonly schemaFingerprint?: string;
  readonly training: {
    readonly databases: readonly string[];
    readonly heldOutDatabases: readonly string[];
    readonly skipped: readonly string[];
    readonly trainExamples: number;
    readonly parameters: number;
    readonly trainSeconds: number;
    readonly totalSeconds: number;
    readonly seed: number;
    readonly config: Readonly<Record<string, number | string | boolean>>;
    readonly trainedAt: string;
    /** Set when the model was specialised from another shared model. */
    readonly init: string | null;
  };
  /** What a reader of the figures must know that the fields do not say (how a model was continued, what a figure does not measure). */
  readonly notes?: readonly string[];
  /** Specialised models: the source's taught examples the run mixed in and held out (taught-examples.ts). */
  readonly taught?: TaughtUse;
  /** Generated questions on the held-out databases (exact match of the query graph). */
  readonly heldOut: { readonly examples: number; readonly top1: number; readonly top3: number; readonly greedyExact: number; readonly perDatabase: Readonly<Record<string, number>> };
}

/** The package's models/shared-querygraph folder, from the sources (tsx) or from dist/. */
export function defaultSharedModelDirectory(): string {
  return packagePath('models', 'shared-querygraph');
}

/** The shared model's manifest, or null when there is none in `directory`. */
export function readSharedManifest(directory: string): SharedModelManifest | null {
  const file = join(directory, SHARED_MODEL_FILE);
  if (!existsSync(file)) return null;
  try {
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as SharedModelManifest;
    if (manifest.format !== 1 || manifest.kind !== 'shared') throw new Error('not a shared query-graph model');
    return manifest;
  } catch (error) {
    throw new ModelUnusableError('shared', `cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
