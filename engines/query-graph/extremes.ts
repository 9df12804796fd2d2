/**
 * Per-group superlatives (`extreme max Products.UnitPrice per Categories.CategoryName`: the most
 * expensive product in each category) said with the constructs every engine already has: a row is
 * kept when no rival exists, a copy of the joined instances between the measure and the group
 * attributes that agrees on the group, meets the graph's conditions on those instances, and has a
 * higher (lower) value. That is a `none` pattern plus `not_null` on the measure, so SQL and Cypher
 * translate it alike, ties are all kept, and rows without a value never win.
 */
import { InvalidQueryGraphError } from '../../errors.js';
import { formatQueryGraph } from './canonical.js';
import { instanceKey, type JoinEdge, type JoinGraph } from './join-graph.js';
import type { AttributeComparison, AttributeRef, ClassInstance, Constraint, Extreme, Follow, PatternCondition, QueryGraph } from './types.js';

export function lowerExtremes(graph: QueryGraph, joins: JoinGraph): QueryGraph {
  const extremes = graph.extremes ?? [];
  if (extremes.length === 0) return graph;
  const where: Constraint[] = [...graph.where];
  const patterns: PatternCondition[] = [...(graph.patterns ?? [])];
  for (const extreme of extremes) {
    if ((graph.computed ?? []).some((c) => c.target.classId === extreme.measure.classId && c.target.attributeId === extreme.measure.attributeId)) {
      throw new InvalidQueryGraphError('extreme of a computed attribute is not supported', formatQueryGraph(graph));
    }
    where.push({ target: extreme.measure, operator: 'not_null', values: [] });
    patterns.push(rivalPattern(graph, joins, extreme));
  }
  // The extremes are now said by the added items; the rest of the graph is unchanged.
  return { ...graph, where, patterns, extremes: [] };
}

function nodeOf(ref: AttributeRef): ClassInstance {
  return { classId: ref.classId, instance: ref.instance ?? 1 };
}

/** NOT EXISTS a rival: a copy of the instances from the measure to the group attributes, better on the measure. */
function rivalPattern(graph: QueryGraph, joins: JoinGraph, extreme: Extreme): PatternCondition {
  const start = nodeOf(extreme.measure);
  const { nodes, edges } = connectingTree(joins, start, extreme.per.map(nodeOf), graph);
  // Fresh instance numbers above every number the graph uses for the class.
  const highest = new Map<string, number>();
  for (const node of joins.instances) highest.set(node.classId, Math.max(highest.get(node.classId) ?? 0, node.instance));
  const copies = new Map<string, ClassInstance>();
  for (const node of nodes) {
    const instance = (highest.get(node.classId) ?? 0) + 1;
    highest.set(node.classId, instance);
    copies.set(instanceKey(node), { classId: node.classId, instance });
  }
  const copy = (node: ClassInstance) => copies.get(instanceKey(node))!;
  const copyRef = (ref: AttributeRef): AttributeRef => {
    const { instance } = copy(nodeOf(ref));
    return instance === 1 ? { classId: ref.classId, attributeId: ref.attributeId } : { classId: ref.classId, attributeId: ref.attributeId, instance };
  };
  const inCopy = (ref: AttributeRef) => copies.has(instanceKey(nodeOf(ref)));
  const follows: Follow[] = edges.map((edge) => ({
    from: copy(edge.source),
    relation: edge.relation.id,
    to: copy(edge.target),
    ...(edge.alternatives ? { alternatives: edge.alternatives.slice(1).map((r) => r.id) } : {}),
    ...(edge.hops ? { hops: edge.hops } : {}),
  }));
  // The rival meets the graph's own conditions on the copied instances ("the most expensive
  // product in each category among those in stock" compares in-stock products only).
  const where = graph.where.filter((c) => inCopy(c.target)).map((c) => ({ ...c, target: copyRef(c.target) }));
  const compare: AttributeComparison[] = [
    ...(graph.compare ?? []).filter((c) => inCopy(c.left) && inCopy(c.right)).map((c) => ({ ...c, left: copyRef(c.left), right: copyRef(c.right) })),
    ...extreme.per.map((ref): AttributeComparison => ({ left: copyRef(ref), operator: '=', right: ref })),
    { left: copyRef(extreme.measure), operator: extreme.direction === 'max' ? '>' : '<', right: extreme.measure },
  ];
  return { quantifier: 'none', branches: [{ classes: [], follows, where, compare }] };
}

/** The instances and tree edges of the join graph on the paths from `start` to each of `ends`. */
function connectingTree(joins: JoinGraph, start: ClassInstance, ends: readonly ClassInstance[], graph: QueryGraph): { nodes: ClassInstance[]; edges: JoinEdge[] } {
  const tree = joins.edges.filter((edge) => edge.adds !== null);
  const nodes = new Map<string, ClassInstance>([[instanceKey(start), start]]);
  const edges = new Set<JoinEdge>();
  for (const end of ends) {
    // Breadth-first over the tree, undirected, from the start.
    const previous = new Map<string, { node: ClassInstance; edge: JoinEdge } | null>([[instanceKey(start), null]]);
    const queue = [start];
    while (queue.length > 0 && !previous.has(instanceKey(end))) {
      const node = queue.shift()!;
      for (const edge of tree) {
        const other = instanceKey(edge.source) === instanceKey(node) ? edge.target : instanceKey(edge.target) === instanceKey(node) ? edge.source : null;
        if (!other || previous.has(instanceKey(other))) continue;
        previous.set(instanceKey(other), { node, edge });
        queue.push(other);
      }
    }
    if (!previous.has(instanceKey(end))) throw new InvalidQueryGraphError(`extreme: ${instanceKey(end)} is not joined to ${instanceKey(start)}`, formatQueryGraph(graph));
    for (let step = previous.get(instanceKey(end)); step; step = previous.get(instanceKey(step.node))) {
      edges.add(step.edge);
      nodes.set(instanceKey(step.edge.source), step.edge.source);
      nodes.set(instanceKey(step.edge.target), step.edge.target);
    }
  }
  return { nodes: [...nodes.values()], edges: tree.filter((edge) => edges.has(edge)) };
}
