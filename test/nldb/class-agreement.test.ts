import { describe, expect, it } from 'vitest';
import { ClassLexicon, classStatements, questionNoun, singular, subjectOf } from '../../engines/nldb/classes.js';

const FACTS = [
  'Orlen Glass is a glass company in Vardby.',
  'Tamsin Steel, a steel company based in Vardby, was founded in 1950.',
  'Brock Lenses, a lens manufacturer founded in 1968, is based in Vardby.',
  'Hale Wildlife Park, a zoo in Vardby, attracts 300,000 visitors a year.',
  'Vardby Maritime Museum is a museum with a long history.',
  'Vardby Maritime Museum gets 120,000 visitors a year.',
  'Oskar Lind was born in Vardby in 1970.',
  'Oskar Lind is a doctor at Vardby Hospital.',
  'Mira Holt, a pharmacist, keeps a cat.',
  'Ada Renn, an apprentice baker at Corner Bakery, was born in 2001.',
  'Juno Park Museum is a museum.',
];

function lexicon(): ClassLexicon {
  const lex = new ClassLexicon();
  FACTS.forEach((f, i) => lex.add(String(i), f));
  return lex;
}

describe('class agreement between the question and a key, from what the facts say', () => {
  it('reads class nouns and people from the facts', () => {
    expect(classStatements('Tamsin Steel, a steel company based in Vardby, was founded in 1950.')).toEqual([
      { name: 'tamsin steel', noun: 'company', person: false },
      { name: 'vardby', noun: null, person: false, place: true },
    ]);
    expect(classStatements('Hale Wildlife Park, a zoo in Vardby, attracts 300,000 visitors a year.')[0]).toMatchObject({ noun: 'zoo' });
    expect(classStatements('Oskar Lind was born in Vardby in 1970.')[0]).toMatchObject({ name: 'oskar lind', person: true });
    // the appositive's last name is not the one born
    const s = classStatements('Ada Renn, an apprentice baker at Corner Bakery, was born in 2001.');
    expect(s.find((x) => x.name === 'corner bakery')?.person ?? false).toBe(false);
  });

  it('a class noun written before a name is its class; an appositive between a name and "was born" leaves it a person', () => {
    expect(classStatements('The comet Disbridge-Seack was last seen from Pindholm in 1632.')[0]).toMatchObject({ name: 'disbridge-seack', noun: 'comet' });
    expect(classStatements('Yara Krell wrote the novel \'The Blue Anchor\' in 1935.').find((x) => x.name === 'blue anchor')).toMatchObject({ noun: 'novel' });
    expect(classStatements('A ferry called Wenna crosses the bay.')[0]).toMatchObject({ name: 'wenna', noun: 'ferry' });
    expect(classStatements('She works at the same Orlen Glass.').find((x) => x.name === 'orlen glass')?.noun ?? null).toBeNull();
    expect(classStatements('Pethy Voartick, who is a weaver, was born in 2004.')[0]).toMatchObject({ name: 'pethy voartick', person: true });
    const lex = lexicon();
    lex.add('s1', 'The star Alpha Orrin lies 40 light years away.');
    lex.add('s2', 'The star Beta Orrin lies 90 light years away.');
    expect(lex.verdict('Alpha Orrin', 'person')).toBe('disagree');
  });

  it('a word two names end in is a class word, and a name "X of Y" ends its class before "of"', () => {
    const lex = new ClassLexicon();
    ['Dunholt Maritime Museum gets 33,050 visitors a year.', 'Hollin Art Museum opened in 1988.', 'The Westry Museum of Clocks welcomes 48,200 visitors.', 'Fenn Gardens is a public park.', 'Ebber Park opened in 1897.', 'Kell Park is a park.']
      .forEach((f, i) => lex.add(String(i), f));
    expect(questionNoun('What is the highest visitor count of any museum?', (n) => lex.isClassNoun(n))).toBe('museum');
    expect(lex.verdict('Westry Museum of Clocks', 'museum')).toBe('agree');
    expect(lex.verdict('Fenn Gardens', 'museum')).toBe('disagree');
    // one name written in many facts is one name: "software" is no class word
    ['Quill Software employs Ines Dal.', 'Quill Software was set up in 2009.', 'Rafa Quen writes code for Quill Software.'].forEach((f, i) => lex.add(`q${i}`, f));
    expect(lex.isClassNoun('software')).toBe(false);
  });

  it('a key the facts call only other classes of things, each used for several names, is not of the class', () => {
    const lex = new ClassLexicon();
    ['Salt Energy, a wind-power company, employs 410 people.', 'Orlen Glass is a glass company.', 'Brock Lenses, a lens manufacturer, was founded in 1968.',
      'Dunholt Maritime Museum gets 33,050 visitors a year.', 'Hollin Art Museum opened in 1988.']
      .forEach((f, i) => lex.add(String(i), f));
    // "museum" is a class by its names only: no rule of names ending in it applies to Salt Energy
    expect(lex.verdict('Salt Energy', 'museum')).toBe('disagree');
    expect(lex.verdict('Salt Energy', 'company')).toBe('agree');
    // one "lens manufacturer" is no evidence against a company
    expect(lex.verdict('Brock Lenses', 'company')).toBe('unknown');
    // what the facts call a key outweighs how its name ends
    ['Leard Wildlife Park is a zoo.', 'Kenton Zoo is a zoo.', 'Ebber Park is a park.', 'Fenn Common is a park.'].forEach((f, i) => lex.add(`z${i}`, f));
    expect(lex.verdict('Leard Wildlife Park', 'park')).toBe('disagree');
    expect(lex.verdict('Ebber Park', 'park')).toBe('agree');
  });

  it("the question's class noun", () => {
    expect(questionNoun('How many companies are based in Vardby?')).toBe('company');
    expect(questionNoun('Which zoo has the fewest visitors?')).toBe('zoo');
    expect(questionNoun('Name every stadium that gets less than 2500 yearly visitors.')).toBe('stadium');
    expect(questionNoun('Among museums that are in Vardby, which museum gets the fewest visitors?')).toBe('museum');
    expect(questionNoun('What is the earliest birth year of any farmer?')).toBe('farmer');
    expect(questionNoun('In what year was the oldest company founded?')).toBe('company');
    expect(questionNoun('What is the most recent birth year among people?')).toBe('person');
    // the first word the collection knows as a class noun
    expect(questionNoun('What is the smallest workforce of any company?', (n) => n === 'company')).toBe('company');
    expect(questionNoun('What is the total?', () => false)).toBeNull();
    expect(questionNoun('Which is the most visited castle?')).toBe('castle');
    expect(singular('libraries')).toBe('library');
    expect(singular('people')).toBe('person');
  });

  it('agrees when the facts say so, disagrees when they show another class, else does not know', () => {
    const lex = lexicon();
    expect(lex.verdict('Tamsin Steel', 'company')).toBe('agree');
    expect(lex.verdict('Hale Wildlife Park', 'zoo')).toBe('agree');
    // a museum is not a zoo: its name ends in a class noun of the collection
    expect(lex.verdict('Vardby Maritime Museum', 'zoo')).toBe('disagree');
    // a person is not a company
    expect(lex.verdict('Oskar Lind', 'company')).toBe('disagree');
    // a lens manufacturer may well be a company: no evidence against it
    expect(lex.verdict('Brock Lenses', 'company')).toBe('unknown');
    expect(lex.verdict('Someone Unknown', 'company')).toBe('unknown');
    // a place (written 'in Vardby') is neither a company nor a person
    expect(lex.verdict('Vardby', 'company')).toBe('disagree');
    expect(lex.verdict('Vardby', 'person')).toBe('disagree');
  });

  it('a name followed by "(born 1930)" is a person', () => {
    const lex = lexicon();
    lex.add('p1', 'Drysstondie Thengkricer (born 1930) is a native of West Keamtroutstead.');
    lex.add('p2', 'Oskar Lind (born in Westry) keeps bees.');
    expect(lex.isPerson('Drysstondie Thengkricer')).toBe(true);
    expect(lex.isPerson('Oskar Lind')).toBe(true);
  });

  it('a fact that says "he" or "she" is about a person; what is founded, employs or has staff is not one', () => {
    const lex = lexicon();
    lex.add('p1', 'Cleertia Haixick fishes at weekends and was born in 1975.');
    lex.add('p2', 'Veathon Queartini grew up in Sanbridge, where she was born.');
    lex.add('t1', 'Sacker Furniture employs 36692 people.');
    lex.add('t2', 'Deangriolina Syttwood works as a dentist for Sacker Furniture.');
    lex.add('t3', 'Clangton Playhouse opened in 1973.');
    expect(lex.isPerson('Cleertia Haixick')).toBe(true);
    expect(lex.isPerson('Veathon Queartini')).toBe(true);
    expect(lex.verdict('Veathon Queartini', 'company')).toBe('disagree');
    expect(lex.isThing('Sacker Furniture')).toBe(true);
    expect(lex.verdict('Sacker Furniture', 'person')).toBe('disagree');
    expect(lex.verdict('Clangton Playhouse', 'person')).toBe('disagree');
    // nor is the workplace an appositive ends with what the subject is
    expect(classStatements('Geallen Breenkairton, who works at Yaxclollwood Farms, is a staff nurse.').find((x) => x.name === 'yaxclollwood farms')?.noun ?? null).toBeNull();
    // the place an appositive ends with is not what was founded
    expect(classStatements('Tamsin Steel, a steel company based in Vardby, was founded in 1950.').some((x) => x.thing)).toBe(false);
  });

  it('people: a company is not a person, a rare occupation is no evidence either way', () => {
    const lex = lexicon();
    expect(lex.verdict('Oskar Lind', 'person')).toBe('agree');
    expect(lex.verdict('Orlen Glass', 'person')).toBe('disagree');
    expect(lex.verdict('Mira Holt', 'person')).toBe('unknown');
    expect(lex.verdict('Corner Bakery', 'person')).toBe('unknown');
  });

  it('names are made alike: a name ending like names the facts call another class is not of this one', () => {
    const lex = lexicon();
    lex.add('a1', 'Kell Arena is a stadium in Vardby.');
    lex.add('a2', 'Upper Dothmoor Library is a library.');
    lex.add('a4', 'Hollin Stadium is a stadium.');
    lex.add('a3', 'Perdwell Library opened in 1820.');
    expect(lex.classesOfNamesEndingIn('arena')).toEqual(['stadium']);
    // "Vieminster Arena" is said to be nothing, but arenas are stadiums (a class of things:
    // "Hollin Stadium" ends in it), not libraries
    expect(lex.verdict('Vieminster Arena', 'library')).toBe('disagree');
    expect(lex.verdict('Vieminster Arena', 'stadium')).toBe('unknown');
    expect(lex.verdict('Vieminster Arena', 'person')).toBe('disagree');
    // "Wildlife Park" names a zoo here, and "Park" ends no park: a park question keeps its own word
    expect(lex.verdict('Vardby Country Park', 'zoo')).toBe('unknown');
    // a name ending in a word no fact classes says nothing, nor does a class of one name ("Brock
    // Lenses, a lens manufacturer": no evidence that it is not a company)
    expect(lex.verdict('Brock Lenses', 'library')).toBe('unknown');
    expect(lex.verdict('Brock Lenses', 'company')).toBe('unknown');
    lex.remove('a1');
    expect(lex.verdict('Vieminster Arena', 'library')).toBe('unknown');
  });

  it('a class named by a few endings: a name with another, repeated ending is of another class', () => {
    const lex = new ClassLexicon();
    [
      'Kenton Zoo is a zoo.',
      'Moufield Zoo opened in 1900.',
      'Canton Wildlife Park is a zoo in Vardby.',
      'Sywick Nature Reserve opened in 1950.',
      'Hale Nature Reserve gets 10,000 visitors a year.',
      'Lone Aviary opened in 1990.',
    ].forEach((f, i) => lex.add(String(i), f));
    // zoos end in "Zoo" or "Wildlife Park" here; "Nature Reserve" ends two names, never a zoo's
    expect(lex.verdict('Sywick Nature Reserve', 'zoo')).toBe('disagree');
    expect(lex.verdict('Mealini Wildlife Park', 'zoo')).toBe('unknown');
    // an ending of one name says nothing
    expect(lex.verdict('Lone Aviary', 'zoo')).toBe('unknown');
  });

  it('the name a fact is about, past a capitalised ordinary word opening it', () => {
    const ordinary = (w: string) => ['in', 'founded', 'each', 'the'].includes(w.toLowerCase());
    expect(subjectOf('In 1975 Lorna Fairweather was born in Kestrelford.', ordinary)).toBe('Lorna Fairweather');
    expect(subjectOf('Founded in 1987, Harrow & Finch Logistics now has 5,600 staff.', ordinary)).toBe('Harrow & Finch Logistics');
    expect(subjectOf('The market cross in Heskmoss dates from 1273.', ordinary)).toBe('Heskmoss');
    expect(subjectOf('The Hollin Art Museum opened in 1988.', ordinary)).toBe('Hollin Art Museum');
  });

  it('follows removals', () => {
    const lex = lexicon();
    lex.remove('6');
    expect(lex.isPerson('Oskar Lind')).toBe(false);
    lex.add('6', FACTS[6] as string);
    expect(lex.isPerson('Oskar Lind')).toBe(true);
  });
});
