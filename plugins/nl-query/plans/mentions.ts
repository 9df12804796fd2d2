/**
 * Which of a set of names does a collection of sentences mention? Names from databases are
 * written the database's way ("Henry_VIII of house of Tudor"), sentences the way people write
 * them ("a letter signed by Henry VIII", "a statue of Queen Victoria"); each name gets the
 * aliases people use, and an alias found in several names counts for each of them with a share of
 * the weight (NQL: an ambiguous mention is a weighted set, not a guess).
 */
import type { Fact } from '../../../types.js';
import { memberKey } from './weighted-set.js';

/** Words that let a lone given name stand for a person: "Queen Victoria", "King George". */
const TITLES = ['king', 'queen', 'prince', 'princess', 'emperor', 'empress', 'tsar', 'tsarina', 'duke', 'duchess', 'lord', 'lady', 'sir', 'saint', 'pope', 'archduke', 'grand duke'];

/** The ways a name may be written in a sentence, normalised (memberKey); longest first. */
export function nameAliases(name: string): readonly string[] {
  const full = memberKey(name.replace(/_/g, ' '));
  const aliases = new Set<string>([full]);
  // "Victoria of house of Hanover" -> "victoria of hanover"; "Anne of_Denmark" -> "anne of denmark".
  aliases.add(full.replace(/\bof house of\b/g, 'of').replace(/\s+/g, ' '));
  // The part before a qualifier: "Henry VIII of house of Tudor" -> "henry viii".
  const head = full.split(/\s+of\s+/)[0]!.trim();
  if (head.split(' ').length >= 2) aliases.add(head);
  else if (head !== '') for (const title of TITLES) aliases.add(`${title} ${head}`);
  // One word alone ("Anne", "Wilhelmina") names too many people to count as a mention.
  return [...aliases].filter((alias) => alias.length >= 3 && alias.includes(' ')).sort((a, b) => b.length - a.length);
}

export interface Mention {
  /** Index of the name in the list given. */
  readonly name: number;
  /** Share of the mention this name gets: 1 when no other name has the same alias. */
  readonly weight: number;
  readonly facts: readonly Fact[];
}

/** The names (by index) that the facts mention, with their weights and the facts that do. */
export function findMentions(names: readonly string[], facts: readonly Fact[]): readonly Mention[] {
  const owners = new Map<string, number[]>();
  names.forEach((name, index) => {
    for (const alias of nameAliases(name)) {
      const list = owners.get(alias) ?? [];
      if (!list.includes(index)) list.push(index);
      owners.set(alias, list);
    }
  });
  const found = new Map<number, { weight: number; facts: Fact[] }>();
  const texts = facts.map((fact) => ` ${wordsOnly(fact.text)} `);
  for (const [alias, indices] of owners) {
    const needle = ` ${wordsOnly(alias)} `;
    texts.forEach((text, f) => {
      if (!text.includes(needle)) return;
      for (const index of indices) {
        const entry = found.get(index) ?? { weight: 0, facts: [] };
        entry.weight = Math.max(entry.weight, 1 / indices.length);
        if (!entry.facts.includes(facts[f]!)) entry.facts.push(facts[f]!);
        found.set(index, entry);
      }
    });
  }
  return [...found].sort(([a], [b]) => a - b).map(([name, entry]) => ({ name, weight: entry.weight, facts: entry.facts }));
}

/** Letters and digits only, single-spaced: punctuation never decides whether a name is there. */
function wordsOnly(text: string): string {
  return memberKey(text).replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}
