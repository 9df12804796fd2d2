/**
 * A value the question names is a condition: "the planed nuclear power plants and their located
 * countries" are the plants whose status is 'Planned', "the most nuclear station shut down" counts
 * those whose status is 'Shutdown'. On databases it never saw, the shared model's beam may hold no
 * reading that uses a value the mention finder found (values/mentions.ts), most often one found
 * fuzzily (a typo, two words written as one, a verb made from the value), which the value-coverage
 * cue does not judge. A reading that uses no placeholder of such a mention, and has no condition on
 * the attribute it was found in, gets the condition `where A:class.attribute = @k`, when the
 * attribute is categorical (few distinct values: a status, a kind, a form of government, a yes/no
 * flag, which people filter by with a word), its class is one the reading already uses (it answers
 * about those rows), and only one of the mention's attributes is such. A word that happens to be
 * one of many names or titles ("count" of the title 'Count' among 309, "carry" one typo from the
 * house 'Carey') is the question's own word far more often, and the model is left to judge it;
 * but a proper name, written capitalised inside the sentence and stored exactly so ("How many
 * official languages does Afghanistan have?"), is a condition of any attribute, of a class the
 * reading reads or one directly related to it (the engines join it).
 *
 * Left as written:
 * - a whole value of several words, or one named by its adjective: the value-coverage cue judges
 *   those, and a reading that left one out must lose to the readings that did not ("how long is
 *   the average life expectancy in Central Africa" read with the city 'Long Xuyen' and without
 *   the region would otherwise be completed and win);
 * - a part of a longer value (found as such, or as the one word of a name no other value has:
 *   "long" of 'Long Xuyen'), often the question's own word;
 * - a key found one typo away from a word ("whihc" is no customer 'WHITC');
 * - a reading with patterns or follows, or one that shows the attribute (it lists the values).
 */
import type { SchemaGraph } from '../../schema-graph/types.js';
import type { Mention } from '../values/mentions.js';
import type { ValueCandidate } from '../values/value-memory.js';
import { words } from '../../english/normalize.js';
import { wholeValues } from '../cues/value-coverage.js';
import { keyTokens } from '../cues/aggregate.js';
import { attributeToken, EOS, placeholderToken } from '../model/target.js';
import { firstInstanceClassOf, itemsOf } from './reading-items.js';

/** `tokens` with a condition for each named value they leave out (see the file's comment); `tokens` itself otherwise. */
export function withSaidValues(tokens: readonly string[], mentions: readonly Mention[], schema: SchemaGraph, categorical: (classId: string, attributeId: string) => boolean): readonly string[] {
  const items = itemsOf(tokens);
  if (items.some((item) => ['follow', 'none', 'some'].includes(item[0] as string))) return tokens;
  const used = new Set(tokens.filter((t) => t.startsWith('@')));
  const classes = new Set(tokens.flatMap((t) => firstInstanceClassOf(t) ?? []));
  const joinsTo = (classId: string) => schema.relations.some((r) => (r.from === classId && classes.has(r.to)) || (r.to === classId && classes.has(r.from)));
  // A key ("WHITC") one typo from a word is rather the word ("whihc").
  const keys = keyTokens(schema);
  const constrained = new Set(items.filter((item) => item[0] === 'where').map((item) => item[1]));
  const shown = new Set(items.filter((item) => item[0] === 'show').map((item) => item.at(-1)));
  // Whole values the value-coverage cue judges: a reading that leaves one out loses to one that does not, as the model wrote it.
  const judged = new Set(wholeValues(mentions));
  const conditions: string[][] = [];
  mentions.forEach((mention, index) => {
    const placeholder = placeholderToken(index + 1);
    if (mention.kind !== 'text' || used.has(placeholder) || judged.has(index + 1)) return;
    // A word of a longer value ("long" of 'Long Xuyen') is rather the question's own word.
    const whole = (c: ValueCandidate) => c.match !== 'partial' && words(c.value).length <= words(mention.text).length;
    // A proper name ("How many official languages does Afghanistan have?") is a condition of any attribute, found exactly, of a class the reading reads or joins to.
    const properName = mention.start > 0 && /^\p{Lu}/u.test(mention.text);
    const admitted = (c: ValueCandidate) => (categorical(c.classId, c.attributeId) && classes.has(c.classId)) || (properName && c.match === 'exact' && (classes.has(c.classId) || joinsTo(c.classId)));
    const fitting = mention.candidates.filter((c) => whole(c) && admitted(c) && !(c.match === 'fuzzy' && keys.has(attributeToken({ classId: c.classId, attributeId: c.attributeId }))));
    if (fitting.length !== 1) return;
    const attribute = attributeToken({ classId: fitting[0]!.classId, attributeId: fitting[0]!.attributeId });
    if (constrained.has(attribute) || shown.has(attribute)) return;
    conditions.push(['where', attribute, '=', placeholder]);
  });
  if (conditions.length === 0) return tokens;
  // Conditions stand after what is shown (model/target.ts ITEMS).
  const after = items.findIndex((item) => !['compute', 'show', 'where'].includes(item[0] as string));
  const at = after >= 0 ? after : items.length;
  const end = tokens.indexOf(EOS);
  return [...items.slice(0, at).flat(), ...conditions.flat(), ...items.slice(at).flat(), ...(end >= 0 ? tokens.slice(end) : [])];
}
