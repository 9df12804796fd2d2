/**
 * "Is X a NOUN?": a yes that rests only on facts giving the class word to someone else shows
 * nothing (membership.ts); a fact that could state it of X keeps it. A small collection about an
 * orchestra and a bakery, written here.
 */
import { describe, expect, it } from 'vitest';
import { LexicalIndex } from '../../engines/nldb/lexical-index.js';
import { membershipAsked, yesShowsNothing } from '../../engines/nldb/membership.js';

const FACTS = [
  'Iris Vell, a cellist in the Harbour Orchestra, is married to the baker Tomas Ruhl.',
  'Tomas Ruhl bakes rye bread every morning.',
  'Mira Sand trained as a cellist before she took up the oboe.',
  'Odo Brill is a cellist.',
];

function lexicon(): LexicalIndex {
  const index = new LexicalIndex();
  FACTS.forEach((f, i) => index.add(String(i + 1), f));
  return index;
}

describe('yes/no questions of class membership', () => {
  it('reads "Is/Was X a NOUN?" with X a name the question spells out, and nothing else', () => {
    expect(membershipAsked('Is Tomas Ruhl a cellist?')).toEqual({ name: 'Tomas Ruhl', noun: 'cellist' });
    expect(membershipAsked('was the Harbour Orchestra an ensemble')).toEqual({ name: 'Harbour Orchestra', noun: 'ensemble' });
    expect(membershipAsked('Is the Harbour Orchestra above 2,000 metres?')).toBeNull();
    expect(membershipAsked('Is Iris Vell the head of the Harbour Orchestra?')).toBeNull();
    expect(membershipAsked('Which cellists are married?')).toBeNull();
  });

  it("drops a yes whose only fact gives the word to someone else, or holds it nowhere near the name", () => {
    const { classes } = lexicon();
    const asked = { name: 'Tomas Ruhl', noun: 'cellist' };
    expect(yesShowsNothing(asked, [FACTS[0] as string], classes)).toBe(true);
    expect(yesShowsNothing(asked, [FACTS[1] as string, FACTS[3] as string], classes)).toBe(true);
  });

  it('keeps a yes the facts could state of the name: its own class, or a fact naming no other member', () => {
    const { classes } = lexicon();
    expect(yesShowsNothing({ name: 'Iris Vell', noun: 'cellist' }, [FACTS[0] as string], classes)).toBe(false);
    expect(yesShowsNothing({ name: 'Mira Sand', noun: 'cellist' }, [FACTS[2] as string], classes)).toBe(false);
    // a word for a kind of the class (WordNet's, given) counts as the class
    expect(yesShowsNothing({ name: 'Odo Brill', noun: 'musician' }, [FACTS[3] as string], classes, ['cellist'])).toBe(false);
  });
});
