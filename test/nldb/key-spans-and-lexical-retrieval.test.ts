/**
 * Pure parts of the retriever and the extractor's decoding: BM25 over facts (names find their
 * facts, joins find the facts that share a name), keys completed to whole names, and keys that
 * are no name at all.
 */
import { describe, expect, it } from 'vitest';
import { LexicalIndex, nameTerms, term } from '../../engines/nldb/lexical-index.js';
import { noName } from '../../engines/nldb/interpreter.js';
import { completeName } from '../../engines/nldb/spj.js';

const vocab = new Map(['in', 'every', 'the', 'at', 'is', 'born', 'was'].map((w, i) => [w, i + 6]));
const key = (text: string, span: string) => {
  const at = text.indexOf(span);
  return completeName(text, at, at + span.length, vocab);
};

describe('keys are whole names', () => {
  it('widens a span that stops short of the name', () => {
    expect(key('Declan Achterberg works as a chemist for Orrin Chemical Works.', 'Orrin Chemical')).toBe('Orrin Chemical Works');
    expect(key('In her free time Lorna Fairweather goes birdwatching.', 'Fairweather')).toBe('Lorna Fairweather');
    expect(key('The Kestrelford Museum of Clocks opened in 1936.', 'Kestrelford Museum')).toBe('Kestrelford Museum of Clocks');
    expect(key('Founded in 1987, Harrow & Finch Logistics now has 5,600 staff.', 'Finch Logistics')).toBe('Harrow & Finch Logistics');
    expect(key('The comet Cwenrigg-Lorv was first seen in 1787.', 'Lorv')).toBe('Cwenrigg-Lorv');
    expect(key('Trains run from Dunholt - Westry twice a day.', 'Westry')).toBe('Westry');
  });

  it('keeps a designation written tight after a name', () => {
    expect(key('The probe Veyra-7b was launched in 2001.', 'Veyra')).toBe('Veyra-7b');
    expect(key('Kessel-12, a tug, was built in 1980.', 'Kessel')).toBe('Kessel-12');
    expect(key('Trains run from Dunholt - 12 times a day.', 'Dunholt')).toBe('Dunholt');
  });

  it('cuts a span that runs into the sentence down to the last name in it', () => {
    expect(key('Brindlemoor is the birthplace of Florian Ostrowe, who was born there.', 'Brindlemoor is the birthplace of Florian')).toBe('Florian Ostrowe');
    expect(key("Dunmere's Marsh Lane Railway Museum has been open since 1974.", "Dunmere's Marsh Lane Railway Museum")).toBe('Marsh Lane Railway Museum');
    expect(key('At weekends Priya Castellane goes rock climbing.', 'At weekends Priya Castellane')).toBe('Priya Castellane');
  });

  it('does not take an ordinary word that opens the sentence, nor a name joined by "and"', () => {
    expect(key('Every Thursday evening Henrik Solvang plays chess.', 'Henrik Solvang')).toBe('Henrik Solvang');
    expect(key('In Kestrelford Tobias Wren was born.', 'Kestrelford')).toBe('Kestrelford Tobias Wren');
    expect(key('Marta Oyelaran and Henrik Solvang have been married since 1998.', 'Henrik Solvang')).toBe('Henrik Solvang');
  });

  it('leaves spans without a capitalised word alone', () => {
    expect(key('Ann keeps a grey cat.', 'a grey cat')).toBe('a grey cat');
  });
});

/** An index of the given facts, their ids '1', '2', ... in order. */
function indexOf(lines: readonly string[]): LexicalIndex {
  const index = new LexicalIndex();
  lines.forEach((text, i) => index.add(String(i + 1), text));
  return index;
}

describe('BM25 over facts', () => {
  const facts: Record<string, string> = {
    '1': 'Pellham Optics, a lens manufacturer founded in 1968, has its headquarters in Port Alder.',
    '2': 'Joaquin Halvorsen designs lenses as an engineer at Pellham Optics.',
    '3': 'Mirela Halvorsen develops software for Pellham Optics.',
    '4': 'Saltmarsh Energy was founded in 2014.',
    '5': 'Joaquin Halvorsen and Mirela Halvorsen are husband and wife.',
    '6': 'Ann Smith was born in Port Alder.',
  };
  const index = new LexicalIndex();
  for (const [id, text] of Object.entries(facts)) index.add(id, text);

  it('stems plurals and inflections and skips function words and numbers', () => {
    expect(term('companies')).toBe(term('company'));
    expect(term('founded')).toBe('found');
    expect(term('museums')).toBe(term('museum'));
    expect(term('Which')).toBeNull();
    expect(term('1968')).toBeNull();
    expect([...nameTerms('Joaquin Halvorsen works at Pellham Optics.')].sort()).toEqual(['halvorsen', 'optic', 'pellham']);
  });

  it('ranks facts naming a rare word of the question first', () => {
    const hits = index.search('Who works at Pellham Optics?', 10).map((h) => h.id);
    expect(hits.slice(0, 3).sort()).toEqual(['1', '2', '3']);
    expect(hits).not.toContain('4');
  });

  it('finds the other side of a join: facts sharing a name with the set', () => {
    const next = index.neighbours(['2'], 'Who is married to an engineer?', 5).map((h) => h.id);
    expect(next).toContain('5');
    expect(next).not.toContain('2');
    expect(next).not.toContain('6');
  });

  it('links through the name a fact opens with, and not through a name the question spells out', () => {
    const town = indexOf([
      'Cyttley Instruments has its head office in Little Traillcross.',
      'Cyttley Instruments has been trading since 2014.',
      'Dreackkai Textiles, a textile company from Little Traillcross, dates from 1977.',
      'Most companies in the region are small.',
    ]);
    const next = town.neighbours(['1'], 'Among companies based in Little Traillcross, what is the latest founding year?', 5).map((h) => h.id);
    expect(next).toEqual(['2']);
  });

  it('links only through a whole name written as a name, not a word two names share', () => {
    const parks = indexOf([
      'Cleardthorpe Wildlife Park opened in 1807.',
      'Leardpraiton Wildlife Park is a zoo in Old Braimchubridge.',
      'Cleardthorpe Wildlife Park welcomes 132,927 visitors per year.',
      'Loustbridge Railway Museum opened in 1711.',
      'Greexstaxon Tassberg celebrated the railway and the park.',
    ]);
    expect(parks.neighbours(['1'], 'Which zoo opened first?', 5).map((h) => h.id)).toEqual(['3']);
    expect(parks.neighbours(['4'], 'Which museum opened first?', 5)).toEqual([]);
  });

  it('goes on from the name the last fact of a chain added, not back through the first fact', () => {
    const chain = indexOf([
      'Slourdby Steel was founded in 1924 and has its headquarters in Lower Quyrniettbridge.',
      'Heerda Cittquostay is employed by Slourdby Steel as a baker.',
      'Heerda Cittquostay was born in 1930.',
      'Caroline Burnaby was born in Lower Quyrniettbridge in 1977.',
      'Seexina Kriongski has worked as a dentist at Slourdby Steel since 2002.',
    ]);
    const question = 'Which person who works for a company founded before 1999 was born earliest?';
    expect(chain.neighbours(['1', '2'], question, 5, { throughNewest: true }).map((h) => h.id)).toEqual(['3']);
    // through every name of the set, the company's other staff and its town's people follow too
    expect(chain.neighbours(['1', '2'], question, 5).map((h) => h.id).sort()).toEqual(['3', '4', '5']);
    // a last fact that names nothing new links through every name
    expect(chain.neighbours(['2', '3'], question, 5, { throughNewest: true }).map((h) => h.id).sort()).toEqual(['1', '5']);
  });

  it('does not go on from a town the last fact of a chain added', () => {
    const fort = indexOf([
      'Bliolay Fort welcomes 780,671 visitors per year.',
      'Bliolay Fort is located in Little Packminster.',
      'Janet Beaton was born in Little Packminster in 2003.',
      'Bliolay Fort is a castle.',
    ]);
    const question = 'What is the most recent birth year among people who manage a castle?';
    expect(fort.neighbours(['1', '2'], question, 5, { throughNewest: true })).toEqual([]);
  });

  it('forgets removed facts', () => {
    index.remove('3');
    expect(index.search('Mirela develops software', 5).map((h) => h.id)).not.toContain('3');
    expect(index.size).toBe(5);
  });
});

describe('a key made of words no name is made of answers nothing (interpreter.ts noName)', () => {
  it('is function words or a letter: "There" of "There are 87 people on the payroll at X", "X" of "an X-ray instrument"', () => {
    for (const k of ['There', 'It', 'X', 'there are']) expect(noName(k), k).toBe(true);
  });

  it('is not a name, a hyphenated name, or a number (left to the class checks)', () => {
    for (const k of ['Theo', 'Osprey-2b', 'Harrow & Finch Logistics', '1999']) expect(noName(k), k).toBe(false);
  });
});
