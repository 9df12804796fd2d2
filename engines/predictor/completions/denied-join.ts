/**
 * A denial of something the answer's things have many of is an anti-join: "countries that do not
 * speak English" are the countries with no language row 'English', not the countries with some
 * language other than English; "cities in countries where English is not the official language"
 * are those whose country has no row (English, official). On databases it never saw, the shared
 * model reads the denial as `!=` on the joined class's attribute, which over a one-to-many join asks
 * the opposite question. When the question denies and a reading's one `!=` condition is on a class
 * it reaches from everything else it reads through a one-to-many step, and nothing but conditions
 * names that class, the class's conditions become a `none` pattern with the `!=` read as `=`.
 *
 * A many-to-one join keeps its `!=` ("products whose supplier is not in Germany": each product has
 * one supplier, and there the two readings agree but for missing values). A question that says "a"
 * or "an" before the class's name asks about one of the many ("customers with an order not shipped
 * to France"): there the `!=` is meant, and the reading is left as it is.
 */
import type { SchemaGraph } from '../../schema-graph/types.js';
import { reachedThroughMany } from '../../schema-graph/one-to-many.js';
import { words } from '../../english/normalize.js';
import { questionWords } from '../cues/coverage.js';
import { PATTERN_END, placeholderToken } from '../model/target.js';
import type { Mention } from '../values/mentions.js';
import type { SchemaNames } from '../schema-words/schema-names.js';
import { classesNamed, firstInstanceClassOf, itemsOf, withPatternsAdded } from './reading-items.js';

/** What the question's words say of a denial: whether they deny at all, the classes named after "a" / "an", and the values a copula denies. */
export interface DenialCue {
  /** Whether a word denies the way a verb or a quantifier does ("not", "n't", "never", "no", "without"). */
  readonly denies: boolean;
  /** Classes the question names right after an indefinite article ("an order"): one of their many is meant. */
  readonly oneOf: ReadonlySet<string>;
  /** Values (placeholders) a copula or a comparison denies ("whose ship region is not NM", "languages that are not English"): compared, not denied. */
  readonly comparedWith: ReadonlySet<string>;
}

/** Words that deny the way a verb or a quantifier does; "other than", "except" and "non-" deny a value, not a row's existence. */
const DENYING_WORDS: ReadonlySet<string> = new Set(['no', 'not', 'never', 'none', 'without', 'nobody', 'nothing']);

/**
 * Words that deny a value rather than a row's existence, right before the value: a copula or a
 * comparison with its negation ("whose ship region is not NM", "languages that are not English",
 * "an address other than X"). There the value is compared; a denying verb ("do not speak English",
 * "never ordered Chai") denies that any row has it.
 */
const COPULAS: ReadonlySet<string> = new Set(['is', 'are', 'was', 'were', 'be', 'being', "isn't", "aren't", "wasn't", "weren't"]);
const DIFFERS_WORDS: ReadonlySet<string> = new Set([...COPULAS, 'not', 'other', 'than', 'different', 'from', 'equal', 'to']);

/** What the question's words say of a denial (`names`: the schema's names, for the classes it names). */
export function denialCue(question: string, mentions: readonly Mention[], names: SchemaNames): DenialCue {
  const spans = words(question);
  const said = questionWords(question, mentions).map((w) => w ?? '');
  const denies = said.some((w) => DENYING_WORDS.has(w) || w.endsWith("n't"));
  const oneOf = new Set<string>();
  said.forEach((w, i) => {
    const named = (w === 'a' || w === 'an') && said[i + 1] ? names.classAt(said, i + 1) : null;
    if (named) oneOf.add(named.id);
  });
  const comparedWith = new Set<string>();
  mentions.forEach((mention, index) => {
    const before = spans.filter((w) => w.end <= mention.start).map((w) => w.text);
    let end = before.length;
    while (end > 0 && DIFFERS_WORDS.has(before[end - 1]!)) end -= 1;
    const tail = before.slice(end);
    if (tail.some((w) => COPULAS.has(w) || w === 'other' || w === 'different') && tail.some((w) => w === 'not' || w === 'other' || w === 'different' || w.endsWith("n't"))) {
      comparedWith.add(placeholderToken(index + 1));
    }
  });
  return { denies, oneOf, comparedWith };
}

/** `tokens` with a denied condition on a class reached through a one-to-many step read as an anti-join; `tokens` itself otherwise. */
export function withDeniedJoin(tokens: readonly string[], cue: DenialCue, schema: SchemaGraph): readonly string[] {
  if (!cue.denies) return tokens;
  const items = itemsOf(tokens);
  const onClass = (item: readonly string[], classId: string) => item[0] === 'where' && firstInstanceClassOf(item[1]) === classId;
  const candidates = new Set(items.flatMap((item) => (item[0] === 'where' && item[2] === '!=' && !cue.comparedWith.has(item[3]!) ? [firstInstanceClassOf(item[1])] : [])).filter((c): c is string => c !== null));
  const denied = [...candidates].filter((classId) => {
    if (cue.oneOf.has(classId) || items.filter((item) => onClass(item, classId) && item[2] === '!=').length !== 1) return false;
    const outer = classesNamed(items.filter((item) => !onClass(item, classId)).flat());
    // The class is named only by its conditions (not shown, grouped, ordered or followed; no other instance of it).
    return !outer.has(classId) && outer.size > 0 && reachedThroughMany(schema, outer, classId) === true;
  });
  if (denied.length !== 1) return tokens;
  const joined = denied[0]!;
  const onJoined = (item: readonly string[]) => onClass(item, joined);
  const rest = items.filter((item) => !onJoined(item));
  const pattern = ['none', ...items.filter(onJoined).flatMap((item) => (item[2] === '!=' ? [item[0]!, item[1]!, '=', ...item.slice(3)] : item)), PATTERN_END];
  return withPatternsAdded(rest, [pattern], tokens);
}
