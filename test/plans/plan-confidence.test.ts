/**
 * A plan's answer confidence follows from its steps' calibrated probabilities (plan-confidence.ts):
 * counts multiply, a set answer is the mean probability that its rows belong. The steps here are
 * answers with known confidences, so every expected figure is computed by hand.
 */
import { describe, expect, it } from 'vitest';
import type { Answer, AskResult, Fact } from '../../types.js';
import { executePlan, type PlanContext } from '../../plugins/nl-query/plans/execute.js';
import { allStepsRight, COUNTED_LIST_SHARE, setAnswerConfidence } from '../../plugins/nl-query/plans/plan-confidence.js';
import type { SubQuestion } from '../../plugins/nl-query/plans/types.js';

function answer(source: string, kind: Answer['kind'], rows: unknown[][], confidence: number): Answer {
  return {
    kind,
    columns: [{ name: kind === 'SCALAR' ? 'count' : 'name', type: kind === 'SCALAR' ? 'Int' : 'String' }],
    rows: rows as Answer['rows'],
    weights: rows.map(() => confidence),
    support: [],
    source,
    sources: [source],
    confidence,
    explanation: `${source}'s reading`,
    query: null,
    queryGraph: null,
  };
}

/** A context whose sub-questions get the answers given, by question text. */
function contextOf(answers: Record<string, Answer>, facts: readonly Fact[] = []): PlanContext {
  return {
    limit: 100,
    ask: async (sub: SubQuestion): Promise<AskResult> => {
      const found = answers[sub.question];
      if (!found) throw new Error(`unexpected sub-question ${sub.question}`);
      return { question: sub.question, answer: found, interpretations: [], sources: [{ source: found.source, status: 'ANSWERED', message: '', error: null, durationMs: 1 }] };
    },
    facts: async () => facts,
  };
}

const count = (phrase: string) => ({ phrase, ask: { question: `How many ${phrase} are there?`, sources: null } });

describe("a plan's answer confidence", () => {
  it('multiplies the calibrated probabilities of the counts it compares', async () => {
    const context = contextOf({
      'How many suppliers are there?': answer('northwind', 'SCALAR', [[29]], 0.9),
      'How many employees are there?': answer('northwind', 'SCALAR', [[9]], 0.7),
    });
    const result = await executePlan('Are there more suppliers than employees?', { kind: 'compare-than', operands: [count('suppliers'), count('employees')], fewer: false }, context);
    expect(result?.answer?.rows).toEqual([[true]]);
    expect(result?.answer?.confidence).toBeCloseTo(0.9 * 0.7, 10);
    expect(result?.plan.steps.map((s) => s.confidence)).toEqual([0.9, 0.7]);
  });

  it('counts a list given where a count was asked at a share of its probability', async () => {
    const context = contextOf({
      'How many shippers are there?': answer('northwind', 'TABLE', [['Speedy'], ['United'], ['Federal']], 0.5),
      'How many regions are there?': answer('northwind', 'SCALAR', [[4]], 0.8),
    });
    const result = await executePlan('How many shippers and regions are there in total?', { kind: 'total', operands: [count('shippers'), count('regions')] }, context);
    expect(result?.answer?.rows).toEqual([[7]]);
    expect(result?.answer?.confidence).toBeCloseTo(0.5 * COUNTED_LIST_SHARE * 0.8, 10);
  });

  it('weighs each row of a set by its path and states the mean', async () => {
    // Two royals; the facts mention one of them by a name that fits only it (weight 1).
    const facts: Fact[] = [{ id: '1', collection: 'town', text: 'Anne Boleyn is remembered in the old chapel.', createdAt: '2026-01-01T00:00:00.000Z' }];
    const context = contextOf({ 'Which royals were born before 1600?': answer('royals', 'ENTITIES', [['Anne Boleyn'], ['Mary Stuart']], 0.6) }, facts);
    const result = await executePlan('Which royals mentioned in the town facts were born before 1600?', { kind: 'mentioned-in', main: { question: 'Which royals were born before 1600?', sources: ['royals'] }, facts: 'town' }, context);
    expect(result?.answer?.rows).toEqual([['Anne Boleyn']]);
    expect(result?.answer?.weights).toEqual([0.6]);
    expect(result?.answer?.confidence).toBeCloseTo(0.6, 10);
  });

  it('has the algebra its documentation states', () => {
    expect(allStepsRight([])).toBe(1);
    expect(allStepsRight([0.5, 0.5, 0.8])).toBeCloseTo(0.2, 10);
    expect(setAnswerConfidence([0.9, 0.3], 0.4)).toBeCloseTo(0.6, 10);
    expect(setAnswerConfidence([], 0.4)).toBe(0.4);
  });
});
