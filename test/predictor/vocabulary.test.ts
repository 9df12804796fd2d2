/**
 * The model's vocabulary: a word it never saw that is a known word with two neighbouring letters
 * swapped is read as that word; known words, placeholders and short words are left as they are.
 */
import { describe, expect, it } from 'vitest';
import { Vocabulary } from '../../engines/predictor/model/vocabulary.js';

const vocabulary = new Vocabulary({ input: ['<pad>', '<unk>', '<bos>', '<eos>', '|', '@1', 'kind:text', 'list', 'suppliers', 'form', 'from', 'the'], target: ['<pad>', '<bos>', '<eos>'] });

describe('respelling question words', () => {
  it('reads an unknown word with two neighbouring letters swapped as the known word', () => {
    expect(vocabulary.respell(['list', 'the', 'suplpiers'])).toEqual(['list', 'the', 'suppliers']);
    expect(vocabulary.encodeInput(vocabulary.respell(['suplpiers']))).toEqual([8]);
  });

  it('leaves known words, placeholders, hints and unknown words without a known swap alone', () => {
    expect(vocabulary.respell(['form', '@1', 'kind:text', 'teh', 'customers'])).toEqual(['form', '@1', 'kind:text', 'teh', 'customers']);
  });
});
