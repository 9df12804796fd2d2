/** MODEL_CARD.md of a shared (or specialised) query-graph model: what it is, what it learnt from, how well it does. */
import type { SharedModelManifest } from './shared-files.js';

const pct = (x: number | undefined) => (x === undefined ? 'n/a' : `${(x * 100).toFixed(1)}%`);

export function sharedModelCard(manifest: SharedModelManifest): string {
  const t = manifest.training;
  const h = manifest.heldOut;
  const specialised = manifest.schemaFingerprint !== undefined;
  const perDatabase = Object.entries(h.perDatabase).map(([db, top1]) => `| ${db} | ${pct(top1)} |`).join('\n');
  return `# Query-graph predictor: ${specialised ? `shared model specialised to \`${t.databases.join(', ')}\`` : 'shared, schema-conditioned'}

Written by \`nlq train ${specialised ? `--source ${t.databases.join(', ')}` : '--shared'}\` on ${t.trainedAt}. Do not edit; retrain instead.

- What it does: reads the question (values replaced by placeholders) AND the schema (every class,
  attribute and relation as a bag of its name's words, with its kind, type and key flag, marked by
  the placeholders of the values the question mentions that match it) and writes a query graph,
  pointing at schema elements instead of owning an output token per element
  (engines/predictor/model/schema-elements.ts, shared-input.ts, shared-model.ts). So one model
  answers on any schema${specialised ? '' : ', including databases nobody trained a model for'}.
- Architecture: transformer encoder over [question tokens ; schema elements], decoder with a
  pointer over the elements; ${t.init ?? 'trained from scratch'}, ${t.parameters.toLocaleString('en-US')} parameters, config ${JSON.stringify(t.config)}.
  Words seen in training have their own ids; others hash into ${manifest.vocabulary.buckets} buckets, so the same unknown word
  in the question and in a schema name still match.${specialised ? `
- Specialised from the shared model${specialised ? ` to the schema with fingerprint \`${manifest.schemaFingerprint}\`` : ''}.` : ''}
- Files: \`${manifest.files.encoder}\`, \`${manifest.files.decoder}\` (ONNX opset 14, int8 MatMuls), \`model.pt\` (weights, to specialise from).
- Data: ${t.trainExamples.toLocaleString('en-US')} synthetic questions generated from ${t.databases.length} database${t.databases.length === 1 ? '' : 's'}' own schemas and values
  (the same generator as per-source models); no hand-labelled question, no validation question.${t.skipped.length > 0 ? `
  Skipped: ${t.skipped.join('; ')}.` : ''}
- Training time: ${Math.round(t.trainSeconds)} s of PyTorch, ${Math.round(t.totalSeconds)} s end to end.

## ${specialised ? 'Held-out questions on the same schema (another seed)' : `Held-out databases (${t.heldOutDatabases.length}, ${!t.init ? 'never trained on' : t.init.startsWith('continued') ? 'held out of this run and of the run it continued' : 'held out of this run only: the model it started from may have seen them'})`}: generated questions, exact match

Top-1 ${pct(h.top1)}, top-3 ${pct(h.top3)} on ${h.examples} questions through the full predictor (beam search under the
schema grammar, reading checks); greedy exact without the grammar ${pct(h.greedyExact)}.

| database | top-1 |
|---|---|
${perDatabase}

${(manifest.notes ?? []).map((n) => `Note: ${n}\n`).join('\n')}${(manifest.notes ?? []).length > 0 ? '\n' : ''}These questions come from the project's own generator: they say how well the model learnt the
generator's English on schemas it did not see, not how well it reads people. Execution accuracy on
questions other people wrote, on databases the project never trained on, is \`npm run bench -- others\`.
`;
}
