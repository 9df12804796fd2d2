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
import type { ClassInstance, QueryGraph } from './types.js';
import { attributeRefs, relationOf } from './validate.js';

/** One join: `source` plays the relation's `from` end, `target` its `to` end. */
export interface JoinEdge {
  readonly relation: SchemaRelation;
  readonly source: ClassInstance;
  readonly target: ClassInstance;
  /** Which end this edge brings into the join; null for a closing edge. */
  readonly adds: 'source' | 'target' | null;
}

export interface JoinGraph {
  /** The first instance: the root of FROM / the first node of MATCH. */
  readonly root: ClassInstance;
  /** Every instance, in join order. */
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
  const has = (node: ClassInstance) => joined.has(instanceKey(node));
  const edges: JoinEdge[] = [];
  const pending = [...graph.follows];

  while (pending.length > 0 || used.some((node) => !has(node))) {
    const index = pending.findIndex((step) => has(step.from) || has(step.to));
    if (index >= 0) {
      const step = pending.splice(index, 1)[0]!;
      const { relation, forward } = relationOf(schema, step, fail);
      // Read forwards, the follow's `from` is the relation's `from` end.
      const source = forward ? step.from : step.to;
      const target = forward ? step.to : step.from;
      const adds = has(source) && has(target) ? null : has(source) ? 'target' : 'source';
      edges.push({ relation, source, target, adds });
      const added = adds === 'source' ? source : adds === 'target' ? target : null;
      if (added) joined.set(instanceKey(added), added);
      continue;
    }
    // No follow touches what is joined: reach the next instance-1 class along the spanning tree.
    const next = used.find((node) => !has(node) && node.instance === 1);
    if (!next) {
      const loose = used.filter((node) => !has(node)).map(instanceKey);
      return fail(`${loose.join(', ')} not connected to the rest of the graph by any follow`);
    }
    const anchor = [...joined.values()].find((node) => node.instance === 1);
    if (!anchor) return fail(`cannot connect ${next.classId} to the rest of the graph`);
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
  return { root, instances: [...joined.values()], edges };
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
