/**
 * Where a source's trained predictor lives and what is in it: models/querygraph/<source>/ holds
 * model.json (vocabulary, schema fingerprint, training figures), the int8 encoder and decoder step
 * (fp32 when int8 lost accuracy) and MODEL_CARD.md for people.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TaughtUse } from '../training/taught-examples.js';
import { packagePath } from '../../package-path.js';
import { ModelUnusableError } from '../../../errors.js';
import type { VocabularyData } from './vocabulary.js';

export const MODEL_FILE = 'model.json';

/** Figures measured on held-out synthetic questions (exact query-graph match). */
export interface HeldOutMetrics {
  readonly examples: number;
  readonly top1: number;
  readonly top3: number;
  readonly top5: number;
  /** Per component, top-1: classes, attributes shown/grouped/ordered, constraints (where and having). */
  readonly classes: number;
  readonly attributes: number;
  readonly constraints: number;
}

export interface ModelManifest {
  readonly format: 1;
  readonly sourceId: string;
  readonly schemaFingerprint: string;
  readonly vocabulary: VocabularyData;
  readonly files: { readonly encoder: string; readonly decoder: string };
  readonly training: {
    readonly trainExamples: number;
    readonly heldOutExamples: number;
    readonly parameters: number;
    readonly trainSeconds: number;
    readonly totalSeconds: number;
    readonly seed: number;
    readonly config: Readonly<Record<string, number | string>>;
    readonly trainedAt: string;
  };
  readonly heldOut: HeldOutMetrics | null;
  /** Whether the model was trained on values found whole across commas, slashes and full stops (mentions.ts `acrossMarks`); absent in models trained before. */
  readonly valuesAcrossMarks?: boolean;
  /** The source's taught examples the training run mixed in and held out (taught-examples.ts); absent when it had none. */
  readonly taught?: TaughtUse;
}

/** The package's models/querygraph folder, from the sources (tsx) or from dist/. */
export function defaultModelsRoot(): string {
  return packagePath('models', 'querygraph');
}

export function modelDirectory(root: string, sourceId: string): string {
  return join(root, sourceId.replace(/[^A-Za-z0-9._-]/g, '_'));
}

/** The manifest of a source's model, or null when none was trained. */
export function readManifest(directory: string, sourceId: string): ModelManifest | null {
  const file = join(directory, MODEL_FILE);
  if (!existsSync(file)) return null;
  try {
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as ModelManifest;
    if (manifest.format !== 1) throw new Error(`unknown format ${String(manifest.format)}`);
    return manifest;
  } catch (error) {
    throw new ModelUnusableError(sourceId, `cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
