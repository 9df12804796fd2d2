/**
 * What the collection and the question say about classes, in more of the registers and forms
 * people write: the question's class noun in fragments, compounds and after names; class
 * statements with amounts, digits in names and a noun written before the name; a key named like
 * another class. Each collection is written here, in a domain of its own.
 */
import { describe, expect, it } from 'vitest';
import { ClassLexicon, classStatements, questionNoun } from '../../engines/nldb/classes.js';

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

// comets of a made-up survey and its funds
const SURVEY = [
  'Tarn-3c, a comet, was found in 2004 by Ilka Brun.',
  'Skell-9a, a comet, returns every 12 years.',
  'In 2011 Ilka Brun used the Harl Camera to find the comet Tarn-5f.',
  'The comet Skell-2b was first seen in 1999.',
  'The young Ilka Brun joined the survey in 2001.',
  'ARCLIGHT, a €410,000 grant made by the Ferrow Fund in 2012, paid for the camera.',
  'Ilka Brun won VESPER, a £90,000 research grant from the Ferrow Fund, in 2015.',
];

describe('class statements in more of the forms facts are written in', () => {
  it('keeps digits inside a name ("Tarn-3c", not "Tarn-")', () => {
    expect(classStatements(SURVEY[0] as string)[0]).toMatchObject({ name: 'tarn-3c', noun: 'comet' });
  });

  it('reads a class phrase qualified by an amount, ended by a participle', () => {
    expect(classStatements(SURVEY[5] as string)[0]).toMatchObject({ name: 'arclight', noun: 'grant' });
    expect(classStatements(SURVEY[6] as string).find((s) => s.name === 'vesper')).toMatchObject({ noun: 'grant' });
  });

  it('counts a noun written before a name ("the comet Tarn-5f") when the collection states it as a class elsewhere', () => {
    const lex = lexiconOf(SURVEY);
    expect(lex.classesOf('Tarn-5f')).toEqual(['comet']);
    expect(lex.classesOf('Skell-2b')).toEqual(['comet']);
    expect(lex.membersOf('comet').sort()).toEqual(['skell-2b', 'skell-9a', 'tarn-3c', 'tarn-5f']);
    // an adjective in that place is no class: no fact says "X is a young"
    expect(lex.classesOf('Ilka Brun')).toEqual([]);
    expect(lex.isClassNoun('young')).toBe(false);
  });
});

describe('a key whose name ends like several names of another class', () => {
  const lex = lexiconOf([
    'ARCLIGHT, a €410,000 grant made by the Ferrow Fund in 2012, paid for the camera.',
    'Ilka Brun won VESPER, a £90,000 research grant from the Ferrow Fund, in 2015.',
    'The sixteen-inch Brask Refractor went into service in 1896.',
    'The 24-inch Sable Refractor was commissioned in 1932.',
    'The Harl Reflector is a telescope.',
  ]);

  it('is not of a class the facts state for other names ("Brask Refractor" is no grant)', () => {
    expect(lex.endsNames('refractor')).toBe(true);
    expect(lex.verdict('Brask Refractor', 'grant')).toBe('disagree');
    expect(lex.verdict('VESPER', 'grant')).toBe('agree');
  });

  it('is of the class when the ending is a kind of it (WordNet kinds given)', () => {
    expect(lex.verdict('Brask Refractor', 'telescope', ['refractor', 'reflector'])).not.toBe('disagree');
  });

  it('is left alone for a class whose members the facts name with such endings ("Dale Mills, a company")', () => {
    const firms = lexiconOf([
      'Dale Mills, a textile company, was founded in 1850.',
      'Orrin Mills employs 400 people.',
      'Kell Works is a company in Vardby.',
      'Tarn Works makes glass.',
    ]);
    expect(firms.endsNames('mill')).toBe(true);
    expect(firms.verdict('Orrin Mills', 'company')).not.toBe('disagree');
    expect(firms.verdict('Tarn Works', 'company')).not.toBe('disagree');
  });
});

describe('a person read from a birth written in more forms', () => {
  it('an aside between commas before "was born", "(b. 1971)", and "Tarnby-born" before the name', () => {
    expect(classStatements('The old ferryman Odo Venn, long since retired, was born in Tarnby in 1931.').find((s) => s.name === 'odo venn')?.person).toBe(true);
    expect(classStatements('Ines Brook (b. 1971) skippers the Kestle.').find((s) => s.name === 'ines brook')?.person).toBe(true);
    const opened = classStatements('Tarnby-born Mara Quill (b. 1982) skippers the Ardent.');
    expect(opened.find((s) => s.name === 'mara quill')?.person).toBe(true);
    expect(lexiconOf(['Tarnby-born Mara Quill skippers the Ardent.']).isPerson('Mara Quill')).toBe(true);
  });

  it('not a thing described between commas, nor a name without a birth', () => {
    expect(classStatements('The Kestle, a passenger ferry, carries 300 people.').find((s) => s.name === 'kestle')?.person ?? false).toBe(false);
    expect(classStatements('Tarnby-built Gullholm Ferry entered service in 1994.').find((s) => s.name.includes('gullholm'))?.person ?? false).toBe(false);
  });
});
