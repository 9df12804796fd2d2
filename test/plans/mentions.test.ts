import { describe, expect, it } from 'vitest';
import { findMentions, nameAliases } from '../../plugins/nl-query/plans/mentions.js';
import type { Fact } from '../../types.js';

const fact = (id: string, text: string): Fact => ({ id, collection: 'c', text, createdAt: '2026-01-01T00:00:00.000Z' });

describe('names mentioned in facts', () => {
  it('writes database names the way sentences do', () => {
    expect(nameAliases('Henry_VIII of house of Tudor')).toContain('henry viii');
    expect(nameAliases('Anne of_Denmark')).toContain('anne of denmark');
    expect(nameAliases('Victoria of house of Hanover')).toContain('queen victoria');
    // A lone given name is never an alias by itself: "Anne" would match every Anne.
    expect(nameAliases('Anne of_Denmark')).not.toContain('anne');
    expect(nameAliases('Wilhelmina')).not.toContain('wilhelmina');
    expect(nameAliases('Wilhelmina')).toContain('queen wilhelmina');
  });

  it('finds names whatever the punctuation, case and accents', () => {
    const facts = [fact('1', 'Saoirse Bellamy is employed by Formaggi Fortini s.r.l. as a cheese grader.'), fact('2', 'A letter signed by HENRY VIII.'), fact('3', 'Nothing here about Pavlova.')];
    const names = ['Formaggi Fortini s.r.l.', 'Henry_VIII of house of Tudor', 'Pavlova, Ltd.', 'Thüringer Rostbratwurst'];
    const found = findMentions(names, [...facts, fact('4', 'thuringer rostbratwurst sausages')]);
    expect(found.map((m) => names[m.name])).toEqual(['Formaggi Fortini s.r.l.', 'Henry_VIII of house of Tudor', 'Thüringer Rostbratwurst']);
    expect(found[0]!.facts.map((f) => f.id)).toEqual(['1']);
  });

  it('matches whole words only', () => {
    expect(findMentions(['Chai Tea'], [fact('1', 'The chai teapot spoke.')])).toEqual([]);
    expect(findMentions(['Chai Tea'], [fact('1', 'A cup of chai tea.')])).toHaveLength(1);
  });

  it('shares an ambiguous mention among the names it may mean', () => {
    const found = findMentions(['Victoria of house of Hanover', 'Victoria of_Baden', 'George_III of house of Hanover'], [fact('1', 'A statue of Queen Victoria.'), fact('2', 'A portrait of George III.')]);
    expect(found.map((m) => [m.name, m.weight])).toEqual([
      [0, 0.5],
      [1, 0.5],
      [2, 1],
    ]);
  });
});
