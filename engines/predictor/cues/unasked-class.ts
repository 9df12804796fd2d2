/**
 * Classes no word asks for. On databases it never saw, the shared model often reads a class the
 * question never mentions, for an attribute whose name another class of the reading has too:
 * "Brazil's population and life expectancies" shows the city's population beside the country's
 * life expectancy, "each owner's first name, last name" takes the last name from the professionals
 * (questions-others: 59 of the select-project-join and aggregate misses read a table the right
 * SQL does not). A class of a reading is asked for when a word names it ("owners", "the dog's"), a
 * name the question says is an attribute of it and of no other class of the reading ("life
 * expectancy"), or the reading compares one of its attributes with a value the question gives
 * (`=`: "Brazil" is a country's name). A reading loses UNASKED_CLASS_PENALTY log-probability for
 * each class nothing asks for that it reads only for attributes an asked class of the reading has
 * too, by the same name: there the words meant the asked class's. Judged on finished readings.
 * The generator's own graphs contradict it in none of 2,000 questions; a class read for an
 * attribute only it has (a shipper named by "who") is left alone.
 */
import type { SchemaGraph } from '../../schema-graph/types.js';
import type { SchemaNames } from '../schema-words/schema-names.js';
import { attributeToken } from '../model/target.js';
import type { CueKind } from './cue.js';
import { ownerOf } from './reading-classes.js';

/** Log-probability a reading loses per class nothing asks for; as much as the other cues. */
export const UNASKED_CLASS_PENALTY = 4;

/** Operators that say a value is one of the class's own (a name, a code), not a pattern in it. */
const EQUALITY: ReadonlySet<string> = new Set(['=', 'in']);

/** The classes among `classes` that the words or the reading's values ask for. */
export function askedClasses(said: readonly (string | null)[], tokens: readonly string[], classes: ReadonlySet<string>, names: SchemaNames): ReadonlySet<string> {
  const words = said.map((w) => w ?? '');
  const asked = new Set<string>();
  for (let i = 0; i < words.length; i += 1) {
    if (!words[i]) continue;
    const named = names.classAt(words, i);
    if (named && classes.has(named.id)) asked.add(named.id);
    const match = names.nameAt(words, i);
    if (!match) continue;
    for (const c of match.classes) if (classes.has(c)) asked.add(c);
    const owners = new Set(match.attributes.map(ownerOf).filter((c) => classes.has(c)));
    if (owners.size === 1) asked.add([...owners][0]!);
  }
  // where A:x = @k: a value the question gives is of the class.
  for (let i = 0; i + 2 < tokens.length; i += 1) {
    if (tokens[i]!.startsWith('A:') && EQUALITY.has(tokens[i + 1]!) && tokens[i + 2]!.startsWith('@')) asked.add(ownerOf(tokens[i]!));
  }
  return asked;
}

/**
 * How many classes a reading reads that nothing asks for, each only for attributes that a class
 * the words do ask for has too, under the same name (the city's population beside the country's).
 * Classes of `class` items are left alone: they say which way a join goes ("shippers with the most
 * employees" through their orders), and no word need name them.
 */
export function unaskedClasses(said: readonly (string | null)[], tokens: readonly string[], names: SchemaNames, schema: SchemaGraph): number {
  const used = new Set(tokens.filter((t) => t.startsWith('A:')).map((t) => t.replace(/#\d+\./, '.')));
  const classes = new Set([...used].map(ownerOf));
  if (classes.size < 2) return 0;
  const asked = askedClasses(said, tokens, classes, names);
  const nameOf = (token: string) => {
    const owner = schema.classes.find((c) => c.id === ownerOf(token));
    return owner?.attributes.find((a) => attributeToken({ classId: owner.id, attributeId: a.id }) === token)?.name.singular;
  };
  const askedNames = new Set(
    schema.classes.filter((c) => asked.has(c.id)).flatMap((c) => c.attributes.map((a) => a.name.singular)),
  );
  let unasked = 0;
  for (const c of classes) {
    if (asked.has(c)) continue;
    const own = [...used].filter((t) => ownerOf(t) === c);
    if (own.every((t) => askedNames.has(nameOf(t) ?? '\u0000'))) unasked += 1;
  }
  return unasked;
}

export const UNASKED_CLASS_CUE: CueKind = {
  name: 'unasked class',
  read({ said, names, schema }) {
    return { whenFinished: (tokens) => UNASKED_CLASS_PENALTY * unaskedClasses(said, tokens, names, schema) };
  },
};
