/** A birth asked: a one-fact set naming a person without a derivation is offered with the person's own birth fact (interpreter.ts birthSets). */
import { describe, expect, it } from 'vitest';
import { namesIn } from '../../engines/nldb/classes.js';
import { birthSets } from '../../engines/nldb/interpreter.js';
import { LexicalIndex } from '../../engines/nldb/lexical-index.js';

// a small collection of its own (a rowing club), written for this test
const FACTS = [
  'The 2003 Harbour Oar was presented to Ines Brook.',
  'Ines Brook, a stroke, captains the Tarnby Rowing Club.',
  'Ines Brook joined the Tarnby Rowing Club in 1999.',
  'Ines Brook was born in Pelham in 1971.',
  'The Harbour Oar is presented each spring by the Tarnby Rowing Club.',
];

describe('a birth asked gets the person\'s birth fact', () => {
  const lexical = new LexicalIndex();
  FACTS.forEach((f, i) => lexical.add(String(i), f));
  const text = (id: string) => FACTS[Number(id)] ?? '';
  const personIn = (t: string) => namesIn(t).find((n) => lexical.classes.isPerson(n)) ?? null;

  it('pairs the set with the fact dating the birth, not the first fact about the person', () => {
    expect(birthSets([['0']], new Set(), [], personIn, text, lexical)).toEqual([{ ids: ['0', '3'], score: -3 }]);
  });

  it('offers nothing for a fact naming no person, nor a set already proposed', () => {
    expect(birthSets([['4']], new Set(), [], personIn, text, lexical)).toEqual([]);
    expect(birthSets([['0']], new Set(['0,3']), [], personIn, text, lexical)).toEqual([]);
  });
});
