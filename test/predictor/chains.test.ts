/**
 * Relation chains over the royals graph (Cypher): the generator asks along chains of family roles
 * from a named person; every graph runs on the engine; the target tokens follow the grammar step by
 * step and read back to the same graph; the question writes the person the way people do.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatQueryGraph } from '../../engines/query-graph/canonical.js';
import type { QueryGraphEngine } from '../../engines/query-graph/engine.js';
import { nlQuery } from '../../plugins/nl-query/index.js';
import { QuestionGenerator, type Example } from '../../engines/predictor/generator/generator.js';
import { mentionSlots, TargetGrammar } from '../../engines/predictor/model/grammar.js';
import { valueFitOf } from '../../engines/predictor/values/value-fit.js';
import { findMentions } from '../../engines/predictor/values/mentions.js';
import { EOS, graphToTokens, tokensToGraph } from '../../engines/predictor/model/target.js';
import { ValueMemory } from '../../engines/predictor/values/value-memory.js';
import { worldOptions } from '../helpers/world.js';

let gateway: ReturnType<typeof nlQuery>['gateway'];
let engine: QueryGraphEngine;
let memory: ValueMemory;
let examples: Example[];

beforeAll(async () => {
  const options = await worldOptions(`file:${join(mkdtempSync(join(tmpdir(), 'nlq-chains-')), 'facts.sqlite')}`);
  gateway = nlQuery({ ...options, sources: (options.sources ?? []).filter((s) => s.id === 'royals') }).gateway;
  engine = await gateway.queryGraphEngineOf('royals');
  memory = await ValueMemory.read(engine);
  examples = new QuestionGenerator(engine.schema(), memory, { seed: 7, typo: 0, chains: 1 }).generate(150);
}, 120_000);

afterAll(() => gateway?.stop());

describe('questions along relation chains', () => {
  it('follow chains of one to three roles, counts and intersections', () => {
    const follows = examples.map((e) => e.graph.follows.length);
    expect(follows.filter((n) => n === 1).length).toBeGreaterThan(10);
    expect(follows.filter((n) => n === 2).length).toBeGreaterThan(10);
    expect(follows.some((n) => n === 3)).toBe(true);
    expect(examples.some((e) => e.graph.select[0]?.aggregate === 'count')).toBe(true);
    expect(examples.some((e) => e.graph.follows.some((f) => f.to.instance < f.from.instance))).toBe(true);
  });

  it('run on the Cypher engine, every one', async () => {
    for (const example of examples) {
      await expect(engine.run(example.graph, { limit: 5, timeoutMs: 10_000 }), formatQueryGraph(example.graph)).resolves.toBeDefined();
    }
  }, 120_000);

  it('have targets the grammar allows token by token and that read back to the graph', () => {
    const schema = engine.schema();
    for (const example of examples) {
      const grammar = new TargetGrammar(schema, mentionSlots(findMentions(example.question, memory)), valueFitOf(memory));
      const tokens = [...example.target, EOS];
      tokens.forEach((token, i) => expect(grammar.allowed(example.target.slice(0, i)), `${example.question}: ${example.target.join(' ')} at ${i}`).toContain(token));
      const { graph } = tokensToGraph(example.target, schema);
      expect(graphToTokens(graph)).toEqual(example.target);
    }
  });
});

describe('people named as people write them', () => {
  it('finds a stored name from its natural and titled forms, possessive or not', () => {
    const cases: [string, string][] = [
      ["Who was Queen Victoria's father?", 'Victoria of house of Hanover'],
      ['How many wives did Henry VIII have?', 'Henry_VIII of house of Tudor'],
      ["Who was Anne Boleyn's daughter?", 'Anne of house of Boleyn'],
      ["Name Edward VII's sisters.", 'Edward_VII of house of Wettin'],
    ];
    for (const [question, stored] of cases) {
      const [first] = findMentions(question, memory);
      expect(first?.candidates.find((c) => c.attributeId === 'name')?.value, question).toBe(stored);
      expect(first?.text.endsWith("'s")).toBe(false);
    }
  });
});
