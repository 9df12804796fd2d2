import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bagIds, encodeSpj, N_FEATURES, sketchSlot, tokenize } from '../../engines/nldb/text.js';
import { kindsOf } from '../../plugins/nl-query/nldb-kinds.js';

/** Written by models/train/nldb/fixtures.py from the trainer's own tokenizer. */
interface Fixture {
  vocab: Record<string, number>;
  cases: {
    question: string;
    facts: string[];
    tokens: string[];
    ids: number[];
    segments: number[];
    features: number[];
    positions: [number, number, number][];
    bag: number[];
  }[];
  sketch: [number, number, number][];
}

const fixture = JSON.parse(readFileSync(new URL('./fixtures/text-features.json', import.meta.url), 'utf8')) as Fixture;
const vocab = new Map(Object.entries(fixture.vocab));

describe('model inputs match the trainer exactly', () => {
  for (const c of fixture.cases) {
    it(`encodes "${c.question}" as the Python trainer does`, () => {
      expect(tokenize(c.question).map((t) => t.text)).toEqual(c.tokens);
      // the kind feature reads WordNet's kinds as the gateway serves them (the trainer's wordnet.kinds_of)
      const row = encodeSpj(c.question, c.facts, vocab, 40, N_FEATURES, kindsOf);
      expect(row.ids).toEqual(c.ids);
      expect(row.segments).toEqual(c.segments);
      expect(row.features).toEqual(c.features);
      expect(row.positions.map((p) => [p.fact, p.start, p.end])).toEqual(c.positions);
      expect(bagIds(`${c.question} ${c.facts.join(' ')}`, vocab)).toEqual(c.bag);
    });
  }
});

describe("the retriever's lexical channel", () => {
  it('puts every id in the slot and with the sign the trainer used', () => {
    for (const [id, slot, sign] of fixture.sketch) expect(sketchSlot(id, 512), `id ${id}`).toEqual({ slot, sign });
  });
});
