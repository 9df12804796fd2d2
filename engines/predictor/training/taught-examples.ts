/**
 * Taught examples (confirmed answers, corrections, added examples: plugins/nl-query/teaching) as
 * training examples of the query-graph model, read the way the generator writes its own: the
 * question's mentions found by the serving mention finder, each value the question mentions made
 * that mention's placeholder (taught-slots.ts), conditions in the order the grammar decodes them
 * (by first placeholder, then attribute), the target written by graphToTokens. An example whose
 * graph keeps a value the question does not mention, or says what the target language cannot,
 * is not a training example (it still answers at serving, as taught). Every fifth usable example
 * (once there are five) is held out to measure what training learnt of them.
 */
import { parseQueryGraph } from '../../query-graph/canonical.js';
import { queryGraph } from '../../query-graph/build.js';
import type { Constraint } from '../../query-graph/types.js';
import { validateQueryGraph } from '../../query-graph/validate.js';
import type { SchemaGraph } from '../../schema-graph/types.js';
import type { Example } from '../generator/generator.js';
import { inputTokens } from '../model/input.js';
import { findMentions } from '../values/mentions.js';
import { attributeToken, graphToTokens } from '../model/target.js';
import { slotted } from './taught-slots.js';
import type { ValueMemory } from '../values/value-memory.js';

/** A taught example as training is given it. */
export interface TaughtInput {
  readonly question: string;
  /** The query graph in canonical form. */
  readonly queryGraph: string;
}

/** What a model card says of the taught examples a training run used. */
export interface TaughtUse {
  /** Examples the source had. */
  readonly stored: number;
  /** Of those, readable as training examples. */
  readonly usable: number;
  /** Trained on, each `weight` times. */
  readonly used: number;
  /** Held out of training, to measure the model on. */
  readonly heldOut: number;
  readonly weight: number;
  /** Top-1 exact match of the trained model on the held-out ones, when there were any. */
  readonly heldOutTop1?: number;
}

export interface TaughtTrainingSet {
  readonly use: TaughtUse;
  /** The examples to train on, each repeated `weight` times. */
  readonly train: readonly Example[];
  readonly heldOut: readonly Example[];
}

/** How often each taught example is repeated among the synthetic ones: one correction outweighs one generated question. */
export const DEFAULT_TAUGHT_WEIGHT = 20;
const HOLD_OUT_EVERY = 5;

export function taughtTrainingSet(
  examples: readonly TaughtInput[],
  schema: SchemaGraph,
  memory: ValueMemory,
  options: { readonly acrossMarks: boolean; readonly weight?: number },
): TaughtTrainingSet {
  const weight = options.weight ?? DEFAULT_TAUGHT_WEIGHT;
  const usable = examples.flatMap((example) => {
    const read = asTrainingExample(example, schema, memory, options.acrossMarks);
    return read ? [read] : [];
  });
  const held = usable.length >= HOLD_OUT_EVERY ? usable.filter((_, k) => k % HOLD_OUT_EVERY === HOLD_OUT_EVERY - 1) : [];
  const used = usable.filter((example) => !held.includes(example));
  return {
    use: { stored: examples.length, usable: usable.length, used: used.length, heldOut: held.length, weight },
    train: used.flatMap((example) => Array.from({ length: weight }, () => example)),
    heldOut: held,
  };
}

function asTrainingExample(example: TaughtInput, schema: SchemaGraph, memory: ValueMemory, acrossMarks: boolean): Example | null {
  try {
    const graph = parseQueryGraph(example.queryGraph);
    validateQueryGraph(graph, schema);
    const mentions = findMentions(example.question, memory, { acrossMarks });
    const slots = slotted(graph, mentions);
    const first = (c: Constraint) => Number(c.values.find((v) => v.kind === 'placeholder')?.name ?? 99);
    const attribute = (c: Constraint) => attributeToken(c.target);
    const where = [...slots.graph.where].sort((a, b) => first(a) - first(b) || (attribute(a) < attribute(b) ? -1 : attribute(a) > attribute(b) ? 1 : 0));
    // graphToTokens refuses a value that is no placeholder (the question does not mention it).
    const target = graphToTokens(queryGraph({ ...slots.graph, classes: slots.graph.classes, where }), slots.limitSlot);
    return { question: example.question, input: inputTokens(example.question, mentions), target, graph, classes: graph.classes.length };
  } catch {
    return null;
  }
}
