/**
 * The name a question spells out must be written in a support set as a name of its own, not only
 * inside a longer name (selection.ts spelledName / holdsName, checked by the interpreter).
 */
import { describe, expect, it } from 'vitest';
import { LexicalIndex } from '../../engines/nldb/lexical-index.js';
import { holdsName, spelledName } from '../../engines/nldb/selection.js';

// a small collection of its own (a river valley), written for this test
const FACTS = [
  'Ines Brook was born in Harl and keeps bees.',
  'Tomas Wray sings in the Harl Valley Choir.',
  'Harl-born Oda Fenn teaches the violin.',
  "Harl's old mill was pulled down in 1931.",
  'In Harl, Per Lund runs the ferry.',
  'The Harl Valley Choir was founded in 1950.',
  'Mira Holt works at the Pelham Works.',
];

const names = (() => {
  const lexical = new LexicalIndex();
  FACTS.forEach((f, i) => lexical.add(String(i), f));
  return lexical.writtenNames();
})();

describe('the name a question spells out, held whole', () => {
  it('is the one name of the question that the collection writes as a name', () => {
    expect(spelledName('Who was born in Harl?', names)).toBe('Harl');
    expect(spelledName('Who sings in the Harl Valley Choir?', names)).toBe('Harl Valley Choir');
    // two names, or a name the collection never writes alone: nothing to check
    expect(spelledName('Was Harl founded before the Harl Valley Choir?', names)).toBeNull();
    expect(spelledName('Who works at Pelham?', names)).toBeNull();
  });

  it('is not held by a set that writes it only inside a longer name', () => {
    expect(holdsName('Harl', [FACTS[1] as string])).toBe(false);
    expect(holdsName('Harl', [FACTS[5] as string])).toBe(false);
    expect(holdsName('Harl Valley Choir', [FACTS[1] as string])).toBe(true);
  });

  it('is held when written alone, before a hyphen ("Harl-born"), as a possessive or after a capitalised opening word', () => {
    expect(holdsName('Harl', [FACTS[0] as string])).toBe(true);
    expect(holdsName('Harl', [FACTS[2] as string])).toBe(true);
    expect(holdsName('Harl', [FACTS[3] as string])).toBe(true);
    expect(holdsName('Harl', [FACTS[4] as string])).toBe(true);
  });

  it('is held by a set when any of its facts holds it (a join)', () => {
    expect(holdsName('Harl', [FACTS[1] as string, FACTS[0] as string])).toBe(true);
  });
});
