/**
 * A substring is looked for where the words say: the attribute named right before the verb of
 * containment ("a state whose name contains 'North'", "a city containing 'West'"), or the label of
 * a class followed by "whose name(s)"; a condition on the value elsewhere moves there when one such
 * attribute is of a class the reading shows.
 */
import { describe, expect, it } from 'vitest';
import { containmentCues, withSaidContainment } from '../../engines/predictor/completions/said-containment.js';
import { schemaNames } from '../../engines/predictor/schema-words/schema-names.js';
import type { SchemaGraph } from '../../engines/schema-graph/types.js';
import { quotedMentions } from '../helpers/quoted-mentions.js';
import { attribute, table } from '../helpers/shop-schema.js';

const owners = { ...table('Owners'), name: { singular: 'owner', plural: 'owners' }, attributes: [attribute('Owners', 'first_name', 'first name', 'first names'), attribute('Owners', 'state', 'state', 'states')] };
const professionals = { ...table('Professionals'), name: { singular: 'professional', plural: 'professionals' }, attributes: [attribute('Professionals', 'city', 'city', 'cities'), attribute('Professionals', 'state', 'state', 'states')] };
const contestants = { ...table('Contestants'), name: { singular: 'contestant', plural: 'contestants' }, attributes: [attribute('Contestants', 'contestant_name', 'contestant name', 'contestant names')] };
const schema: SchemaGraph = { source: 'kennels', classes: [owners, professionals, contestants], relations: [] };
const names = schemaNames(schema);

const read = (question: string, reading: string) => {
  const { text, mentions } = quotedMentions(question);
  return withSaidContainment(reading.split(' '), containmentCues(text, mentions, names, schema)).join(' ');
};

describe('a substring looked for where the words say', () => {
  it('moves the value to the attribute named before the verb, of a class the reading shows', () => {
    expect(read('owners living in a state whose name contains the substring "North"', 'show A:Owners.first_name where A:Professionals.city contains @1')).toBe(
      'show A:Owners.first_name where A:Owners.state contains @1',
    );
    expect(read('owners in a state that contains "North"', 'show A:Owners.first_name where A:Professionals.city = @1')).toBe('show A:Owners.first_name where A:Owners.state contains @1');
    // A class followed by "whose names": the class's label.
    expect(read('the contestants whose names contain the substring "Al"', 'show A:Contestants.contestant_name where A:Owners.state contains @1')).toBe(
      'show A:Contestants.contestant_name where A:Contestants.contestant_name contains @1',
    );
    // The right attribute compared otherwise is compared by containment.
    expect(read('professionals in a city containing "West"', 'show A:Professionals.state where A:Professionals.city starts_with @1')).toBe('show A:Professionals.state where A:Professionals.city contains @1');
  });

  it('leaves a reading alone when the words name no container, or it is of no class the reading shows, or of two', () => {
    const owner = 'show A:Owners.first_name where A:Professionals.city contains @1';
    expect(read('owners with "North" in it', owner)).toBe(owner);
    expect(read('professionals in a city containing "West"', owner)).toBe(owner);
    const both = 'show A:Owners.first_name show A:Professionals.city where A:Professionals.city contains @1';
    expect(read('people in a state whose name contains "North"', both)).toBe(both);
  });
});
