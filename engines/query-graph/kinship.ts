/**
 * Kinship words composed from a genealogy-like graph's own relations: which relations of a class
 * with itself mean parent, child, spouse and sibling (and their gendered words), read from the
 * relations' names, and from those the composed words people ask for (grandchild = child then
 * child, sister-in-law = a spouse's sister or a brother's wife, cousin, ancestors up to k steps).
 * One table per (schema, class), for any graph whose relation names say family roles: royals'
 * FATHER / SON / HUSBAND, a PARENT_OF or HAS_CHILD graph, a SQL relation table's values alike.
 * `kinFollows` turns a word into query-graph follows (one chain) or a `some` pattern (a union).
 */
import type { SchemaGraph } from '../schema-graph/types.js';
import type { ClassInstance, Follow, PatternCondition } from './types.js';
import { MAX_HOPS } from './validate.js';

/** One step: "the <word> of X" is reached from X along any of `relations`, backwards when `inverse`. */
export interface KinStep {
  readonly relations: readonly string[];
  readonly inverse: boolean;
  readonly hops?: { readonly min: number; readonly max: number };
}

/** A composed word: a union of chains of steps. */
export interface KinComposition {
  readonly word: string;
  readonly chains: readonly (readonly KinStep[])[];
}

type Role = 'parent' | 'child' | 'spouse' | 'sibling';

/** The family words a relation name can carry, with the role each belongs to. */
const WORD_ROLES: Readonly<Record<string, Role>> = {
  father: 'parent',
  mother: 'parent',
  parent: 'parent',
  son: 'child',
  daughter: 'child',
  child: 'child',
  husband: 'spouse',
  wife: 'spouse',
  spouse: 'spouse',
  brother: 'sibling',
  sister: 'sibling',
  sibling: 'sibling',
};
const OTHER_KIN = ['uncle', 'aunt', 'nephew', 'niece', 'cousin', 'grandfather', 'grandmother', 'grandparent', 'grandson', 'granddaughter', 'grandchild'];
/** A role seen from the other end: X's parent has X as child. Spouse and sibling are their own converse. */
const CONVERSE: Readonly<Record<Role, Role>> = { parent: 'child', child: 'parent', spouse: 'spouse', sibling: 'sibling' };

/** Composed words as sequences of words (each a role or a gendered word); a word may have several. */
const COMPOSED: Readonly<Record<string, readonly (readonly string[])[]>> = {
  grandparent: [['parent', 'parent']],
  grandfather: [['parent', 'father']],
  grandmother: [['parent', 'mother']],
  grandchild: [['child', 'child']],
  grandson: [['child', 'son']],
  granddaughter: [['child', 'daughter']],
  'great-grandparent': [['parent', 'parent', 'parent']],
  'great-grandfather': [['parent', 'parent', 'father']],
  'great-grandmother': [['parent', 'parent', 'mother']],
  'great-grandchild': [['child', 'child', 'child']],
  'great-grandson': [['child', 'child', 'son']],
  'great-granddaughter': [['child', 'child', 'daughter']],
  uncle: [['parent', 'brother']],
  aunt: [['parent', 'sister']],
  nephew: [['sibling', 'son']],
  niece: [['sibling', 'daughter']],
  cousin: [['parent', 'sibling', 'child']],
  'sibling-in-law': [
    ['spouse', 'sibling'],
    ['sibling', 'spouse'],
  ],
  'brother-in-law': [
    ['spouse', 'brother'],
    ['sister', 'husband'],
  ],
  'sister-in-law': [
    ['spouse', 'sister'],
    ['brother', 'wife'],
  ],
  'parent-in-law': [['spouse', 'parent']],
  'father-in-law': [['spouse', 'father']],
  'mother-in-law': [['spouse', 'mother']],
  'child-in-law': [['child', 'spouse']],
  'son-in-law': [['child', 'husband']],
  'daughter-in-law': [['child', 'wife']],
};

export interface KinshipOptions {
  /** How many generations `ancestor` and `descendant` reach (default 4, at most MAX_HOPS). */
  readonly generations?: number;
}

/**
 * The kinship table of `classId` in `schema`: every word whose parts the class's relations say,
 * each as its chains. Words a relation says directly (an `uncle` relation) keep that relation.
 */
export function kinshipTable(schema: SchemaGraph, classId: string, options: KinshipOptions = {}): ReadonlyMap<string, KinComposition> {
  const direct = directWords(schema, classId);
  const table = new Map<string, KinComposition>();
  const steps = (word: string) => roleSteps(word, direct);
  for (const word of [...Object.keys(WORD_ROLES), ...OTHER_KIN]) {
    const own = steps(word);
    if (own.length > 0) table.set(word, { word, chains: own.map((step) => [step]) });
  }
  for (const [word, sequences] of Object.entries(COMPOSED)) {
    if (table.has(word)) continue;
    const chains: KinStep[][] = [];
    if (!sequences.every((sequence) => sequence.every((part) => steps(part).length > 0))) continue;
    for (const sequence of sequences) chains.push(...product(sequence.map(steps)));
    table.set(word, { word, chains });
  }
  const generations = Math.min(Math.max(options.generations ?? 4, 1), MAX_HOPS);
  for (const [word, role] of [
    ['ancestor', 'parent'],
    ['descendant', 'child'],
  ] as const) {
    const [only, ...more] = steps(role);
    // Repeated steps need one relation direction: a role said both ways has no single repeatable step.
    if (only && more.length === 0) table.set(word, { word, chains: [[{ ...only, hops: { min: 1, max: generations } }]] });
  }
  return table;
}

/**
 * A word's steps. A gendered word (father) is what its relations say; a role (parent) is all its
 * words together, or when no relation says any of them, its converse's read backwards (parents
 * from a graph that only has SON and DAUGHTER). Grouped by direction: one step per direction.
 */
function roleSteps(word: string, direct: ReadonlyMap<string, KinStep[]>): KinStep[] {
  const role = WORD_ROLES[word];
  if (!role || role !== word) return direct.get(word) ?? [];
  const wordsOf = (r: Role) => Object.keys(WORD_ROLES).filter((w) => WORD_ROLES[w] === r);
  let all = wordsOf(role).flatMap((w) => direct.get(w) ?? []);
  if (all.length === 0) all = wordsOf(CONVERSE[role]).flatMap((w) => direct.get(w) ?? []).map((step) => ({ ...step, inverse: !step.inverse }));
  const byDirection = new Map<boolean, string[]>();
  for (const step of all) byDirection.set(step.inverse, [...new Set([...(byDirection.get(step.inverse) ?? []), ...step.relations])]);
  return [...byDirection].map(([inverse, relations]) => ({ relations, inverse }));
}

/** Every chain taking one step from each position. */
function product(positions: readonly KinStep[][]): KinStep[][] {
  return positions.reduce<KinStep[][]>((chains, options) => chains.flatMap((chain) => options.map((step) => [...chain, step])), [[]]);
}

/** Every family word the kinship tables know (roles, gendered words, uncle-like and composed words). */
export const KIN_WORDS: ReadonlySet<string> = new Set([...Object.keys(WORD_ROLES), ...OTHER_KIN, ...Object.keys(COMPOSED)]);

/**
 * The family words a kin word is made of: itself for a role or a gendered word ("father"), a
 * composed word's parts ("father-in-law": spouse, father), an uncle-like word's parts and itself.
 */
export function kinWordParts(word: string): readonly string[] {
  if (WORD_ROLES[word]) return [word];
  const parts = [...new Set((COMPOSED[word] ?? []).flat())];
  return OTHER_KIN.includes(word) ? [...parts, word] : parts;
}

/** The role of a family word (father: parent), or null for an uncle-like word or none. */
export function kinRole(word: string): string | null {
  return WORD_ROLES[word] ?? null;
}

/** The relations of `classId` with itself that say a family word: relation id -> that word (father, son, husband, uncle, ...). */
export function kinRelations(schema: SchemaGraph, classId: string): ReadonlyMap<string, string> {
  const out = new Map<string, string>();
  for (const [word, steps] of directWords(schema, classId)) for (const step of steps) for (const relation of step.relations) out.set(relation, word);
  return out;
}

/** A role's converse (X's parent has X as child), for cues that accept a relation read either way. */
export function converseRole(role: string): string {
  return CONVERSE[role as Role] ?? role;
}

/**
 * The relations of the class with itself, by the family word their name says. `FATHER` (X's father)
 * is read forwards; `PARENT_OF` / "child of" (X is the parent of Y) backwards; `HAS_CHILD` forwards.
 */
function directWords(schema: SchemaGraph, classId: string): Map<string, KinStep[]> {
  const words = new Map<string, KinStep[]>();
  for (const relation of schema.relations) {
    if (relation.from !== classId || relation.to !== classId) continue;
    const tokens = relation.name.singular.toLowerCase().split(/[\s_-]+/).filter(Boolean);
    const inverse = tokens.length > 1 && tokens[tokens.length - 1] === 'of';
    const head = tokens.filter((token, i) => !(i === 0 && ['has', 'have', 'is'].includes(token)) && !(inverse && i === tokens.length - 1));
    if (head.length !== 1) continue;
    const word = singular(head[0]!);
    if (!(word in WORD_ROLES) && !OTHER_KIN.includes(word)) continue;
    words.set(word, [...(words.get(word) ?? []), { relations: [relation.id], inverse }]);
  }
  return words;
}

function singular(word: string): string {
  if (word === 'children') return 'child';
  return word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/**
 * A kin word between two instances as query-graph parts: `to` is the <word> of `from`. One chain
 * gives follows through fresh instances numbered from `nextInstance`; several give a `some`
 * pattern, one branch per chain (a union), each with its own middle instances.
 */
export function kinFollows(
  composition: KinComposition,
  from: ClassInstance,
  to: ClassInstance,
  nextInstance: number,
): { readonly follows: readonly Follow[]; readonly patterns: readonly PatternCondition[] } {
  const chain = (steps: readonly KinStep[], first: number): Follow[] => {
    let current = from;
    let next = first;
    return steps.map((step, i) => {
      const target = i === steps.length - 1 ? to : { classId: from.classId, instance: next++ };
      const [relation, ...alternatives] = step.relations as [string, ...string[]];
      const ends = step.inverse ? { from: target, to: current } : { from: current, to: target };
      current = target;
      return { ...ends, relation, ...(alternatives.length > 0 ? { alternatives } : {}), ...(step.hops ? { hops: step.hops } : {}) };
    });
  };
  if (composition.chains.length === 1) return { follows: chain(composition.chains[0]!, nextInstance), patterns: [] };
  const branches = composition.chains.map((steps) => ({ classes: [], follows: chain(steps, nextInstance), where: [], compare: [] }));
  return { follows: [], patterns: [{ quantifier: 'some', branches }] };
}
