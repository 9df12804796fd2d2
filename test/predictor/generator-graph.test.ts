/**
 * The same generator over a graph source (Northwind as a property graph, Cypher): nothing in it
 * knows SQL, so every graph it makes runs on the Cypher engine, and its English names the values.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryGraphEngine } from '../../engines/query-graph/engine.js';
import { nlQuery } from '../../plugins/nl-query/index.js';
import { QuestionGenerator, type Example } from '../../engines/predictor/generator/generator.js';
import { key } from '../../engines/english/normalize.js';
import { ValueMemory } from '../../engines/predictor/values/value-memory.js';
import { worldOptions } from '../helpers/world.js';

let gateway: ReturnType<typeof nlQuery>['gateway'];
let engine: QueryGraphEngine;
let examples: Example[];
let memory: ValueMemory;

beforeAll(async () => {
  const options = await worldOptions(`file:${join(mkdtempSync(join(tmpdir(), 'nlq-gen-graph-')), 'facts.sqlite')}`);
  gateway = nlQuery({ ...options, sources: (options.sources ?? []).filter((s) => s.id === 'northwind-graph') }).gateway;
  engine = await gateway.queryGraphEngineOf('northwind-graph');
  memory = await ValueMemory.read(engine);
  examples = new QuestionGenerator(engine.schema(), memory, { seed: 5, typo: 0 }).generate(200);
}, 120_000);

afterAll(() => gateway?.stop());

describe('synthetic questions over a graph source', () => {
  it('run on the Cypher engine, every one', async () => {
    expect(examples).toHaveLength(200);
    for (const example of examples) {
      await expect(engine.run(example.graph, { limit: 5, timeoutMs: 10_000 }), example.question).resolves.toBeDefined();
    }
  }, 120_000);

  it('write every text value they constrain on', () => {
    for (const example of examples) {
      for (const c of example.graph.where) {
        for (const v of c.values) {
          if (v.kind !== 'string' || /^\d{4}-\d{2}$/.test(v.value)) continue;
          // As stored, as people write it (ValueMemory.naturalForms), or its words without a final mark ("Dr." at the end of a question without its mark).
          const forms = [v.value, ...memory.naturalForms(v.value), v.value.replace(/[^\p{L}\p{N}]+$/u, '')].map(key);
          expect(forms.some((form) => key(example.question).includes(form)), `${example.question}: ${v.value}`).toBe(true);
        }
      }
    }
  });
});
