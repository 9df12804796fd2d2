/**
 * Which class instances a query graph joins and along which relations — the part of translation
 * that SQL and Cypher share. Explicit follows come first (relation chains); other classes are
 * reached along the schema graph's spanning tree (joinPlan). The result is a list of edges in join
 * order: each edge brings in one new instance, except `closing` edges, which connect two
 * instances already joined (a cycle, or two chains meeting: an intersection).
 */
import { InvalidQueryGraphError } from '../../errors.js';
import { joinPlan } from '../schema-graph/join-paths.js';
import type { SchemaGraph, SchemaRelation } from '../schema-graph/types.js';
import { formatQueryGraph } from './canonical.js';
import type { ClassInstance, Follow, Pattern, QueryGraph } from './types.js';
import { attributeRefs, followRelations } from './validate.js';

/** One join: `source` plays the relation's `from` end, `target` its `to` end. */
export interface JoinEdge {
  readonly relation: SchemaRelation;
  readonly source: ClassInstance;
  readonly target: ClassInstance;
  /** Which end this edge brings into the join; null for a closing edge. */
  readonly adds: 'source' | 'target' | null;
  /** With a follow's alternatives: every relation any one of which joins the ends (`relation` first). */
  readonly alternatives?: readonly SchemaRelation[];
  /** With a repeated follow: source reaches target in min..max steps. */
  readonly hops?: { readonly min: number; readonly max: number };
}

export interface JoinGraph {
  /** The first instance: the root of FROM / the first node of MATCH. */
  readonly root: ClassInstance;
  /** Every instance, in join order. */
  readonly instances: readonly ClassInstance[];
  readonly edges: readonly JoinEdge[];
  /**
   * Instances joined by no edge, only related to the rest through a pattern (`some`/`none`): taken
   * with every row of the rest (a cross join) and filtered by the pattern. Also in `instances`.
   */
  readonly detached: readonly ClassInstance[];
}

/** The joins of one pattern inside a graph: its own instances, and the edges that bring them in. */
export interface PatternJoins {
  /** The pattern's own instances, in join order (none when it only constrains the graph's). */
  readonly instances: readonly ClassInstance[];
  readonly edges: readonly JoinEdge[];
}

export function instanceKey(node: ClassInstance): string {
  return `${node.classId}#${node.instance}`;
}

export function resolveJoins(graph: QueryGraph, schema: SchemaGraph): JoinGraph {
  const fail = (message: string): never => {
    throw new InvalidQueryGraphError(message, formatQueryGraph(graph));
  };
  const used = usedInstances(graph);
  const [root] = used;
  if (!root) return fail('a query graph needs at least one class');
  const joined = new Map<string, ClassInstance>([[instanceKey(root), root]]);
  // Instances a pattern follows to may stand apart from the rest: the pattern relates them.
  const patternLinked = new Set((graph.patterns ?? []).flatMap((c) => c.branches.flatMap((b) => b.follows.flatMap((f) => [instanceKey(f.from), instanceKey(f.to)]))));
  const detached: ClassInstance[] = [];
  const edges = connect(used, graph.follows, schema, joined, fail, (loose) => {
    const next = loose.find((node) => patternLinked.has(instanceKey(node)));
    if (!next) return null;
    detached.push(next);
    return next;
  });
  return { root, instances: [...joined.values()], edges, detached };
}

/**
 * The joins of a pattern: instances the graph has joined are the same here; the pattern's other
 * instances are joined from them, by its follows first, then along the spanning tree.
 */
export function resolvePatternJoins(pattern: Pattern, outer: JoinGraph, schema: SchemaGraph, graph: QueryGraph): PatternJoins {
  const fail = (message: string): never => {
    throw new InvalidQueryGraphError(message, formatQueryGraph(graph));
  };
  const joined = new Map<string, ClassInstance>(outer.instances.map((node) => [instanceKey(node), node]));
  const seen = new Map<string, ClassInstance>();
  const add = (classId: string, instance: number) => {
    const node = { classId, instance };
    if (!seen.has(instanceKey(node))) seen.set(instanceKey(node), node);
  };
  pattern.follows.forEach((f) => {
    add(f.from.classId, f.from.instance);
    add(f.to.classId, f.to.instance);
  });
  [...pattern.where.map((c) => c.target), ...pattern.compare.flatMap((c) => [c.left, c.right])].forEach((ref) => add(ref.classId, ref.instance ?? 1));
  pattern.classes.forEach((classId) => add(classId, 1));
  const used = [...seen.values()];
  // Spanning-tree joins start from an instance the pattern names, when it names one of the graph's.
  const anchors = used.filter((node) => joined.has(instanceKey(node)) && node.instance === 1);
  // A chain of the pattern's own may start apart from the graph (a copy compared with it).
  const edges = connect(used, pattern.follows, schema, joined, fail, (unjoined) => unjoined[0] ?? null, anchors);
  const outerKeys = new Set(outer.instances.map(instanceKey));
  return { instances: [...joined.values()].filter((node) => !outerKeys.has(instanceKey(node))), edges };
}

/**
 * Joins every `used` instance to those in `joined` (which it extends): follows first, then the
 * schema graph's spanning tree from an instance-1 anchor. `loose` may admit an instance nothing
 * joins (returning it), or refuse (null).
 */
function connect(
  used: readonly ClassInstance[],
  follows: readonly Follow[],
  schema: SchemaGraph,
  joined: Map<string, ClassInstance>,
  fail: (message: string) => never,
  loose: (unjoined: ClassInstance[]) => ClassInstance | null,
  preferredAnchors: readonly ClassInstance[] = [],
): JoinEdge[] {
  const has = (node: ClassInstance) => joined.has(instanceKey(node));
  const edges: JoinEdge[] = [];
  const pending = [...follows];

  while (pending.length > 0 || used.some((node) => !has(node))) {
    const index = pending.findIndex((step) => has(step.from) || has(step.to));
    if (index >= 0) {
      const step = pending.splice(index, 1)[0]!;
      const { relations, forward } = followRelations(schema, step, fail);
      const relation = relations[0]!;
      // Read forwards, the follow's `from` is the relation's `from` end.
      const source = forward ? step.from : step.to;
      const target = forward ? step.to : step.from;
      const adds = has(source) && has(target) ? null : has(source) ? 'target' : 'source';
      edges.push({
        relation,
        source,
        target,
        adds,
        ...(relations.length > 1 ? { alternatives: relations } : {}),
        ...(step.hops ? { hops: step.hops } : {}),
      });
      const added = adds === 'source' ? source : adds === 'target' ? target : null;
      if (added) joined.set(instanceKey(added), added);
      continue;
    }
    // No follow touches what is joined: reach the next instance-1 class along the spanning tree.
    const next = used.find((node) => !has(node) && node.instance === 1);
    if (!next) {
      const unjoined = used.filter((node) => !has(node));
      const admitted = loose(unjoined);
      if (admitted) {
        joined.set(instanceKey(admitted), admitted);
        continue;
      }
      return fail(`${unjoined.map(instanceKey).join(', ')} not connected to the rest of the graph by any follow`);
    }
    const anchor = preferredAnchors.find(has) ?? [...joined.values()].find((node) => node.instance === 1);
    if (!anchor) {
      const admitted = loose([next]);
      if (admitted) {
        joined.set(instanceKey(admitted), admitted);
        continue;
      }
      return fail(`cannot connect ${next.classId} to the rest of the graph`);
    }
    for (const step of joinPlan(schema, [anchor.classId, next.classId]).steps) {
      const node = { classId: step.to, instance: 1 };
      if (has(node)) continue;
      const other = { classId: step.from, instance: 1 };
      const nodeIsFrom = step.relation.from === step.to;
      edges.push({
        relation: step.relation,
        source: nodeIsFrom ? node : other,
        target: nodeIsFrom ? other : node,
        adds: nodeIsFrom ? 'source' : 'target',
      });
      joined.set(instanceKey(node), node);
    }
  }
  return edges;
}

/** Instances in first-use order: select, where, follows, group, having, order, then named classes. */
function usedInstances(graph: QueryGraph): ClassInstance[] {
  const seen = new Map<string, ClassInstance>();
  const add = (classId: string, instance: number) => {
    const node = { classId, instance };
    if (!seen.has(instanceKey(node))) seen.set(instanceKey(node), node);
  };
  const refs = attributeRefs(graph);
  graph.select.forEach((m) => add(m.target.classId, m.target.instance ?? 1));
  graph.where.forEach((c) => add(c.target.classId, c.target.instance ?? 1));
  graph.follows.forEach((f) => {
    add(f.from.classId, f.from.instance);
    add(f.to.classId, f.to.instance);
  });
  refs.forEach((ref) => add(ref.classId, ref.instance ?? 1));
  // A class named only to be joined through (`class X`) takes part as instance 1.
  graph.classes.forEach((classId) => {
    if (![...seen.values()].some((node) => node.classId === classId)) add(classId, 1);
  });
  return [...seen.values()];
}
