/**
 * The generator's answer conventions are people's (issue 18): a class asked for is shown by the
 * text attribute that names it even when labels.ts would show its key (airlines(uid, Airline)),
 * a count of different things counts their names, no number is compared with a key, and no largest or
 * smallest of a text is asked; a superlative ranks numbers and dates only, a text sorted with a limit
 * is said in words of alphabetical order. Class rules over a small schema, and over the generated questions.
 */
import { describe, expect, it } from 'vitest';
import { attr, having, queryGraph, show, where } from '../../engines/query-graph/build.js';
import type { SchemaAttribute, SchemaClass, SchemaGraph } from '../../engines/schema-graph/types.js';
import { QuestionGenerator } from '../../engines/predictor/generator/generator.js';
import { isKeyColumn, ranksBySize, shownLabel } from '../../engines/predictor/generator/naming.js';
import { labelAttribute } from '../../engines/schema-graph/labels.js';
import { ValueMemory } from '../../engines/predictor/values/value-memory.js';

const attribute = (classId: string, id: string, type: SchemaAttribute['type'], name: string, primaryKey = false): SchemaAttribute => ({ id, classId, type, nativeType: type.toUpperCase(), nullable: !primaryKey, primaryKey, name: { singular: name, plural: `${name}s` } });
const klass = (id: string, singular: string, plural: string, attributes: SchemaAttribute[]): SchemaClass => ({ id, name: { singular, plural }, primaryKey: attributes.filter((a) => a.primaryKey).map((a) => a.id), rowCount: 3, attributes });

const schema: SchemaGraph = {
  source: 'flights',
  classes: [
    klass('airlines', 'airline', 'airlines', [attribute('airlines', 'uid', 'integer', 'uid', true), attribute('airlines', 'Airline', 'text', 'airline'), attribute('airlines', 'Abbreviation', 'text', 'abbreviation'), attribute('airlines', 'Country', 'text', 'country')]),
    klass('flights', 'flight', 'flights', [attribute('flights', 'FlightNo', 'integer', 'flight no', true), attribute('flights', 'AirlineId', 'integer', 'airline id'), attribute('flights', 'Seats', 'integer', 'seats'), attribute('flights', 'Region', 'text', 'region')]),
    klass('programs', 'degree program', 'degree programs', [attribute('programs', 'program_id', 'integer', 'degree program id', true), attribute('programs', 'summary_name', 'text', 'degree summary name'), attribute('programs', 'other', 'text', 'other details')]),
    klass('stations', 'gas station', 'gas stations', [attribute('stations', 'station_id', 'integer', 'station id', true), attribute('stations', 'manager', 'text', 'manager name'), attribute('stations', 'vice', 'text', 'vice manager name')]),
    klass('orders', 'order', 'orders', [attribute('orders', 'order_id', 'integer', 'order id', true), attribute('orders', 'ship_name', 'text', 'ship name')]),
    klass('shops', 'shop', 'shops', [attribute('shops', 'shop_id', 'integer', 'shop id', true), attribute('shops', 'name', 'text', 'name')]),
  ],
  relations: [{ id: 'fk', from: 'flights', to: 'airlines', fromColumns: ['AirlineId'], toColumns: ['uid'], name: { singular: 'airline', plural: 'airlines' } }],
};

const memory = ValueMemory.of(
  [
    { classId: 'airlines', attributeId: 'uid', type: 'integer', values: [], min: 1, max: 12 },
    { classId: 'airlines', attributeId: 'Airline', type: 'text', values: ['United Airlines', 'Delta Airlines', 'Frontier Airlines'], min: null, max: null },
    { classId: 'airlines', attributeId: 'Abbreviation', type: 'text', values: ['UAL', 'Delta', 'Frontier'], min: null, max: null },
    { classId: 'airlines', attributeId: 'Country', type: 'text', values: ['USA', 'Canada'], min: null, max: null },
    { classId: 'flights', attributeId: 'FlightNo', type: 'integer', values: [], min: 1, max: 1200 },
    { classId: 'flights', attributeId: 'AirlineId', type: 'integer', values: [], min: 1, max: 12 },
    { classId: 'flights', attributeId: 'Seats', type: 'integer', values: [], min: 20, max: 400 },
    { classId: 'flights', attributeId: 'Region', type: 'text', values: ['North', 'South'], min: null, max: null },
    { classId: 'programs', attributeId: 'program_id', type: 'integer', values: [], min: 1, max: 9 },
    { classId: 'programs', attributeId: 'summary_name', type: 'text', values: ['Bachelor', 'Master', 'PHD'], min: null, max: null },
    { classId: 'programs', attributeId: 'other', type: 'text', values: ['none'], min: null, max: null },
  ],
  schema,
);

describe('shownLabel: the attribute a class is shown by', () => {
  it('is a text attribute named as the class, or a "... name" sharing a word with it, where labels.ts would show the key', () => {
    expect(labelAttribute(schema, 'airlines')?.id).toBe('uid');
    expect(shownLabel(schema, 'airlines')?.id).toBe('Airline');
    expect(labelAttribute(schema, 'programs')?.id).toBe('program_id');
    expect(shownLabel(schema, 'programs')?.id).toBe('summary_name');
  });

  it("keeps the key where no name is the thing's (an order's ship name, a gas station's manager name), and labels.ts where it names", () => {
    expect(shownLabel(schema, 'stations')?.id).toBe('station_id');
    expect(shownLabel(schema, 'orders')?.id).toBe('order_id');
    expect(shownLabel(schema, 'shops')?.id).toBe('name');
  });

  it('knows keys: primary keys and the columns that refer to another class', () => {
    expect(isKeyColumn(schema, 'flights', 'FlightNo')).toBe(true);
    expect(isKeyColumn(schema, 'flights', 'AirlineId')).toBe(true);
    expect(isKeyColumn(schema, 'airlines', 'uid')).toBe(true);
    expect(isKeyColumn(schema, 'flights', 'Seats')).toBe(false);
  });
});

describe('ranksBySize: what a superlative may rank', () => {
  it('is a number, a date, a column named as a date, or a count, total or average; never a text', () => {
    expect(ranksBySize(schema, show(attr('flights', 'Seats')))).toBe(true);
    expect(ranksBySize(schema, show(attr('flights', 'Region'), 'count_distinct'))).toBe(true);
    expect(ranksBySize(schema, show(attr('flights', 'Region')))).toBe(false);
    expect(ranksBySize(schema, show(attr('airlines', 'Country')))).toBe(false);
    const dated: SchemaGraph = { ...schema, classes: [klass('visits', 'visit', 'visits', [attribute('visits', 'id', 'integer', 'id', true), attribute('visits', 'day', 'text', 'visit date')])] };
    expect(ranksBySize(dated, show(attr('visits', 'day')))).toBe(true);
  });
});

describe('QuestionGenerator.conventions', () => {
  const generator = new QuestionGenerator(schema, memory, { seed: 3, typo: 0 });

  it('drops a number compared with a key, keeps one compared with an amount and a key asked by value', () => {
    const graph = queryGraph({ select: [show(attr('flights', 'Seats'))], where: [where(attr('flights', 'FlightNo'), '>=', 2), where(attr('flights', 'AirlineId'), '<', 5), where(attr('flights', 'Seats'), '>', 100), where(attr('flights', 'AirlineId'), '=', 3)] });
    const out = generator.conventions(graph);
    expect(out?.where.map((c) => `${c.target.attributeId} ${c.operator}`)).toEqual(['Seats >', 'AirlineId =']);
  });

  it('asks no largest or smallest of a text, and no total, average or extreme of a key, in the answer, a having or an order', () => {
    expect(generator.conventions(queryGraph({ select: [show(attr('flights', 'Region'), 'max')] }))).toBeNull();
    expect(generator.conventions(queryGraph({ select: [show(attr('airlines', 'Country')), show(attr('flights', 'Seats'), 'count_distinct')], groupBy: [attr('airlines', 'Country')], having: [having(show(attr('flights', 'Region'), 'min'), '>', 3)] }))).toBeNull();
    expect(generator.conventions(queryGraph({ select: [show(attr('flights', 'AirlineId'), 'max')] }))).toBeNull();
    expect(generator.conventions(queryGraph({ select: [show(attr('flights', 'FlightNo'), 'avg')] }))).toBeNull();
    const numeric = queryGraph({ select: [show(attr('flights', 'Seats'), 'max')] });
    expect(generator.conventions(numeric)).toBe(numeric);
  });

  it('counts the different names of a class, not its keys ("how many different degrees")', () => {
    const out = generator.conventions(queryGraph({ select: [show(attr('programs', 'program_id'), 'count_distinct')] }));
    expect(out?.select[0]?.target).toEqual(attr('programs', 'summary_name'));
    // A class with no name of its own keeps counting its keys; a foreign key counted is kept (people count the students who have pets by their ids).
    const stations = queryGraph({ select: [show(attr('stations', 'station_id'), 'count_distinct')] });
    expect(generator.conventions(stations)).toBe(stations);
    const referring = queryGraph({ select: [show(attr('flights', 'AirlineId'), 'count_distinct')] });
    expect(generator.conventions(referring)).toBe(referring);
    // Per group, the count is left alone.
    const grouped = queryGraph({ select: [show(attr('programs', 'other')), show(attr('programs', 'program_id'), 'count_distinct')], groupBy: [attr('programs', 'other')] });
    expect(generator.conventions(grouped)).toBe(grouped);
  });
});

describe('generated questions follow the conventions', () => {
  const examples = new QuestionGenerator(schema, memory, { seed: 7, typo: 0 }).generate(600);

  it('compare no key with a number and take no largest or smallest of a text', () => {
    expect(examples.length).toBeGreaterThan(300);
    for (const e of examples) {
      for (const c of e.graph.where) expect(['<', '<=', '>', '>=', 'between'].includes(c.operator) && isKeyColumn(schema, c.target.classId, c.target.attributeId), e.question).toBe(false);
      for (const m of [...e.graph.select, ...e.graph.having.map((h) => h.measure), ...e.graph.orderBy.map((o) => o.measure)]) {
        const type = schema.classes.find((k) => k.id === m.target.classId)?.attributes.find((a) => a.id === m.target.attributeId)?.type;
        expect((m.aggregate === 'max' || m.aggregate === 'min') && type === 'text', e.question).toBe(false);
        expect(['sum', 'avg', 'max', 'min'].includes(m.aggregate ?? '') && isKeyColumn(schema, m.target.classId, m.target.attributeId), e.question).toBe(false);
      }
    }
  });

  it('never rank a text with a superlative word: its first rows are said alphabetically, and most text sorts keep no limit', () => {
    const superlative = /\b(highest|largest|biggest|greatest|lowest|smallest|least|most|latest|earliest|oldest|top)\b/i;
    const textLimited = examples.filter((e) => e.graph.limit !== null && e.graph.orderBy.some((o) => !ranksBySize(schema, o.measure)));
    const textSorted = examples.filter((e) => e.graph.orderBy.some((o) => !ranksBySize(schema, o.measure)));
    expect(textLimited.length).toBeGreaterThan(0);
    expect(textLimited.length).toBeLessThan(textSorted.length / 2);
    for (const e of textLimited) {
      expect(superlative.test(e.question), e.question).toBe(false);
      expect(/alphabetical|from [az] to [az]/.test(e.question), e.question).toBe(true);
    }
  });

  it('show airlines by their name when all they ask for is which airlines', () => {
    const shown = examples.filter((e) => e.graph.groupBy.length === 0 && e.graph.select.length === 1 && e.graph.select[0]?.aggregate === null && e.graph.select[0].target.classId === 'airlines').map((e) => e.graph.select[0]?.target.attributeId);
    expect(shown.filter((a) => a === 'Airline').length).toBeGreaterThan(shown.filter((a) => a === 'uid').length);
  });
});
