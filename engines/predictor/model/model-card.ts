/** MODEL_CARD.md of a trained query-graph model: what it is, what it was trained on, how well it does. */
import type { SchemaGraph } from '../../schema-graph/types.js';
import { roleRelations } from '../generator/chains.js';
import type { ModelManifest } from './model-files.js';
import type { TaughtUse } from '../training/taught-examples.js';

const pct = (x: number | undefined) => (x === undefined ? 'n/a' : `${(x * 100).toFixed(1)}%`);

export function modelCard(manifest: ModelManifest, schema: SchemaGraph, quantisation: { fp32: number; int8: number; probe: number }): string {
  const t = manifest.training;
  const h = manifest.heldOut;
  const roles = roleRelations(schema);
  const chains = roles.length > 0
    ? `\n- Relation chains: questions along 1-3 of the ${roles.length} role relations (${roles.map((r) => r.id).join(', ')}) from a named\n  instance, counted, filtered, read backwards and intersected (chains.ts), about 60% of the data.`
    : '';
  return `# Query-graph predictor: source \`${manifest.sourceId}\`

Written by \`nlq train --source ${manifest.sourceId}\` on ${t.trainedAt}. Do not edit; retrain instead.

- What it does: question (values replaced by placeholders, with the columns the value memory matched)
  -> query graph tokens, decoded by constrained beam search (engines/predictor).${manifest.valuesAcrossMarks ? `
  Values are read whole across commas, slashes and full stops ("Owner/Marketing Assistant").` : ''}
- Schema fingerprint: \`${manifest.schemaFingerprint}\` (${schema.classes.length} classes, ${schema.relations.length} relations).
  Serving refuses this model if the database's schema no longer has this fingerprint.
- Architecture: transformer encoder-decoder trained from scratch, ${t.parameters.toLocaleString('en-US')} parameters,
  config ${JSON.stringify(t.config)}.
- Files: \`${manifest.files.encoder}\`, \`${manifest.files.decoder}\` (ONNX opset 14; int8 = constant-weight MatMuls as
  com.microsoft.DynamicQuantizeMatMul). Top-1 on ${quantisation.probe} held-out questions: fp32 ${pct(quantisation.fp32)}, int8 ${pct(quantisation.int8)}.
- Data: ${t.trainExamples.toLocaleString('en-US')} synthetic questions from random walks over the schema graph with values from the
  data (seed ${t.seed}); no hand-labelled questions; the dev questions were never used.${chains}
${taughtLine(manifest)}- Training time: ${Math.round(t.trainSeconds)} s of PyTorch, ${Math.round(t.totalSeconds)} s end to end (generation, training, export, evaluation).

## Held-out synthetic questions (another seed, ${h?.examples ?? 0} questions, exact match)

| top-1 | top-3 | top-5 | classes | attributes | constraints |
|---|---|---|---|---|---|
| ${pct(h?.top1)} | ${pct(h?.top3)} | ${pct(h?.top5)} | ${pct(h?.classes)} | ${pct(h?.attributes)} | ${pct(h?.constraints)} |

Synthetic questions are written by the same generator as the training data: these figures say the
model learnt the generator's English, not how well it reads people (see \`npm run bench -- querygraph\`
for execution accuracy on the dev questions).
`;
}

/** What the card says of the taught examples mixed into the data (nothing when there were none). */
export function taughtLine(manifest: { readonly taught?: TaughtUse }): string {
  const taught = manifest.taught;
  if (!taught) return '';
  const measured = taught.heldOutTop1 !== undefined ? `; top-1 on the held-out ones ${pct(taught.heldOutTop1)}` : '';
  return (
    `- Taught examples (confirmed answers, corrections, added examples of the source): ${taught.used} of ${taught.stored} used, each ${taught.weight} times, ` +
    `${taught.heldOut} held out${measured}; ${taught.stored - taught.usable} could not be written as training targets (a value the question does not name, or what the target language cannot say).\n`
  );
}
