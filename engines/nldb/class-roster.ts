/**
 * Questions that range over a class of things ("Which company employs the most people?", "How
 * many museums opened after 1900?", "the highest visitor count of any museum") need every
 * member, and a collection often says what a thing is in one fact and its number in another
 * ("Orrin Chemical Works is a chemical company ..." / "Orrin Chemical Works has 12,750 employees
 * on its books"). The retriever finds the facts that read like the question; a member whose number
 * is worded otherwise is missed, and one missed member decides an extreme or a count.
 *
 * The collection itself says which names are of the class (classes.ts `membersOf`: "X is a
 * museum", names ending in "Museum"), so each member is offered one more support set: the facts
 * about it (its subject), as many as the extractor reads at once; a member that no fact is about,
 * only named in passing ("In 2021 Leni Faskov used the Osprey Telescope to find the exoplanet
 * Osprey-2b"), the facts naming it. The extractor and the checks by
 * code judge these sets like any other. People are left out: a person's facts also tell of years
 * that are not births ("has worked there since 2009"), and the question's own words find people
 * well (held-out worlds lost with them).
 */
import { normalise } from './aggregate.js';
import { nameKey, subjectOf } from './classes.js';
import type { LexicalIndex } from './lexical-index.js';
import type { SupportSet } from './ssg.js';

export interface ClassRosterOptions {
  /** Members offered at most (the first the collection lists). */
  readonly members: number;
  /** Facts about one member in its set (BM25's order for the member's name). */
  readonly factsPerMember: number;
}

/** Default sizes: 64 members, 4 facts each (more facts per member changed nothing on held-out worlds). */
export const ROSTER_DEFAULTS: ClassRosterOptions = { members: 64, factsPerMember: 4 };

/**
 * One support set per member of the class `noun` (not 'person'): the facts whose subject it is,
 * skipping sets already proposed (`have`: sorted ids joined by commas).
 */
export function rosterSets(
  noun: string,
  lexical: LexicalIndex,
  text: (id: string) => string,
  have: ReadonlySet<string>,
  options: ClassRosterOptions = ROSTER_DEFAULTS,
): SupportSet[] {
  if (noun === 'person' || options.members <= 0 || options.factsPerMember <= 0) return [];
  const seen = new Set(have);
  const out: SupportSet[] = [];
  for (const member of lexical.classes.membersOf(noun).slice(0, options.members)) {
    // a member no fact is about ("... to find the exoplanet Osprey-2b") is offered the facts naming it
    const own = factsAbout(member, lexical, text);
    const ids = (own.length > 0 ? own : factsNaming(member, lexical, text)).slice(0, options.factsPerMember);
    const key = [...ids].sort().join(',');
    if (ids.length === 0 || seen.has(key)) continue;
    seen.add(key);
    out.push({ ids, score: -4 });
  }
  return out;
}

/**
 * The ids of the facts a name is the subject of, in BM25's order for the name (of its 32 best
 * hits). Facts naming it in passing ("X joined Orrin Works in 1994") tell of others' years.
 */
export function factsAbout(name: string, lexical: LexicalIndex, text: (id: string) => string): string[] {
  const ordinary = (w: string) => lexical.isOrdinaryWord(w);
  const key = nameKey(name);
  return lexical
    .search(key, 32)
    .filter((h) => nameKey(subjectOf(text(h.id), ordinary) ?? '') === key)
    .map((h) => h.id);
}

/** The ids of the facts that write a name (case and spacing aside), in BM25's order for it (of its 32 best hits). */
export function factsNaming(name: string, lexical: LexicalIndex, text: (id: string) => string): string[] {
  const key = normalise(name);
  if (key === '') return [];
  return lexical
    .search(name, 32)
    .filter((h) => normalise(text(h.id)).includes(key))
    .map((h) => h.id);
}
