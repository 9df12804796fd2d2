/** An extreme's year is the year of the event the question asks about (event-years.ts), not another year of the same facts. */
import { describe, expect, it } from 'vitest';
import { comparePair, parsePairComparison } from '../../engines/nldb/constraints.js';
import { datedYears, eventWords, yearOfEvent } from '../../engines/nldb/event-years.js';
import { asOfEvent, type ScoredDerivation } from '../../engines/nldb/spj.js';

const scored = (derivation: ScoredDerivation['derivation'], valueFact = 0): ScoredDerivation => ({ derivation, useful: 0.9, typeConfidence: 0.9, valueFact });

describe('the event a question asks about', () => {
  it('is its own word, not the names, the class noun or the extreme words', () => {
    expect([...eventWords('In what year was the earliest schooner launched?')]).toEqual(['launch']);
    expect([...eventWords('Was the Marisol Bay launched before the Gull Wing?')]).toEqual(['launch']);
  });

  it('is a birth when the question asks for an age or a birth', () => {
    expect([...eventWords('Who is the eldest deckhand of the Marisol Bay?')]).toEqual(['born']);
    expect([...eventWords('What is the most recent birth year among sailors who serve on a ship built before 1900?')]).toEqual(['born']);
  });

  it("leaves out a join's conditions after a relative word", () => {
    expect([...eventWords('Lowest tonnage of any ship with a captain hired after 1990?')]).toEqual(['tonnage']);
  });
});

describe('the words that date each year of a fact', () => {
  it('are the words since the year before, a birth written "b." included', () => {
    const [first, second] = datedYears('Ines Brook (b. 1971) launched the Gull Wing from Pelham Yard in 2004.');
    expect(first?.value).toBe('1971');
    expect(first?.words.has('born')).toBe(true);
    expect(second?.words.has('launch')).toBe(true);
    expect(second?.words.has('born')).toBe(false);
  });

  it('are the words after a year that opens the fact', () => {
    const [only] = datedYears('In 1999 the Harbour Cup went to Ines Brook.');
    expect(only?.words.has('cup')).toBe(true);
  });
});

describe('the year of the asked event replaces another year of the same facts', () => {
  const facts = ['Ines Brook was born in Pelham in 1971 and bought the Gull Wing in 2004.'];

  it('for a birth asked, the birth year replaces the purchase year', () => {
    expect(yearOfEvent(new Set(['born']), facts, { value: '2004', fact: 0 })).toEqual({ value: '1971', fact: 0 });
  });

  it('keeps a year that is already the event, and decides nothing without an event word', () => {
    expect(yearOfEvent(new Set(['born']), facts, { value: '1971', fact: 0 })).toBeNull();
    expect(yearOfEvent(new Set(), facts, { value: '2004', fact: 0 })).toBeNull();
    expect(yearOfEvent(new Set(['sank']), facts, { value: '2004', fact: 0 })).toBeNull();
  });

  it("takes another fact's year only when that fact is about the same thing", () => {
    const set = ['Ines Brook joined the Pelham crew in 2019.', 'Ines Brook was born in 1990.', 'Tom Reyes was born in 1955.'];
    expect(yearOfEvent(new Set(['born']), set, { value: '2019', fact: 0 })).toEqual({ value: '1990', fact: 1 });
    expect(yearOfEvent(new Set(['born']), [set[0] as string, set[2] as string], { value: '2019', fact: 0 })).toBeNull();
  });

  it("an arg's other years are its key's own: not a year of someone the fact also names", () => {
    const set = ['Pelham Maritime Museum has been open since 1731.', 'Locally, Tom Reyes runs Pelham Maritime Museum and was born in 1950.'];
    const argmin = scored({ type: 'ARGMIN', key: 'Pelham Maritime Museum', value: '1731' }, 0);
    expect(asOfEvent(argmin, eventWords('Which is the oldest museum?'), set).derivation).toEqual(argmin.derivation);
    const person = scored({ type: 'ARGMIN', key: 'Ines Brook', value: '2004' }, 0);
    const moved = asOfEvent(person, eventWords('Who is the eldest deckhand?'), facts);
    expect(moved.derivation).toEqual({ type: 'ARGMIN', key: 'Ines Brook', value: '1971' });
  });

  it('a yes/no comparison of two names compares the years of the asked event', () => {
    const question = 'Was the Gull Wing launched before the Marisol Bay?';
    const pair = parsePairComparison(question);
    expect(pair).not.toBeNull();
    const set = ['The Marisol Bay was launched in 1998 at Pelham Yard.', 'Ines Brook (b. 1971) launched the Gull Wing in 2004.'];
    // without the event both years of the Gull Wing's fact stand, and nothing is shown
    expect(comparePair(pair!, ['Gull Wing', 'Marisol Bay'], set)).toBeNull();
    expect(comparePair(pair!, ['Gull Wing', 'Marisol Bay'], set, eventWords(question))).toBe(false);
  });

  it("a birth asked is not answered by a person's year of another event, when no year of the same facts is a birth", () => {
    const isPerson = (name: string) => name === 'Ines Brook';
    const born = eventWords('In what year was the youngest deckhand born?');
    const joined = scored({ type: 'MAX', value: '2019' }, 0);
    // nothing else of Ines Brook's is dated here: the set gives way
    expect(asOfEvent(joined, born, ['Ines Brook joined the Pelham crew in 2019 as a deckhand.'], undefined, isPerson).derivation).toEqual({ type: 'NULL' });
    // a thing's year is left alone ("the oldest lighthouse"), and so is a birth year
    expect(asOfEvent(joined, born, ['Grey Gull Light was relit in 2019.'], undefined, isPerson).derivation).toEqual(joined.derivation);
    expect(asOfEvent(scored({ type: 'MAX', value: '1990' }), born, ['Ines Brook was born in 1990.'], undefined, isPerson).derivation).toEqual({ type: 'MAX', value: '1990' });
    // without the collection's word on who is a person nothing is dropped
    expect(asOfEvent(joined, born, ['Ines Brook joined the Pelham crew in 2019 as a deckhand.']).derivation).toEqual(joined.derivation);
  });
});
