/**
 * A total asked for once is one total: a reading that groups by attributes no word names, when the
 * question opens by asking for an aggregate and says nothing that groups, loses those groups and
 * what they show; a question that groups ("for each", "by ship city"), a reading that ranks its
 * groups, and a group the words name stay as written.
 */
import { describe, expect, it } from 'vitest';
import { asksForOneAggregate, namedAttributes, withoutUnaskedGroups } from '../../engines/predictor/completions/unasked-group.js';
import { questionWords } from '../../engines/predictor/cues/coverage.js';
import { groupPhraseAt } from '../../engines/predictor/cues/group.js';
import { schemaNames } from '../../engines/predictor/schema-words/schema-names.js';
import { shopSchema } from '../helpers/shop-schema.js';

const names = schemaNames(shopSchema);
const completed = (question: string, reading: string) => {
  const said = questionWords(question, []);
  const words = said.map((w) => w ?? '');
  const grouped = words.some((_, i) => groupPhraseAt(words, i));
  return withoutUnaskedGroups(reading.split(' '), asksForOneAggregate(said, grouped), namedAttributes(said, names)).join(' ');
};
const perCity = 'show A:Orders.ShipCity show sum A:Orders.Freight group A:Orders.ShipCity';

describe('a total asked for once', () => {
  it('drops the groups no word names', () => {
    expect(completed('What is the total freight carried by orders to Lyon?', 'show A:Orders.OrderID show sum A:Orders.Freight group A:Orders.OrderID')).toBe('show sum A:Orders.Freight');
    expect(completed('How much freight was shipped in 1997?', 'show A:Orders.OrderID show sum A:Orders.Freight group A:Orders.OrderID')).toBe('show sum A:Orders.Freight');
  });

  it('leaves groups the words name or ask for, and readings that rank groups, as written', () => {
    expect(completed('What is the total freight for each ship city?', perCity)).toBe(perCity);
    expect(completed('What is the total freight of orders by ship city?', perCity)).toBe(perCity);
    expect(completed('What is the total freight per ship city?', perCity)).toBe(perCity);
    expect(completed('List the ship cities and their total freight.', perCity)).toBe(perCity);
    const ranked = 'show A:Orders.OrderID show sum A:Orders.Freight group A:Orders.OrderID order desc sum A:Orders.Freight limit #1';
    expect(completed('What is the total freight paid?', ranked)).toBe(ranked);
  });
});
