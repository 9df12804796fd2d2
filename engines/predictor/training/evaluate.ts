/**
 * Held-out exact match (Polyglotter, Figure 3): the predicted token sequence equals the generated
 * graph's, at top-1/3/5, and per component at top-1: the set of classes, the attributes shown,
 * grouped and ordered by, and the constraints (where, having, and the follows of relation chains).
 */
import type { Example } from '../generator/generator.js';
import type { HeldOutMetrics } from '../model/model-files.js';
import type { QueryGraphPredictor } from '../interpreter.js';
import { ITEMS } from '../model/target.js';

export interface EvaluationOptions {
  /** Called after each example (progress). */
  readonly onExample?: () => void;
}

export async function evaluateHeldOut(predictor: QueryGraphPredictor, examples: readonly Example[], options: EvaluationOptions = {}): Promise<HeldOutMetrics & { readonly latenciesMs: readonly number[] }> {
  let top1 = 0;
  let top3 = 0;
  let top5 = 0;
  let classes = 0;
  let attributes = 0;
  let constraints = 0;
  const latenciesMs: number[] = [];
  for (const example of examples) {
    const started = performance.now();
    const predictions = await predictor.predict(example.question, 5);
    latenciesMs.push(performance.now() - started);
    const gold = example.target.join(' ');
    const rank = predictions.findIndex((p) => p.tokens.join(' ') === gold);
    if (rank === 0) top1 += 1;
    if (rank >= 0 && rank < 3) top3 += 1;
    if (rank >= 0) top5 += 1;
    const best = predictions[0]?.tokens ?? [];
    const g = components(example.target);
    const p = components(best);
    if (sameSet(g.classes, p.classes)) classes += 1;
    if (sameSet(g.attributes, p.attributes)) attributes += 1;
    if (sameSet(g.constraints, p.constraints)) constraints += 1;
    options.onExample?.();
  }
  const n = Math.max(1, examples.length);
  const r = (x: number) => Math.round((x / n) * 10000) / 10000;
  return { examples: examples.length, top1: r(top1), top3: r(top3), top5: r(top5), classes: r(classes), attributes: r(attributes), constraints: r(constraints), latenciesMs };
}

/** Splits target tokens into the parts Figure 3 scores separately. */
export function components(tokens: readonly string[]): { classes: Set<string>; attributes: Set<string>; constraints: Set<string> } {
  const items: string[][] = [];
  for (const token of tokens) {
    if ((ITEMS as readonly string[]).includes(token)) items.push([token]);
    else items[items.length - 1]?.push(token);
  }
  const classes = new Set<string>();
  for (const token of tokens) {
    if (token.startsWith('A:')) classes.add(token.slice(2, token.lastIndexOf('.')).replace(/#\d+$/, ''));
    if (token.startsWith('C:')) classes.add(token.slice(2));
  }
  const attributes = new Set(items.filter((i) => i[0] === 'show' || i[0] === 'group' || i[0] === 'order').map((i) => i.join(' ')));
  // Follow items constrain which instances are meant (relation chains): they count as constraints.
  const constraints = new Set(items.filter((i) => i[0] === 'where' || i[0] === 'having' || i[0] === 'follow').map((i) => i.join(' ')));
  return { classes, attributes, constraints };
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((x) => b.has(x));
}
