/**
 * How the classes of a query graph are joined (Polyglotter, section 3): a minimum spanning tree of
 * the schema graph's relations, then, for the classes a query needs, the subtree that connects
 * them. Classes the query names without a direct relation between them are connected through the
 * classes on the tree path between them (Orders and Products through "Order Details").
 */
import { InvalidQueryGraphError } from '../../errors.js';
import type { SchemaGraph, SchemaRelation } from './types.js';

/** One join: `relation` connects `from` (already joined) to `to` (joined by this step). */
export interface JoinStep {
  readonly relation: SchemaRelation;
  readonly from: string;
  readonly to: string;
}

/** The classes to put in FROM, in join order, and how each after the first is joined. */
export interface JoinPlan {
  readonly classes: readonly string[];
  readonly steps: readonly JoinStep[];
}

/** Adjacency of the spanning tree: class -> (neighbour, relation). Computed once per schema graph. */
type Tree = ReadonlyMap<string, readonly { readonly neighbour: string; readonly relation: SchemaRelation }[]>;

const trees = new WeakMap<SchemaGraph, Tree>();

/**
 * The minimum spanning forest of the relation graph (Kruskal). Every relation weighs the same, so
 * ties are broken by the relations' order in the schema graph: the result is deterministic, and the
 * same join path is used for the same classes every time. Self-relations (Employees.ReportsTo)
 * never help connect two different classes and are left out.
 */
function spanningTree(schema: SchemaGraph): Tree {
  const cached = trees.get(schema);
  if (cached) return cached;
  const parent = new Map(schema.classes.map((c) => [c.id, c.id]));
  const find = (id: string): string => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root) ?? root;
    parent.set(id, root);
    return root;
  };
  const tree = new Map<string, { neighbour: string; relation: SchemaRelation }[]>(schema.classes.map((c) => [c.id, []]));
  for (const relation of inTreeOrder(schema)) {
    if (relation.from === relation.to || !parent.has(relation.from) || !parent.has(relation.to)) continue;
    const a = find(relation.from);
    const b = find(relation.to);
    if (a === b) continue;
    parent.set(a, b);
    tree.get(relation.from)?.push({ neighbour: relation.to, relation });
    tree.get(relation.to)?.push({ neighbour: relation.from, relation });
  }
  trees.set(schema, tree);
  return tree;
}

/**
 * The relations in the order the tree takes them: the schema graph's, except that of two or more
 * relations between the same two classes, one whose key column is named after its own class comes
 * last. A link table that points at one class twice names the row's object after itself and its
 * subject otherwise (Friend(student_id, friend_id): the student has the friend; Likes(student_id,
 * liked_id)): "the number of friends each student has" joins on the student, so the subject's
 * relation is the one the tree keeps.
 */
function inTreeOrder(schema: SchemaGraph): readonly SchemaRelation[] {
  const pair = (r: SchemaRelation) => [r.from, r.to].sort().join('\u0000');
  const parallel = new Map<string, number>();
  for (const r of schema.relations) parallel.set(pair(r), (parallel.get(pair(r)) ?? 0) + 1);
  const last = (r: SchemaRelation) => ((parallel.get(pair(r)) ?? 0) > 1 && namedAfterOwnClass(r, schema) ? 1 : 0);
  return [...schema.relations].sort((a, b) => last(a) - last(b));
}

/** Whether a relation's one key column is named after the class that holds it ("friend id" of Friend, "liked id" of Likes). */
function namedAfterOwnClass(relation: SchemaRelation, schema: SchemaGraph): boolean {
  const owner = schema.classes.find((c) => c.id === relation.from);
  const column = owner?.attributes.find((a) => a.id === relation.fromColumns[0]);
  if (!owner || !column || relation.fromColumns.length !== 1) return false;
  const stem = (word: string | undefined) => (word && word.length >= 4 ? word.slice(0, 4).toLowerCase() : null);
  const classWord = stem(owner.name.singular.split(' ').pop());
  return classWord !== null && stem(column.name.singular.split(' ')[0]) === classWord;
}

/** The join plan that connects `classes` (the first is the root of FROM). */
export function joinPlan(schema: SchemaGraph, classes: readonly string[]): JoinPlan {
  const [root, ...others] = classes;
  if (root === undefined) throw new InvalidQueryGraphError('a query graph needs at least one class', '');
  const tree = spanningTree(schema);
  for (const classId of classes) {
    if (!tree.has(classId)) throw new InvalidQueryGraphError(`unknown class '${classId}'`, classId);
  }
  // Parent pointers of the tree rooted at `root`, by breadth-first search.
  const cameFrom = new Map<string, { from: string; relation: SchemaRelation }>();
  const queue = [root];
  const visited = new Set([root]);
  while (queue.length > 0) {
    const current = queue.shift() as string;
    for (const edge of tree.get(current) ?? []) {
      if (visited.has(edge.neighbour)) continue;
      visited.add(edge.neighbour);
      cameFrom.set(edge.neighbour, { from: current, relation: edge.relation });
      queue.push(edge.neighbour);
    }
  }
  // The union of the tree paths from the root to every other class, joined root-outwards.
  const needed = new Set([root]);
  const steps: JoinStep[] = [];
  for (const target of others) {
    if (!visited.has(target)) {
      throw new InvalidQueryGraphError(`no join path connects '${root}' and '${target}' in the schema`, `${root} .. ${target}`);
    }
    const path: JoinStep[] = [];
    for (let node = target; !needed.has(node); ) {
      const step = cameFrom.get(node);
      if (!step) break;
      path.push({ relation: step.relation, from: step.from, to: node });
      node = step.from;
    }
    for (const step of path.reverse()) {
      needed.add(step.to);
      steps.push(step);
    }
  }
  return { classes: [root, ...steps.map((step) => step.to)], steps };
}
