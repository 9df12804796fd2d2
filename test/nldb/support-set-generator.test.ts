/**
 * Algorithm 1 on hand-made vectors: the generator adds facts while they score above tau, closes a
 * set when STOP wins, follows a join to its second fact, and honours its caps.
 */
import { describe, expect, it } from 'vitest';
import { SupportSetGenerator, type LexicalRetriever, type SsgEncoders } from '../../engines/nldb/ssg.js';
import { bagIds } from '../../engines/nldb/text.js';
import type { Hit, VectorIndex } from '../../engines/nldb/vector-index.js';

const vocab = new Map<string, number>();
const DIMS = 4; // one direction per fact (alpha, beta, gamma) and one for STOP
const texts: Record<string, string> = { '1': 'alpha', '2': 'beta', '3': 'gamma' };
const unit = (i: number, scale = 1) => Float32Array.from({ length: DIMS }, (_, j) => (j === i ? scale : 0));
const idOf = (word: string) => bagIds(word, vocab)[0] as number;

/** An exact inner-product index over the three facts. */
const index: VectorIndex = {
  dimensions: DIMS,
  ids: async () => new Set(Object.keys(texts)),
  upsert: async () => undefined,
  remove: async () => undefined,
  clear: async () => undefined,
  flush: async () => undefined,
  close: async () => undefined,
  search: async (queries: Float32Array, k: number) => {
    const out: Hit[][] = [];
    for (let q = 0; q < queries.length / DIMS; q++) {
      const v = queries.subarray(q * DIMS, (q + 1) * DIMS);
      out.push(
        Object.keys(texts)
          .map((id, i) => ({ id, score: v[i] as number }))
          .sort((a, b) => b.score - a.score)
          .slice(0, k),
      );
    }
    return out;
  },
};

/** Encoders whose state vector is decided by a rule on the facts already in the set. */
function encoders(rule: (has: (word: string) => boolean) => Float32Array): SsgEncoders {
  return {
    vocab,
    dimensions: DIMS,
    config: { ssg: { tau: 1 } },
    encodeStop: async () => unit(3),
    encodeStates: async (_questions, supports) => {
      const out = new Float32Array(supports.length * DIMS);
      supports.forEach((s, i) => out.set(rule((w) => s.includes(idOf(w))), i * DIMS));
      return out;
    },
  };
}

const generate = (rule: Parameters<typeof encoders>[0], options = {}) =>
  new SupportSetGenerator(encoders(rule), index, (id) => texts[id], options).generate('question?');

describe('the Support Set Generator (Algorithm 1)', () => {
  it('follows a join: the first fact leads to the second, then STOP closes the set', async () => {
    const sets = await generate((has) => (has('beta') ? unit(3, 2) : has('alpha') ? unit(1, 2) : unit(0, 2)));
    expect(sets.map((s) => s.ids)).toEqual([['1', '2']]);
  });

  it('gives one set per operand when each fact stands alone', async () => {
    const sets = await generate((has) => (has('alpha') || has('beta') || has('gamma') ? unit(3, 2) : Float32Array.from([2, 3, 0.5, 0])));
    expect(sets.map((s) => s.ids).sort()).toEqual([['1'], ['2']]);
  });

  it('returns nothing when no fact scores above tau (without the fallback)', async () => {
    expect(await generate(() => Float32Array.from([0.5, 0.2, 0.1, 0]), { fallbackMargin: Infinity })).toEqual([]);
  });

  it('falls back to the facts near the best one when none beats tau', async () => {
    const rule = (has: (w: string) => boolean) => (has('alpha') || has('beta') || has('gamma') ? unit(3, 2) : Float32Array.from([0.5, 0.2, -3, 0]));
    expect((await generate(rule, { fallbackMargin: 1 })).map((s) => s.ids).sort()).toEqual([['1'], ['2']]);
  });

  it('caps the number of support sets and their size', async () => {
    const many = (has: (w: string) => boolean) => (has('alpha') || has('beta') || has('gamma') ? unit(3, 2) : Float32Array.from([2, 3, 4, 0]));
    expect(await generate(many, { maxSupportSets: 2 })).toHaveLength(2);
    const chain = (has: (w: string) => boolean) => (has('beta') ? unit(2, 2) : has('alpha') ? unit(1, 2) : unit(0, 2));
    expect((await generate(chain, { maxSetSize: 2 })).map((s) => s.ids)).toEqual([['1', '2']]);
    expect((await generate(chain)).map((s) => s.ids)).toEqual([['1', '2', '3']]);
  });

  it('hybrid: BM25 proposes first facts the bi-encoder misses, fused with its own', async () => {
    const lexical: LexicalRetriever = { search: () => [{ id: '3', score: 5 }], neighbours: () => [] };
    const rule = (has: (w: string) => boolean) => (has('alpha') || has('beta') || has('gamma') ? unit(3, 2) : Float32Array.from([2, 0, 0, 0]));
    const gen = new SupportSetGenerator(encoders(rule), index, (id) => texts[id], { lexicalK: 8, neighbourK: 0 }, lexical);
    expect((await gen.generate('question?')).map((s) => s.ids).sort()).toEqual([['1'], ['3']]);
  });

  it('joins: a fact sharing a name with a one-fact set extends it, as far as the margin allows', async () => {
    const lexical: LexicalRetriever = { search: () => [], neighbours: (ids) => (ids[0] === '1' ? [{ id: '2', score: 3 }] : []) };
    const encodeFacts = async (bags: readonly (readonly number[])[]) => {
      const out = new Float32Array(bags.length * DIMS);
      bags.forEach((bag, i) => out.set(unit(bag.includes(idOf('beta')) ? 1 : 0), i * DIMS));
      return out;
    };
    // The state encoder stops after alpha (STOP 2) and scores beta at 0.5 only.
    const rule = (has: (w: string) => boolean) => (has('alpha') ? Float32Array.from([0, 0.5, 0, 2]) : has('beta') ? unit(3, 2) : unit(0, 2));
    const run = (neighbourMargin: number) =>
      new SupportSetGenerator({ ...encoders(rule), encodeFacts }, index, (id) => texts[id], { lexicalK: 0, neighbourK: 2, neighbourMargin }, lexical).generate('q?');
    expect((await run(0)).map((s) => s.ids)).toEqual([['1']]);
    expect((await run(Infinity)).map((s) => s.ids).sort()).toEqual([['1'], ['1', '2']]);
  });

  it('second chance: a one-fact set is offered its best linked facts however far below STOP, once each', async () => {
    const lexical: LexicalRetriever = {
      search: () => [],
      neighbours: (ids) => (ids[0] === '1' ? [{ id: '2', score: 3 }, { id: '3', score: 2 }] : []),
    };
    const encodeFacts = async (bags: readonly (readonly number[])[]) => {
      const out = new Float32Array(bags.length * DIMS);
      bags.forEach((bag, i) => out.set(unit(bag.includes(idOf('beta')) ? 1 : bag.includes(idOf('gamma')) ? 2 : 0), i * DIMS));
      return out;
    };
    // after alpha the encoder prefers STOP (5) by far, and gamma (-1) to beta (-2)
    const rule = (has: (w: string) => boolean) => (has('alpha') ? Float32Array.from([0, -2, -1, 5]) : unit(0, 2));
    const gen = new SupportSetGenerator({ ...encoders(rule), encodeFacts }, index, (id) => texts[id], { lexicalK: 0, neighbourK: 2 }, lexical);
    expect((await gen.extend('q?', [['1'], ['2', '3']], 1, new Set())).map((s) => s.ids)).toEqual([['1', '3']]);
    expect((await gen.extend('q?', [['1']], 2, new Set())).map((s) => s.ids)).toEqual([['1', '3'], ['1', '2']]);
    expect(await gen.extend('q?', [['1']], 1, new Set(['1,3']))).toEqual([]);
  });

  it('second chance: a two-fact set is offered a third linked fact (a join through a third fact), a three-fact set is not', async () => {
    const lexical: LexicalRetriever = {
      search: () => [],
      neighbours: (ids) => (ids.includes('1') ? [{ id: '3', score: 2 }] : []),
    };
    const encodeFacts = async (bags: readonly (readonly number[])[]) => new Float32Array(bags.length * DIMS).fill(0.1);
    const gen = new SupportSetGenerator({ ...encoders(() => unit(0, 2)), encodeFacts }, index, (id) => texts[id], { lexicalK: 0, neighbourK: 2 }, lexical);
    expect((await gen.extend('q?', [['1', '2'], ['1', '2', '4']], 1, new Set())).map((s) => s.ids)).toEqual([['1', '2', '3']]);
  });

  it('second chance through a name: links through it, and through every name only when it links to nothing', async () => {
    // the retriever links fact 1 to fact 3 through the name 'alpha-corp', to fact 2 through any name
    const lexical: LexicalRetriever = {
      search: () => [],
      neighbours: (ids, _q, _k, options) =>
        options?.throughName === 'alpha-corp' ? [{ id: '3', score: 1 }] : options?.throughName === 'nobody' ? [] : [{ id: '2', score: 1 }],
    };
    const encodeFacts = async (bags: readonly (readonly number[])[]) => new Float32Array(bags.length * DIMS).fill(0.1);
    const gen = new SupportSetGenerator({ ...encoders(() => unit(0, 2)), encodeFacts }, index, (id) => texts[id], { lexicalK: 0, neighbourK: 2 }, lexical);
    const through = (name: string) => () => name;
    expect((await gen.extend('q?', [['1']], 1, new Set(), { through: through('alpha-corp'), orEveryName: true })).map((s) => s.ids)).toEqual([['1', '3']]);
    expect((await gen.extend('q?', [['1']], 1, new Set(), { through: through('nobody'), orEveryName: true })).map((s) => s.ids)).toEqual([['1', '2']]);
    expect(await gen.extend('q?', [['1']], 1, new Set(), { through: through('nobody') })).toEqual([]);
  });
});
