/**
 * Source selection through the gateway on the embedded world: a question goes to the sources
 * it is about, a collection made at run time becomes selectable as soon as its facts are
 * written (and stops being so when they are removed), and an unrelated question asks nobody and
 * says why, per source.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Gateway } from '../../plugins/nl-query/gateway.js';
import { resolveOptions } from '../../plugins/nl-query/options.js';
import { worldOptions } from '../helpers/world.js';

let gateway: Gateway;
beforeAll(async () => {
  gateway = new Gateway(resolveOptions(await worldOptions(`file:${join(mkdtempSync(join(tmpdir(), 'nlq-selection-')), 'facts.sqlite')}`)));
  await gateway.start();
});
afterAll(() => gateway.stop());

const selected = async (question: string, candidates?: readonly string[]) =>
  (await gateway.selectSources(question, candidates)).selected.map((score) => score.source).sort();

describe('selectSources on the embedded world', () => {
  it('sends a Northwind question to the Northwind sources, not to the royals', async () => {
    expect(await selected('Which products cost more than 50 dollars?')).toEqual(['northwind', 'northwind-graph']);
    expect(await selected('How many orders did each shipper handle?')).toEqual(['northwind', 'northwind-graph']);
  });

  it('routes stored values: a country to Northwind, a king to the royals', async () => {
    const germany = await gateway.selectSources('How many suppliers are in Germany?');
    expect(germany.selected.map((score) => score.source)).toContain('northwind');
    expect(germany.selected.map((score) => score.source)).not.toContain('royals');
    expect(germany.selected[0]?.evidence.join(' ')).toMatch(/germany/i);
    expect(await selected('Who was Anne Boleyn’s daughter?')).toEqual(['royals']);
  });

  it('sends a question about the town facts to the fact collection', async () => {
    expect(await selected('Which park attracts the most visitors each year?')).toEqual(['kestrelford']);
  });

  it('scores only the candidates given', async () => {
    const selection = await gateway.selectSources('Which products cost more than 50 dollars?', ['royals', 'kestrelford']);
    expect(selection.selected).toEqual([]);
    expect(selection.rejected.map((score) => score.source).sort()).toEqual(['kestrelford', 'royals']);
  });

  it('makes a collection created at run time selectable once facts are added, and forgets removed facts', async () => {
    const question = 'Which lighthouse keeper looks after the Skerryvane light?';
    await gateway.createFactCollection('coast', 'notes');
    expect(await selected(question)).not.toContain('coast');
    const written = await gateway.addFacts('coast', [
      'Ottoline Marchbank is the lighthouse keeper of the Skerryvane light.',
      'The Skerryvane light was first lit in 1887.',
      'Lighthouse keepers on Skerryvane work four weeks on and four weeks off.',
    ]);
    expect(await selected(question)).toEqual(['coast']);
    await gateway.removeFacts('coast', written.ids);
    expect(await selected(question)).not.toContain('coast');
  });
});

describe('ask() with source selection', () => {
  it('asks nobody when no source is related, and says why of each', async () => {
    const result = await gateway.ask('What is the boiling point of water at sea level?');
    expect(result.answer).toBeNull();
    expect(result.sources.map((outcome) => outcome.source).sort()).toEqual(expect.arrayContaining(['kestrelford', 'northwind', 'northwind-graph', 'royals']));
    for (const outcome of result.sources) {
      expect(outcome.status).toBe('NOT_RELEVANT');
      expect(outcome.message).toMatch(/unrelated to the question: score \d\.\d\d/);
    }
  });

  it('asks only the selected sources; the others are NOT_RELEVANT', async () => {
    const result = await gateway.ask('Who was Anne Boleyn’s daughter?');
    const status = new Map(result.sources.map((outcome) => [outcome.source, outcome.status]));
    expect(status.get('royals')).not.toBe('NOT_RELEVANT');
    expect(status.get('northwind')).toBe('NOT_RELEVANT');
    expect(status.get('kestrelford')).toBe('NOT_RELEVANT');
  });

  it('asks exactly the sources named in options, related or not', async () => {
    const result = await gateway.ask('What is the boiling point of water at sea level?', { sources: ['northwind'] });
    expect(result.sources.map((outcome) => [outcome.source, outcome.status === 'NOT_RELEVANT'])).toEqual([['northwind', false]]);
  });
});
