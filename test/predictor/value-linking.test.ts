/**
 * Value linking as people write values (issue 18 item 4), on a database the test makes: case and
 * accents (the stored spelling is what gets bound), partial names ranked and told apart by the
 * question's other words, titles and regnal numbers, years, decades and centuries, and ambiguity
 * left visible (alternatives) when nothing in the question tells two values apart.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindValues } from '../../engines/predictor/values/bind.js';
import { disambiguateByRows } from '../../engines/predictor/values/disambiguate.js';
import { findMentions, type Mention } from '../../engines/predictor/values/mentions.js';
import { nameKeys } from '../../engines/predictor/values/name-affixes.js';
import { ValueMemory, type ColumnMemory } from '../../engines/predictor/values/value-memory.js';
import { queryGraph } from '../../engines/query-graph/build.js';
import type { Operator } from '../../engines/query-graph/types.js';
import { openSqlClient, type SqlClient } from '../../engines/sql/prisma-client.js';
import { SqlQueryEngine } from '../../engines/sql/sql-engine.js';
import type { QueryGraphEngine } from '../../engines/query-graph/engine.js';
import { QueryTimeoutError } from '../../errors.js';

let dir: string;
let client: SqlClient;
let engine: SqlQueryEngine;
let memory: ValueMemory;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nlq-value-linking-'));
  const file = join(dir, 'people.sqlite');
  const db = new Database(file);
  db.exec(`
    CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL, title TEXT, born INTEGER, birthplace TEXT, house TEXT);
    INSERT INTO people VALUES
      (1, 'George_V of house of Windsor', 'King of England', 1865, 'London, England', 'Windsor'),
      (2, 'George_V of house of Hanover', 'King of Hanover', 1819, 'Berlin, Germany', 'Hanover'),
      (3, 'George William', NULL, 1880, 'Hanover', NULL),
      (4, 'Albert Augustus Charles', 'Prince', 1819, 'Coburg, Germany', NULL),
      (5, 'Albert Victor Christian', 'Duke', 1864, 'Windsor, England', NULL),
      (6, 'Henry_VIII of house of Tudor', 'King of England', 1491, 'Greenwich', 'Tudor'),
      (7, 'Henry_VII of house of Tudor', 'King of England', 1457, 'Pembroke', 'Tudor'),
      (8, 'Sir Isaac Newton', NULL, 1642, 'Woolsthorpe', NULL);
    CREATE TABLE dishes (id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT, first_served DATE);
    INSERT INTO dishes VALUES (1, 'Pâté chinois', 'Canada', '1931-05-02'), (2, 'Crème brûlée', 'France', '1985-01-20'), (3, 'Feijoada', 'Brazil', '2004-11-11');
    CREATE TABLE plants (Name, Country, Units, Load, Notes);
    INSERT INTO plants VALUES ('Kaiga-4', 'India', 4, 0.5, 'x'), ('Ågesta', 'Sweden', 1, 1, 2), ('Kursk-1', 'Russia', NULL, 0.25, NULL);
  `);
  db.close();
  const url = `file:${file}`;
  client = openSqlClient(url, { readonly: true });
  engine = await SqlQueryEngine.open({ sourceId: 'people', provider: 'sqlite', client, url });
  memory = await ValueMemory.read(engine);
});

afterAll(async () => {
  await engine?.close();
  await client?.$disconnect();
  rmSync(dir, { recursive: true, force: true });
});

const textMention = (question: string): Mention => {
  const found = findMentions(question, memory).filter((m) => m.kind === 'text');
  expect(found, question).toHaveLength(1);
  return found[0]!;
};
const valuesOf = (m: Mention) => [...m.candidates, ...(m.alternatives ?? [])].filter((c) => c.attributeId === m.candidates[0]!.attributeId).map((c) => c.value);
const bound = (m: Mention, classId: string, attributeId: string, operator: Operator) => {
  const graph = queryGraph({ select: [{ target: { classId, attributeId: 'id' }, aggregate: null }], where: [{ target: { classId, attributeId }, operator, values: [{ kind: 'placeholder', name: '1' }] }] });
  return bindValues(graph, null, [m], engine.schema()).where[0]!.values[0];
};

describe('case and accents', () => {
  it('finds a value written in lower case and without its accents, and binds it as stored', () => {
    const dish = textMention('is there any pate chinois');
    expect(dish.candidates[0]).toMatchObject({ attributeId: 'name', value: 'Pâté chinois', match: 'exact' });
    expect(bound(dish, 'dishes', 'name', '=')).toEqual({ kind: 'string', value: 'Pâté chinois' });
    expect(textMention('dishes from brazil').candidates[0]).toMatchObject({ attributeId: 'country', value: 'Brazil' });
  });

  it('binds a word of a value to be contained as the value spells it', () => {
    const word = textMention('dishes whose name has creme in it');
    expect(bound(word, 'dishes', 'name', 'contains')).toEqual({ kind: 'string', value: 'Crème' });
  });
});

describe('partial names', () => {
  it('finds a first name, and keeps every value it may be as an alternative when nothing tells them apart', () => {
    const albert = textMention("Who was Albert's father?");
    expect(albert.text).toBe('Albert');
    expect(valuesOf(albert).sort()).toEqual(['Albert Augustus Charles', 'Albert Victor Christian']);
    expect(albert.ambiguous).toBe(true);
  });

  it("tells them apart by the rest of the question: a year or a place in the thing's row", async () => {
    const question = "Who was Albert's father, the Albert born in 1864?";
    const [albert] = (await disambiguateByRows(question, findMentions(question, memory), engine, 2000)).filter((m) => m.kind === 'text');
    expect(albert!.candidates[0]!.value).toBe('Albert Victor Christian');
    expect(albert!.ambiguous).toBe(false);
    const coburg = 'Which Albert was born in Coburg?';
    const [fromCoburg] = (await disambiguateByRows(coburg, findMentions(coburg, memory), engine, 2000)).filter((m) => m.kind === 'text' && m.text === 'Albert');
    expect(fromCoburg!.candidates[0]!.value).toBe('Albert Augustus Charles');
  });

  it('finds several words of a longer name in order ("Henry Tudor")', () => {
    const henry = textMention('children of Henry Tudor');
    expect(henry.text).toBe('Henry Tudor');
    expect(valuesOf(henry).sort()).toEqual(['Henry_VII of house of Tudor', 'Henry_VIII of house of Tudor']);
    expect(henry.candidates[0]!.match).toBe('partial');
  });

  it('narrows a part to the things with the title the question gives ("King George": not George William)', () => {
    const george = textMention('Who were the children of King George?');
    expect(george.text).toBe('King George');
    expect(valuesOf(george).sort()).toEqual(['George_V of house of Hanover', 'George_V of house of Windsor']);
    // Equal to the value ranked first (the others stay alternatives); contained: the name without its title, as stored.
    expect(bound(george, 'people', 'name', '=')).toEqual({ kind: 'string', value: george.candidates[0]!.value });
    expect(bound(george, 'people', 'name', 'contains')).toEqual({ kind: 'string', value: 'George' });
  });

  it('leaves a schema word beside a value to the schema ("House Tudor" is the house Tudor, not a part of a name)', () => {
    expect(textMention('How many people belong to House Tudor?').candidates[0]).toMatchObject({ attributeId: 'house', value: 'Tudor', match: 'exact' });
  });

  it('finds a whole stored value that is one word of a longer schema name, unless the question writes that name out', () => {
    const plants = ValueMemory.of(
      [
        { classId: 'Plants', attributeId: 'Status', type: 'text', values: ['Operational', 'Shutdown'], min: null, max: null },
        { classId: 'Plants', attributeId: 'Package', type: 'text', values: ['Option', 'Basic'], min: null, max: null },
      ],
      {
        source: 'plants',
        relations: [],
        classes: [
          {
            id: 'Plants',
            name: { singular: 'plant', plural: 'plants' },
            primaryKey: [],
            rowCount: 2,
            attributes: [
              { id: 'Status', classId: 'Plants', type: 'text', nativeType: 'TEXT', nullable: true, primaryKey: false, name: { singular: 'status', plural: 'statuses' } },
              { id: 'OperationalFrom', classId: 'Plants', type: 'date', nativeType: 'DATE', nullable: true, primaryKey: false, name: { singular: 'operational from', plural: 'operational froms' } },
              { id: 'Package', classId: 'Plants', type: 'text', nativeType: 'TEXT', nullable: true, primaryKey: false, name: { singular: 'package option', plural: 'package options' } },
            ],
          },
        ],
      },
    );
    expect(findMentions('how many operational plants in japan', plants)[0]).toMatchObject({ text: 'operational', candidates: [{ value: 'Operational', match: 'exact' }] });
    expect(findMentions('what is the package option of each plant', plants)).toEqual([]);
    expect(findMentions('plants by status', plants)).toEqual([]);
  });

  it('takes no lower-case word shared by many values for a name, nor a word inside a run of capitalised words', () => {
    const streets = ValueMemory.of([{ classId: 'Crimes', attributeId: 'Location', type: 'text', values: ['On or near Eden Street', 'On or near Oak Street', 'On or near Mill Street', 'On or near Elm Street'], min: null, max: null }]);
    expect(findMentions('which street has the most crimes', streets)).toEqual([]);
    expect(findMentions('Which Lower Layer Street Area has most crimes', streets)).toEqual([]);
    expect(findMentions('crimes on Eden Street', streets)[0]).toMatchObject({ text: 'Eden Street', candidates: [{ value: 'On or near Eden Street', match: 'partial' }] });
  });

  it('finds a whole value that begins with an article ("The Rise of the Blue Beetle", "Under investigation")', () => {
    const titles = ValueMemory.of([{ classId: 'Cartoon', attributeId: 'Title', type: 'text', values: ['The Rise of the Blue Beetle!', 'Fall of the Blue Beetle!', 'Under investigation'], min: null, max: null }]);
    expect(findMentions('which channel shows "The Rise of the Blue Beetle"?', titles)[0]).toMatchObject({ text: 'The Rise of the Blue Beetle', candidates: [{ value: 'The Rise of the Blue Beetle!', match: 'exact' }] });
    expect(findMentions('how many are under investigation', titles)[0]).toMatchObject({ text: 'under investigation', candidates: [{ value: 'Under investigation', match: 'exact' }] });
  });
});

describe('titles and regnal numbers', () => {
  it('reads a regnal number as a word, an ordinal or a numeral, with a title or without', () => {
    for (const written of ['King George V', 'george the fifth', 'George 5th', 'King George the Fifth']) {
      const george = textMention(`children of ${written}`);
      expect(george.text.toLowerCase(), written).toBe(written.toLowerCase());
      expect(valuesOf(george).sort(), written).toEqual(['George_V of house of Hanover', 'George_V of house of Windsor']);
      expect(george.ambiguous, written).toBe(true);
    }
    expect(nameKeys(['henry', 'the', 'eighth'])).toEqual(['henry viii']);
    expect(nameKeys(['the', 'fifth'])).toEqual([]);
  });

  it('tells two kings of one name apart by the question', async () => {
    const question = 'Who are the grandchildren of King George V (the British one, born 1865)?';
    const [george] = (await disambiguateByRows(question, findMentions(question, memory), engine, 2000)).filter((m) => m.kind === 'text');
    expect(george!.candidates[0]!.value).toBe('George_V of house of Windsor');
    expect(george!.ambiguous).toBe(false);
  });

  it('finds a stored name without its honorific, and a name written with one the source does not store', () => {
    expect(textMention('when was Isaac Newton born').candidates[0]).toMatchObject({ value: 'Sir Isaac Newton', match: 'exact' });
    const noTitles = ValueMemory.of([{ classId: 'Staff', attributeId: 'Name', type: 'text', values: ['Jane Doe', 'John Smith'], min: null, max: null }]);
    expect(findMentions('what does Dr Jane Doe teach', noTitles)[0]).toMatchObject({ text: 'Dr Jane Doe', candidates: [{ value: 'Jane Doe' }] });
  });
});

describe('years, decades and centuries', () => {
  const dated = (min: string, max: string): ColumnMemory => ({ classId: 'Orders', attributeId: 'OrderDate', type: 'date', values: [], min, max });
  const read = (question: string, m: ValueMemory) => findMentions(question, m).map((x) => [x.kind, x.number]);

  it('reads a decade without its century in the century of the source years', () => {
    const recent = ValueMemory.of([dated('1955-01-01', '2021-12-31')]);
    expect(read('orders in the 80s', recent)).toEqual([['year', 1980], ['year', 1989]]);
    expect(read("orders from the '90s", recent)).toEqual([['year', 1990], ['year', 1999]]);
    expect(read('orders of the eighties', recent)).toEqual([['year', 1980], ['year', 1989]]);
    expect(read("orders in '97", recent)).toEqual([['year', 1997]]);
    const old = ValueMemory.of([{ classId: 'People', attributeId: 'born', type: 'integer', values: [], min: 1702, max: 1899 }]);
    expect(read('people born in the 80s', old)).toEqual([['year', 1880], ['year', 1889]]);
  });

  it('reads a decade as two numbers where the source stores no years ("in their 80s")', () => {
    const ages = ValueMemory.of([{ classId: 'Patients', attributeId: 'age', type: 'integer', values: [], min: 1, max: 104 }]);
    expect(read('patients in their 80s', ages)).toEqual([['number', 80], ['number', 89]]);
  });

  it('reads early, mid and late decades, decades with an apostrophe, and centuries', () => {
    const any = ValueMemory.of([dated('1700-01-01', '2000-12-31')]);
    expect(read('born in the early 1990s', any)).toEqual([['year', 1990], ['year', 1993]]);
    expect(read('born in the late 1800s', any)).toEqual([['year', 1867], ['year', 1899]]);
    expect(read('born in the 1800s', any)).toEqual([['year', 1800], ['year', 1809]]);
    expect(read("born in the 1920's", any)).toEqual([['year', 1920], ['year', 1929]]);
    expect(read('died in the 19th century', any)).toEqual([['year', 1800], ['year', 1899]]);
    expect(read('died in the eighteenth century', any)).toEqual([['year', 1700], ['year', 1799]]);
  });

  it('reads dates written with slashes, month first unless the first number is no month', () => {
    const any = ValueMemory.of([dated('1990-01-01', '2000-12-31')]);
    const dates = (q: string) => findMentions(q, any).map((x) => [x.kind, x.date]);
    expect(dates('orders on 7/4/1997')).toEqual([['date', '1997-07-04']]);
    expect(dates('orders on 25/12/1997')).toEqual([['date', '1997-12-25']]);
    expect(dates('orders on 1997/07/04')).toEqual([['date', '1997-07-04']]);
  });

  it('binds a decade on a date column as the days it spans', () => {
    const recent = ValueMemory.of([dated('1955-01-01', '2021-12-31')]);
    const mentions = findMentions('dishes first served in the 80s', recent);
    const graph = queryGraph({ select: [{ target: { classId: 'dishes', attributeId: 'name' }, aggregate: null }], where: [{ target: { classId: 'dishes', attributeId: 'first_served' }, operator: 'between', values: [{ kind: 'placeholder', name: '1' }, { kind: 'placeholder', name: '2' }] }] });
    expect(bindValues(graph, null, mentions, engine.schema()).where[0]!.values).toEqual([{ kind: 'date', value: '1980-01-01' }, { kind: 'date', value: '1989-12-31' }]);
  });
});

describe('the generator writes values as people type them', () => {
  it('offers a value without its accents and some names by their one unique word, and reads both back', () => {
    expect(memory.naturalForms('Pâté chinois')).toContain('Pate chinois');
    expect(findMentions('pate chinois', memory)[0]!.candidates[0]!.value).toBe('Pâté chinois');
    const word = (stem: string, i: number) => `${stem}${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`;
    const names = Array.from({ length: 40 }, (_, i) => `${word('Alfred', i)} ${word('Futterkist', i)}`);
    const shop = ValueMemory.of([{ classId: 'Customers', attributeId: 'CompanyName', type: 'text', values: names, min: null, max: null }]);
    const partial = names.flatMap((name) => shop.naturalForms(name).map((form) => [name, form] as const));
    // About a quarter of the names, each by its first or last word; each form finds its name again.
    expect(partial.length).toBeGreaterThan(4);
    expect(partial.length).toBeLessThan(40);
    for (const [name, form] of partial) {
      expect(name.split(' ')).toContain(form);
      expect(findMentions(`orders of ${form}`, shop)[0]!.candidates[0]!.value).toBe(name);
    }
  });
});

describe('columns SQLite holds with no declared type (tables imported from CSV files)', () => {
  it('are typed by the values they store, so their values are found', () => {
    const types = Object.fromEntries(engine.schema().classes.find((c) => c.id === 'plants')!.attributes.map((a) => [a.id, a.type]));
    expect(types).toEqual({ Name: 'text', Country: 'text', Units: 'integer', Load: 'float', Notes: 'other' });
    expect(textMention('plants in india').candidates[0]).toMatchObject({ classId: 'plants', attributeId: 'Country', value: 'India' });
    expect(textMention('where is agesta').candidates[0]).toMatchObject({ attributeId: 'Name', value: 'Ågesta' });
  });
});

describe('reading the value memory on a busy machine', () => {
  /** The real engine, with reads of some attributes running past their time limit: each name, how many times. */
  const slowOn = (times: ReadonlyMap<string, number>): QueryGraphEngine => {
    const left = new Map(times);
    return {
      schema: () => engine.schema(),
      translate: (graph, limit) => engine.translate(graph, limit),
      run: async (graph, limits) => {
        const target = graph.select[0]?.target;
        const name = target ? `${target.classId}.${target.attributeId}` : '';
        const remaining = left.get(name) ?? 0;
        if (remaining > 0) {
          left.set(name, remaining - 1);
          throw new QueryTimeoutError('people', limits.timeoutMs);
        }
        return engine.run(graph, limits);
      },
    };
  };

  it('reads an attribute again after a timed-out read, and lists what it still could not read', async () => {
    const read = await ValueMemory.read(slowOn(new Map([['dishes.name', 1], ['dishes.country', 2]])));
    expect(read.column('dishes', 'name')?.values).toContain('Feijoada');
    expect(read.column('dishes', 'country')).toBeUndefined();
    expect(read.unread).toEqual(['dishes.country']);
    expect(memory.unread).toEqual([]);
  });
});
