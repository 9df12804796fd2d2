/**
 * How a known right answer is judged (questions-dev's rule, build.py's matches): values normalised,
 * every gold column found among the returned ones, as sets or as lists when the order matters; a
 * date-time is the same value in SQLite's text form and in the gateway's ISO 8601.
 */
import { describe, expect, it } from 'vitest';
import { sameAnswer } from '../../plugins/nl-query/calibration/same-answer.js';

describe('sameAnswer', () => {
  it('finds every gold column among the returned ones, extra columns allowed', () => {
    const gold = { columns: ['name'], rows: [['Chai'], ['Chang']], ordered: false };
    expect(sameAnswer(gold, [['Chang', 18], ['Chai', 18]])).toBe(true);
    expect(sameAnswer(gold, [['Chai', 18]])).toBe(false);
  });

  it('compares as lists only when the question is ordered', () => {
    const gold = { columns: ['name'], rows: [['Chai'], ['Chang']], ordered: true };
    expect(sameAnswer(gold, [['Chai'], ['Chang']])).toBe(true);
    expect(sameAnswer(gold, [['Chang'], ['Chai']])).toBe(false);
  });

  it('normalises case, spaces and numbers', () => {
    expect(sameAnswer({ columns: ['x'], rows: [['New  York'], [1.005]], ordered: false }, [['new york'], ['1.0']])).toBe(true);
  });

  it('takes a date-time in SQLite text and in ISO 8601 for the same value, and no other instant', () => {
    const gold = { columns: ['arrived'], rows: [['2017-04-15 09:25:31'], ['1996-07-04 00:00:00.000']], ordered: false };
    expect(sameAnswer(gold, [['2017-04-15T09:25:31.000Z'], ['1996-07-04']])).toBe(true);
    expect(sameAnswer(gold, [['2017-04-15T09:25:32.000Z'], ['1996-07-04']])).toBe(false);
    expect(sameAnswer({ columns: ['t'], rows: [['2017-04-15 09:25']], ordered: false }, [['2017-04-15T09:25:00.000Z']])).toBe(true);
  });
});
