/**
 * Attributes named after a life event ("birth year", "death place", "burial place", "marriage
 * date") are asked about with the event's verb: "born before 1500", "died in 1918", "where was X
 * buried". Plain English, the same for every schema.
 */
import type { SchemaAttribute } from '../../../engines/schema-graph/types.js';

export interface EventWords {
  /** "born", "died", "buried", "married". */
  readonly participle: string;
  /** Whether the verb takes "was" ("was born") rather than standing alone ("died"). */
  readonly passive: boolean;
  /** The base form after "did" ("when did X die"). */
  readonly base: string;
}

export const EVENTS: Readonly<Record<string, EventWords>> = {
  birth: { participle: 'born', passive: true, base: 'born' },
  death: { participle: 'died', passive: false, base: 'die' },
  burial: { participle: 'buried', passive: true, base: 'buried' },
  marriage: { participle: 'married', passive: false, base: 'marry' },
};

/** The event and which side of it ("year", "date", "place") an attribute names, if it names one. */
export function eventOf(attribute: SchemaAttribute): { event: EventWords; aspect: 'year' | 'date' | 'place' } | null {
  const [first, aspect, ...rest] = attribute.name.singular.split(' ');
  const event = EVENTS[first ?? ''];
  if (!event || rest.length > 0 || (aspect !== 'year' && aspect !== 'date' && aspect !== 'place')) return null;
  return { event, aspect };
}
