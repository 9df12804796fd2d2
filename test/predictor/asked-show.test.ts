/**
 * The one attribute a question's opening asks for ("the freight of orders ..."): a reading that
 * shows another plain attribute of that class shows the asked one instead; a reading that
 * aggregates, shows several things or shows another class, and a question whose opening names no
 * attribute of a class, are left as written.
 */
import { describe, expect, it } from 'vitest';
import { askedShow, listedThings, withAskedShow, withLabelForEcho } from '../../engines/predictor/completions/asked-show.js';
import { namedAttributes } from '../../engines/predictor/completions/unasked-group.js';
import { questionWords } from '../../engines/predictor/cues/coverage.js';
import { schemaNames } from '../../engines/predictor/schema-words/schema-names.js';
import { attribute, shopSchema } from '../helpers/shop-schema.js';

const names = schemaNames(shopSchema);
const asked = (question: string) => askedShow(questionWords(question, []), names, shopSchema);
const completed = (question: string, reading: string) => withAskedShow(reading.split(' '), asked(question)).join(' ');

describe('the attribute an opening asks for', () => {
  it('reads an opening, one attribute name, "of" and its class', () => {
    expect(asked('What are the freights of orders shipped to Lyon?')).toBe('A:Orders.Freight');
    expect(asked('List the hire date of all employees.')).toBe('A:Employees.HireDate');
    expect(asked('Which orders have a freight over 20?')).toBeNull();
    expect(asked('What is the freight of the most recent one?')).toBeNull();
    // "names" of a class whose name is its title; not of one whose only label is a city.
    const withTitles = { ...shopSchema, classes: [...shopSchema.classes, { id: 'Cartoon', name: { singular: 'cartoon', plural: 'cartoons' }, primaryKey: [], rowCount: 1, attributes: [attribute('Cartoon', 'Written_by', 'written by', 'written bys'), attribute('Cartoon', 'Title', 'title', 'titles')] }] };
    expect(askedShow(questionWords('What are the names of all cartoons directed by Ben?', []), schemaNames(withTitles), withTitles)).toBe('A:Cartoon.Title');
    expect(asked('What are the names of customers in Lyon?')).toBeNull();
  });

  it('reads a possessive: the class, "\'s", and one of its attributes', () => {
    expect(asked("Which order was shipped last? List the order's freight.")).toBe('A:Orders.Freight');
    expect(asked("List the employee's hire date.")).toBe('A:Employees.HireDate');
    expect(asked("List the order's name.")).toBeNull();
  });

  it('reads the class after a superlative', () => {
    expect(asked('What is the freight of the most recent order?')).toBe('A:Orders.Freight');
    expect(asked('List the hire date of the oldest employee.')).toBe('A:Employees.HireDate');
    expect(asked('What is the freight of the latest one?')).toBeNull();
  });

  it('shows the asked attribute instead of another one of its class', () => {
    expect(completed('What are the freights of orders shipped to Lyon?', 'show A:Orders.OrderID where A:Orders.ShipCity = @1 order desc A:Orders.OrderDate limit #3')).toBe(
      'show A:Orders.Freight where A:Orders.ShipCity = @1 order desc A:Orders.OrderDate limit #3',
    );
  });

  it('leaves aggregates, several shows, another class and the asked attribute itself', () => {
    const question = 'What are the freights of orders shipped to Lyon?';
    for (const reading of [
      'show avg A:Orders.Freight where A:Orders.ShipCity = @1',
      'show A:Orders.OrderID show A:Orders.OrderDate where A:Orders.ShipCity = @1',
      'show A:Customers.City where A:Orders.ShipCity = @1',
      'show A:Orders.Freight where A:Orders.ShipCity = @1',
      'show count A:Orders.* where A:Orders.ShipCity = @1',
    ]) {
      expect(completed(question, reading)).toBe(reading);
    }
  });
});

describe('the things an opening lists', () => {
  const cartoons = { ...shopSchema, classes: [...shopSchema.classes, { id: 'Cartoon', name: { singular: 'cartoon', plural: 'cartoons' }, primaryKey: [], rowCount: 1, attributes: [attribute('Cartoon', 'Directed_by', 'directed by', 'directed bys'), attribute('Cartoon', 'Title', 'title', 'titles')] }] };
  const cartoonNames = schemaNames(cartoons);
  const label = (question: string) => listedThings(questionWords(question, []), cartoonNames, cartoons);

  it('are shown by their label, not by the value the question gave', () => {
    expect(label('List all cartoons directed by Ben Jones')).toBe('A:Cartoon.Title');
    // With the value found, the words after the class are a condition, not the attribute to show.
    expect(listedThings(questionWords('List all cartoon directed by Ben Jones', [{ start: 31, end: 40, text: 'Ben Jones', kind: 'text', number: null, date: null, candidates: [] }]), cartoonNames, cartoons)).toBe('A:Cartoon.Title');
    expect(withLabelForEcho('show A:Cartoon.Directed_by where A:Cartoon.Directed_by = @1'.split(' '), label('List all cartoons directed by Ben Jones')).join(' ')).toBe(
      'show A:Cartoon.Title where A:Cartoon.Directed_by = @1',
    );
  });

  it('leave a reading that shows what the value did not give, and openings that name an attribute', () => {
    const reading = 'show A:Cartoon.Directed_by where A:Cartoon.Title = @1';
    expect(withLabelForEcho(reading.split(' '), label('List all cartoons called Pilot')).join(' ')).toBe(reading);
    expect(label('List the cartoon titles')).toBeNull();
    expect(label('List the directed by of all cartoons')).toBeNull();
  });

  it('are shown by their label when a reading shows only an attribute no word names, echoing its value', () => {
    const echo = 'show A:Cartoon.Directed_by where A:Cartoon.Directed_by = @1';
    const unnamed = (question: string) => ({ schema: cartoons, named: namedAttributes(questionWords(question, []), cartoonNames) });
    expect(withLabelForEcho(echo.split(' '), null, unnamed('What are the Ben Jones cartoons called?')).join(' ')).toBe('show A:Cartoon.Title where A:Cartoon.Directed_by = @1');
    // "directed by" names the attribute: the question may ask for it.
    expect(withLabelForEcho(echo.split(' '), null, unnamed('Which cartoons are directed by Ben Jones, and by whom?')).join(' ')).toBe(echo);
  });
});
