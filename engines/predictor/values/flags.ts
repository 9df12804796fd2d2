/**
 * Flags named by their name: a text column that stores only yes and no ('T'/'F', 'Y'/'N', 'yes'/'no',
 * 'true'/'false') says whether a thing is what its name says, and people ask for that by the name's
 * own words: "the official languages" for IsOfficial = 'T', "channels with high definition TV" for
 * Hight_definition_TV = 'yes'. The words of such a name in a question are a mention of the column's
 * yes value, so the model reads them as a value to hold the column to, as it reads "Germany".
 */
import type { SchemaGraph } from '../../schema-graph/types.js';
import { fold, words, type WordSpan } from '../../english/normalize.js';
import { editDistanceAtMostOne, type ValueCandidate, type ValueMemory } from './value-memory.js';

/** A yes/no column and the words that name it. */
export interface FlagColumn {
  readonly classId: string;
  readonly attributeId: string;
  /** The stored value that says yes ('T', 'Y', 'yes', 'true'), exactly as stored. */
  readonly yes: string;
  /** The folded words of its name without a leading "is" / "has" ("official", "hight definition tv"). */
  readonly words: readonly string[];
}

const YES = new Set(['t', 'y', 'yes', 'true']);
const NO = new Set(['f', 'n', 'no', 'false']);
/** Words a flag's name starts with that say it is a flag, not what it flags ("is official", "has wifi"). */
const FLAG_VERBS = new Set(['is', 'has', 'have', 'can', 'was', 'does', 'are']);

/** The text columns of `schema` whose every stored value is a yes or a no, and some a yes. */
export function flagColumns(memory: ValueMemory, schema: SchemaGraph): readonly FlagColumn[] {
  const out: FlagColumn[] = [];
  for (const column of memory.columns) {
    if (column.type !== 'text' || !column.complete || column.values.length === 0 || column.values.length > 2) continue;
    const folded = column.values.map((v) => fold(v.trim()));
    if (!folded.every((v) => YES.has(v) || NO.has(v))) continue;
    const yes = column.values.find((v) => YES.has(fold(v.trim())));
    const attribute = schema.classes.find((c) => c.id === column.classId)?.attributes.find((a) => a.id === column.attributeId);
    if (!yes || !attribute) continue;
    const name = words(attribute.name.singular).map((w) => fold(w.text));
    const named = FLAG_VERBS.has(name[0] ?? '') ? name.slice(1) : name;
    if (named.length === 0 || (named[0] as string).length < 3) continue;
    out.push({ classId: column.classId, attributeId: column.attributeId, yes, words: named });
  }
  return out;
}

/** Whether a question's word is a flag name's word: the same, its plural, or one letter away in words of four letters or more ("high" for "hight"). */
function sameWord(said: string, named: string): boolean {
  if (said === named || said === `${named}s`) return true;
  return named.length >= 4 && editDistanceAtMostOne(said, named);
}

/** Where a question names a flag: the spans of its name's words and the flag's yes value. */
export function flagMentionsIn(question: string, flags: readonly FlagColumn[]): readonly { readonly start: number; readonly end: number; readonly candidate: ValueCandidate }[] {
  const spans = words(question).filter((w) => /\p{L}/u.test(w.text));
  const said = spans.map((w) => fold(w.text));
  const out: { start: number; end: number; candidate: ValueCandidate }[] = [];
  for (const flag of flags) {
    const n = flag.words.length;
    for (let i = 0; i + n <= said.length; i += 1) {
      if (!flag.words.every((w, k) => sameWord(said[i + k] as string, w))) continue;
      out.push({ start: (spans[i] as WordSpan).start, end: (spans[i + n - 1] as WordSpan).end, candidate: { classId: flag.classId, attributeId: flag.attributeId, value: flag.yes, match: 'exact' } });
      break;
    }
  }
  return out;
}
