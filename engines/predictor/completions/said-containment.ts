/**
 * What a substring is looked for in, as the words say: "a state whose name contains the substring
 * 'North'", "a city containing 'West'", "contestants whose names contain 'Al'". On databases it
 * never saw, the shared model often puts such a value in another text attribute where it also
 * occurs (the professionals' city for the owners' state). The words name the attribute right
 * before the verb of containment: an attribute's name, or a class's name followed by "whose name",
 * which is the class's label. A condition on the value in another attribute is moved to the one the
 * words name, compared by `contains`, when exactly one attribute of that name is of a class the
 * reading shows; a condition already on it is compared by `contains`.
 */
import { words } from '../../english/normalize.js';
import { questionWords } from '../cues/coverage.js';
import { labelAttribute } from '../../schema-graph/labels.js';
import type { SchemaGraph } from '../../schema-graph/types.js';
import { attributeToken, EOS, placeholderToken } from '../model/target.js';
import type { SchemaNames } from '../schema-words/schema-names.js';
import type { Mention } from '../values/mentions.js';
import { ownerOf } from '../cues/reading-classes.js';
import { itemsOf } from './reading-items.js';

/** Placeholder -> the attributes the words say it is looked for in. */
export type ContainmentCues = ReadonlyMap<string, readonly string[]>;

const CONTAINING: ReadonlySet<string> = new Set(['contain', 'contains', 'containing', 'contained', 'include', 'includes', 'including']);
/** Words between the verb and the value: "contains the substring", "containing the letters". */
const WHAT_IS_CONTAINED: ReadonlySet<string> = new Set(['the', 'a', 'substring', 'substrings', 'string', 'strings', 'letter', 'letters', 'word', 'words', 'text', 'phrase', 'characters']);
/** Words between the attribute's name and the verb: "state that contains", "state which contains". */
const RELATIVES: ReadonlySet<string> = new Set(['that', 'which']);

/** The attributes a name ends with right before `end` in `said`, or a class's label when "whose name(s)" follows the class. */
function containerBefore(said: readonly string[], end: number, names: SchemaNames, schema: SchemaGraph): readonly string[] {
  let at = end;
  while (at > 0 && RELATIVES.has(said[at - 1]!)) at -= 1;
  if (at >= 2 && said[at - 2] === 'whose' && (said[at - 1] === 'name' || said[at - 1] === 'names')) {
    // "a state whose name": the state's; "contestants whose names": the contestants' label.
    const before = said.slice(0, at - 2);
    const attributes = names.attributesEndingAt(before);
    if (attributes.length > 0) return attributes;
    for (let start = before.length - 1; start >= Math.max(0, before.length - 4); start -= 1) {
      const named = names.classAt(before, start);
      const label = named ? labelAttribute(schema, named.id) : null;
      if (named && label) return [attributeToken({ classId: named.id, attributeId: label.id })];
    }
    return [];
  }
  return names.attributesEndingAt(said.slice(0, at));
}

/** For each text value the question says is contained in something, the attributes it names as that something. */
export function containmentCues(question: string, mentions: readonly Mention[], names: SchemaNames, schema: SchemaGraph): ContainmentCues {
  const spans = words(question);
  const said = questionWords(question, mentions);
  const cues = new Map<string, readonly string[]>();
  mentions.forEach((mention, index) => {
    if (mention.kind !== 'text') return;
    const before = spans.filter((w, i) => w.end <= mention.start && said[i] !== null && /[\p{L}\p{N}]/u.test(w.text)).map((w) => w.text);
    let verb = before.length;
    while (verb > 0 && WHAT_IS_CONTAINED.has(before[verb - 1]!)) verb -= 1;
    if (verb === 0 || !CONTAINING.has(before[verb - 1]!)) return;
    const attributes = containerBefore(before, verb - 1, names, schema);
    if (attributes.length > 0) cues.set(placeholderToken(index + 1), attributes);
  });
  return cues;
}

/** `tokens` with each value the words say is contained looked for in the attribute they name; `tokens` itself when none moves. */
export function withSaidContainment(tokens: readonly string[], cues: ContainmentCues): readonly string[] {
  if (cues.size === 0) return tokens;
  const items = itemsOf(tokens);
  const shownClasses = new Set(items.filter((item) => item[0] === 'show').flatMap((item) => item.filter((t) => t.startsWith('A:') && !t.includes('#')).map(ownerOf)));
  let changed = false;
  const moved = items.map((item) => {
    const value = item[3];
    const attributes = item[0] === 'where' && item.length === 4 && value !== undefined ? cues.get(value) : undefined;
    const attribute = item[1];
    if (!attributes || !attribute?.startsWith('A:') || attribute.includes('#')) return item;
    if (attributes.includes(attribute)) {
      if (item[2] === 'contains') return item;
      changed = true;
      return ['where', attribute, 'contains', value!];
    }
    const inShown = attributes.filter((a) => shownClasses.has(ownerOf(a)));
    if (inShown.length !== 1) return item;
    changed = true;
    return ['where', inShown[0]!, 'contains', value!];
  });
  if (!changed) return tokens;
  const end = tokens.indexOf(EOS);
  return [...moved.flat(), ...(end >= 0 ? tokens.slice(end) : [])];
}
