/** A name the facts never class is told by what its own facts say (class-profiles.ts). */
import { describe, expect, it } from 'vitest';
import { ClassWordsCache, profileCheck } from '../../engines/nldb/class-profiles.js';
import { lexicalIndexOf, textOf } from './fixtures/lexical.js';

const FACTS = [
  'Orlen Glass is a glass company.',
  'Orlen Glass was founded in 1950 and employs 400 workers.',
  'Tamsin Steel is a steel company.',
  'Tamsin Steel was founded in 1921 and employs 90 workers.',
  'Kell Arena is a stadium.',
  'Kell Arena opened in 1990 and gets 300,000 visitors a year.',
  'Daist Stadium is a stadium.',
  'Daist Stadium opened in 1970 and gets 80,000 visitors a year.',
  // never classed: one reads like a stadium, one like a company
  'Loan Sports Ground opened in 1910 and gets 116,133 visitors a year.',
  'Brisk Robotics was founded in 1999 and employs 35 workers.',
];

const index = () => lexicalIndexOf(FACTS);

describe("a name's class read from what its facts say", () => {
  it('a name whose facts read like another class of things is not of the asked class', () => {
    const lex = index();
    const check = profileCheck('company', lex, textOf(FACTS));
    expect(check).not.toBeNull();
    expect(check?.('Loan Sports Ground')).toBe(true);
    expect(check?.('Brisk Robotics')).toBe(false);
    // nothing known about a name: no evidence either way
    expect(check?.('Nobody Known')).toBe(false);
  });

  it('says nothing for a class with fewer than two members', () => {
    const lex = index();
    expect(profileCheck('zoo', lex, textOf(FACTS))).toBeNull();
  });

  it("keeps the classes' words until the collection's facts change", () => {
    const facts = [...FACTS];
    const lex = lexicalIndexOf(facts);
    const cache = new ClassWordsCache();
    const first = cache.of('company', lex, textOf(facts));
    expect(cache.of('company', lex, textOf(facts))).toBe(first);
    facts.push('Brisk Robotics is a robotics company.');
    lex.add(String(facts.length), facts[facts.length - 1] as string);
    const after = cache.of('company', lex, textOf(facts));
    expect(after).not.toBe(first);
    // Brisk Robotics is a member now: its words count for companies
    expect(first?.get('robotic')).toBeUndefined();
    expect(after?.get('robotic')).toBeGreaterThan(0);
  });
});
