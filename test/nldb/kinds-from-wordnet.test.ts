import { describe, expect, it } from 'vitest';
import { kindsOf } from '../../plugins/nl-query/nldb-kinds.js';

describe("WordNet's kinds of a noun, for the text-facts selection check", () => {
  it('reads hyponyms two levels down, plural or singular', () => {
    expect(kindsOf('lawyer')).toContain('solicitor');
    expect(kindsOf('lawyers')).toContain('solicitor');
    expect(kindsOf('horse')).toContain('pony');
    expect(kindsOf('parrot')).toContain('budgie');
  });

  it("reads kinds of the noun's other senses too: a collection names its things by the sense it uses", () => {
    // the container sense of "case" is WordNet's fifth
    expect(kindsOf('case')).toEqual(expect.arrayContaining(['bag', 'trunk', 'briefcase']));
  });

  it('gives kinds, never synonyms across meanings', () => {
    expect(kindsOf('chemist')).not.toContain('pharmacist');
    expect(kindsOf('cat')).not.toContain('guy');
    expect(kindsOf('lawyer')).not.toContain('lawyer');
  });

  it('an unknown word has none', () => {
    expect(kindsOf('brindlemoor')).toEqual([]);
  });
});
