/**
 * Set and count questions through a join ("people who work for a company based in X"): which
 * facts stand for the other side of the join, and what they link through.
 */
import { describe, expect, it } from 'vitest';
import { aboutAnotherClass, joinedThrough, joinSideCheck, selectionHolder } from '../../engines/nldb/join-fan-out.js';
import { LexicalIndex } from '../../engines/nldb/lexical-index.js';

const FACTS = [
  'Cuxlail Labs has its headquarters in North Thiortdale.',
  'Cuxlail Labs is a research company.',
  'Priessnaio Zorton is a doctor at Cuxlail Labs.',
  'Wistie Geer works for Cuxlail Labs.',
  'Vaisa Sleackley comes from North Thiortdale.',
  'Vaisa Sleackley was born in 1971.',
  'Fundale Nature Reserve is a park in North Thiortdale.',
  'George Lascelles is a lawyer at Fundale Nature Reserve.',
  'The number 61 bus runs between North Thiortdale and Great Trongmouth.',
  'Stimteathby Software is a software company.',
  'Stimteathby Software was founded in 1990.',
];

function indexOf(facts: readonly string[]): LexicalIndex {
  const index = new LexicalIndex();
  facts.forEach((f, i) => index.add(String(i + 1), f));
  return index;
}

describe('the other side of a join', () => {
  const index = indexOf(FACTS);
  const ordinary = (w: string) => index.isOrdinaryWord(w);
  const question = 'How many people work for a company based in North Thiortdale?';

  it('is a fact about a thing of the class the question goes through, not a member, a town or another class', () => {
    const other = aboutAnotherClass(question, index.classes, ordinary);
    expect(other(FACTS[0] as string)).toBe(true);
    expect(other(FACTS[4] as string)).toBe(false); // a person: a member itself
    expect(other(FACTS[6] as string)).toBe(false); // a park, not a company
    expect(other(FACTS[8] as string)).toBe(false); // about towns
  });

  it('is not looked for when the question names no class to go through', () => {
    const other = aboutAnotherClass('Who works for Cuxlail Labs?', index.classes, ordinary);
    expect(other(FACTS[0] as string)).toBe(false);
  });

  it('holds what the question selects on: its names and its number comparisons', () => {
    expect(selectionHolder(question, index)([FACTS[0] as string])).toBe(true);
    expect(selectionHolder(question, index)([FACTS[9] as string])).toBe(false);
    const founded = selectionHolder('How many people work for a company founded before 2000?', index);
    expect(founded([FACTS[10] as string])).toBe(true);
    expect(founded([FACTS[5] as string, FACTS[9] as string])).toBe(true);
    expect(founded([FACTS[9] as string])).toBe(false);
    expect(selectionHolder('How many people are there?', index)([FACTS[0] as string])).toBe(false);
  });

  it("holds a join's conditions in the facts about the thing joined through, not in the member's own", () => {
    const lines = [
      'Caimer Textiles has its head office in Great Hailport and dates from 1915.',
      'Dreendette Nosjysini has worked as a journalist at Caimer Textiles since 1994.',
      'Yaxclollwood Farms was set up in 2015.',
      'Teesquouso Clindaxstein is a journalist at Yaxclollwood Farms.',
      'Wussshouran Niossay joined Caimer Textiles in 1992 and was born in South Beerdham.',
      'Hiengstein Mills has its head office in South Beerdham.',
      'Caimer Textiles is a textile company.',
      'Yaxclollwood Farms is a farming company.',
    ];
    const companies = indexOf(lines);
    const fact = (n: number) => lines[n - 1] as string;
    const founded = joinSideCheck('How many people work for a company founded after 1920 in total?', companies);
    expect(founded).not.toBeNull();
    expect(founded?.([fact(1), fact(2)], 'Dreendette Nosjysini')).toBe(false);
    expect(founded?.([fact(3), fact(4)], 'Teesquouso Clindaxstein')).toBe(true);
    const based = joinSideCheck('Count the people that work for a company based in South Beerdham.', companies);
    expect(based?.([fact(1), fact(5)], 'Wussshouran Niossay')).toBe(false);
    // a set whose facts all name the member is left alone
    expect(based?.([fact(5)], 'Wussshouran Niossay')).toBe(true);
    expect(joinSideCheck('Who works for Caimer Textiles?', companies)).toBeNull();
  });

  it('goes through a bare plural, or a class the names end in, as through "a NOUN"', () => {
    const lines = [
      'The Harrowgate String Ensemble was founded in 1961 and rehearses at Polder Hall.',
      'The Vessin Brass Ensemble rehearses at Quarry Hall.',
      'Ilka Morrow plays the viola in the Harrowgate String Ensemble.',
      'Tamsin Oberle was born in Polder Hall.',
    ];
    const ensembles = indexOf(lines);
    const ordinary = (w: string) => ensembles.isOrdinaryWord(w);
    for (const asked of ['How many people play in ensembles based at Polder Hall?', 'How many people play in an ensemble based at Polder Hall?']) {
      const other = aboutAnotherClass(asked, ensembles.classes, ordinary);
      expect(other(lines[0] as string), asked).toBe(true);
      expect(other(lines[3] as string), asked).toBe(false); // about a person: a member itself
      expect(joinSideCheck(asked, ensembles)?.([lines[1] as string, lines[2] as string], 'Ilka Morrow'), asked).toBe(false);
    }
    // a singular without "a" is no class gone through ("the ensemble leader"), nor is the asked class
    expect(aboutAnotherClass('Which ensembles rehearse at Polder Hall?', ensembles.classes, ordinary)(lines[0] as string)).toBe(false);
  });

  it("links through the name of the class joined through, whatever the fact's subject", () => {
    // a small collection of its own (orchards and their pickers), written for this test
    const lines = [
      'Brindle Vale is also home to the Quince Cooperative, set up in 1990.',
      'The Pippin Cooperative, founded in 1984, keeps its presses at Brindle Vale.',
      'Odile Farrant joined the Quince Cooperative in 2019 as a picker.',
      'Jory Plesk is a member of the Pippin Cooperative.',
      'Odile Farrant, born in 1990, lives at Brindle Vale.',
      'Harrow Mill is a cooperative in Tarn.',
    ];
    const orchards = indexOf(lines);
    const ordinary = (w: string) => orchards.isOrdinaryWord(w);
    const joined = joinedThrough('How many people belong to cooperatives based at Brindle Vale?', orchards.classes, ordinary);
    // the place is the subject; the cooperative is what the join goes through
    expect(joined(lines[0] as string)).toBe('quince cooperative');
    expect(joined(lines[1] as string)).toBe('pippin cooperative');
    // a fact about a member starts no join, whatever else it names
    expect(joined(lines[2] as string)).toBeNull();
    expect(joined(lines[4] as string)).toBeNull();
    // the class the question asks for is not gone through, even where "someone" reads as people's
    const asked = joinedThrough('Which cooperatives are led by someone born in Tarn?', orchards.classes, ordinary);
    expect(asked(lines[0] as string)).toBeNull();
  });

  it('links through the fact subject only, not through the town it also names', () => {
    const town = indexOf([
      'Shearyyrtford Bank, based in Great Clexfield, has been trading since 1926.',
      'Vaisa Krylvertard was born and raised in Great Clexfield.',
      'Floutta Reexton is a clerk at Shearyyrtford Bank.',
    ]);
    const asked = 'Who works for a company established later than 1923?';
    expect(town.neighbours(['1'], asked, 10, { throughName: 'Shearyyrtford Bank' }).map((h) => h.id)).toEqual(['3']);
    expect(town.neighbours(['1'], asked, 10).map((h) => h.id).sort()).toEqual(['2', '3']);
  });
});
