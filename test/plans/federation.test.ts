import { describe, expect, it } from 'vitest';
import type { SourceInterpretation } from '../../engines/source.js';
import { federate, type SourceRun } from '../../resolvers/federation.js';
import { Calibrator } from '../../plugins/nl-query/calibration/calibrator.js';
import { FEATURE_NAMES } from '../../plugins/nl-query/calibration/features.js';

const reading = (score: number, rows: number | 'failed' | 'not run', query = `q${score}`): SourceInterpretation => ({
  score,
  explanation: `reading ${score}`,
  query,
  queryGraph: null,
  result:
    rows === 'failed' || rows === 'not run'
      ? null
      : { kind: rows === 0 ? 'EMPTY' : 'ENTITIES', columns: [{ name: 'name', type: 'String' }], rows: Array.from({ length: rows }, (_, i) => [`row ${i}`]), support: [] },
  error: rows === 'failed' ? { code: 'QUERY_FAILED', message: 'no such column' } : null,
});
const run = (source: string, ...interpretations: SourceInterpretation[]): SourceRun => ({
  outcome: { source, status: 'ANSWERED', message: '', error: null, durationMs: 1 },
  interpretations,
});

describe('federation and self-correction', () => {
  it('takes the best-scored interpretation across sources', () => {
    const result = federate([run('a', reading(0.4, 2)), run('b', reading(0.9, 3))], 'Which things are there?');
    expect(result.answer).toMatchObject({ source: 'b', sources: ['b'], confidence: 0.9, weights: [0.9, 0.9, 0.9] });
    expect(result.interpretations.map((i) => [i.source, i.status])).toEqual([
      ['b', 'CHOSEN'],
      ['a', 'ANSWERED'],
    ]);
  });

  it('tries the next reading when the best one fails, and says so', () => {
    const result = federate([run('a', reading(0.9, 'failed'), reading(0.5, 2))], 'Which things are there?');
    expect(result.answer?.confidence).toBe(0.5);
    expect(result.interpretations.find((i) => i.score === 0.9)).toMatchObject({ status: 'FAILED', error: 'no such column', note: expect.stringContaining('next reading was tried') });
    expect(result.interpretations.find((i) => i.score === 0.5)).toMatchObject({ status: 'CHOSEN', note: null });
  });

  it('passes over an empty result when the question presumes an answer', () => {
    const result = federate([run('a', reading(0.9, 0)), run('b', reading(0.3, 4))], 'Which products cost more than 50 dollars?');
    expect(result.answer).toMatchObject({ source: 'b', kind: 'ENTITIES' });
    expect(result.interpretations[0]).toMatchObject({ status: 'EMPTY', note: expect.stringContaining('presumes an answer') });
  });

  it('accepts an empty result for a question that does not presume one', () => {
    const result = federate([run('a', reading(0.9, 0)), run('b', reading(0.3, 4))], 'Are there any products over 500 dollars?');
    expect(result.answer).toMatchObject({ source: 'a', kind: 'EMPTY' });
  });

  it('answers empty rather than nothing when every reading that ran was empty', () => {
    const result = federate([run('a', reading(0.9, 'failed'), reading(0.2, 0))], 'Which products are blue?');
    expect(result.answer).toMatchObject({ kind: 'EMPTY', confidence: 0.2 });
  });

  it('has no answer when nothing ran', () => {
    const result = federate([run('a', reading(0.9, 'failed'), reading(0.1, 'not run'))], 'Which products are blue?');
    expect(result.answer).toBeNull();
    expect(result.interpretations.map((i) => i.status)).toEqual(['FAILED', 'NOT_RUN']);
  });
});

describe('rival readings of one source', () => {
  const calibrator = Calibrator.of({
    version: 1,
    about: 'test: the rank feature pushes readings far down the list up, as curves fitted on answered readings do',
    features: [...FEATURE_NAMES],
    groups: { querygraph: { bias: -1, weights: [0, 0, 1.5, 0, 0, 0], fittedOn: { sets: ['test'], samples: 1, right: 1 } } },
  });

  it('keeps the readings a source did not answer with below its answer, in the ratio of their raw scores', () => {
    const result = federate([run('a', reading(0.5, 2), reading(0.3, 'not run'), reading(0.2, 'not run'))], 'Which things are there?', calibrator);
    const [chosen, ...others] = result.interpretations;
    expect(chosen).toMatchObject({ status: 'CHOSEN', score: 0.5 });
    expect(result.answer?.confidence).toBeCloseTo(chosen!.probability);
    expect(others.map((i) => i.score)).toEqual([0.3, 0.2]);
    expect(others[0]!.probability).toBeCloseTo((chosen!.probability * 0.3) / 0.5);
    expect(others[1]!.probability).toBeCloseTo((chosen!.probability * 0.2) / 0.5);
  });

  it('gives readings passed over no more than the answer leaves, shared by their raw scores', () => {
    const result = federate([run('a', reading(0.6, 0), reading(0.2, 0), reading(0.2, 4))], 'Which products cost more than 50 dollars?', calibrator);
    const chosen = result.interpretations.find((i) => i.status === 'CHOSEN')!;
    const passed = result.interpretations.filter((i) => i.status === 'EMPTY');
    expect(chosen.score).toBe(0.2);
    expect(passed).toHaveLength(2);
    expect(passed.map((i) => i.probability).reduce((a, b) => a + b)).toBeLessThanOrEqual(1 - chosen.probability + 1e-9);
  });

  it('leaves the answers of other sources as their curve gives them', () => {
    const alone = federate([run('b', reading(0.4, 3))], 'Which things are there?', calibrator).interpretations[0]!.probability;
    const together = federate([run('a', reading(0.9, 2), reading(0.1, 'not run')), run('b', reading(0.4, 3))], 'Which things are there?', calibrator);
    expect(together.interpretations.find((i) => i.source === 'b')!.probability).toBeCloseTo(alone);
  });
});

describe('the evidence stage on the answer', () => {
  // the curve says 0.5 for every reading; the stage lowers an answer by each word of the question it leaves unread
  const stage = { features: ['unaccounted' as const], bias: 0, weights: [1, -3], fittedOn: { sets: ['test'], samples: 1, right: 1 } };
  const calibrator = Calibrator.of({
    version: 1,
    about: 'test',
    features: [...FEATURE_NAMES],
    groups: { querygraph: { bias: 0, weights: [0, 0, 0, 0, 0, 0], fittedOn: { sets: ['test'], samples: 1, right: 1 }, evidence: stage } },
  });
  const described = (score: number, explanation: string, queryGraph: string, rows: number | 'not run'): SourceInterpretation => ({ ...reading(score, rows), explanation, queryGraph });

  it("changes the answer's confidence by what it leaves of the question, never which answer it is", () => {
    const question = 'How many customers are there in Germany?';
    const unread = described(0.6, 'the number of customers', 'show count Customers.*', 1);
    const rival = described(0.4, 'the number of customers whose country is Germany', 'show count Customers.* ; where Customers.Country = "Germany"', 'not run');
    const result = federate([run('a', unread, rival)], question, calibrator);
    expect(result.answer?.query).toBe(unread.query);
    // sigmoid(logit(0.5) - 3 * log1p(1)): 'germany' left unread
    expect(result.answer?.confidence).toBeCloseTo(1 / (1 + Math.exp(3 * Math.log(2))), 10);
    expect(result.interpretations.find((i) => i.status === 'CHOSEN')?.probability).toBe(result.answer?.confidence);
    const read = federate([run('a', described(0.6, rival.explanation, rival.queryGraph!, 1))], question, calibrator);
    expect(read.answer?.confidence).toBeCloseTo(0.5, 10);
    // without a stage the curve's figure stands
    expect(federate([run('a', unread, rival)], question, Calibrator.of({ version: 1, about: '', features: [...FEATURE_NAMES], groups: { querygraph: { bias: 0, weights: [0, 0, 0, 0, 0, 0], fittedOn: { sets: [], samples: 1, right: 1 } } } })).answer?.confidence).toBeCloseTo(0.5, 10);
  });
});
