/**
 * Ranked cue: an offset makes the row the n-th of a ranking, which people ask for with an ordinal
 * ("the third cheapest", "ranked 4th", "the runner-up"); a reading that skips rows where no word is
 * one loses, whatever else the question says about order ("from high to low").
 */
import { describe, expect, it } from 'vitest';
import { namesRank, RANKED_CUE, RANKED_PENALTY } from '../../engines/predictor/cues/ranked.js';
import { schemaNames } from '../../engines/predictor/schema-words/schema-names.js';
import type { SchemaGraph } from '../../engines/schema-graph/types.js';

const empty: SchemaGraph = { source: 'none', classes: [], relations: [] };
const judged = (question: string, reading: string) => RANKED_CUE.read({ question, mentions: [], said: [], names: schemaNames(empty), schema: empty }).whenFinished?.(reading.split(' ')) ?? 0;

describe('ranked cue', () => {
  it('hears ordinals from "second" up, written or in digits, and the runner-up', () => {
    for (const question of ['the third cheapest product', 'which visitor is ranked 4th by age', 'who was the runner-up', 'the second most common city']) expect(namesRank(question), question).toBe(true);
    for (const question of ['the first order', 'order the results by the level from high to low', 'top 3 products']) expect(namesRank(question), question).toBe(false);
  });

  it('charges a reading that skips rows no ordinal asks to skip, and no other', () => {
    const skipping = 'show A:Visitor.Name where A:Visitor.Level > @1 order desc A:Visitor.Level limit #1 offset #2';
    expect(judged('names of the visitors whose level is higher than 4, ordered by the level from high to low', skipping)).toBe(RANKED_PENALTY);
    expect(judged('the visitor with the third highest level', skipping)).toBe(0);
    expect(judged('names of the visitors whose level is higher than 4, ordered by the level from high to low', 'show A:Visitor.Name where A:Visitor.Level > @1 order desc A:Visitor.Level')).toBe(0);
  });
});
