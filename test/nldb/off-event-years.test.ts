/**
 * An extreme over years answers the event the question asks about: when some support sets' years
 * are dated by the question's event word, a set whose year is dated by words of another event shows
 * nothing (event-years.ts offEventYears, applied by the interpreter to every extreme derivation).
 */
import { describe, expect, it } from 'vitest';
import type { Derivation } from '../../engines/nldb/derivation.js';
import { ageOnly, eventWords, offEventYears } from '../../engines/nldb/event-years.js';
import { eventSynonyms } from '../../plugins/nl-query/nldb-kinds.js';

// a small collection of its own (a boatyard town), written for this test
const FACTS = [
  'The schooner Marisol Bay was launched from Pelham Yard in 1911.',
  'The old lighthouse at Tarnby was lit for the last time in 1868.',
  'The ketch Gull Wing, launched in 1934, was refitted in 1990.',
  'Ines Brook has skippered the Gull Wing since 1987.',
  'The brig Ostrander was floated out in 1902.',
  'The Harbour Board was established in 1850.',
];

/** The derivations of one question, one per fact above, and the fact each value came from. */
function derive(type: 'MIN' | 'MAX', values: readonly string[]): Derivation[] {
  return values.map((value) => ({ type, value }));
}

describe('an extreme over years keeps the years of the asked event', () => {
  it('drops a year another event dates when other sets date theirs by the asked event', () => {
    // "In what year was the earliest ship launched?": the lighthouse's 1868 answers no launch
    const derivations = derive('MIN', ['1911', '1868', '1934']);
    offEventYears(derivations, eventWords('In what year was the earliest ship launched?'), (i) => FACTS[i] ?? '');
    expect(derivations).toEqual([{ type: 'MIN', value: '1911' }, { type: 'NULL' }, { type: 'MIN', value: '1934' }]);
  });

  it('decides nothing when no year is dated by the asked event, or the question names none', () => {
    const derivations = derive('MAX', ['1868', '1987']);
    offEventYears(derivations, eventWords('In what year was the newest ship launched?'), (i) => FACTS[i + 1] ?? '');
    expect(derivations).toEqual(derive('MAX', ['1868', '1987']));
    const none = derive('MAX', ['1911', '1868']);
    offEventYears(none, new Set(), (i) => FACTS[i] ?? '');
    expect(none).toEqual(derive('MAX', ['1911', '1868']));
  });

  it('leaves numbers that are not years alone', () => {
    const derivations: Derivation[] = [{ type: 'MAX', value: '1911' }, { type: 'MAX', value: '42' }];
    offEventYears(derivations, new Set(['launch']), (i) => [FACTS[0] ?? '', 'The Gull Wing is 42 feet long.'][i] ?? '');
    expect(derivations[1]).toEqual({ type: 'MAX', value: '42' });
  });

  it("counts the event word's synonyms as the event: 'established' for 'founded'", () => {
    const home = (i: number) => ['The Tarnby Rowing Club was founded in 1871.', FACTS[5] ?? '', FACTS[1] ?? ''][i] ?? '';
    const derivations = derive('MIN', ['1871', '1850', '1868']);
    offEventYears(derivations, eventWords('When was the first club founded?'), home, eventSynonyms);
    expect(derivations).toEqual([{ type: 'MIN', value: '1871' }, { type: 'MIN', value: '1850' }, { type: 'NULL' }]);
  });

  it('keeps an arg key vouched for by the class check, its year perhaps written another way', () => {
    const derivations: Derivation[] = [
      { type: 'ARGMIN', key: 'Marisol Bay', value: '1911' },
      { type: 'ARGMIN', key: 'Ostrander', value: '1902' },
      { type: 'ARGMIN', key: 'Tarnby', value: '1868' },
    ];
    const homes = [FACTS[0], FACTS[4], FACTS[1]];
    offEventYears(derivations, eventWords('Which ship was launched first?'), (i) => homes[i] ?? '', () => [], (i) => i === 1);
    expect(derivations.map((d) => d.type)).toEqual(['ARGMIN', 'ARGMIN', 'NULL']);
  });
});

describe('an age asked of things is no birth', () => {
  it('tells an age from a birth the question writes', () => {
    expect(ageOnly('Which is the oldest ship?')).toBe(true);
    expect(ageOnly('Who is the youngest skipper?')).toBe(true);
    expect(ageOnly('In what year was the youngest skipper born?')).toBe(false);
    expect(ageOnly('In what year was the earliest ship launched?')).toBe(false);
  });
});

describe("WordNet's synonyms of an event verb", () => {
  it('gives other words for the verb, and none for an unknown word', () => {
    expect(eventSynonyms('establish')).toContain('found');
    expect(eventSynonyms('discover')).toContain('find');
    expect(eventSynonyms('zzyzx')).toEqual([]);
  });
});
