/**
 * Attributes named after a life event ("birth year", "death place", "burial place", "marriage
 * date") are asked about with the event's verb: "born before 1500", "died in 1918", "where was X
 * buried". Plain English, the same for every schema.
 */
import type { SchemaAttribute } from '../../schema-graph/types.js';

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

/**
 * The participle people put before a date attribute's value: "born in 1960" (birth date), "hired in
 * 1993" (hire date), "shipped before 1998" (shipped date). A date or year attribute's first word
 * gives it: a life event's participle, a participle already ("shipped"), or, when `isVerb` says
 * the word is a verb, its regular past participle ("hire" -> "hired", "order" -> "ordered").
 * Null for other attributes and for first words that are no verb ("due date", "unit price").
 */
export function eventParticiple(attribute: SchemaAttribute, isVerb?: (word: string) => boolean): string | null {
  const words = attribute.name.singular.split(' ');
  const last = words[words.length - 1];
  const dated = attribute.type === 'date' || attribute.type === 'datetime' || last === 'year' || last === 'date';
  const first = words[0] ?? '';
  if (!dated || words.length < 2 || !/^[a-z]+$/.test(first)) return null;
  const event = EVENTS[first];
  if (event) return event.participle;
  if (first.endsWith('ed')) return first;
  return isVerb?.(first) ? pastParticiple(first) : null;
}

/** The regular past participle: "hire" -> "hired", "ship" -> "shipped", "carry" -> "carried", "order" -> "ordered". */
export function pastParticiple(verb: string): string {
  if (verb.endsWith('e')) return `${verb}d`;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ied`;
  // One syllable ending consonant-vowel-consonant doubles its consonant ("ship", "plan"); "open" does not.
  if (/^[^aeiou]*[aeiou][^aeiouwxy]$/.test(verb)) return `${verb}${verb[verb.length - 1]}ed`;
  return `${verb}ed`;
}
