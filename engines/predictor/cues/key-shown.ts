/**
 * Key-shown cue: people ask for things by what they are called. When no word of the question asks
 * for an id, a number or a code, and the question does not name the key itself, a reading that
 * shows a key (a primary key, or a foreign key's column) of a class that has a name of its own
 * shows what nobody asked for: "tell me the category of tofu" read as the category's CategoryID,
 * "out of stock products" as the products' ProductID, where the reading that shows the category's
 * name is the answer. A class whose things have no other name (labels.ts: its key is its label, as
 * an order's OrderID) is not judged, nor is a key that names its own class's rows (a link table's,
 * "the employee territories"), nor is a key counted or ranked. A finished reading loses
 * `KEY_SHOWN_PENALTY` per key it shows so.
 */
import type { SchemaGraph } from '../../schema-graph/types.js';
import { labelAttribute } from '../../schema-graph/labels.js';
import type { SchemaNames } from '../schema-words/schema-names.js';
import { attributeToken } from '../model/target.js';
import type { CueKind } from './cue.js';

/** Log-probability a reading loses per key shown that no word asks for; as much as the other cues. */
export const KEY_SHOWN_PENALTY = 4;

/** Words that ask for ids, numbers or codes ("the ids of", "order number", "the product code", "# of"). */
const ASKS_FOR_KEYS: ReadonlySet<string> = new Set(['id', 'ids', 'identifier', 'identifiers', 'number', 'numbers', 'no', 'num', 'code', 'codes', 'key', 'keys', '#']);

/**
 * The keys whose class has a name of its own: attribute token of the key -> the name's token. A
 * primary key of its own class, and a foreign key's column for the class it refers to.
 */
export function namedKeys(schema: SchemaGraph): ReadonlyMap<string, string> {
  const out = new Map<string, string>();
  const nameOf = (classId: string) => {
    const label = labelAttribute(schema, classId);
    return label && !label.primaryKey && label.type === 'text' ? attributeToken({ classId, attributeId: label.id }) : null;
  };
  for (const c of schema.classes) {
    const name = nameOf(c.id);
    if (!name) continue;
    for (const key of c.primaryKey) out.set(attributeToken({ classId: c.id, attributeId: key }), name);
  }
  for (const r of schema.relations) {
    if (r.through || r.from === r.to || r.fromColumns.length !== 1) continue;
    // A link table's key is what names its rows ("the employee territories" lists their territory ids).
    if (labelAttribute(schema, r.from)?.id === r.fromColumns[0]) continue;
    const name = nameOf(r.to);
    if (name) out.set(attributeToken({ classId: r.from, attributeId: r.fromColumns[0] as string }), name);
  }
  return out;
}

/** The keys `tokens` shows as they are (a `show` item of the key alone) and without their class's name, no word asking for one. */
export function keysShown(keys: ReadonlyMap<string, string>, named: ReadonlySet<string>, tokens: readonly string[]): number {
  const plain = tokens.flatMap((token, i) => (i > 0 && tokens[i - 1] === 'show' ? [token.replace(/#\d+\./, '.')] : []));
  // A key shown beside its class's name ("each shipper and its orders": the name and the id) is not instead of it.
  return plain.filter((token) => keys.has(token) && !named.has(token) && !plain.includes(keys.get(token) as string)).length;
}

/** Whether a word of the question asks for ids, numbers or codes; and the attributes its words name. */
export function keyWords(said: readonly (string | null)[], names: SchemaNames): { readonly asks: boolean; readonly named: ReadonlySet<string> } {
  const words = said.map((w) => w ?? '');
  const named = new Set<string>();
  for (let i = 0; i < words.length; i += 1) for (const token of names.attributesAt(words, i)) named.add(token);
  return { asks: words.some((w) => ASKS_FOR_KEYS.has(w)), named };
}

/** Keys shown where the words ask for things by name, on finished readings. */
export const KEY_SHOWN_CUE: CueKind = {
  name: 'key shown',
  read({ said, names, schema }) {
    const { asks, named } = keyWords(said, names);
    if (asks) return {};
    const keys = namedKeys(schema);
    return { whenFinished: (tokens) => KEY_SHOWN_PENALTY * keysShown(keys, named, tokens) };
  },
};
