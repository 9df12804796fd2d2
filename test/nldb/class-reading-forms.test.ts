/**
 * What the collection and the question say about classes, in more of the registers and forms
 * people write: the question's class noun in fragments, compounds and after names. Each
 * collection is written here, in a domain of its own.
 */
import { describe, expect, it } from 'vitest';
import { ClassLexicon, questionNoun } from '../../engines/nldb/classes.js';

function lexiconOf(facts: readonly string[]): ClassLexicon {
  const lex = new ClassLexicon();
  facts.forEach((f, i) => lex.add(String(i), f));
  return lex;
}

// lighthouses and ferries
const HARBOUR = [
  'Skarn Point Lighthouse was first lit in 1871.',
  'Brenna Head Lighthouse stands 41 metres tall.',
  'The Morwen Ferry Company runs the Gullholm Ferry.',
  'The Tolland Ferry Company was founded in 1902.',
  'The Kestle, a passenger ferry, carries 300 people.',
  'The Ardent, a car ferry, entered service in 1994.',
];

describe("the question's class noun in the registers people write", () => {
  const lex = lexiconOf(HARBOUR);
  const known = (n: string) => lex.isClassNoun(n) || lex.endsNames(n);

  it('reads the head of a compound after the lead, and the noun after a name that qualifies it', () => {
    expect(known('company')).toBe(true);
    expect(questionNoun('Which shipping company was founded first?', known)).toBe('company');
  });

  it('reads "number of X", fragments opened by a plural, and the words after a superlative', () => {
    expect(questionNoun('number of lighthouses lit before 1900?', known)).toBe('lighthouse');
    expect(questionNoun('lighthouses taller than 30 metres?', known)).toBe('lighthouse');
    expect(questionNoun('Ferries that entered service after 1990?', known)).toBe('ferry');
    expect(questionNoun('tallest lighthouse height, in feet?', known)).toBe('lighthouse');
    expect(questionNoun('most recently built ferry?', known)).toBe('ferry');
  });

  it('keeps the lead noun first, and never takes a capitalised word of a name for the class', () => {
    expect(questionNoun('Which ferry carries the most people?', known)).toBe('ferry');
    expect(questionNoun('Which Tolland Ferry Company vessel is the oldest?', (n) => n === 'company' || n === 'vessel')).toBe('vessel');
    expect(questionNoun('Was Skarn Point Lighthouse lit before 1900?', known)).toBeNull();
  });
});
