/**
 * Group cues: "for each X", "per X", "in each X", "for every X" name what a grouped question groups
 * by: the attribute X names, or the naming attribute of the class X names ("per supplier" groups by
 * the supplier's name). On long questions the model sometimes groups by another attribute ("the mean
 * employee id for every employee reports to" grouped by last name). A reading that groups, but by
 * none of what a cue names, loses `GROUP_CUE_PENALTY` log-probability per cue; a reading that does
 * not group at all is not judged ("the price for each product" may be a plain list). "by X" is left
 * out: it also sorts ("by unit price, highest first").
 */
import type { SchemaGraph } from '../../schema-graph/types.js';
import { labelAttribute } from '../../schema-graph/labels.js';
import type { SchemaNames } from '../schema-words/schema-names.js';
import { attributeToken, ITEMS } from '../model/target.js';
import type { CueKind } from './cue.js';

/** Log-probability a reading loses per group cue it does not follow; as much as OPERATOR_CUE_PENALTY. */
export const GROUP_CUE_PENALTY = 4;

const EACH = [['for', 'each'], ['for', 'every'], ['in', 'each'], ['per']];
/** Every word the group cues read: what a misspelt word of the question is repaired to. */
export const GROUP_WORDS: ReadonlySet<string> = new Set(EACH.flat());

/** Whether the words at `i` say "for each", "for every", "in each" or "per" (not "of each": "the date of each order" lists). */
export function groupPhraseAt(words: readonly string[], i: number): boolean {
  return EACH.some((run) => run.every((w, k) => words[i + k] === w));
}

/** Each cue: the attribute tokens one of which a grouped reading must group by. */
export type GroupCues = readonly (readonly string[])[];

/** The group cues of a question's words (folded, null inside value mentions: cues/coverage.ts questionWords). */
export function groupCues(said: readonly (string | null)[], names: SchemaNames, schema: SchemaGraph): GroupCues {
  const words = said.map((w) => w ?? '');
  const cues: (readonly string[])[] = [];
  for (let i = 0; i < words.length; i += 1) {
    const each = EACH.find((run) => run.every((w, k) => words[i + k] === w));
    if (!each) continue;
    const start = i + each.length;
    // "for every region" may be the attribute region or the class Regions (by its naming attribute);
    // in "in each employee city" the class only says whose city (the longest name decides).
    const match = names.nameAt(words, start);
    const labelled = (match?.classes ?? []).flatMap((classId) => {
      const label = labelAttribute(schema, classId);
      return label ? [attributeToken({ classId, attributeId: label.id })] : [];
    });
    const cue = [...(match?.attributes ?? []), ...labelled];
    if (cue.length > 0) cues.push(cue);
  }
  return cues;
}

/** How many cues `tokens` does not follow: it groups, by none of the cue's attributes. */
export function groupContradictions(cues: GroupCues, tokens: readonly string[]): number {
  if (cues.length === 0) return 0;
  const grouped: string[] = [];
  let item = '';
  for (const token of tokens) {
    if ((ITEMS as readonly string[]).includes(token)) item = token;
    else if (item === 'group' && token.startsWith('A:')) grouped.push(token.replace(/#\d+\./, '.'));
  }
  if (grouped.length === 0) return 0;
  return cues.filter((cue) => !cue.some((a) => grouped.includes(a))).length;
}

/** Group cues judged inside the search. */
export const GROUP_CUE: CueKind = {
  name: 'group',
  words: GROUP_WORDS,
  read({ said, names, schema }) {
    const cues = groupCues(said, names, schema);
    return { whileSearching: (tokens) => GROUP_CUE_PENALTY * groupContradictions(cues, tokens) };
  },
};
