/**
 * Nearness of two questions in other words (plugins/nl-query/teaching/near-questions.ts): the
 * operations must be the same classes, then content words overlap; values are set aside.
 */
import { describe, expect, it } from 'vitest';
import { SIMILAR } from '../../plugins/nl-query/teaching/example-index.js';
import { nearFeatures, nearness } from '../../plugins/nl-query/teaching/near-questions.js';

const near = (a: string, b: string) => nearness(nearFeatures(a, []), nearFeatures(b, []));

describe('nearness of questions in other words', () => {
  it('is high for rewordings with the same operations and content words', () => {
    expect(near('How many dogs are there?', 'Count the number of dogs.')).toBe(1);
    expect(near('What is the average age of the dogs?', 'Give the mean age of all dogs.')).toBe(1);
    expect(near('Which products cost more than 50 dollars?', 'products costing above 50 dollars')).toBe(1);
  });

  it('is 0 when the operations differ, whatever the words shared', () => {
    expect(near('How many dogs are there?', 'Which dogs are there?')).toBe(0);
    expect(near('Who is the oldest dog owner?', 'Who is the youngest dog owner?')).toBe(0);
    expect(near('products cheaper than 20', 'products dearer than 20')).toBe(0);
    expect(near('owners with dogs', 'owners without dogs')).toBe(0);
    expect(near('the maximum age of dogs', 'the minimum age of dogs')).toBe(0);
  });

  it('falls with the content words that differ, column words such as "name" included', () => {
    expect(near('names of the dog owners', 'names of the dog breeds')).toBeCloseTo(2 / 3);
    expect(near('the first name of owners', 'the last name of owners')).toBeCloseTo(2 / 3);
    expect(near('names of the dog owners', 'names of the dog breeds')).toBeLessThan(SIMILAR.threshold);
  });
});
