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

/** A lexicon read from these facts (by default the ones above), fact ids by position. */
function lexicon(facts: readonly string[] = FACTS): ClassLexicon {
  const lex = new ClassLexicon();
  facts.forEach((f, i) => lex.add(String(i), f));
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

  it('an appositive between a name and "was born" leaves it a person; "the same X" gives X no class', () => {
    expect(classStatements('She works at the same Orlen Glass.').find((x) => x.name === 'orlen glass')?.noun ?? null).toBeNull();
    expect(classStatements('Pethy Voartick, who is a weaver, was born in 2004.')[0]).toMatchObject({ name: 'pethy voartick', person: true });
  });

  it('a class word is one the facts use for a class, not a word names end in', () => {
    const lex = new ClassLexicon();
    ['Dunholt Maritime Museum gets 33,050 visitors a year.', 'Hollin Art Museum opened in 1988.', 'Fenn Gardens is a public park.', 'Kell Park is a park.']
      .forEach((f, i) => lex.add(String(i), f));
    expect(lex.isClassNoun('park')).toBe(true);
    expect(lex.isClassNoun('museum')).toBe(false);
    // nor is a word one name written in many facts ends in
    ['Quill Software employs Ines Dal.', 'Quill Software was set up in 2009.', 'Rafa Quen writes code for Quill Software.'].forEach((f, i) => lex.add(`q${i}`, f));
    expect(lex.isClassNoun('software')).toBe(false);
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

  it('what is founded, employs or has staff is not a person', () => {
    const lex = lexicon();
    lex.add('t1', 'Sacker Furniture employs 36692 people.');
    lex.add('t2', 'Deangriolina Syttwood works as a dentist for Sacker Furniture.');
    lex.add('t3', 'Clangton Playhouse opened in 1973.');
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

  it("people: a name ending in a word that ends other names and never a person's is a thing, with no class noun said", () => {
    const lex = lexicon([
      'Pia Sorn leads the Tidal Studies Group.',
      'The Reef Ecology Group was set up in 1994.',
      'Noor Brask was born in Halm in 1970.',
      'Tam Brask works with Noor Brask.',
      'Lida Quay manages Halm Ferry Terminal.',
    ]);
    // "Group" ends two names, neither a person's: who runs something is not a group
    expect(lex.verdict('Tidal Studies Group', 'person')).toBe('disagree');
    // a surname two people share is no thing's ending (one of them is shown to be a person)
    expect(lex.verdict('Tam Brask', 'person')).toBe('unknown');
    // an ending of one name says nothing
    expect(lex.verdict('Halm Ferry Terminal', 'person')).toBe('unknown');
  });

  it('people: a name written after "the" is not a person\'s (English gives names of people no article)', () => {
    const lex = lexicon([
      'In 2017 the Instrumentation Group received €950,000 from the Brennmark Foundation.',
      'The Lathen Trust gave Ilse Marrow €480,000.',
      'The chemist Ilse Marrow joined the group in 2015.',
      'It was Emeric Hallstrom who supervised the young Corwin Ashgrove.',
    ]);
    expect(lex.verdict('Brennmark Foundation', 'person')).toBe('disagree');
    expect(lex.verdict('Lathen Trust', 'person')).toBe('disagree');
    // a word between the article and the name: "the chemist X", "the young X"
    expect(lex.verdict('Ilse Marrow', 'person')).toBe('unknown');
    expect(lex.verdict('Corwin Ashgrove', 'person')).toBe('unknown');
  });

  it('a class named by a few endings: a name with another, repeated ending is of another class', () => {
    const lex = lexicon([
      'Kenton Zoo is a zoo.',
      'Moufield Zoo opened in 1900.',
      'Canton Wildlife Park is a zoo in Vardby.',
      'Sywick Nature Reserve opened in 1950.',
      'Hale Nature Reserve gets 10,000 visitors a year.',
      'Lone Aviary opened in 1990.',
    ]);
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

  it('a key the facts call a kind of the asked class agrees with it (kinds given, e.g. WordNet\'s)', () => {
    const lex = lexicon(['Tern is a ferry.', 'Dory is a barge.', 'Wren is a ferry.', 'Skua is a vessel.', 'Gull is a vessel.', 'Pike is a lorry.', 'Carp is a lorry.']);
    // without kinds the facts say nothing about a ferry being a vessel
    expect(lex.verdict('tern', 'vessel')).toBe('unknown');
    expect(lex.verdict('tern', 'vessel', ['ferry', 'barge'])).toBe('agree');
    expect(lex.verdict('pike', 'vessel', ['ferry', 'barge'])).toBe('unknown');
    expect(lex.verdict('skua', 'vessel', ['ferry', 'barge'])).toBe('agree');
  });
});

describe('a class no fact states is read from the names that end in it', () => {
  const ships = [
    'The Marrow Schooner sails from Keld.',
    'The Osk Schooner was launched in 1901.',
    'Tarn Ketch, the smaller boat, is moored at Keld.',
    'The Lowe Ketch carries twelve passengers.',
    'Hilde Varn was born in Keld in 1950 and sails the Osk Schooner.',
  ];
  const lex = new ClassLexicon();
  ships.forEach((f, i) => lex.add(String(i), f));

  it('a word that ends two names or more, none of them a person, is a class', () => {
    expect(lex.isClassNoun('schooner')).toBe(false);
    expect(lex.endsNames('schooner')).toBe(true);
    expect(lex.endsNames('keld')).toBe(false);
  });

  it('a key ending in it agrees; one ending in another such word, or a person, disagrees; others are unknown', () => {
    expect(lex.verdict('Marrow Schooner', 'schooner')).toBe('agree');
    expect(lex.verdict('Tarn Ketch', 'schooner')).toBe('disagree');
    expect(lex.verdict('Hilde Varn', 'schooner')).toBe('disagree');
    expect(lex.verdict('Keld', 'schooner')).toBe('unknown');
    // a kind of the class (WordNet's, given) agrees
    expect(lex.verdict('Tarn Ketch', 'boat', ['ketch'])).toBe('unknown');
    expect(lex.verdict('Tarn Ketch', 'ketch', [])).toBe('agree');
  });
});

describe('a class no fact states is read from the names that open with it', () => {
  const storms = [
    'Storm Ingrid made landfall near Selby in 1998.',
    'Storm Petra flooded Selby harbour in 2004.',
    'The Brine gauge, a float gauge, was fixed to the pier in 2004.',
    'Koral-2, a buoy, drifted off Selby.',
    'Storm Ode was first tracked in 2011 by Mara Quill.',
    'The Storm Watch Service, founded in 1977, warns the coast.',
    'The Harbour Watch Service runs a beacon at Selby.',
    'The Coast Service of Pilots guides ships into Selby.',
    'Mara Quill was born in Selby in 1960.',
    'Kelda-4, a buoy, measured the waves in 2004.',
    'Saint Erne is a village; Tam Roe was born in Saint Erne.',
    'Saint Olwen lies near Selby.',
    'Orle Lane Bakery sells bread; Orle Lane Dairy sells milk.',
    'Selby Rowing and Selby Sailing share a boathouse.',
  ];
  const lex = lexicon(storms);

  it('a word that opens two names or more, none a person or a place, is a class; a longer name ending in a repeated word is of that word', () => {
    expect(lex.isClassNoun('storm')).toBe(false);
    expect(lex.beginsNames('storm')).toBe(true);
    // "Saint Erne" and "Saint Olwen" are places; "The Storm Watch Service" is a service
    expect(lex.beginsNames('saint')).toBe(false);
    // nor a word that opens names before the same word ("Orle Lane ..."), or is a name alone ("Selby")
    expect(lex.beginsNames('orle')).toBe(false);
    expect(lex.beginsNames('selby')).toBe(false);
    expect(lex.membersOf('storm').sort()).toEqual(['storm ingrid', 'storm ode', 'storm petra']);
  });

  it('a key opening with it agrees; a person, a name of several words without it, or a name the facts give another class disagrees', () => {
    expect(lex.verdict('Storm Petra', 'storm')).toBe('agree');
    expect(lex.verdict('Mara Quill', 'storm')).toBe('disagree');
    expect(lex.verdict('Storm Watch Service', 'storm')).toBe('disagree');
    expect(lex.verdict('Kelda-4', 'storm')).toBe('disagree');
    expect(lex.verdict('Selby', 'storm')).toBe('unknown');
    // one word the facts write with another word after "the" is what that word says
    expect(lex.writtenAfter('Brine')).toEqual(['gauge']);
    expect(lex.verdict('Brine', 'storm')).toBe('disagree');
    // a number is no member of any class
    expect(lex.verdict('4.2', 'storm')).toBe('disagree');
    expect(lex.verdict('1998', 'buoy')).toBe('disagree');
  });

  it("a name opening with another class's word is not of a class the facts state", () => {
    expect(lex.isClassNoun('buoy')).toBe(true);
    expect(lex.verdict('Koral-2', 'buoy')).toBe('agree');
    expect(lex.verdict('Storm Ode', 'buoy')).toBe('disagree');
    expect(lex.verdict('Storm Ode', 'buoy', ['storm'])).not.toBe('disagree');
  });

  it('people: a name opening with a class word of things is not a person', () => {
    expect(lex.verdict('Storm Ingrid', 'person')).toBe('disagree');
    expect(lex.verdict('Mara Quill', 'person')).toBe('agree');
  });

  it('a class named by its ending: a name of several words with another ending is another\'s', () => {
    expect(lex.endsNames('service')).toBe(true);
    expect(lex.verdict('Harbour Watch Service', 'service')).toBe('agree');
    // a class word before "of" heads the name
    expect(lex.verdict('Coast Service of Pilots', 'service')).toBe('agree');
    // "Storm Ingrid" ends in a word no other name ends in: no class of its own, still not a service
    expect(lex.verdict('Storm Ingrid', 'service')).toBe('disagree');
    expect(lex.verdict('Selby', 'service')).toBe('unknown');
  });
});

describe('a class statement may qualify its noun with a measure', () => {
  it('reads the class after a numbered modifier ("a 40-foot sloop", "a 2.5-tonne truck")', () => {
    expect(classStatements('The Heron, a 40-foot sloop, was launched in 1931.')[0]).toMatchObject({ name: 'heron', noun: 'sloop' });
    expect(classStatements('Big Bess is a 2.5-tonne truck.')[0]).toMatchObject({ name: 'big bess', noun: 'truck' });
  });
});

describe("a key of another class is replaced by its fact's one name of the asked class", () => {
  const boats = ['The Marrow Schooner sails from Keld.', 'The Osk Schooner was launched in 1901.', 'Tarn Ketch is moored at Keld.', 'The Lowe Ketch carries 12 passengers.'];
  const lex = new ClassLexicon();
  boats.forEach((f, i) => lex.add(String(i), f));

  it('finds the one name of the class in the fact, and none when there are two or none', () => {
    expect(lex.nameOfClass(["Keld Harbour's old Marrow Schooner was refitted in 1990."], 'schooner', [], 'Keld Harbour')).toBe('Marrow Schooner');
    expect(lex.nameOfClass(['The Marrow Schooner raced the Osk Schooner.'], 'schooner', [], 'Keld')).toBeNull();
    expect(lex.nameOfClass(['Tarn Ketch is moored at Keld.'], 'schooner', [], 'Tarn Ketch')).toBeNull();
  });
});
