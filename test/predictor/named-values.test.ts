/**
 * Names a question gives that nothing matches (engines/predictor/named-values.ts): a capitalised
 * run inside the sentence that no value and no schema name covers is a name the source cannot
 * honour; a name the source's own name or description gives (the Manchester of a Greater
 * Manchester crime database) is what the whole source is about, and no name to match.
 */
import { describe, expect, it } from 'vitest';
import { unmatchedNames } from '../../engines/predictor/named-values.js';
import { schemaNames } from '../../engines/predictor/schema-words/schema-names.js';
import { shopSchema } from '../helpers/shop-schema.js';

const names = schemaNames(shopSchema);

describe('names that match nothing', () => {
  it('are the capitalised runs no value or schema name covers', () => {
    expect(unmatchedNames('Which orders were shipped to Atlantis?', [], names)).toEqual(['Atlantis']);
    expect(unmatchedNames('Which Orders were shipped late?', [], names)).toEqual([]);
  });

  it("leave out what the source's own name and description say it is about", () => {
    const context = new Set(['greater', 'manchester', 'crime', 'orders', 'of', 'a', 'shop']);
    expect(unmatchedNames('Which orders in Manchester were shipped to Atlantis?', [], names, () => false, context)).toEqual(['Atlantis']);
    expect(unmatchedNames('Which orders in Greater Manchester were shipped late?', [], names, () => false, context)).toEqual([]);
  });
});
