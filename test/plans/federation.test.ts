import { describe, expect, it } from 'vitest';
import type { SourceInterpretation } from '../../engines/source.js';
import { federate, type SourceRun } from '../../resolvers/federation.js';

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
    expect(result.interpretations[0]).toMatchObject({ status: 'FAILED', error: 'no such column', note: expect.stringContaining('next reading was tried') });
    expect(result.interpretations[1]).toMatchObject({ status: 'CHOSEN', note: null });
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
