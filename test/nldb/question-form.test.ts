/**
 * The question's grammar narrows the query types the extractor's type head may choose from
 * (engines/nldb/question-form.ts). Questions here are in domains neither world generator writes.
 */
import { describe, expect, it } from 'vitest';
import { existentialSetQuestion, extremeAsksFor, extremeDirection, extremeKind, readQuestionForm } from '../../engines/nldb/question-form.js';
import { questionType } from '../../engines/nldb/spj.js';

const allowed = (q: string) => [...readQuestionForm(q).allowed].sort();

describe('query types read from the wording', () => {
  it('an auxiliary opening asks yes or no; a request to list does not', () => {
    expect(allowed('Is the Ferrow Light older than the Kell Light?')).toEqual(['BOOL']);
    expect(allowed('did any keeper ever leave the island')).toEqual(['BOOL']);
    expect(allowed('Tell me, was Orla Senn a ferryman?')).toEqual(['BOOL']);
    expect(allowed('Can you list the lighthouses on the north coast?')).toEqual(['SET']);
  });

  it('how many and the number of ask for a count, even beside a superlative', () => {
    expect(allowed('How many keepers served at the tallest lighthouse?')).toEqual(['COUNT']);
    expect(allowed('number of ferries built after 1990')).toEqual(['COUNT']);
    expect(allowed('Which keeper served the largest number of years?')).toEqual(['ARGMAX']);
  });

  it('an extreme points to one end of the scale, years for age words', () => {
    expect(extremeDirection('Which lighthouse is the tallest?')).toBe('MAX');
    expect(extremeDirection('the least expensive ferry ticket')).toBe('MIN');
    expect(extremeDirection('Which ferry was launched most recently?')).toBe('MAX');
    expect(extremeDirection('Who is the oldest keeper?')).toBe('MIN');
    expect(extremeDirection('Which lighthouse was lit first?')).toBe('MIN');
    expect(extremeDirection('Which ferries carry at least 200 cars?')).toBeNull();
    expect(extremeDirection('What is the first name of the keeper?')).toBeNull();
    expect(extremeKind('Who is the oldest keeper?')).toBe('year');
    expect(extremeKind('What is the earliest founding year of a guild?')).toBe('year');
    expect(extremeKind('Which ferry carries the most passengers per year?')).toBe('quantity');
    expect(extremeKind('Which ferry is the heaviest?')).toBe('quantity');
  });

  it('the number itself or whose it is', () => {
    expect(extremeAsksFor('Which ferry is the heaviest?')).toBe('key');
    expect(extremeAsksFor('Who is the oldest keeper?')).toBe('key');
    expect(extremeAsksFor('heaviest ferry built after 1990')).toBe('key');
    expect(extremeAsksFor('What is the tallest lighthouse?')).toBe('key');
    expect(extremeAsksFor('In what year was the oldest lighthouse lit?')).toBe('value');
    expect(extremeAsksFor('How tall is the tallest lighthouse?')).toBe('value');
    expect(extremeAsksFor('What is the weight of the heaviest ferry?')).toBe('value');
    expect(extremeAsksFor('the largest fare of any ferry, in euros')).toBe('value');
    expect(extremeAsksFor('earliest year a keeper was born')).toBe('value');
    expect(allowed('Which ferry is the heaviest?')).toEqual(['ARGMAX']);
    expect(allowed('In what year was the oldest lighthouse lit?')).toEqual(['MIN']);
  });

  it('anything else is a set question', () => {
    expect(allowed('Who keeps the Ferrow Light?')).toEqual(['SET']);
    expect(allowed('ferries built after 1990')).toEqual(['SET']);
  });
});

describe('existential yes/no questions as the set question that decides them', () => {
  it('rewrites are-there-any and do-any questions', () => {
    expect(existentialSetQuestion('Are there any keepers that were born on Kell?')).toBe('Which keepers were born on Kell?');
    expect(existentialSetQuestion('do any ferries happen to carry cars')).toBe('Which ferries happen to carry cars?');
    expect(existentialSetQuestion('Are any lighthouses on the north coast?')).toBe('Which lighthouses are on the north coast?');
    expect(existentialSetQuestion('Is there a ferry that sails at night?')).toBe('Which ferry sails at night?');
    expect(existentialSetQuestion('Is Orla Senn a ferryman?')).toBeNull();
    expect(readQuestionForm('Are there any keepers that were born on Kell?').existential).toBe('Which keepers were born on Kell?');
  });
});

describe('the type head chooses among the allowed types', () => {
  it('takes the most likely allowed type, whatever the others score', () => {
    // logits per support set: SET, COUNT, BOOL, MIN, MAX, ARGMIN, ARGMAX, then usefulness and yes/no
    const sets = [new Float32Array([5, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]), new Float32Array([4, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0])];
    expect(questionType(sets)).toBe('SET');
    expect(questionType(sets, new Set(['BOOL']))).toBe('BOOL');
    expect(questionType(sets, new Set(['MIN', 'ARGMIN']))).toBe('MIN');
  });
});
