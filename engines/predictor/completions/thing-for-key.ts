/**
 * A column named after the class it refers to is that class's key, not its name: flight_2's
 * `flights.Airline` holds airline ids, and "Which airline has the most flights?" asks for the
 * airline's name. On databases it never saw, the shared model may show and group by the column
 * (`show flights.Airline ; group flights.Airline`). A reading that shows or groups by a one-column
 * foreign key whose name is the referred class's name, and reads nothing of that class, shows and
 * groups by what names the class's things instead (its text attribute named as the class, as
 * airlines.Airline, else its label: schema-graph/labels.ts; the engines join it), never by a key.
 * A key named otherwise ("contestant number") is asked for as it is.
 */
import { labelAttribute } from '../../schema-graph/labels.js';
import type { SchemaGraph } from '../../schema-graph/types.js';
import { attributeToken, EOS } from '../model/target.js';
import { itemsOf } from './reading-items.js';
import { readingClasses } from '../cues/reading-classes.js';

/** `tokens` with each key named after its class read as the class's label (see the file's comment); `tokens` itself otherwise. */
export function withThingForKey(tokens: readonly string[], schema: SchemaGraph): readonly string[] {
  const items = itemsOf(tokens);
  const classes = readingClasses(tokens);
  const replaced = new Map<string, string>();
  for (const relation of schema.relations) {
    if (relation.fromColumns.length !== 1 || relation.from === relation.to || classes.has(relation.to)) continue;
    const owner = schema.classes.find((c) => c.id === relation.from);
    const key = owner?.attributes.find((a) => a.id === relation.fromColumns[0]);
    const referred = schema.classes.find((c) => c.id === relation.to);
    if (!key || !referred || key.name.singular !== referred.name.singular) continue;
    // The class's text attribute named as the class itself (airlines.Airline), else its label.
    const label = referred.attributes.find((a) => a.type === 'text' && a.name.singular === referred.name.singular) ?? labelAttribute(schema, referred.id);
    if (!label || label.type !== 'text' || referred.primaryKey.includes(label.id)) continue;
    replaced.set(attributeToken({ classId: relation.from, attributeId: key.id }), attributeToken({ classId: referred.id, attributeId: label.id }));
  }
  const uses = (item: readonly string[]) => (item[0] === 'show' || item[0] === 'group') && item.length === 2 && replaced.has(item[1] as string);
  if (replaced.size === 0 || !items.some(uses)) return tokens;
  const end = tokens.indexOf(EOS);
  const out = items.flatMap((item) => (uses(item) || (item[0] === 'order' && replaced.has(item.at(-1) as string)) ? item.map((t) => replaced.get(t) ?? t) : item));
  return [...out, ...(end >= 0 ? tokens.slice(end) : [])];
}
