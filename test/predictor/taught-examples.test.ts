/**
 * Taught examples as training examples (engines/predictor/training/taught-examples.ts), on the test world's
 * Northwind: values the question names become the placeholders of their mentions, as in the
 * generator's own examples, each used example is repeated by its weight, every fifth is held out,
 * and an example whose graph keeps a value the question does not name is counted, not trained on.
 * The model card says what was used and held out.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryGraphEngine } from '../../engines/query-graph/engine.js';
import { taughtLine } from '../../engines/predictor/model/model-card.js';
import { taughtTrainingSet } from '../../engines/predictor/training/taught-examples.js';
import { ValueMemory } from '../../engines/predictor/values/value-memory.js';
import { nlQuery, type NlQuery } from '../../plugins/nl-query/index.js';
import { worldOptions } from '../helpers/world.js';

let dir: string;
let nlq: NlQuery;
let engine: QueryGraphEngine;
let memory: ValueMemory;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nlq-taught-training-'));
  nlq = nlQuery(await worldOptions(`file:${join(dir, 'facts.sqlite')}`));
  engine = await nlq.gateway.queryGraphEngineOf('northwind');
  memory = await ValueMemory.read(engine);
});

afterAll(async () => {
  await nlq.gateway.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('taught examples in training', () => {
  it('writes values the question names as placeholders, weights the used ones, holds every fifth out', () => {
    const examples = [
      { question: 'zorbly accounts in Germany', queryGraph: 'show Customers.ContactName ; where Customers.Country = "Germany"' },
      { question: 'goods dearer than 40', queryGraph: 'show Products.ProductName ; where Products.UnitPrice > 40' },
      { question: 'the 3 priciest goods', queryGraph: 'show Products.ProductName ; order desc Products.UnitPrice ; limit 3' },
      { question: 'staff hired in 1993', queryGraph: 'show Employees.LastName ; where Employees.HireDate year 1993' },
      { question: 'clients in Mexico', queryGraph: 'show Customers.CompanyName ; where Customers.Country = "Mexico"' },
      // "the big boss" names no stored value: the title is part of what the words mean, no placeholder can carry it.
      { question: 'the big boss', queryGraph: 'show Employees.LastName ; where Employees.Title = "Vice President, Sales"' },
    ];
    const set = taughtTrainingSet(examples, engine.schema(), memory, { acrossMarks: true, weight: 3 });
    expect(set.use).toEqual({ stored: 6, usable: 5, used: 4, heldOut: 1, weight: 3 });
    expect(set.train).toHaveLength(12);
    const germany = set.train.find((e) => e.question === 'zorbly accounts in Germany')!;
    expect(germany.input).toContain('@1');
    expect(germany.target.join(' ')).toMatch(/where A:Customers\.Country = @1/);
    const top = set.train.find((e) => e.question === 'the 3 priciest goods')!;
    expect(top.target.join(' ')).toMatch(/limit @1/);
    expect(set.heldOut.map((e) => e.question)).toEqual(['clients in Mexico']);
    expect(taughtLine({ taught: set.use })).toMatch(/4 of 6 used, each 3 times, 1 held out; 1 could not be written as training targets/);
  });
});
