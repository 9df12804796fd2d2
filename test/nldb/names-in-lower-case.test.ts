/** Names a question writes in lower case take the collection's capitals before anything reads it (name-case.ts). */
import { describe, expect, it } from 'vitest';
import { LexicalIndex } from '../../engines/nldb/lexical-index.js';
import { withNamesAsWritten } from '../../engines/nldb/name-case.js';
import { selectionWords } from '../../engines/nldb/selection.js';

// a small collection of its own (a glassworks valley), written for this test
const FACTS = [
  'Ines Brook blows glass at the Harl Valley Glassworks.',
  'The Harl Valley Glassworks was founded in Tarnby in 1881.',
  'Each year the works holds an open day.',
  'Tomas Wray is a glass cutter from Tarnby.',
  'Founded in 1990, Sallow Kilns makes bricks.',
  'The river valley floods most winters.',
];

function collection(facts: readonly string[] = FACTS): LexicalIndex {
  const lexical = new LexicalIndex();
  facts.forEach((f, i) => lexical.add(String(i), f));
  return lexical;
}

describe('names written in lower case', () => {
  const lexical = collection();
  const asWritten = (q: string) => withNamesAsWritten(q, lexical.writtenNames());

  it('take the capitals the collection writes them with, the longest name first', () => {
    expect(asWritten("who's at the harl valley glassworks")).toBe("who's at the Harl Valley Glassworks");
    expect(asWritten('people from tarnby')).toBe('people from Tarnby');
  });

  it('leave ordinary words, words opening a fact, and names written already alone', () => {
    // "valley", "founded" and "each" are written in lower case too; "Each year" opens a fact
    expect(asWritten('which valley floods each year')).toBe('which valley floods each year');
    expect(asWritten('what was founded in 1990')).toBe('what was founded in 1990');
    expect(asWritten('Who works at the Harl Valley Glassworks?')).toBe('Who works at the Harl Valley Glassworks?');
  });

  it('a word capitalised only where it opens a fact is no name, even when never written in lower case', () => {
    const opening = collection(['Founded in 1990, Sallow Kilns makes bricks.', 'Founded in 1881, Harl Glass blows bottles.', 'Tarnby lies on the Harl.']);
    expect(withNamesAsWritten('which kilns were founded after 1980', opening.writtenNames())).toBe('which kilns were founded after 1980');
    // a one-word name written inside a fact somewhere is one, wherever else it stands
    expect(withNamesAsWritten('who lives near the harl', opening.writtenNames())).toBe('who lives near the Harl');
  });

  it('change nothing in a collection without names', () => {
    expect(withNamesAsWritten('people from tarnby', collection(['the river floods.']).writtenNames())).toBe('people from tarnby');
  });

  it('follow the facts as they change', () => {
    const changing = collection();
    expect(withNamesAsWritten('who lives in pelham', changing.writtenNames())).toBe('who lives in pelham');
    changing.add('9', 'Tomas Wray lives in Pelham.');
    expect(withNamesAsWritten('who lives in pelham', changing.writtenNames())).toBe('who lives in Pelham');
    changing.remove('9');
    expect(withNamesAsWritten('who lives in pelham', changing.writtenNames())).toBe('who lives in pelham');
  });

  it('so the name a lower-case question spells out is what its support sets must hold', () => {
    const q = asWritten('who works at the harl valley glassworks');
    expect(selectionWords(q, lexical).map((w) => w.term)).toEqual(expect.arrayContaining(['harl', 'glasswork']));
  });
});
