import { describe, expect, it } from 'vitest';
import { LexicalIndex } from '../../engines/nldb/lexical-index.js';
import { meetsSelection, selectionWords } from '../../engines/nldb/selection.js';
import { factRoles } from '../../engines/nldb/word-roles.js';

const FACTS = [
  'Oskar Lind is a doctor at Vardby Hospital.',
  'Oskar Lind was born in Vardby in 1970.',
  'Declan Achterberg works as a chemist and was born in 1981.',
  'Niamh Castellane is a nurse.',
  'Mira Holt, a pharmacist, keeps a cat.',
  'Tova Brand has a horse and was born in 1966.',
  'Hale Wildlife Park, a zoo in Vardby, attracts 300,000 visitors a year.',
  'Dunmere Maritime Museum is a museum in Dunmere.',
  'Dunmere Maritime Museum attracts 33,050 visitors every year.',
  'Corner Bakery is a bakery in Vardby and has a workforce of 12.',
  'Orlen Glass is a glass company in Dunmere and has a workforce of 40.',
  'Tamsin Steel is a steel company in Vardby.',
  'A fire destroyed the old corn exchange in Dunmere in 1911.',
];

function collection(facts: readonly string[] = FACTS): LexicalIndex {
  const lex = new LexicalIndex();
  facts.forEach((f, i) => lex.add(String(i), f));
  return lex;
}

const terms = (question: string, lex = collection()) => selectionWords(question, lex).map((w) => w.term);

describe('the selection check: what a question selects on must be in the support set', () => {
  it('reads how the facts use a word: as a value after an article, next to a number', () => {
    const roles = factRoles('Corner Bakery is a bakery in Vardby and has a workforce of 12.');
    expect(roles.asValue).toEqual(expect.arrayContaining(['bakery', 'workforce']));
    expect(roles.nearNumber).toEqual(expect.arrayContaining(['workforce']));
    expect(roles.nearNumber).not.toContain('bakery');
  });

  it('words for when a date is asked select nothing, even where facts write them as values', () => {
    // "year" is a value here ("pays a year in advance") and mostly away from numbers
    const lex = collection([...FACTS, 'The guild meets once a year.', 'Each member pays a year in advance.', 'The guild elects a new master every year.']);
    expect(terms('earliest year a doctor was born', lex)).toEqual(['doctor']);
    expect(terms('In what year was the first nurse born?', lex)).toEqual(['nurse']);
  });

  it('a value word of the collection selects (occupations, pets), plural folded', () => {
    expect(terms('How many people work as doctors?')).toEqual(['doctor']);
    expect(terms('What is the earliest birth year of any doctor?')).toEqual(['doctor']);
    expect(terms('Which person who keeps a horse was born most recently?')).toEqual(['horse']);
  });

  it('the words of the number asked about do not select ("year", "visitors", "workforce")', () => {
    expect(terms('What is the latest birth year of any person?')).toEqual([]);
    expect(terms('Which company has the largest workforce?')).toEqual([]);
    expect(terms('Which zoo gets the most visitors a year?')).toEqual([]);
  });

  it('the people a superlative ranges over select ("the youngest doctor"), a counted noun does not', () => {
    expect(terms('Who is the youngest doctor?')).toEqual(['doctor']);
    expect(terms('Which is the oldest doctor?')).toEqual(['doctor']);
    const staff = collection([...FACTS, 'Ada Wren, an employee of Orlen Glass, keeps bees.']);
    expect(terms('Which company has the fewest employees?', staff)).toEqual([]);
  });

  it("the question's class of things is left to the class check", () => {
    expect(terms('Which company was founded first?')).toEqual([]);
    expect(terms('How many museums are there?')).toEqual([]);
  });

  it('the one name a question spells out selects; two names are alternatives', () => {
    expect(terms('Who was born in Vardby?')).toEqual(['vardby']);
    expect(terms('Which museum in Dunmere gets the most visitors?')).toEqual(['dunmere']);
    expect(terms('Was Oskar Lind born before Tova Brand?')).toEqual([]);
  });

  it('a word no fact holds cannot be required', () => {
    expect(terms('How many people work as plumbers?')).toEqual([]);
    expect(terms('Who was born in Brindlemoor?')).toEqual([]);
  });

  it("the question's opening verb is not a name", () => {
    // "count" is a word of the collection too ("counts the votes")
    const lex = collection([...FACTS, 'The parish council counts the votes.']);
    expect(terms('Count the people who keep a horse.', lex)).toEqual(['horse']);
  });

  it('a set that does not hold every selection word fails; plurals and -ing forms meet', () => {
    const words = selectionWords('How many people work as doctors?', collection());
    expect(meetsSelection(words, ['Oskar Lind is a doctor at Vardby Hospital.'])).toBe(true);
    expect(meetsSelection(words, ['Declan Achterberg works as a chemist and was born in 1981.'])).toBe(false);
    const earliest = selectionWords('What is the earliest birth year of any doctor?', collection());
    expect(
      meetsSelection(earliest, ['Dunmere Maritime Museum attracts 33,050 visitors every year.', 'A fire destroyed the old corn exchange in Dunmere in 1911.']),
    ).toBe(false);
    expect(meetsSelection(earliest, ['Oskar Lind is a doctor at Vardby Hospital.', 'Oskar Lind was born in Vardby in 1970.'])).toBe(true);
    expect(meetsSelection([], ['anything'])).toBe(true);
  });

  it('follows the collection as facts are added and removed', () => {
    const lex = collection();
    expect(terms('Who keeps a parrot?', lex)).toEqual([]);
    lex.add('x', 'Ivo Marsh keeps a parrot.');
    expect(terms('Who keeps a parrot?', lex)).toEqual(['parrot']);
    lex.remove('x');
    expect(terms('Who keeps a parrot?', lex)).toEqual([]);
  });
});

describe('kinds of a selection word (WordNet hyponyms passed in by the gateway)', () => {
  const KINDS: Record<string, string[]> = { lawyer: ['solicitor', 'barrister'], lawyers: ['solicitor', 'barrister'], horse: ['pony', 'bay'] };
  const kindsOf = (w: string) => KINDS[w] ?? [];
  const lex = collection([
    ...FACTS,
    'Ada Wren is a lawyer.',
    'Bram Cole is a solicitor and was born in 1985.',
    'Cleo Marsh lives with a pony called Miord.',
    'Kestrel Bay Museum is a museum in Vardby.',
  ]);

  it('a set naming a kind the collection writes as a value meets the word', () => {
    const words = selectionWords('List everyone who is a lawyer.', lex, kindsOf);
    expect(words.map((w) => w.term)).toEqual(['lawyer']);
    expect(meetsSelection(words, ['Bram Cole is a solicitor and was born in 1985.'])).toBe(true);
    expect(meetsSelection(words, ['Niamh Castellane is a nurse.'])).toBe(false);
  });

  it('kinds the facts hold only inside names, or not at all, do not count', () => {
    const [horse] = selectionWords('Name the people who own a horse.', lex, kindsOf);
    expect(horse?.kinds).toEqual(['pony']);
    const [lawyer] = selectionWords('List everyone who is a lawyer.', lex, kindsOf);
    expect(lawyer?.kinds).toEqual(['solicitor']);
  });

  it('without kinds only the word itself meets it', () => {
    const words = selectionWords('List everyone who is a lawyer.', lex);
    expect(meetsSelection(words, ['Bram Cole is a solicitor and was born in 1985.'])).toBe(false);
  });
});

