import { describe, expect, it } from 'vitest';
import { asksForPeople, comparePair, namesAThing, numbersOfKind, parseConstraints, parsePairComparison, satisfies } from '../../engines/nldb/constraints.js';
import type { Derivation } from '../../engines/nldb/derivation.js';
import { askedOfOneFact, checkNumbers, joinsThroughRelation, notTheQuestion, questionType, setQuestion, type ScoredDerivation } from '../../engines/nldb/spj.js';
import { LexicalIndex } from '../../engines/nldb/lexical-index.js';
import { nameMentions } from '../../engines/nldb/ssg.js';

const scored = (derivation: Derivation): ScoredDerivation => ({ derivation, useful: 0.9, typeConfidence: 0.9 });

describe('number comparisons a question states', () => {
  it('reads years before, after and since, decades and centuries', () => {
    expect(parseConstraints('Who was born before 1960?')).toEqual([{ kind: 'year', min: -Infinity, max: 1960 - 1e-9 }]);
    expect(parseConstraints('Which companies were founded after 1990?')).toEqual([{ kind: 'year', min: 1990 + 1e-9, max: Infinity }]);
    expect(parseConstraints('Who has worked there since 2001?')).toEqual([{ kind: 'year', min: 2001, max: Infinity }]);
    expect(parseConstraints('Who was born in the 1980s?')).toEqual([{ kind: 'year', min: 1980, max: 1989 }]);
    expect(parseConstraints('How many companies were founded in the twentieth century?')).toEqual([{ kind: 'year', min: 1900, max: 1999 }]);
    expect(parseConstraints('Which parks opened in the 19th century?')).toEqual([{ kind: 'year', min: 1800, max: 1899 }]);
  });

  it('reads quantities with separators, and ranges', () => {
    expect(parseConstraints('Which parks get more than 100,000 visitors a year?')).toEqual([{ kind: 'quantity', min: 100000 + 1e-9, max: Infinity }]);
    expect(parseConstraints('Which companies have fewer than 50 staff?')).toEqual([{ kind: 'quantity', min: -Infinity, max: 50 - 1e-9 }]);
    expect(parseConstraints('Which companies have at least 500 employees?')).toEqual([{ kind: 'quantity', min: 500, max: Infinity }]);
    expect(parseConstraints('Who was born between 1970 and 1950?')).toEqual([{ kind: 'year', min: 1950, max: 1970 }]);
  });

  it('finds none where the question compares nothing', () => {
    expect(parseConstraints('Which company was founded in 1990?')).toEqual([]);
    expect(parseConstraints('Who is the oldest person?')).toEqual([]);
    expect(parseConstraints('Was Pellham Optics founded before Brackenridge Foods?')).toEqual([]);
  });

  it('tells years from quantities in facts', () => {
    const facts = ['Greywater Mills was founded in 1921 and today employs 640 people.'];
    expect(numbersOfKind(facts, 'year')).toEqual([1921]);
    expect(numbersOfKind(facts, 'quantity')).toEqual([640]);
    // a quantity written like a year still counts when the fact has no other number
    expect(numbersOfKind(['Orrin Works employs 1500 people.'], 'quantity')).toEqual([1500]);
    expect(numbersOfKind(['Tarick Robotics has a workforce of 1504.'], 'quantity')).toEqual([1504]);
  });

  it('a year written as a date is never read as a quantity', () => {
    expect(numbersOfKind(['Mertmieckini Sports Ground opened in 1987.'], 'quantity')).toEqual([]);
    expect(numbersOfKind(['Cyttley Instruments has been trading since 2014.'], 'quantity')).toEqual([]);
    expect(numbersOfKind(['Mung Krethlenwood was born on 17 March 1944.'], 'quantity')).toEqual([]);
    const visitors = parsePairComparison('Does Mertmieckini Sports Ground attract fewer visitors than Bengow Stadium?');
    expect(visitors).not.toBeNull();
    const names = ['Mertmieckini Sports Ground', 'Bengow Stadium'] as const;
    const years = ['Mertmieckini Sports Ground opened in 1987.', 'Bengow Stadium first opened to the public in 1748.'];
    expect(comparePair(visitors!, names, years)).toBeNull();
    expect(satisfies(parseConstraints('Which companies have more than 480 staff?'), ['Tarick Robotics was established in 1921.'])).toBe(false);
  });

  it('a set passes when some number of the compared kind satisfies every comparison', () => {
    const before1960 = parseConstraints('Who was born before 1960?');
    expect(satisfies(before1960, ['Lucinda Ferro, born in 1948, is a doctor.'])).toBe(true);
    expect(satisfies(before1960, ['Henrik Solvang was born in 1969.'])).toBe(false);
    expect(satisfies(before1960, ['Henrik Solvang was born in Kestrelford.'])).toBe(false);
    const over = parseConstraints('Who manages a park with more than 100,000 visitors a year?');
    expect(satisfies(over, ['Lorna Fairweather manages Ebberly Park.', 'Ebberly Park receives 310,000 visitors a year.'])).toBe(true);
    expect(satisfies(over, ['The Old Quarry gets 56,300 visitors per year.'])).toBe(false);
  });

  it('a length of time is not a quantity: it neither passes a quantity comparison nor is read as one', () => {
    const under = parseConstraints('How many parks get under 520,000 visitors per year?');
    expect(satisfies(under, ['Hystprouwell Common receives 642,531 visitors annually, after 32 years near the mill.'])).toBe(false);
    expect(satisfies(under, ['Sywick Nature Reserve, after 3 years of works, receives 517,982 visitors.'])).toBe(true);
    expect(numbersOfKind(['Ann has lived there for 12 years and keeps 3 goats.'], 'quantity')).toEqual([3]);
    expect(parseConstraints('Who has worked there for more than 10 years?')).toEqual([]);
  });
});

describe('checks on derivations by code', () => {
  it("an extreme's value is never the day of a date, and passes the question's comparison of its own kind", () => {
    const born = 'Marie Hanover was born on 11 February 1989.';
    const older = 'Vettie Brindnoswell was born in 1937.';
    const before1973 = parseConstraints('Who is the youngest person who was born before 1973?');
    const argmax = (value: string) => scored({ type: 'ARGMAX', key: 'Marie Hanover', value });
    expect(checkNumbers({ ...argmax('1989'), valueFact: 0 }, before1973, [born, older]).derivation.type).toBe('NULL');
    expect(checkNumbers({ ...argmax('1937'), valueFact: 1 }, before1973, [born, older]).derivation.type).toBe('ARGMAX');
    const day = { ...scored({ type: 'MIN', value: '11' }), valueFact: 0 };
    expect(checkNumbers(day, [], [born]).derivation.type).toBe('NULL');
    expect(checkNumbers({ ...scored({ type: 'MIN', value: '11' }), valueFact: 0 }, [], ['Only 11 people work at Tallow Lane Bakery.']).derivation.type).toBe('MIN');
    // through a third fact the compared year may be another entity's
    const after1980 = parseConstraints('In what year was the oldest person who works for a company established later than 1980 born?');
    const join = ['Cyttley Instruments was established in 1999.', 'Kylina Trillstein works for Cyttley Instruments.', 'Kylina Trillstein was born in 1962.'];
    expect(checkNumbers({ ...scored({ type: 'MIN', value: '1962' }), valueFact: 2 }, after1980, join).derivation.type).toBe('MIN');
    // a founding year passes a comparison of quantities untouched
    const staff = parseConstraints('Which company with more than 100 staff was founded first?');
    expect(checkNumbers(scored({ type: 'ARGMIN', key: 'Orrin Works', value: '1932' }), staff, ['Orrin Works has 640 staff and was founded in 1932.']).derivation.type).toBe('ARGMIN');
  });

  it('a derivation from a set failing the comparison becomes NULL; other sets and questions are untouched', () => {
    const c = parseConstraints('Which companies were founded after 1990?');
    const d = scored({ type: 'SET', value: 'Vellacott Printing' });
    expect(checkNumbers(d, c, ['Vellacott Printing was founded in 1903.']).derivation).toEqual({ type: 'NULL' });
    expect(checkNumbers(d, c, ['Vellacott Printing was founded in 1998.']).derivation).toEqual(d.derivation);
    expect(checkNumbers(d, [], ['Vellacott Printing was founded in 1903.']).derivation).toEqual(d.derivation);
    expect(checkNumbers(scored({ type: 'NULL' }), c, ['X was founded in 1998.']).derivation).toEqual({ type: 'NULL' });
  });

  it('a yes/no answer is the comparison itself when the set states the compared number', () => {
    const c = parseConstraints('Was Anselm Voight born before 1960?');
    expect(checkNumbers(scored({ type: 'BOOL', value: true }), c, ['Anselm Voight was born in 1962.']).derivation).toEqual({ type: 'BOOL', value: false });
    expect(checkNumbers(scored({ type: 'BOOL', value: false }), c, ['Anselm Voight was born in 1950.']).derivation).toEqual({ type: 'BOOL', value: true });
    expect(checkNumbers(scored({ type: 'BOOL', value: true }), c, ['Anselm Voight is an architect.']).derivation).toEqual({ type: 'BOOL', value: true });
  });

  it('a set or count answer is never a name the question spells out; arg answers may be', () => {
    const q = 'Who works at Pellham Optics?';
    expect(notTheQuestion(scored({ type: 'SET', value: 'Pellham Optics' }), q).derivation).toEqual({ type: 'NULL' });
    expect(notTheQuestion(scored({ type: 'SET', value: 'Priya Castellane' }), q).derivation.type).toBe('SET');
    // nor a part of one
    expect(notTheQuestion(scored({ type: 'COUNT', value: 'Pellham' }), 'How many work at Pellham Optics Ltd?').derivation.type).toBe('NULL');
    expect(notTheQuestion(scored({ type: 'COUNT', value: 'Optics Group' }), q).derivation.type).toBe('COUNT');
    const arg = scored({ type: 'ARGMIN', key: 'Pellham Optics', value: '1968' });
    expect(notTheQuestion(arg, 'Which is older, Pellham Optics or Brackenridge Foods?')).toBe(arg);
  });

  it('the query type is decided once per question, from every support set', () => {
    const logits = (type: number, strength: number) => {
      const c = new Float32Array(11);
      c[type] = strength;
      return c;
    };
    // two sets weakly say SET, one says COUNT with certainty: the summed probabilities decide
    expect(questionType([logits(0, 0.5), logits(0, 0.5), logits(1, 12)])).toBe('COUNT');
    expect(questionType([logits(3, 4)])).toBe('MIN');
    expect(questionType([])).toBeNull();
  });
});

describe('yes/no comparisons between two names', () => {
  it('finds the names a question spells out, without the words that open it', () => {
    expect(nameMentions('Was Pellham Optics founded before Brackenridge Foods?')).toEqual(['Pellham Optics', 'Brackenridge Foods']);
    expect(nameMentions('Does the Kestrelford Museum of Clocks get more visitors than Harrow & Finch Park?')).toEqual([
      'Kestrelford Museum of Clocks',
      'Harrow & Finch Park',
    ]);
    expect(nameMentions('Among people who work in Westry, who was born first?')).toEqual(['Westry']);
  });

  it('reads which way the comparison goes and on which kind of number', () => {
    expect(parsePairComparison('Was A founded before B?')).toEqual({ kind: 'year', op: '<' });
    expect(parsePairComparison('Is A older than B?')).toEqual({ kind: 'year', op: '<' });
    expect(parsePairComparison('Did A open after B?')).toEqual({ kind: 'year', op: '>' });
    expect(parsePairComparison('Does A get more visitors per year than B?')).toEqual({ kind: 'quantity', op: '>' });
    expect(parsePairComparison('Does A have fewer employees than B?')).toEqual({ kind: 'quantity', op: '<' });
    expect(parsePairComparison('Is A in B?')).toBeNull();
    // a comparison with a number is a constraint, not a comparison of two names
    expect(parsePairComparison('Was A born before 1960?')).toBeNull();
  });

  it("compares the number each name's fact states, and says nothing when a set lacks one", () => {
    const c = { kind: 'year', op: '<' } as const;
    const names: [string, string] = ['Pellham Optics', 'Brackenridge Foods'];
    const a = 'Pellham Optics, a lens maker founded in 1968, is in Port Alder.';
    const b = 'Brackenridge Foods was established in 1954 and employs 3,420 people.';
    expect(comparePair(c, names, [a, b])).toBe(false);
    expect(comparePair(c, names, [b, a])).toBe(false);
    expect(comparePair({ kind: 'year', op: '>' }, names, [a, b])).toBe(true);
    expect(comparePair({ kind: 'quantity', op: '<' }, names, [a, 'Brackenridge Foods is in Westry.'])).toBeNull();
    expect(comparePair(c, names, [a, 'Brackenridge Foods is in Westry.'])).toBeNull();
  });
});

describe('questions about people are not answered by things', () => {
  it('tells questions about people from others', () => {
    for (const q of ['Who works at Pellham Optics?', 'Which person was born first?', 'How many people work as doctors?', 'Who is the oldest person?', 'Is anyone married to a nurse?'])
      expect(asksForPeople(q), q).toBe(true);
    for (const q of ['Which company employs the most people?', 'How many museums are in Dunmere?', 'Which library has the most visitors?'])
      expect(asksForPeople(q), q).toBe(false);
  });

  it("a name ending in a word the collection writes in lower case is a thing's", () => {
    const lexical = new LexicalIndex();
    lexical.add('1', 'Prier Public Library opened in 1750 and is the oldest library in town.');
    lexical.add('2', 'Tom Baker works as a baker at Tallow Lane Bakery.');
    lexical.add('3', 'Ann Wren was born in 1950.');
    const ordinary = (w: string) => lexical.isOrdinaryWord(w);
    expect(namesAThing('Prier Public Library', ordinary)).toBe(true);
    expect(namesAThing('Ann Wren', ordinary)).toBe(false);
    expect(namesAThing('Tallow Lane Bakery', ordinary)).toBe(false);
    expect(namesAThing('Dunmere', ordinary)).toBe(false);
    lexical.remove('1');
    expect(namesAThing('Prier Public Library', ordinary)).toBe(false);
  });
});

describe('a count question read as the set whose members it counts', () => {
  it('rewrites how-many and count-the questions, and nothing else', () => {
    expect(setQuestion('How many zoos opened after 1820 in total?')).toBe('Which zoos opened after 1820?');
    expect(setQuestion('How many people work at New Slymmoor Wildlife Park?')).toBe('Which people work at New Slymmoor Wildlife Park?');
    expect(setQuestion('Count the parks that opened earlier than 1820.')).toBe('Which parks opened earlier than 1820?');
    expect(setQuestion('Count the people that work for a company based in X.')).toBe('Which people work for a company based in X?');
    expect(setQuestion('Which zoo has the most visitors?')).toBeNull();
    expect(setQuestion('How many of them are there?')).toBeNull();
  });

  it('rewrites count and number-of fragments with no relative clause', () => {
    expect(setQuestion('count the lighthouses')).toBe('Which lighthouses?');
    expect(setQuestion('number of ferries built after 1990?')).toBe('Which ferries built after 1990?');
    expect(setQuestion('What is the number of mills that grind corn?')).toBe('Which mills grind corn?');
    expect(setQuestion('count them')).toBeNull();
  });
});

describe('a yes/no question about names is answered from the facts that name them all', () => {
  it('tells questions through a relation from questions about the names themselves', () => {
    expect(joinsThroughRelation("Was Fliestbriia Feanford's husband born in the 1940s?")).toBe(true);
    expect(joinsThroughRelation('Is the spouse of Ivo Brandt a teacher?')).toBe(true);
    expect(joinsThroughRelation('Was Tessa Quill born in Dunholt?')).toBe(false);
  });

  it('a pair of facts joined through someone else shows nothing about the names', () => {
    const facts = ['Ivo Brandt is married to Tessa Quill.', 'Ivo Brandt was born in Dunholt in 1972.'];
    const yes = scored({ type: 'BOOL', value: true });
    expect(askedOfOneFact(yes, ['Tessa Quill', 'Dunholt'], [], facts).derivation).toEqual({ type: 'NULL' });
    expect(askedOfOneFact(yes, ['Ivo Brandt', 'Dunholt'], [], facts).derivation).toEqual({ type: 'BOOL', value: true });
    // a comparison is checked on the facts that name them
    const decade = parseConstraints('Was Tessa Quill born in the 1970s?');
    const two = ['Tessa Quill is married to Ivo Brandt.', 'Ivo Brandt was born in 1972.'];
    expect(askedOfOneFact(yes, ['Tessa Quill'], decade, two).derivation).toEqual({ type: 'BOOL', value: true });
    expect(askedOfOneFact(yes, ['Tessa Quill'], decade, ['Tessa Quill was born in 1984.']).derivation).toEqual({ type: 'BOOL', value: false });
  });
});
