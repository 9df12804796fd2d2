/** An argmin/argmax value is its key's own number: the fact it was copied from names the key. */
import { describe, expect, it } from 'vitest';
import { namesKey } from '../../engines/nldb/interpreter.js';

describe("an arg's value comes from a fact naming its key", () => {
  it("accepts the key's own fact, whatever the case and spacing", () => {
    expect(namesKey('Tendan Beettsheaford was born in 1945.', 'Tendan Beettsheaford')).toBe(true);
    expect(namesKey('In 1946 Andrew  Windsor was born.', 'andrew windsor')).toBe(true);
  });

  it("rejects a number from another name's fact", () => {
    expect(namesKey('Kindfoulick Mills was founded in 1851.', 'Kroamsasus Lascelles')).toBe(false);
    expect(namesKey('Treattez Theatre was opened in 1914.', 'Wuel Staithton')).toBe(false);
    expect(namesKey('Treattez Theatre was opened in 1914.', '')).toBe(false);
  });
});
