/**
 * The selector on hand-made profiles: schema words and stored values route a question, a
 * proper name found whole beats one split over values, near-duplicates go together, an
 * unrelated question selects nothing, and scoring 200 sources stays fast.
 */
import { describe, expect, it } from 'vitest';
import { buildProfile, entityNames } from '../../plugins/nl-query/selection/profile.js';
import { SourceSelector } from '../../plugins/nl-query/selection/source-selector.js';
import { stem, tokenize } from '../../plugins/nl-query/selection/terms.js';

const shop = buildProfile('shop', 'A shop: products, customers and orders.', {
  names: ['product', 'products', 'unit price', 'customer', 'customers', 'country', 'countries', 'order', 'orders'],
  values: ['Germany', 'France', 'Chai', 'Chang', 'Alfreds Futterkiste'],
  texts: [],
});
const shopGraph = buildProfile('shop-graph', 'The shop as a graph.', {
  names: ['product', 'products', 'customer', 'customers', 'purchased', 'order', 'orders'],
  values: ['Germany', 'France', 'Chai', 'Chang', 'Alfreds Futterkiste'],
  texts: [],
});
const family = buildProfile('family', 'Royal families: people, births, deaths.', {
  names: ['person', 'people', 'birth year', 'death year', 'wife', 'husband', 'daughter', 'son'],
  values: ['Henry_VIII of house of Tudor', 'Henry_VIII', 'Anne Boleyn', 'King of England', 'Tudor'],
  texts: [],
});
const town = buildProfile('town', 'Facts about a town.', {
  names: [],
  values: [],
  texts: ['Marta Oyelaran rows on the River Wenlow.', 'Fennick Gardens is a park in Kestrelford.', 'Fennick Gardens counts 128,900 visitors a year.', 'Greywater Mills is a park neighbour.'],
});

const all = ['shop', 'shop-graph', 'family', 'town'];
const selector = new SourceSelector([shop, shopGraph, family, town]);
const ids = (question: string) => selector.select(question, all).selected.map((score) => score.source);

describe('words and stems', () => {
  it('puts a question word and a schema word in the same place', () => {
    expect(stem('wives')).toBe(stem('wife'));
    expect(stem('hired')).toBe(stem('hire'));
    expect(stem('born')).toBe(stem('birth'));
    expect(stem('clients')).toBe(stem('customer'));
    expect(stem('grandfather')).toBe(stem('father'));
    expect(tokenize("Henry VIII's wives").map((token) => token.word)).toEqual(['henry', 'viii', 'wives']);
  });

  it('finds names in sentences, without the capital that starts a sentence', () => {
    expect(entityNames('Every Thursday evening Henrik Solvang plays chess at the Red Lion.')).toEqual(['Thursday', 'Henrik Solvang', 'Red Lion']);
    expect(entityNames('The Kestrelford Museum of Clocks, Dunmere.')).toEqual(['Kestrelford Museum of Clocks', 'Dunmere']);
  });
});

describe('SourceSelector', () => {
  it('selects by schema words and values, and says why', () => {
    const selection = selector.select('How many customers are there in Germany?', all);
    expect(selection.selected.map((score) => score.source).sort()).toEqual(['shop', 'shop-graph']);
    expect(selection.selected[0]?.evidence.join(' ')).toMatch(/germany/);
    expect(selection.rejected.map((score) => score.source).sort()).toEqual(['family', 'town']);
  });

  it('routes a name to the source that holds it', () => {
    expect(ids("How many wives did Henry VIII have?")).toEqual(['family']);
    expect(ids('Who rows on the River Wenlow?')).toEqual(['town']);
    expect(ids('How much is Chai?')).toEqual(expect.arrayContaining(['shop']));
  });

  it('selects a source the question names by its id', () => {
    const named = selector.withProfiles([buildProfile('harbour-log', 'notes', { names: [], values: [], texts: [] })]);
    expect(named.select('What does the harbour log say?', [...all, 'harbour-log']).selected.map((score) => score.source)).toEqual(['harbour-log']);
  });

  it('selects nothing for an unrelated question', () => {
    const selection = selector.select('What is the boiling point of water at sea level?', all);
    expect(selection.selected).toEqual([]);
    expect(selection.rejected).toHaveLength(4);
    expect(selector.reasonRejected(selection.rejected[0]!, selection)).toMatch(/unrelated to the question: score 0\.\d\d, below the relevance threshold/);
  });

  it('scores only the candidates it is given; unknown ids score 0', () => {
    const selection = selector.select('How many customers are there in Germany?', ['family', 'nowhere']);
    expect(selection.selected).toEqual([]);
    expect(selection.rejected.map((score) => [score.source, score.score])).toContainEqual(['nowhere', 0]);
  });

  it('selects a near-duplicate with a lower bar than other sources', () => {
    // "unit price" is a schema word of the SQL shop only: the graph explains much less of the
    // question, but it holds the same orders and products.
    const selection = selector.select('Which customers ordered Chang at a unit price above 10?', all);
    const [first, second] = selection.selected;
    expect(selection.selected.map((score) => score.source)).toEqual(['shop', 'shop-graph']);
    expect(second!.score).toBeLessThan(0.9 * first!.score);
  });

  it('stays fast with 200 sources', () => {
    const many = Array.from({ length: 200 }, (_, i) =>
      buildProfile(`extra-${i}`, `Records of domain ${i % 20}: stations, readings ${i}.`, {
        names: [`station ${i % 20}`, 'reading', 'temperature', 'city'],
        values: Array.from({ length: 300 }, (_, j) => `Place ${i}-${j} Hill`),
        texts: [],
      }),
    );
    const big = selector.withProfiles(many);
    const candidates = big.profiles.map((profile) => profile.id);
    big.select('warm up', candidates);
    const times: number[] = [];
    for (const question of ['How many customers are there in Germany?', 'Who was Anne Boleyn’s daughter?', 'Which park has the most visitors?']) {
      for (let i = 0; i < 20; i += 1) {
        const started = performance.now();
        big.select(question, candidates);
        times.push(performance.now() - started);
      }
    }
    times.sort((a, b) => a - b);
    expect(times[Math.floor(times.length / 2)]).toBeLessThan(5);
  });
});
