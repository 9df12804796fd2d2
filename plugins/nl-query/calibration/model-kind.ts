/**
 * Marks each reading of a structured source with the kind of model that made it (a model trained
 * for the source, or the shared model on a source it was never specialised to), so federation
 * picks the calibration fitted for that kind.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { QuestionInterpreter, SourceInterpretation } from '../../../engines/source.js';
import { defaultModelsRoot, MODEL_FILE, modelDirectory } from '../../../engines/predictor/model/model-files.js';

/** Whether the package holds a model of the source's own (per-source, or the shared one specialised to it). */
export function hasOwnModel(sourceId: string, modelsRoot = defaultModelsRoot()): boolean {
  return existsSync(join(modelDirectory(modelsRoot, sourceId), MODEL_FILE));
}

export function withModelKind(interpreter: QuestionInterpreter, model: NonNullable<SourceInterpretation['model']>): QuestionInterpreter {
  return {
    async answer(question) {
      return (await interpreter.answer(question)).map((reading) => ({ ...reading, model }));
    },
  };
}
