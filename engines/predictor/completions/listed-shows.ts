/**
 * Attributes a question lists to be shown: "List the email, cell phone and home phone of all the
 * professionals", "What are the arriving date and the departing date of the dogs", "the id, name
 * and membership level of visitors". On databases it never saw, the shared model often shows some
 * of a list and not the rest (questions-others: 55 of the select-project-join and aggregate misses
 * leave out an attribute the question's opening lists), and its beam seldom holds a reading with
 * all of them. So the words decide: the names listed right after the question's opening ("what
 * are the", "list", "show me", "give", "find", "return", "tell me") and before what they are of,
 * joined by commas, "and" and "along with"; an item that names nothing may share the last item's
 * noun ("first, middle and last names"), and an item may end with a word the schema's name does not
 * have ("cell phone" for the cell number). A reading that shows plain attributes, one of the listed
 * names at least, and no aggregate or group, is completed with the
 * listed attributes it leaves out, each of a class the reading already reads and of no other, and
 * shows the listed attributes only, in the order the question lists them (what else it showed,
 * the words did not ask for).
 */
import type { SchemaNames } from '../schema-words/schema-names.js';
import { labelAttribute } from '../../schema-graph/labels.js';
import type { SchemaGraph } from '../../schema-graph/types.js';
import { EOS } from '../model/target.js';
import { itemsOf } from './reading-items.js';
import { ownerOf, readingClasses } from '../cues/reading-classes.js';

/** How questions open before they list what to show. */
export const OPENINGS: readonly (readonly string[])[] = [
  ['what', 'is'], ['what', 'are'], ['what', 's'], ['whats'], ['list'], ['show'], ['give'], ['find'], ['return'], ['tell', 'me'], ['display'], ['get'],
].sort((a, b) => b.length - a.length);
/** Words that may follow the opening before the list. */
export const LEAD: ReadonlySet<string> = new Set(['me', 'us', 'all', 'the', 'both', 'each', 'every', 'of', 'their', 'its', 'his', 'her', 'or']);
/** Words between two listed names. */
const JOINERS: ReadonlySet<string> = new Set([',', 'and', 'the', 'its', 'their', 'his', 'her', 'also', 'plus']);
/** Joiners of more than one word ("along with"): "with" alone starts a condition. */
const LONG_JOINERS: readonly (readonly string[])[] = [['along', 'with'], ['as', 'well', 'as'], ['together', 'with']];

/** One listed name: the attributes it may be, in list order. */
export type ListedNames = readonly (readonly string[])[];

/** The names a question's opening lists to be shown (`said`: questionWords, value mentions as null), or none. */
export function listedNames(said: readonly (string | null)[], names: SchemaNames): ListedNames {
  const words = said.map((w) => w ?? '');
  for (const { at } of openings(words)) {
    const listed = namesListedAt(words, at, names);
    if (listed.length >= 2) return listed;
  }
  return [];
}

/** Sentence ends: a question's second sentence often says what to show ("Which owner has the most dogs? List the owner id and name."). */
const SENTENCE_ENDS: ReadonlySet<string> = new Set(['?', '.', '!', ';']);

/**
 * The sentences of a question that open as a request, in order: where each sentence starts, and
 * where what it asks for starts ("what are the | names of ...", "... dogs? List his or her | first
 * name ...").
 */
export function openings(words: readonly string[]): { readonly sentence: number; readonly at: number }[] {
  const out: { sentence: number; at: number }[] = [];
  words.forEach((_, sentence) => {
    if (sentence > 0 && !SENTENCE_ENDS.has(words[sentence - 1] as string)) return;
    const opening = OPENINGS.find((o) => o.every((w, k) => words[sentence + k] === w));
    if (!opening) return;
    let at = sentence + opening.length;
    while (LEAD.has(words[at] as string)) at += 1;
    out.push({ sentence, at });
  });
  return out;
}

/** The names listed from `i` on, joined by commas, "and" and "along with" (see the file's comment). */
function namesListedAt(words: readonly string[], start: number, names: SchemaNames): ListedNames {
  let i = start;
  const listed: (readonly string[])[] = [];
  const pending: string[] = [];
  for (;;) {
    const match = i < words.length && words[i] ? names.nameAt(words, i) : null;
    if (match && match.attributes.length > 0) {
      // "first, middle, and last names": an item before that names nothing shares this noun.
      const noun = words.slice(i + match.length - 1, i + match.length);
      for (const word of pending.splice(0)) {
        const shared = names.nameAt([word, ...noun], 0);
        if (shared?.length === 2 && shared.attributes.length > 0) listed.push(shared.attributes);
      }
      listed.push(match.attributes);
      i += match.length;
      // "cell phone, home phone": a word the schema's name does not have ("cell number") may end the item.
      if (/^[a-z]+$/.test(words[i] ?? '') && !names.nameAt(words, i) && !JOINERS.has(words[i] as string) && JOINERS.has(words[i + 1] as string)) i += 1;
    } else if (i < words.length && /^[a-z]+$/.test(words[i] as string) && !names.nameAt(words, i) && JOINERS.has(words[i + 1] as string) && pending.length < 3 && listed.length === 0) {
      pending.push(words[i] as string);
      i += 1;
    } else break;
    for (;;) {
      const long = LONG_JOINERS.find((j) => j.every((w, k) => words[i + k] === w));
      if (long) i += long.length;
      else if (JOINERS.has(words[i] as string)) i += 1;
      else break;
    }
  }
  return listed;
}

/**
 * `tokens` with the listed attributes it leaves out shown too, shows in the order listed (a grouped
 * reading: withListedOfGroups); `tokens` itself when fewer than two names are listed, when the
 * reading is no plain showing (aggregates, conditions on groups), when it shows none of them, or
 * when a missing one is of no class it reads or of two.
 */
export function withListedShows(tokens: readonly string[], listed: ListedNames, schema: SchemaGraph): readonly string[] {
  if (listed.length < 2) return tokens;
  const end = tokens.indexOf(EOS) >= 0 ? tokens.indexOf(EOS) : tokens.length;
  const items = itemsOf(tokens);
  if (items.some((item) => ['compute', 'extreme'].includes(item[0] as string))) return tokens;
  if (items.some((item) => item[0] === 'group')) return withListedOfGroups(items, tokens.slice(end), listed, schema) ?? tokens;
  if (items.some((item) => item[0] === 'having')) return tokens;
  const shows = items.filter((item) => item[0] === 'show');
  if (shows.some((item) => item.length !== 2 || !item[1]!.startsWith('A:'))) return tokens;
  const shown = shows.map((item) => item[1]!);
  const plain = (token: string) => token.replace(/#\d+\./, '.');
  const found = listed.map((attributes) => shown.find((s) => attributes.includes(plain(s))));
  if (found.every((f) => f === undefined) || found.every((f) => f !== undefined)) return tokens;
  const classes = readingClasses(tokens);
  const chosen: string[] = [];
  for (const [k, attributes] of listed.entries()) {
    const have = found[k];
    if (have) {
      if (!chosen.includes(have)) chosen.push(have);
      continue;
    }
    const candidates = attributes.filter((a) => classes.has(ownerOf(a)));
    if (candidates.length !== 1) return tokens;
    if (!chosen.includes(candidates[0]!)) chosen.push(candidates[0]!);
  }
  const first = items.findIndex((item) => item[0] === 'show');
  const before = items.slice(0, first).flat();
  const after = items.filter((item, k) => k > first && item[0] !== 'show').flat();
  return [...before, ...chosen.flatMap((a) => ['show', a]), ...after, ...tokens.slice(end)];
}

/**
 * A grouped reading of things ("Which owner has paid for the most treatments? List the owner id and
 * last name.": grouped by the owner's last name, its label): the listed attributes it leaves out,
 * of a class it groups by label or key (each thing's own attributes, one value per group: the
 * engines group by the thing's key), are shown and grouped by too, the listed shown in the order
 * listed before what it aggregates. Null when no listed name is shown yet, or a missing one is of
 * none of those classes or of two.
 */
function withListedOfGroups(items: readonly (readonly string[])[], rest: readonly string[], listed: ListedNames, schema: SchemaGraph): readonly string[] | null {
  const plainShows = items.filter((item) => item[0] === 'show' && item.length === 2 && item[1]!.startsWith('A:') && !item[1]!.includes('#'));
  const shown = plainShows.map((item) => item[1]!);
  const groups = items.filter((item) => item[0] === 'group');
  const grouped = new Set(groups.map((item) => item[1]!));
  const things = new Set(
    [...grouped].flatMap((token) => {
      if (token.includes('#') || !token.startsWith('A:')) return [];
      const owner = schema.classes.find((c) => c.id === ownerOf(token));
      const attributeId = token.slice(token.lastIndexOf('.') + 1);
      return owner && (owner.primaryKey.includes(attributeId) || labelAttribute(schema, owner.id)?.id === attributeId) ? [owner.id] : [];
    }),
  );
  const found = listed.map((attributes) => shown.find((s) => attributes.includes(s)));
  if (things.size === 0 || found.every((f) => f === undefined) || found.every((f) => f !== undefined)) return null;
  const chosen: string[] = [];
  for (const [k, attributes] of listed.entries()) {
    const candidates = found[k] ? [found[k]!] : attributes.filter((a) => things.has(ownerOf(a)));
    if (candidates.length !== 1) return null;
    if (!chosen.includes(candidates[0]!)) chosen.push(candidates[0]!);
  }
  const added = chosen.filter((a) => !grouped.has(a)).map((a) => ['group', a]);
  const first = items.findIndex((item) => item[0] === 'show');
  const lastGroup = items.lastIndexOf(groups[groups.length - 1]!);
  const out = items.flatMap((item, k) => {
    const kept = item[0] === 'show' && plainShows.includes(item) ? [] : [...item];
    const shows = k === first ? chosen.flatMap((a) => ['show', a]) : [];
    return [...shows, ...kept, ...(k === lastGroup ? added.flat() : [])];
  });
  return [...out, ...rest];
}
