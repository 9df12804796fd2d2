/**
 * Teaching from the command line, as a user runs the built `nlq` (child processes) on the test
 * world with a fact store of its own: `nlq examples add|list|remove --source`, and `nlq ask
 * --teach` confirming the reading picked on standard input.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const cli = new URL('../../dist/cli/nlq.js', import.meta.url).pathname;
let dir: string;
let config: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'nlq-teach-cli-'));
  // The world's config beside it (its stores are relative to it), with a fact store of this test's own.
  const world = inject('worldConfig');
  config = join(dirname(world), `teach-cli-${process.pid}.json`);
  writeFileSync(config, JSON.stringify({ ...JSON.parse(readFileSync(world, 'utf8')), factStore: `file:${join(dir, 'facts.sqlite')}` }));
});

afterAll(() => {
  rmSync(config, { force: true });
  rmSync(dir, { recursive: true, force: true });
});

function nlq(args: readonly string[], input?: string) {
  const result = spawnSync(process.execPath, [cli, ...args, '--config', config], { encoding: 'utf8', timeout: 120_000, ...(input !== undefined ? { input } : {}) });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

// Each test runs the CLI four or five times, and each run opens the sources and loads the models
// (seconds apiece): the default 60 s per test is too little on a loaded 2-core machine (seen at 74-114 s).
describe('nlq examples and nlq ask --teach', { timeout: 240_000 }, () => {
  it('adds an example from SQL, lists it, refuses a write, removes it', () => {
    const added = nlq(['examples', 'add', '--source', 'northwind', '--question', 'zorbly accounts in Germany', '--query', "SELECT ContactName FROM Customers WHERE Country = 'Germany'", '--json']);
    expect(added.code, added.err).toBe(0);
    const [example] = JSON.parse(added.out) as { id: string; queryGraph: string; origin: string }[];
    expect(example).toMatchObject({ queryGraph: 'show Customers.ContactName ; where Customers.Country = "Germany"', origin: 'added' });

    const listed = nlq(['examples', 'list', '--source', 'northwind']);
    expect(listed.code).toBe(0);
    expect(listed.out).toContain('zorbly accounts in Germany');

    const write = nlq(['examples', 'add', '--source', 'northwind', '--question', 'zorbly', '--query', 'DELETE FROM Customers']);
    expect(write.code).toBe(2);
    expect(write.err).toMatch(/read-only/);

    const removed = nlq(['examples', 'remove', '--source', 'northwind', example!.id]);
    expect(removed.code).toBe(0);
    expect(nlq(['examples', 'list', '--source', 'northwind']).out).toContain('no taught examples');
  });

  it('teaches a fact collection an answer given as values, lists it with the facts it rests on, removes it', () => {
    const added = nlq(['examples', 'add', '--source', 'kestrelford', '--question', 'zorbly clock keepers of Kestrelford', '--answer', 'Greta Hollingsworth', '--json']);
    expect(added.code, added.err).toBe(0);
    const [example] = JSON.parse(added.out) as { id: string; queryGraph: string | null; answer: string[]; facts: string[]; origin: string }[];
    expect(example).toMatchObject({ queryGraph: null, answer: ['Greta Hollingsworth'], origin: 'added' });
    expect(example!.facts.length).toBeGreaterThan(0);
    const listed = nlq(['examples', 'list', '--source', 'kestrelford']);
    expect(listed.out).toContain('Greta Hollingsworth (facts ');
    const graph = nlq(['examples', 'add', '--source', 'kestrelford', '--question', 'zorbly', '--graph', 'show Products.ProductName']);
    expect(graph.code).toBe(2);
    expect(graph.err).toMatch(/fact collection/);
    expect(nlq(['examples', 'remove', '--source', 'kestrelford', example!.id]).code).toBe(0);
    expect(nlq(['examples', 'list', '--source', 'kestrelford']).out).toContain('no taught examples');
  });

  it('ask --teach confirms the reading picked on standard input; the question then answers as taught', () => {
    const asked = nlq(['ask', 'How many products are there?', '--source', 'northwind', '--teach'], '1\n');
    expect(asked.code, asked.err).toBe(0);
    expect(asked.err).toMatch(/Which reading was right\?/);
    expect(asked.err).toMatch(/taught example \d+ to 'northwind'/);
    const listed = JSON.parse(nlq(['examples', 'list', '--source', 'northwind', '--json']).out) as { question: string; origin: string }[];
    expect(listed).toContainEqual(expect.objectContaining({ question: 'How many products are there?', origin: 'confirmed' }));
    const again = nlq(['ask', 'How many products are there?', '--source', 'northwind', '--json']);
    const result = JSON.parse(again.out) as { answer: { explanation: string }; interpretations: { taughtFrom: string | null }[] };
    expect(result.answer.explanation).toContain('as taught');
    expect(result.interpretations[0]?.taughtFrom).not.toBeNull();
  });
});
