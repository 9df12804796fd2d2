/**
 * What the shared model reads of a schema and a question: the elements are the schema part of the
 * target vocabulary, in its order; the same unknown word gets the same id in a question and in a
 * schema name; a value's placeholder marks the elements whose stored values it matched.
 */
import { describe, expect, it } from 'vitest';
import { fixedTargetTokens, schemaElements } from '../../engines/predictor/model/schema-elements.js';
import { sharedQuestion, SharedVocabulary } from '../../engines/predictor/model/shared-input.js';
import { targetVocabulary } from '../../engines/predictor/model/target.js';
import { shopSchema } from '../helpers/shop-schema.js';

describe('schema elements and the shared input', () => {
  it('are the target vocabulary of a schema after the fixed tokens, in order', () => {
    const schema = shopSchema;
    const elements = schemaElements(schema).map((e) => e.token);
    const fixed = new Set(fixedTargetTokens());
    expect(elements).toEqual(targetVocabulary(schema).filter((t) => !fixed.has(t)));
    expect(elements.length).toBeGreaterThan(0);
  });

  it('name each attribute by its own words and its class by the owner words, in the singular', () => {
    const schema = shopSchema;
    const attribute = schemaElements(schema).find((e) => e.kind === 'attribute' && e.words.length > 1);
    expect(attribute).toBeDefined();
    expect(attribute!.owner.length).toBeGreaterThan(0);
    for (const w of [...attribute!.words, ...attribute!.owner]) expect(w).toBe(w.toLowerCase());
  });

  it('gives an unknown word the same id in a question and in a schema name, and other unknown words other ids (mostly)', () => {
    const vocabulary = SharedVocabulary.build([['how', 'many', 'how', 'many', 'how', 'many']], { buckets: 4096 });
    expect(vocabulary.knows('how')).toBe(true);
    expect(vocabulary.knows('horsepower')).toBe(false);
    expect(vocabulary.id('horsepower')).toBe(vocabulary.id('horsepower'));
    const ids = new Set(['horsepower', 'torque', 'wheelbase', 'displacement', 'acceleration'].map((w) => vocabulary.id(w)));
    expect(ids.size).toBe(5);
  });

  it('marks the elements a mention matched with its placeholder, and reads plural question words as singular', () => {
    const schema = shopSchema;
    const elements = schemaElements(schema);
    const target = elements.find((e) => e.kind === 'attribute' && e.type === 'text');
    expect(target).toBeDefined();
    const vocabulary = SharedVocabulary.build([]);
    const question = sharedQuestion(['which', 'products', 'from', '@1', '|', '@1', 'kind:text', 'match:exact', target!.token], elements, vocabulary);
    expect(question.marks).toEqual([[elements.indexOf(target!), vocabulary.id('@1')]]);
    expect(question.src[1]).toBe(vocabulary.id('product'));
    expect(question.src).toContain(vocabulary.id('|'));
  });
});
