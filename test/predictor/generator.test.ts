/**
 * The synthetic question generator over Northwind's schema graph and data: deterministic for a
 * seed; every graph it makes translates and runs on the engine; its English names every class
 * the graph touches (or a value of it) and every constraint value; its input has the value
 * placeholders the serving path produces.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findClass } from '../../engines/schema-graph/lookup.js';
import { SqlQueryEngine } from '../../engines/sql/sql-engine.js';
import { QuestionGenerator, type Example } from '../../engines/predictor/generator/generator.js';
import { mentionSlots, TargetGrammar } from '../../engines/predictor/model/grammar.js';
import { valueFitOf } from '../../engines/predictor/values/value-fit.js';
import { findMentions } from '../../engines/predictor/values/mentions.js';
import { EOS } from '../../engines/predictor/model/target.js';
import { WordNet } from '../../engines/english/wordnet.js';
import { key } from '../../engines/english/normalize.js';
import { numberWords } from '../../engines/english/number-words.js';
import { ValueMemory } from '../../engines/predictor/values/value-memory.js';
import type { QueryValue } from '../../engines/query-graph/types.js';
import { northwindDatabase, type NorthwindDatabase } from '../helpers/northwind.js';

const COUNT = 400;
let database: NorthwindDatabase;
let engine: SqlQueryEngine;
let memory: ValueMemory;
let examples: Example[];

beforeAll(async () => {
  database = await northwindDatabase('sqlite');
  engine = await SqlQueryEngine.open({ sourceId: 'northwind', provider: 'sqlite', client: database.client, url: database.url });
  memory = await ValueMemory.read(engine);
  examples = new QuestionGenerator(engine.schema(), memory, { seed: 11, typo: 0 }).generate(COUNT);
}, 60_000);

afterAll(async () => {
  await engine.close();
  await database.drop();
});

/** How a value may be written: the stored words, the number (in digits or words), or the year (or decade) of a date or month. */
function writtenForms(value: QueryValue): string[] {
  switch (value.kind) {
    case 'string': {
      const month = /^(\d{4})-(\d{2})$/.exec(value.value);
      // As stored, or as people write it (ValueMemory.naturalForms: no accents, a name by its unique word);
      // a value ending a question may lose its full stop with the question's mark ("... or 4110 Old Redmond Rd").
      return month ? [month[1] as string] : [key(value.value), ...memory.naturalForms(value.value).map(key), key(value.value.replace(/\.$/, ''))];
    }
    case 'number':
      return [String(value.value), value.value.toLocaleString('en-US'), ...(numberWords(value.value) !== null ? [numberWords(value.value) as string] : []), ...(/^\d{4}$/.test(String(value.value)) ? [`${String(value.value).slice(0, 3)}0s`] : [])];
    case 'date':
      // A decade's last day is said by the decade ("in the 1920s").
      return [value.value.slice(0, 4), `${value.value.slice(0, 3)}0s`];
    case 'boolean':
      return [String(value.value)];
    case 'placeholder':
      return [`@${value.name}`];
  }
}

describe('synthetic questions', () => {
  it('are the same for the same seed and differ for another', () => {
    const again = new QuestionGenerator(engine.schema(), memory, { seed: 11, typo: 0 }).generate(50);
    expect(again.map((e) => e.question)).toEqual(examples.slice(0, 50).map((e) => e.question));
    const other = new QuestionGenerator(engine.schema(), memory, { seed: 12, typo: 0 }).generate(50);
    expect(other.map((e) => e.question)).not.toEqual(again.map((e) => e.question));
  });

  it('translate and run on the engine, every one', async () => {
    expect(examples).toHaveLength(COUNT);
    for (const example of examples) {
      await expect(engine.run(example.graph, { limit: 5, timeoutMs: 10_000 }), example.question).resolves.toBeDefined();
    }
  }, 120_000);

  it('mention every constraint value they encode', () => {
    for (const example of examples) {
      const question = key(example.question);
      for (const constraint of example.graph.where) {
        for (const value of constraint.values) {
          if (value.kind === 'boolean') continue;
          expect(
            writtenForms(value).some((form) => question.includes(form)),
            `${example.question}: ${JSON.stringify(value)}`,
          ).toBe(true);
        }
      }
      for (const h of example.graph.having) expect(writtenForms(h.value).some((f) => question.includes(f)), example.question).toBe(true);
    }
  });

  it('name every class they touch, by its name or by a value of it', () => {
    const schema = engine.schema();
    // A class that only links a group's key to what it counts is said by the two ends ("how many
    // territories does each employee have" joins the employee territories).
    const linksGroup = (graph: Example['graph'], classId: string) => {
      const key = graph.groupBy[0];
      const measure = graph.select.find((m) => m.aggregate !== null);
      const refersTo = (to: string | undefined) => schema.relations.some((r) => r.from === classId && r.to === to);
      return Boolean(key && measure) && key?.classId !== measure?.target.classId && refersTo(key?.classId) && refersTo(measure?.target.classId);
    };
    for (const example of examples) {
      const question = key(example.question);
      for (const classId of example.graph.classes) {
        if (linksGroup(example.graph, classId)) continue;
        const name = findClass(schema, classId).name;
        const byName = question.includes(key(name.singular)) || question.includes(key(name.plural));
        const byValue = example.graph.where.some((c) => c.target.classId === classId && c.values.some((v) => writtenForms(v).some((f) => question.includes(f))));
        expect(byName || byValue, `${example.question} should name ${classId}`).toBe(true);
      }
    }
  });

  it('replace every value by a placeholder the target uses', () => {
    for (const example of examples) {
      const placeholders = example.target.filter((t) => t.startsWith('@'));
      for (const p of placeholders) expect(example.input, example.question).toContain(p);
      expect(example.target.join(' ')).not.toMatch(/"/);
    }
  });

  it('have targets the decoding grammar allows token by token, conditions in its order', () => {
    for (const example of examples) {
      const grammar = new TargetGrammar(engine.schema(), mentionSlots(findMentions(example.question, memory)), valueFitOf(memory));
      const tokens = [...example.target, EOS];
      tokens.forEach((token, i) => expect(grammar.allowed(example.target.slice(0, i)), `${example.question}: ${example.target.join(' ')} at ${i}`).toContain(token));
    }
  });

  it('never let decoding show or group one column twice (no generated target does)', () => {
    const grammar = new TargetGrammar(engine.schema(), []);
    expect(grammar.allowed(['show', 'A:Products.ProductName', 'show'])).not.toContain('A:Products.ProductName');
    expect(grammar.allowed(['show', 'A:Products.ProductName', 'show'])).toContain('A:Products.UnitPrice');
    expect(grammar.allowed(['show', 'count', 'A:Products.*', 'show', 'count'])).not.toContain('A:Products.*');
    expect(grammar.allowed(['show', 'count', 'A:Products.*', 'show'])).toContain('count');
    expect(grammar.allowed(['show', 'A:Products.CategoryID', 'show', 'max', 'A:Products.UnitPrice', 'group', 'A:Products.CategoryID', 'group'])).not.toContain('A:Products.CategoryID');
  });

  it('with WordNet, say schema words by synonyms now and then, still as graphs that run', async () => {
    const said = new QuestionGenerator(engine.schema(), memory, { seed: 11, typo: 0, lexicon: WordNet.shared(), synonyms: 0.5 }).generate(200);
    expect(said.some((e) => /\bclients?\b/i.test(e.question))).toBe(true);
    for (const example of said.slice(0, 50)) await expect(engine.run(example.graph, { limit: 5, timeoutMs: 10_000 }), example.question).resolves.toBeDefined();
  }, 60_000);

  it('cover questions and commands, aggregates, groups, superlatives and dates', () => {
    const targets = examples.map((e) => e.target.join(' ')).join('\n');
    for (const part of ['show count ', 'show avg ', 'group ', 'order desc ', 'limit ', ' year ', ' between ', ' = @', 'order desc count ']) expect(targets).toContain(part);
    const questions = examples.map((e) => e.question.toLowerCase());
    for (const start of ['how many', 'which', 'what', 'list', 'show']) expect(questions.some((q) => q.startsWith(start)), start).toBe(true);
  });
});
