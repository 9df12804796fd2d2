/** "How much" asks for an amount of money: a reading that shows another plain attribute of a class with one amount shows the amount instead; keys named like money are no amount. */
import { describe, expect, it } from 'vitest';
import { asksHowMuch, withAmountShown } from '../../engines/predictor/completions/asked-amount.js';
import { questionWords } from '../../engines/predictor/cues/coverage.js';
import { attribute, table } from '../helpers/shop-schema.js';

const charges = { ...table('Charges'), primaryKey: ['charge_id'], attributes: [attribute('Charges', 'charge_id', 'charge id', 'charge ids', 'integer'), attribute('Charges', 'charge_type', 'charge type', 'charge types'), attribute('Charges', 'charge_amount', 'charge amount', 'charge amounts', 'integer')] };
const schema = { source: 'kennel', classes: [charges], relations: [] };
const completed = (question: string, reading: string) => withAmountShown(reading.split(' '), asksHowMuch(questionWords(question, [])), schema).join(' ');

describe('"how much" asks for an amount of money', () => {
  it('shows the amount instead of what the rows are', () => {
    expect(completed('How much does the most expensive charge type cost?', 'show A:Charges.charge_type order desc A:Charges.charge_amount limit #1')).toBe('show A:Charges.charge_amount order desc A:Charges.charge_amount limit #1');
  });

  it('leaves other questions, and a reading that shows the amount or aggregates, as written', () => {
    const listed = 'show A:Charges.charge_type order desc A:Charges.charge_amount limit #1';
    expect(completed('Which charge type is the most expensive?', listed)).toBe(listed);
    expect(completed('How much do charges cost in total?', 'show sum A:Charges.charge_amount')).toBe('show sum A:Charges.charge_amount');
  });
});
