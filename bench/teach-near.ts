/**
 * `npm run bench -- teach-near`: the curve the similar-question threshold and probability
 * (plugins/nl-query/teaching/example-index.ts SIMILAR) are read from, on dev data only. In process,
 * every questions-dev question of a paraphrase set is taught (Northwind: its gold SQL; royals,
 * whose gold SQL no query graph expresses: one graph for all, so only the words and the values
 * said again are measured), then
 *
 * - each hand-written rewording (bench/data/paraphrases-*) is looked up: its nearest taught
 *   example (same operations, every value re-linked) is right when it is its own original;
 * - each original is looked up with its own example left out: any match is a false one.
 *
 * Printed per threshold: rewordings matched right / wrong, originals matched (all wrong), and the
 * precision over both; a threshold is chosen where wrong matches are rare, and the probability a
 * similar reading carries is the precision at or above it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { optionsFromConfig } from '../cli/server.js';
import { nlQuery } from '../plugins/nl-query/index.js';
import type { Gateway } from '../plugins/nl-query/gateway.js';
import { originalsOf, readParaphrases, type ParaphraseSet } from './paraphrases.js';
import { scratchWorld } from './world.js';

const THRESHOLDS = [0.3, 0.4, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 1];

interface Point {
  /** Nearness of the nearest taught example, and whether it was the right one. */
  readonly nearness: number;
  readonly right: boolean;
}

async function curveOf(gateway: Gateway, set: ParaphraseSet, source: string): Promise<Point[]> {
  const paraphrases = readParaphrases(set);
  const originals = originalsOf(paraphrases);
  const ids = new Map<string, string>();
  let oneGraph: string | null = null;
  if (set !== 'northwind') {
    const schema = await gateway.schemaGraph(source);
    const first = schema.classes.find((c) => c.attributes.length > 0);
    if (!first) throw new Error(`${source} has no attributes`);
    oneGraph = `show ${first.id}.${first.attributes[0]!.id}`;
  }
  for (const original of originals) {
    try {
      const taught = await gateway.correctAnswer(original.question, source, oneGraph ? { queryGraph: oneGraph } : { query: original.sql });
      ids.set(taught.id, original.id);
    } catch {
      // Gold SQL a query graph cannot express: not taught, its rewordings then have no right match.
    }
  }
  const points: Point[] = [];
  for (const p of paraphrases) {
    const found = await gateway.nearestTaught(source, p.question);
    if (found) points.push({ nearness: found.nearness, right: ids.get(found.example.id) === p.id });
  }
  const rewordings = points.length;
  for (const original of originals) {
    const found = await gateway.nearestTaught(source, original.question, (example) => ids.get(example.id) === original.id);
    if (found) points.push({ nearness: found.nearness, right: false });
  }
  console.log(`${set}: ${ids.size} of ${originals.length} originals taught; ${paraphrases.length} rewordings (${rewordings} with a candidate), ${originals.length} originals asked with their own example left out`);
  return points;
}

function print(label: string, points: readonly Point[]): void {
  console.log(`${label}\n  threshold  matched  right  wrong  precision`);
  for (const t of THRESHOLDS) {
    const at = points.filter((p) => p.nearness >= t - 1e-9);
    const right = at.filter((p) => p.right).length;
    console.log(`  ${t.toFixed(2).padStart(9)}  ${String(at.length).padStart(7)}  ${String(right).padStart(5)}  ${String(at.length - right).padStart(5)}  ${at.length ? ((right / at.length) * 100).toFixed(1).padStart(8) + '%' : '        -'}`);
  }
}

export async function teachNearBenchmark(): Promise<void> {
  const { dir: worldDir, config } = await scratchWorld();
  const dir = mkdtempSync(join(tmpdir(), 'nlq-bench-teach-near-'));
  const { gateway } = nlQuery({ ...optionsFromConfig(config), sources: optionsFromConfig(config).sources.filter((s) => s.id === 'northwind' || s.id === 'royals'), factStore: `file:${join(dir, 'facts.sqlite')}` });
  try {
    // Each source's predictor (and so its mention finder) loads with its first ask.
    await gateway.ask('How many products are there?', { sources: ['northwind'] });
    await gateway.ask('Who was the father of Queen Victoria?', { sources: ['royals'] });
    const northwind = await curveOf(gateway, 'northwind', 'northwind');
    const royals = await curveOf(gateway, 'royals', 'royals');
    print('northwind', northwind);
    print('royals', royals);
    print('both', [...northwind, ...royals]);
  } finally {
    await gateway.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(worldDir, { recursive: true, force: true });
  }
}
