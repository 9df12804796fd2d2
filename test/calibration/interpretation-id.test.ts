/**
 * Interpretation ids carry what runInterpretation needs (no state on the server) and refuse
 * anything else with BAD_USER_INPUT naming the `id` argument.
 */
import { describe, expect, it } from 'vitest';
import { BadInputError } from '../../errors.js';
import { interpretationId, parseInterpretationId } from '../../plugins/nl-query/calibration/interpretation-id.js';

describe('interpretation ids', () => {
  it('round-trip a structured reading and a text-fact reading', () => {
    const graph = { source: 'northwind', queryGraph: 'show Products.ProductName ; where Products.UnitPrice > 20' };
    expect(parseInterpretationId(interpretationId(graph))).toEqual(graph);
    const fact = { source: 'kestrelford', question: 'Who is the oldest person?', rank: 2 };
    expect(parseInterpretationId(interpretationId(fact))).toEqual(fact);
  });

  it.each([
    ['a query graph', 'show Products.ProductName'],
    ['not base64 JSON', 'i1.@@@'],
    ['JSON without a source', `i1.${Buffer.from('{"g":"show X.y"}').toString('base64url')}`],
    ['a rank out of range', `i1.${Buffer.from('{"s":"a","q":"b","r":-1}').toString('base64url')}`],
  ])('refuses %s', (_, id) => {
    expect(() => parseInterpretationId(id)).toThrow(BadInputError);
    try {
      parseInterpretationId(id);
    } catch (error) {
      expect((error as BadInputError).argument).toBe('id');
    }
  });
});
