/**
 * The generator's registers over Northwind, each turned all the way up in turn (deterministic for
 * a seed): numbers in words, money comparisons without the money attribute's name, a value for
 * the noun, dates at a month's or year's edge, lower case and no final mark. Every question is read
 * back as serving reads it: the target decodes under the grammar with the question's mentions, and
 * binding the target's placeholders to those mentions gives the example's own graph back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqlQueryEngine } from '../../engines/sql/sql-engine.js';
import { bindValues } from '../../engines/predictor/values/bind.js';
import { QuestionGenerator, type Example, type GeneratorOptions } from '../../engines/predictor/generator/generator.js';
import { mentionSlots, TargetGrammar } from '../../engines/predictor/model/grammar.js';
import { findMentions } from '../../engines/predictor/values/mentions.js';
import { findNumberWords } from '../../engines/english/number-words.js';
import { EOS, tokensToGraph } from '../../engines/predictor/model/target.js';
import { valueFitOf } from '../../engines/predictor/values/value-fit.js';
import { ValueMemory } from '../../engines/predictor/values/value-memory.js';
import { WordNet } from '../../engines/english/wordnet.js';
import { northwindDatabase, type NorthwindDatabase } from '../helpers/northwind.js';

let database: NorthwindDatabase;
let engine: SqlQueryEngine;
let memory: ValueMemory;

beforeAll(async () => {
  database = await northwindDatabase('sqlite');
  engine = await SqlQueryEngine.open({ sourceId: 'northwind', provider: 'sqlite', client: database.client, url: database.url });
  memory = await ValueMemory.read(engine);
}, 60_000);

afterAll(async () => {
  await engine.close();
  await database.drop();
});

function generate(options: GeneratorOptions, count = 300): Example[] {
  return new QuestionGenerator(engine.schema(), memory, { seed: 21, lexicon: WordNet.shared(), valuesAcrossMarks: true, ...options }).generate(count);
}

/** The example read as serving reads it: its mentions, its target decoded and bound. */
function readBack(example: Example): void {
  const mentions = findMentions(example.question, memory, { acrossMarks: true });
  const grammar = new TargetGrammar(engine.schema(), mentionSlots(mentions), valueFitOf(memory));
  [...example.target, EOS].forEach((token, i) => expect(grammar.allowed(example.target.slice(0, i)), `${example.question}: ${example.target.join(' ')} at ${i}`).toContain(token));
  const { graph, limitPlaceholder } = tokensToGraph(example.target, engine.schema());
  const bound = bindValues(graph, limitPlaceholder, mentions, engine.schema());
  // What the registers write (numbers, dates, limits) must come back as it was; text values follow
  // the mention finder's own rules (value-memory tests), conditions compared as a set.
  const written = (g: typeof bound) =>
    JSON.stringify([
      g.where.filter((c) => c.values.some((v) => v.kind === 'number' || v.kind === 'date')).map((c) => JSON.stringify([c.target, c.operator, c.values])).sort(),
      g.having.filter((_, i) => example.graph.having[i]?.value.kind === 'number').map((h) => h.value),
      g.limit,
    ]);
  expect(written(bound), example.question).toBe(written(example.graph));
}

describe('generator registers', () => {
  it('are the same for the same seed', () => {
    const options: GeneratorOptions = { english: { numberWords: 0.5, impliedMoney: 0.5, valueAsNoun: 0.5 }, coarseDates: 0.5, registers: { lowercase: 0.5, dropWords: 0.3, polite: 0.3 }, typo: 0.3 };
    expect(generate(options, 60).map((e) => e.question)).toEqual(generate(options, 60).map((e) => e.question));
  });

  it('write numbers in words ("top five", "more than ten orders"), read back as the numbers', () => {
    const examples = generate({ english: { numberWords: 1 } });
    const worded = examples.filter((e) => findNumberWords(e.question).length > 0);
    expect(worded.length).toBeGreaterThan(20);
    expect(worded.some((e) => e.target.includes('limit') && /@\d/.test(e.target[e.target.indexOf('limit') + 1] ?? ''))).toBe(true);
    for (const example of worded) readBack(example);
  });

  it('compare the asked-for things\' price without naming it ("products under 20 bucks")', () => {
    const examples = generate({ english: { impliedMoney: 1 }, walk: { constraint: 0.3 }, superlatives: 0.6 }, 800);
    const implied = examples.filter((e) => /^(?!.*\bunit price\b).*\b(under|below|over|above|cheaper than|pricier than|priced \w+|costing \w+ than|or more|or less|and up)\b/i.test(e.question) && e.target.join(' ').includes('where A:Products.UnitPrice'));
    expect(implied.length).toBeGreaterThan(0);
    for (const example of implied) readBack(example);
  });

  it('say a category for the noun ("beverages", "the cheapest condiment")', () => {
    const examples = generate({ english: { valueAsNoun: 1 }, superlatives: 0.5 }, 300);
    // Products in a category, asked for without the word "products": the category's name said it.
    const said = examples.filter((e) => e.graph.select[0]?.target.classId === 'Products' && e.target.join(' ').includes('where A:Categories.CategoryName = ') && !/\bproducts?\b/i.test(e.question));
    expect(said.length).toBeGreaterThan(0);
    for (const example of said) {
      // The whole name, or the word of it no other category has ("dairy" for Dairy Products: ValueMemory.naturalForms).
      expect(example.question).toMatch(/\b(beverages?|condiments?|confections?|seafood|produce|dairy|grains?|cereals?|meat|poultry)\b/i);
      readBack(example);
    }
  });

  it('rank things by an attribute of their own ("the cheapest beverage", "top five priciest products")', () => {
    const examples = generate({ superlatives: 1, english: { numberWords: 0.5 } }, 200);
    const ranked = examples.filter((e) => e.graph.orderBy.length === 1 && e.graph.groupBy.length === 0 && e.graph.limit !== null);
    expect(ranked.length).toBeGreaterThan(150);
    expect(examples.some((e) => /\b(cheapest|priciest|most expensive|least expensive|costliest)\b/i.test(e.question))).toBe(true);
    expect(examples.some((e) => /\b(oldest|youngest|newest|latest|earliest|most recent)\b/i.test(e.question))).toBe(true);
    for (const example of examples) readBack(example);
  });

  it('look up one named thing ("what is the price of Chai", "how much is Chai")', () => {
    const examples = generate({ lookups: 1 }, 200);
    const named = examples.filter((e) => e.graph.where.length === 1 && e.graph.where[0]?.operator === '=' && e.graph.select.every((m) => m.target.classId === e.graph.where[0]?.target.classId));
    expect(named.length).toBeGreaterThan(150);
    expect(named.some((e) => /^(what is|what's|give me|tell me)( the)? [a-z ]+ of /i.test(e.question) || /'s [a-z]/i.test(e.question))).toBe(true);
    for (const example of named) readBack(example);
  });

  it('ask amounts of money with "how much"', () => {
    const examples = generate({ walk: { aggregate: 0.6 } }, 1500).filter((e) => /^(on average )?how much\b/i.test(e.question));
    expect(examples.length).toBeGreaterThan(0);
    for (const example of examples) {
      expect(example.graph.select.some((m) => ['sum', 'avg', 'min', 'max'].includes(m.aggregate ?? '')) || example.graph.where.length === 1, example.question).toBe(true);
      readBack(example);
    }
  });

  it('write dates at a month\'s or year\'s edge as that month or year ("before March 1998", "after 1997")', () => {
    const examples = generate({ coarseDates: 1, english: { coarseDates: 1 }, walk: { constraint: 0.3 } }, 600);
    const dated = examples.filter((e) => e.graph.where.some((c) => c.values.some((v) => v.kind === 'date')));
    expect(dated.length).toBeGreaterThan(10);
    const coarse = dated.filter((e) => /\b(before|after|since|between|earlier than|later than|on or before|on or after)\s+(the\s+)?((jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s+(of\s+)?)?\d{4}\b/i.test(e.question));
    expect(coarse.length).toBeGreaterThan(5);
    for (const example of dated) readBack(example);
  });

  it('say decades, halves and quarters ("in the 1990s", "in the second half of 1993", "Q3 1997") as a between of their ends', () => {
    const examples = generate({ coarseDates: 1, english: { coarseDates: 1 }, walk: { constraint: 0.4 } }, 1500);
    const periods = examples.filter((e) => /\b(1[5-9]|20)\d0s\b|\bhalf of \d{4}|\bquarter of \d{4}|\bQ[1-4] \d{4}/i.test(e.question));
    expect(periods.length).toBeGreaterThan(0);
    for (const example of periods) {
      expect(example.target, example.question).toContain('between');
      readBack(example);
    }
  });

  it('ask for people with "who" ("who is the oldest employee"), never for things', () => {
    const examples = generate({ superlatives: 0.5 }, 1000);
    const who = examples.filter((e) => /^who\b/i.test(e.question) && e.graph.follows.length === 0);
    expect(who.length).toBeGreaterThan(0);
    expect(who.some((e) => e.graph.select[0]?.target.classId === 'Employees')).toBe(true);
    expect(who.some((e) => ['Products', 'Categories', 'Orders', 'Regions', 'Territories'].includes(e.graph.select[0]?.target.classId ?? ''))).toBe(false);
    for (const example of who) readBack(example);
  });

  it('type in lower case without a final mark, and still read every value back', () => {
    const examples = generate({ registers: { lowercase: 1, bare: 1, contraction: 1 } }, 200);
    expect(examples.every((e) => e.question === e.question.toLowerCase() && !/[?.]$/.test(e.question))).toBe(true);
    expect(examples.some((e) => /\bwhat'?s\b/.test(e.question))).toBe(true);
    for (const example of examples) readBack(example);
  });

  it('leave out words and make typos outside the values, and still read every value back', () => {
    const examples = generate({ registers: { dropWords: 1 }, typo: 1 }, 200);
    expect(examples.length).toBe(200);
    for (const example of examples) readBack(example);
  });
});
