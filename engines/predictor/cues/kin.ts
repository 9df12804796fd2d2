/**
 * Kin cue: on a graph whose relations of a class with itself say family roles (FATHER, SON,
 * HUSBAND, SISTER, UNCLE, ...: query-graph/kinship.ts), the family words of a question say which of
 * them a reading may follow. "queen victoria kids who died before 1900" is about children, not
 * nieces; "tell me who queen victoria's dad was" about a father, not a husband; "grandkids of
 * george v" about children of children. A reading that follows a family relation whose role no
 * family word of the question says (nor that word's converse role: a son is read from his father
 * either way) loses `KIN_CUE_PENALTY` per such relation, judged inside the search as it names what it
 * follows. A gendered word says only its own relation ("dad": FATHER, not MOTHER), a role word
 * all of its role's ("kids": SON, DAUGHTER); each says its converse role too. People's words are read as the kinship table's: "dad" and "paternal" say father, "mom"
 * and "maternal" mother, "kids" children, "grandkids" grandchildren, "married" and "wed" a spouse;
 * a composed word says each of its parts ("father-in-law": a spouse's father), an uncle-like word
 * its own relation too. A question with no family word is not judged, nor a relation that says no
 * family role (an employee's manager). On finished readings the way each step goes is judged too
 * (misdirectedKin): from the person the question names, "kids" go to a SON or DAUGHTER, or back
 * along the child's FATHER or MOTHER, never forward to a FATHER.
 */
import { converseRole, KIN_WORDS, kinRelations, kinRole, kinWordParts } from '../../query-graph/kinship.js';
import { unswapped } from '../../english/normalize.js';
import type { SchemaGraph } from '../../schema-graph/types.js';
import { labelAttribute } from '../../schema-graph/labels.js';
import { attributeToken } from '../model/target.js';
import type { CueKind } from './cue.js';

/** Log-probability a reading loses per family relation no word of the question asks for; as much as the other cues. */
export const KIN_CUE_PENALTY = 4;

/** How people say the kinship table's words. */
const SAID_AS: Readonly<Record<string, string>> = {
  dad: 'father',
  daddy: 'father',
  papa: 'father',
  paternal: 'father',
  mom: 'mother',
  mum: 'mother',
  mommy: 'mother',
  mummy: 'mother',
  mama: 'mother',
  maternal: 'mother',
  kid: 'child',
  offspring: 'child',
  grandkid: 'grandchild',
  'great-grandkid': 'great-grandchild',
  grandma: 'grandmother',
  granny: 'grandmother',
  grandpa: 'grandfather',
  granddad: 'grandfather',
  married: 'spouse',
  marry: 'spouse',
  marries: 'spouse',
  marrying: 'spouse',
  marriage: 'spouse',
  wed: 'spouse',
  wedded: 'spouse',
  wedding: 'spouse',
  widow: 'spouse',
  widower: 'spouse',
  wives: 'wife',
};

/** Uncle-like words seen from the other end: X's nephew has X as uncle. */
const OTHER_CONVERSE: Readonly<Record<string, readonly string[]>> = {
  uncle: ['nephew', 'niece'],
  aunt: ['nephew', 'niece'],
  nephew: ['uncle', 'aunt'],
  niece: ['uncle', 'aunt'],
};

/** The words a misspelt family word is repaired to: the tables' words, plural and said as people say them. */
const SPELT: ReadonlySet<string> = new Set([...KIN_WORDS, ...[...KIN_WORDS].map((w) => `${w}s`), ...Object.keys(SAID_AS), 'children', 'grandchildren']);

/** A word as the kinship table spells it: singular, said plainly ("grandkids" -> grandchild, "sons-in-law" -> son-in-law). */
export function kinWord(word: string): string {
  const said = SAID_AS[word];
  if (said) return said;
  const parts = word.split('-');
  const head = parts.findIndex((part) => part === 'in') - 1;
  const at = head >= 0 ? head : parts.length - 1;
  const part = parts[at] as string;
  const singular = part.endsWith('children') ? `${part.slice(0, -'children'.length)}child` : part === 'wives' ? 'wife' : part.endsWith('s') && !part.endsWith('ss') ? part.slice(0, -1) : part;
  parts[at] = singular;
  const joined = parts.join('-');
  return SAID_AS[joined] ?? joined;
}

/**
 * What the question's family words say: the words themselves (gendered: "dad" says father, not
 * mother; uncle-like words), the roles of its role words ("kids": any child), and what each says
 * read backwards: its converse role (a father is read from his child by either of the child's
 * relations), an uncle's nephews and nieces.
 */
export interface KinSaid {
  readonly words: ReadonlySet<string>;
  readonly roles: ReadonlySet<string>;
  /** Roles and uncle-like words a relation read backwards may say. */
  readonly backwards: ReadonlySet<string>;
}

export function kinSaid(question: string): KinSaid {
  const words = new Set<string>();
  const roles = new Set<string>();
  const backwards = new Set<string>();
  for (const [token] of question.toLowerCase().matchAll(/[a-z]+(?:-[a-z]+)*/g)) {
    // A family word with two neighbouring letters swapped or a letter doubled is read as the word ("npehew").
    for (const part of kinWordParts(kinWord(unswapped(token, SPELT)))) {
      words.add(part);
      const role = kinRole(part);
      if (role === part) roles.add(role);
      if (role) backwards.add(converseRole(role));
      for (const other of OTHER_CONVERSE[part] ?? []) backwards.add(other);
    }
  }
  return { words, roles, backwards };
}

/**
 * Whether a relation of family word `word` may be followed forwards (from the named person's side:
 * it says what the next person is), or backwards (what the named person is of the next: the word
 * itself, "people whose father is X", or its converse, "X's kids" as the child's FATHER or MOTHER).
 */
function saysForwards(said: KinSaid, word: string): boolean {
  const role = kinRole(word);
  return said.words.has(word) || (role !== null && said.roles.has(role));
}
function saysBackwards(said: KinSaid, word: string): boolean {
  // "people whose father is X" walks from X back along FATHER: the word itself, read backwards.
  return saysForwards(said, word) || said.backwards.has(kinRole(word) ?? word);
}

/** How many relations `tokens` follows whose family word the question says neither way. */
export function unsaidKin(relations: ReadonlyMap<string, string>, said: KinSaid, tokens: readonly string[]): number {
  return tokens.filter((token) => {
    const word = token.startsWith('R:') ? relations.get(token.slice(2)) : undefined;
    return word !== undefined && !saysBackwards(said, word);
  }).length;
}

/**
 * How many follows of a finished reading go the way the words do not: walked from the people the
 * reading names by a value (`where A:Person.name = @1`), a step to the next person says what that
 * person is of the last ("kids": SON or DAUGHTER), a step back the converse ("kids" read as the
 * child's FATHER or MOTHER being the named one). "queen victoria kids" read as Victoria's father
 * is one. A person is named by their class's name (labels.ts) equal to a value; a person with a
 * birth year is not named by it. Steps neither side of which is nearer a named person are not judged.
 */
export function misdirectedKin(relations: ReadonlyMap<string, string>, said: KinSaid, labels: ReadonlySet<string>, tokens: readonly string[]): number {
  const steps: { from: number; to: number; words: string[] }[] = [];
  const named = new Set<number>();
  for (let i = 0; i < tokens.length; i += 1) {
    if (tokens[i] === 'follow') {
      const words: string[] = [];
      let j = i + 1;
      for (; j < tokens.length && !/^i\d+$/.test(tokens[j] as string); j += 1) {
        const word = relations.get((tokens[j] as string).slice(2));
        if ((tokens[j] as string).startsWith('R:') && word !== undefined) words.push(word);
      }
      const from = Number((tokens[j] ?? '').slice(1));
      const to = Number((tokens[j + 1] ?? '').slice(1));
      if (words.length > 0 && from > 0 && to > 0) steps.push({ from, to, words });
    } else if (tokens[i] === 'where' && labels.has((tokens[i + 1] ?? '').replace(/#\d+\./, '.')) && tokens[i + 2] === '=' && (tokens[i + 3] ?? '').startsWith('@')) {
      const instance = /#(\d+)\./.exec(tokens[i + 1] as string);
      named.add(instance ? Number(instance[1]) : 1);
    }
  }
  if (steps.length === 0 || named.size === 0) return 0;
  // Each person's distance from the named ones, along the follows either way.
  const distance = new Map<number, number>([...named].map((n) => [n, 0]));
  for (let changed = true; changed; ) {
    changed = false;
    for (const { from, to } of steps) {
      for (const [a, b] of [[from, to], [to, from]] as const) {
        const d = distance.get(a);
        if (d !== undefined && (distance.get(b) ?? Infinity) > d + 1) {
          distance.set(b, d + 1);
          changed = true;
        }
      }
    }
  }
  let misdirected = 0;
  for (const { from, to, words } of steps) {
    const a = distance.get(from) ?? Infinity;
    const b = distance.get(to) ?? Infinity;
    if (a === b) continue;
    const forwards = a < b;
    // A step by several relations (SON or DAUGHTER) goes the words' way when one of them does.
    const fits = words.some((word) => (forwards ? saysForwards(said, word) : saysBackwards(said, word)));
    const fitsEither = words.some((word) => saysBackwards(said, word));
    if (fitsEither && !fits) misdirected += 1;
  }
  return misdirected;
}

/** Family relations no word of the question asks for, judged inside the search. */
export const KIN_CUE: CueKind = {
  name: 'kin',
  read({ question, schema }) {
    const relations = allKinRelations(schema);
    if (relations.size === 0) return {};
    const said = kinSaid(question);
    if (said.words.size === 0) return {};
    const labels = new Set(schema.classes.flatMap((c) => {
      const label = labelAttribute(schema, c.id);
      return label ? [attributeToken({ classId: c.id, attributeId: label.id })] : [];
    }));
    return {
      whileSearching: (tokens) => KIN_CUE_PENALTY * unsaidKin(relations, said, tokens),
      whenFinished: (tokens) => KIN_CUE_PENALTY * misdirectedKin(relations, said, labels, tokens),
    };
  },
};

/** Every class's family relations with itself. */
function allKinRelations(schema: SchemaGraph): ReadonlyMap<string, string> {
  return new Map(schema.classes.flatMap((c) => [...kinRelations(schema, c.id)]));
}
