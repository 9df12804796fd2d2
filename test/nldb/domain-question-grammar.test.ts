/**
 * The domain generator's questions agree in English (models/train/nldb/domains.py): a yes/no
 * question inverts an auxiliary or takes "do" with the verb's base form ("Were any X born ...",
 * "Can any X be found ...", "Do any X own ..."; never "Do any X were born ..."), a relative clause
 * after a singular noun keeps its predicate noun singular ("that is a native of", not "that is
 * natives of"), and the article before a noun agrees with its first sound ("an officer"). Read on
 * every question of held-out-domain worlds that heldout.py writes, so a template that breaks
 * agreement in any domain fails here. Needs /usr/bin/python3 (no torch: generation only).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const TRAIN = resolve(import.meta.dirname, '..', '..', 'models', 'train', 'nldb');
const PYTHON = process.env.NLQ_PYTHON ?? '/usr/bin/python3';

let dir: string;
let questions: { question: string; type: string }[];
let facts: string[];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'nlq-domain-grammar-'));
  const run = spawnSync(PYTHON, [join(TRAIN, 'heldout.py'), '--domains', '--worlds', '12', '--seed', '2027', '--questions', '1000', '--out', dir], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  questions = readdirSync(dir).flatMap((world) =>
    readFileSync(join(dir, world, 'questions.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { question: string; type: string }),
  );
  facts = readdirSync(dir).flatMap((world) => readFileSync(join(dir, world, 'facts.txt'), 'utf8').split('\n').filter(Boolean));
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the domain generator writes questions whose words agree', () => {
  it('writes yes/no questions of every form it has', () => {
    const yesNo = questions.filter((q) => q.type === 'bool').map((q) => q.question.toLowerCase());
    expect(yesNo.some((q) => q.startsWith('are there any '))).toBe(true);
    expect(yesNo.some((q) => q.startsWith('were any '))).toBe(true);
    expect(yesNo.some((q) => q.startsWith('do any '))).toBe(true);
  });

  it('never puts "do" before a finite auxiliary ("Do any X were born ...")', () => {
    const bad = questions.map((q) => q.question).filter((q) => /^do any \S+ (?:\S+ )?(?:were|was|are|is|can|could|will|has|have been)\b/i.test(q) && !/ happen to be /i.test(q));
    expect(bad).toEqual([]);
  });

  it('keeps a relative clause after a singular noun singular ("that is a native of", "that is a chapter")', () => {
    const bad = questions.map((q) => q.question).filter((q) => /\bthat is [a-z]+s\b/i.test(q));
    expect(bad).toEqual([]);
  });

  it('writes "an" before a vowel and "a" before a consonant', () => {
    const bad = questions.map((q) => q.question).filter((q) => /\ba [aeiou]/i.test(q) || /\ban [b-df-hj-np-tv-z]/i.test(q));
    expect(bad).toEqual([]);
  });
});

describe('the domain generator writes facts whose words agree', () => {
  it('writes "an" before an amount read with a vowel ("an 80-metre", "an €18,000") and "a" before the others', () => {
    // an amount is read by its leading group of digits: 8, 80, 800, 11 and 18 (thousand) open with a vowel
    const vowel = (lead: string) => lead.startsWith('8') || lead === '11' || lead === '18';
    const bad = facts.filter((f) => [...f.matchAll(/\b(an?) [€$£]?(\d+)/g)].some((m) => (m[1] === 'an') !== vowel(m[2] ?? '')));
    expect(bad).toEqual([]);
    // the compound-adjective forms exist, so the check above reads some
    expect(facts.some((f) => /\ban? [€$£]?\d[\d,]*-(?:metre|kg|kilogram|member)/.test(f))).toBe(true);
  });

  it('writes a relation in more voices than the active one (passive, transfer verbs, relative clauses)', () => {
    expect(facts.some((f) => / (?:went|passed|was awarded|was presented|was handed over) to /.test(f))).toBe(true);
    expect(facts.some((f) => /, (?:which|who) [^,]+, /.test(f))).toBe(true);
  });
});
