/**
 * One-to-many steps of the schema graph: whether the things of some classes have many of another
 * (a country has many language rows, a city one country). The completions that turn a condition on
 * a joined class into a pattern (a denial into an anti-join, a join for existence into a semi-join)
 * ask it, as a join fans out only through such a step.
 */
import type { SchemaGraph } from './types.js';

/**
 * Whether every shortest join path from `from` to `target` takes a one-to-many step (from the class
 * a foreign key refers to, to the class holding it; a relation table is many either way). Null when
 * the target cannot be reached, or its shortest paths disagree.
 */
export function reachedThroughMany(schema: SchemaGraph, from: ReadonlySet<string>, target: string): boolean | null {
  const relations = schema.relations.filter((r) => r.from !== r.to);
  // At each class reached at its least distance: whether the paths there took a one-to-many step.
  let frontier = new Map<string, Set<boolean>>([...from].map((c) => [c, new Set([false])]));
  const seen = new Set(from);
  while (frontier.size > 0) {
    if (frontier.has(target)) {
      const flags = frontier.get(target)!;
      return flags.size === 1 ? [...flags][0]! : null;
    }
    const next = new Map<string, Set<boolean>>();
    for (const [at, flags] of frontier) {
      for (const r of relations) {
        const steps: [string, boolean][] = [];
        if (r.to === at) steps.push([r.from, true]);
        if (r.from === at) steps.push([r.to, r.through !== undefined]);
        for (const [to, many] of steps) {
          if (seen.has(to)) continue;
          const into = next.get(to) ?? new Set<boolean>();
          for (const flag of flags) into.add(flag || many);
          next.set(to, into);
        }
      }
    }
    for (const c of next.keys()) seen.add(c);
    frontier = next;
  }
  return null;
}
