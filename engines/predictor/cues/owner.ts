/**
 * Owner cues: "the emails of the professionals", "the names of the visitors whose ...", "the
 * name of each museum" say whose attribute is meant: the class named after "of". When that class
 * has an attribute of the name, a reading that shows the same-named attribute of another class
 * instead (and none of the named class's) has put it on the wrong owner. On databases it was not
 * trained on the model often does this through a join (validation misses: "the names of the
 * visitors whose membership level is higher than 4" read as the museum's name, "the emails of the
 * professionals who live in Hawaii" as an owner's state). Such a reading loses `OWNER_CUE_PENALTY`
 * log-probability per cue.
 *
 * The class's name must stand alone (not followed by one of its attributes: "the name of the
 * museum director" names another attribute), the attribute's name must not start with another
 * class's ("the order customer id of customers" is the order's), and only the attribute names the
 * class has count: "the product names of orders" (orders have no product name) says nothing about
 * whose it is.
 */
import type { SchemaNames } from '../schema-words/schema-names.js';
import type { CueKind } from './cue.js';

/** Log-probability a reading loses per owner cue it does not follow; as much as the other cues. */
export const OWNER_CUE_PENALTY = 4;

/** Words that may stand between "of" and the class's name. */
const DETERMINERS = new Set(['the', 'all', 'each', 'every', 'our', 'these', 'those', 'any']);

/** Each cue: the named class's attributes of the name, and the same-named attributes of other classes. */
export interface OwnerCue {
  readonly owned: readonly string[];
  readonly others: readonly string[];
}

/** The owner cues of a question's words (`said`: questionWords, value mentions as null). */
export function ownerCues(said: readonly (string | null)[], names: SchemaNames): readonly OwnerCue[] {
  const words = said.map((w) => w ?? '');
  const cues: OwnerCue[] = [];
  for (let i = 0; i < words.length; i += 1) {
    const name = names.nameAt(words, i);
    if (!name) continue;
    // The longest name is read whole: "order customer id" is not "customer id" after "order".
    const start = i;
    i += name.length - 1;
    if (name.attributes.length < 2) continue;
    let at = start + name.length;
    if (words[at] !== 'of') continue;
    at += 1;
    while (at < words.length && DETERMINERS.has(words[at] as string)) at += 1;
    const owner = names.nameAt(words, at);
    const ownerClass = owner && owner.attributes.length === 0 ? names.classAt(words, at) : null;
    if (!ownerClass) continue;
    if (names.attributesAt(words, at + owner!.length).some((token) => token.startsWith(`A:${ownerClass.id}.`))) continue;
    // "the order customer id of customers" names the order's customer id: a name that starts with
    // another class's name is that class's, whoever follows "of".
    const qualifier = names.classAt(words, start);
    if (qualifier && qualifier.id !== ownerClass.id) continue;
    const owned = name.attributes.filter((token) => token.startsWith(`A:${ownerClass.id}.`));
    if (owned.length === 0) continue;
    cues.push({ owned, others: name.attributes.filter((token) => !owned.includes(token)) });
  }
  return cues;
}

/** How many cues a finished reading does not follow: it reads another class's attribute of the name and none of the named class's. */
export function ownerContradictions(cues: readonly OwnerCue[], tokens: readonly string[]): number {
  const read = new Set(tokens.filter((t) => t.startsWith('A:')).map((t) => t.replace(/#\d+\./, '.')));
  return cues.filter((cue) => !cue.owned.some((t) => read.has(t)) && cue.others.some((t) => read.has(t))).length;
}

/** Whose attribute the words say, on finished readings. */
export const OWNER_CUE: CueKind = {
  name: 'owner',
  read({ said, names }) {
    const cues = ownerCues(said, names);
    return { whenFinished: (tokens) => OWNER_CUE_PENALTY * ownerContradictions(cues, tokens) };
  },
};
