/**
 * How the generator types a finished question (registers.ts), numbers in words both ways
 * (number-words.ts, and the mention finder reading them), each register deterministic for a seed
 * and never touching a value.
 */
import { describe, expect, it } from 'vitest';
import { Random } from '../../engines/query-graph/random-walk.js';
import { findMentions } from '../../engines/predictor/values/mentions.js';
import { unswapped } from '../../engines/english/normalize.js';
import { findNumberWords, numberWords } from '../../engines/english/number-words.js';
import { Registers, type RegisterOptions } from '../../engines/predictor/generator/registers.js';
import { ValueMemory } from '../../engines/predictor/values/value-memory.js';

const NONE: RegisterOptions = { lowercase: 0, bare: 0, contraction: 0, polite: 0, dropWords: 0, typo: 0 };

function typed(question: string, options: RegisterOptions, seed = 1, values: readonly string[] = []): string {
  const spans = values.map((v) => [question.indexOf(v), question.indexOf(v) + v.length] as const);
  return new Registers(new Random(seed), { ...NONE, ...options }).apply(question, () => spans);
}

describe('registers of a typed question', () => {
  it('leave the question as written when every register is off', () => {
    expect(typed('What is the price of Chai?', {})).toBe('What is the price of Chai?');
  });

  it('are the same for the same seed', () => {
    const options = { lowercase: 0.5, bare: 0.5, contraction: 0.5, polite: 0.5, dropWords: 0.5, typo: 0.5 };
    const questions = Array.from({ length: 20 }, (_, seed) => typed('Which products are there in the Seafood category?', options, seed, ['Seafood']));
    expect(Array.from({ length: 20 }, (_, seed) => typed('Which products are there in the Seafood category?', options, seed, ['Seafood']))).toEqual(questions);
    expect(new Set(questions).size).toBeGreaterThan(5);
  });

  it('write all in lower case', () => {
    expect(typed('Which Products come from Germany?', { lowercase: 1 })).toBe('which products come from germany?');
  });

  it('leave out the final mark', () => {
    expect(typed('Which products are discontinued?', { bare: 1 })).toBe('Which products are discontinued');
    expect(typed('List the products.', { bare: 1 })).toBe('List the products');
  });

  it('contract "what is" to "what\'s" or "whats"', () => {
    const forms = new Set(Array.from({ length: 12 }, (_, seed) => typed('What is the price of Chai?', { contraction: 1 }, seed)));
    expect([...forms].sort()).toEqual(["What's the price of Chai?", 'Whats the price of Chai?']);
    expect(typed('who is the father of Anne?', { contraction: 1 })).toBe("who's the father of Anne?");
  });

  it('ask politely: "pls", "please", "can you" before commands', () => {
    const forms = Array.from({ length: 30 }, (_, seed) => typed('List the products.', { polite: 1 }, seed));
    expect(forms.every((q) => /\b(pls|please|can you|could you|can u|thanks)\b/.test(q))).toBe(true);
    expect(forms.some((q) => /^(can you|could you|can u) list the products\.$/.test(q))).toBe(true);
    const questions = Array.from({ length: 30 }, (_, seed) => typed('Which products are there?', { polite: 1 }, seed));
    expect(questions.some((q) => /^(can|could) you which/.test(q))).toBe(false);
  });

  it('leave out function words, never a value', () => {
    const question = 'list all the products that are in the The Big Cheese catalog';
    for (let seed = 0; seed < 20; seed += 1) {
      const out = typed(question, { dropWords: 1 }, seed, ['The Big Cheese']);
      expect(out).toContain('The Big Cheese');
      expect(out.split(' ').length).toBeLessThan(question.split(' ').length);
      expect(out.split(' ').length).toBeGreaterThanOrEqual(question.split(' ').length - 2);
      expect(out).not.toMatch(/\s{2}|^\s|\s$/);
    }
  });

  it('make one typo (swap, drop or double a letter) in a long word, never in a value', () => {
    const question = 'which customers ordered Gorgonzola Telino in december';
    const seen = new Set<string>();
    for (let seed = 0; seed < 40; seed += 1) {
      const out = typed(question, { typo: 1 }, seed, ['Gorgonzola Telino']);
      expect(out).toContain('Gorgonzola Telino');
      const changed = out.split(' ').filter((w, i) => w !== question.split(' ')[i]);
      expect(changed.length, out).toBe(1);
      const before = question.split(' ').find((w) => !out.split(' ').includes(w)) as string;
      const after = changed[0] as string;
      seen.add(after.length < before.length ? 'drop' : after.length > before.length ? 'double' : 'swap');
    }
    expect([...seen].sort()).toEqual(['double', 'drop', 'swap']);
  });

  it('make no typo that writes another word ("least" -> "last")', () => {
    for (let seed = 0; seed < 40; seed += 1) {
      expect(new Registers(new Random(seed), { ...NONE, typo: 1 }, () => true).apply('the least expensive products', () => [])).toBe('the least expensive products');
      expect(typed('the least items', { typo: 1 }, seed)).not.toMatch(/\blast\b/);
    }
  });
});

describe('numbers in words', () => {
  it('are written for 2..99, 100 and 1000, never "one"', () => {
    expect([numberWords(1), numberWords(2), numberWords(5), numberWords(20), numberWords(25), numberWords(100), numberWords(1000), numberWords(150), numberWords(2.5)]).toEqual([null, 'two', 'five', 'twenty', 'twenty-five', 'a hundred', 'a thousand', null, null]);
  });

  it('are read back as the numbers they say', () => {
    const text = 'Top five products under twenty-five bucks, seventeen of them, a hundred or one thousand; one of them';
    expect(findNumberWords(text).map((n) => [text.slice(n.start, n.end), n.value])).toEqual([
      ['five', 5],
      ['twenty-five', 25],
      ['seventeen', 17],
      ['a hundred', 100],
      ['one thousand', 1000],
    ]);
    for (let n = 2; n < 100; n += 1) expect(findNumberWords(`the ${numberWords(n)} cheapest`).map((s) => s.value)).toEqual([n]);
  });

  it('read "zero" as 0, and write it never', () => {
    expect(findNumberWords('products with zero units in stock').map((n) => n.value)).toEqual([0]);
    expect(numberWords(0)).toBeNull();
    expect(findNumberWords('zeroes and a zero-sum game')).toEqual([]);
  });

  it('are no numbers inside other words or before a hyphen', () => {
    expect(findNumberWords('fiveish twenty-something nines a five-star hotel')).toEqual([]);
  });

  it('are number mentions for the mention finder, as digits are', () => {
    const memory = ValueMemory.of([]);
    const mentions = findMentions('top five products under twenty bucks', memory);
    expect(mentions.map((m) => [m.text, m.kind, m.number])).toEqual([
      ['five', 'number', 5],
      ['twenty', 'number', 20],
    ]);
  });

  it('read a year said in words as one year ("nineteen ninety-three"), not as two numbers', () => {
    const memory = ValueMemory.of([]);
    const years = (question: string) => findMentions(question, memory).map((m) => [m.text, m.kind, m.number]);
    expect(years('staff hired in nineteen ninety-three')).toEqual([['nineteen ninety-three', 'year', 1993]]);
    expect(years('count everyone who died in nineteen eighteen')).toEqual([['nineteen eighteen', 'year', 1918]]);
    expect(years('people born before fifteen hundred')).toEqual([['fifteen hundred', 'year', 1500]]);
    expect(years('orders from nineteen oh five')).toEqual([['nineteen oh five', 'year', 1905]]);
    expect(years('films of two thousand and five')).toEqual([['two thousand and five', 'year', 2005]]);
    // Numbers that are no years stay numbers.
    expect(years('more than two thousand dollars, twenty five products').map(([, kind]) => kind)).not.toContain('year');
    expect(years('the top five products under twenty bucks')).toEqual([
      ['five', 'number', 5],
      ['twenty', 'number', 20],
    ]);
  });
});

describe('periods of time', () => {
  const memory = ValueMemory.of([]);
  const read = (question: string) => findMentions(question, memory).map((m) => [m.text, m.kind, m.number ?? m.date]);

  it('read a decade as its first and last year', () => {
    expect(read('orders in the 1990s')).toEqual([
      ['1990', 'year', 1990],
      ['s', 'year', 1999],
    ]);
  });

  it('read a half or a quarter of a year as its first and last month', () => {
    expect(read('orders in the second half of 1997')).toEqual([
      ['second half of', 'month', '1997-07'],
      ['1997', 'month', '1997-12'],
    ]);
    expect(read('sales in Q3 1997')).toEqual([
      ['Q3', 'month', '1997-07'],
      ['1997', 'month', '1997-09'],
    ]);
    expect(read('the 1st quarter of 1998')).toEqual([
      ['1st quarter of', 'month', '1998-01'],
      ['1998', 'month', '1998-03'],
    ]);
  });

  it('leave a plain year a year', () => {
    expect(read('orders in 1997')).toEqual([['1997', 'year', 1997]]);
  });
});

describe('typos read back at serving', () => {
  const vocabulary = new Set(['maximum', 'every', 'detail', 'solid', 'under']);

  it('repair each typo the generator makes: a swap, a doubled letter, a dropped one', () => {
    expect(['undre', 'eveery', 'mximum', 'detial', 'detaill'].map((w) => unswapped(w, vocabulary))).toEqual(['under', 'every', 'maximum', 'detail', 'detail']);
  });

  it('put no letter into a short word ("sold" is no "solid" misspelt), nor at either end, and leave two typos alone', () => {
    // The generator never drops a word's first or last letter (registers.ts typo).
    expect(['sold', 'mxmum', 'detai', 'etail'].map((w) => unswapped(w, vocabulary))).toEqual(['sold', 'mxmum', 'detai', 'etail']);
  });
});
