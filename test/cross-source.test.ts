/**
 * Questions that need more than one retrieval, over the embedded world (Northwind in SQL and as a
 * graph, the royals graph, the Kestrelford facts), asked through GraphQL as a client would. Every
 * expected answer is computed here straight from the data (SQL on the Northwind file, the royals
 * CSV, the facts files), never through the gateway.
 */
import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/graphql.js';
import { worldConfig, worldOptions } from './helpers/world.js';

const ASK = `query Ask($q: String!) {
  ask(question: $q) {
    answer { kind rows weights source sources confidence explanation columns { name type } }
    plan { kind explanation steps { question routedTo answeredBy confidence summary } }
    sources { source status }
  }
}`;

interface AskData {
  ask: {
    answer: { kind: string; rows: unknown[][]; weights: number[]; source: string; sources: string[]; confidence: number; explanation: string } | null;
    plan: { kind: string; steps: { question: string; routedTo: string[]; answeredBy: string | null }[] } | null;
  };
}

let server: TestServer;
let northwind: Database.Database;
const facts = ['facts.txt', 'links.txt'].flatMap((file) =>
  readFileSync(new URL(`../data/kestrelford/${file}`, import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean),
);
const royals = readFileSync(new URL('../data/royals/people.csv', import.meta.url), 'utf8').trim().split('\n').slice(1);

beforeAll(async () => {
  const config = await worldConfig();
  const sqlite = config.sources.find((source) => source.id === 'northwind')!.url!.replace(/^file:/, '');
  northwind = new Database(sqlite, { readonly: true });
  server = await startTestServer(await worldOptions(`file:${join(mkdtempSync(join(tmpdir(), 'nlq-cross-')), 'facts.sqlite')}`));
});
afterAll(async () => {
  northwind?.close();
  await server?.stop();
});

/** A count straight from the Northwind file. */
const count = (sql: string, ...params: unknown[]) => (northwind.prepare(sql).get(...params) as { n: number }).n;
/** Northwind supplier names that some fact contains, compared case-insensitively. */
const suppliersInFacts = (where = '1 = 1') =>
  (northwind.prepare(`SELECT CompanyName AS name FROM Suppliers WHERE ${where}`).all() as { name: string }[])
    .map((row) => row.name)
    .filter((name) => facts.some((fact) => fact.toLowerCase().includes(name.toLowerCase())));

async function ask(question: string): Promise<AskData['ask']> {
  const { data, errors } = await server.run<AskData>(ASK, { q: question });
  expect(errors).toBeUndefined();
  const answer = data!.ask.answer;
  // Every answer is a weighted set: one weight per row, each in [0, 1].
  if (answer) {
    expect(answer.weights).toHaveLength(answer.rows.length);
    for (const weight of answer.weights) {
      expect(weight).toBeGreaterThanOrEqual(0);
      expect(weight).toBeLessThanOrEqual(1);
    }
  }
  return data!.ask;
}

const column = (answer: AskData['ask']['answer'], index = 0) => (answer?.rows ?? []).map((row) => row[index]);

describe('comparisons across counts', () => {
  it.each([
    ['Are there more customers than suppliers?', () => count('SELECT COUNT(*) n FROM Customers') > count('SELECT COUNT(*) n FROM Suppliers')],
    ['Are there fewer employees than shippers?', () => count('SELECT COUNT(*) n FROM Employees') < count('SELECT COUNT(*) n FROM Shippers')],
    ['Do Northwind customers outnumber Northwind suppliers?', () => count('SELECT COUNT(*) n FROM Customers') > count('SELECT COUNT(*) n FROM Suppliers')],
    ['Are there more orders in the Northwind graph than customers in Northwind?', () => count('SELECT COUNT(*) n FROM Orders') > count('SELECT COUNT(*) n FROM Customers')],
    ['Are there more categories than products?', () => count('SELECT COUNT(*) n FROM Categories') > count('SELECT COUNT(*) n FROM Products')],
    ['Are there fewer customers in Germany than in the USA?', () => count("SELECT COUNT(*) n FROM Customers WHERE Country = 'Germany'") < count("SELECT COUNT(*) n FROM Customers WHERE Country = 'USA'")],
  ])('%s', async (question, expected) => {
    const result = await ask(question);
    expect(result.plan?.kind).toBe('compare-than');
    expect(result.answer).toMatchObject({ kind: 'BOOLEAN', rows: [[expected()]] });
  });

  it.each([
    ['Are there more suppliers in Sweden or employees in London?', ['suppliers in Sweden', "SELECT COUNT(*) n FROM Suppliers WHERE TRIM(Country) = 'Sweden'"], ['employees in London', "SELECT COUNT(*) n FROM Employees WHERE City = 'London'"], false],
    ['Are there fewer categories or shippers?', ['categories', 'SELECT COUNT(*) n FROM Categories'], ['shippers', 'SELECT COUNT(*) n FROM Shippers'], true],
    ['Are there more products or orders?', ['products', 'SELECT COUNT(*) n FROM Products'], ['orders', 'SELECT COUNT(*) n FROM Orders'], false],
  ] as const)('%s', async (question, [phraseA, sqlA], [phraseB, sqlB], fewer) => {
    const [a, b] = [count(sqlA), count(sqlB)];
    const result = await ask(question);
    expect(result.plan?.kind).toBe('compare-which');
    expect(result.answer).toMatchObject({ kind: 'SCALAR', rows: [[(a > b) !== fewer ? phraseA : phraseB]] });
  });
});

describe('totals and differences', () => {
  it.each([
    ['How many products and categories are there in total?', () => count('SELECT COUNT(*) n FROM Products') + count('SELECT COUNT(*) n FROM Categories')],
    ['How many customers, suppliers and shippers are there altogether?', () => count('SELECT COUNT(*) n FROM Customers') + count('SELECT COUNT(*) n FROM Suppliers') + count('SELECT COUNT(*) n FROM Shippers')],
    ['How many products in the northwind graph and suppliers in the northwind database are there in total?', () => count('SELECT COUNT(*) n FROM Products') + count('SELECT COUNT(*) n FROM Suppliers')],
    ['How many Northwind employees and royals are there in total?', () => count('SELECT COUNT(*) n FROM Employees') + royals.length],
  ])('%s', async (question, expected) => {
    const result = await ask(question);
    expect(result.plan?.kind).toBe('total');
    expect(result.answer).toMatchObject({ kind: 'SCALAR', rows: [[expected()]] });
  });

  it.each([
    ['How many more customers than suppliers are there?', () => count('SELECT COUNT(*) n FROM Customers') - count('SELECT COUNT(*) n FROM Suppliers')],
    ['How many more products than categories are there?', () => count('SELECT COUNT(*) n FROM Products') - count('SELECT COUNT(*) n FROM Categories')],
    ['How many more orders than customers are there?', () => count('SELECT COUNT(*) n FROM Orders') - count('SELECT COUNT(*) n FROM Customers')],
    ['How many more customers are there in Germany than in France?', () => count("SELECT COUNT(*) n FROM Customers WHERE Country = 'Germany'") - count("SELECT COUNT(*) n FROM Customers WHERE Country = 'France'")],
  ])('%s', async (question, expected) => {
    const result = await ask(question);
    expect(result.plan?.kind).toBe('difference');
    expect(result.answer).toMatchObject({ kind: 'SCALAR', rows: [[expected()]] });
  });
});

describe('things of one source that another source mentions', () => {
  it.each([
    ['Which Northwind suppliers are mentioned in the town facts?', () => suppliersInFacts()],
    ['Which suppliers mentioned in the town facts are in Japan?', () => suppliersInFacts("Country = 'Japan'")],
    ['Which Northwind suppliers in the USA are mentioned in the town facts?', () => suppliersInFacts("Country = 'USA'")],
    ['Which shippers are mentioned in the town facts?', () => []],
  ])('%s', async (question, expected) => {
    const result = await ask(question);
    expect(result.plan?.kind).toBe('mentioned-in');
    expect(new Set(column(result.answer))).toEqual(new Set(expected()));
    if (expected().length > 0) {
      // The suppliers come from either copy of Northwind (SQL or the graph), whichever reads the question best.
      expect(result.answer?.sources).toContain('kestrelford');
      expect(result.answer?.sources.some((source) => source === 'northwind' || source === 'northwind-graph')).toBe(true);
    } else expect(result.answer?.kind).toBe('EMPTY');
  });

  it('Which royals mentioned in the town facts were born before 1800?', async () => {
    // The royals the links facts name, by their names in the data, and their birth years from the CSV.
    const named = ['George_III of house of Hanover', 'Henry_VIII of house of Tudor', 'Mary_II', 'Anne of_Denmark', 'Edward_VII of house of Wettin'];
    const born = new Map(royals.map((line) => line.split(',')).map((cells) => [cells[1]!, Number(cells[7])]));
    const expected = named.filter((name) => born.get(name)! < 1800);
    const result = await ask('Which royals mentioned in the town facts were born before 1800?');
    expect(result.plan?.kind).toBe('mentioned-in');
    expect(new Set(column(result.answer))).toEqual(new Set(expected));
  });
});

describe('a set of one source followed into another', () => {
  it('Which people in the town facts work for a Northwind supplier?', async () => {
    // A fact saying someone works for (is employed by, is an accountant at…) a Northwind supplier.
    const suppliers = suppliersInFacts();
    const expected = facts
      .filter((fact) => suppliers.some((name) => fact.includes(name)) && /\b(works? (for|in)|employed by|accountant at|agent for)\b/.test(fact))
      .map((fact) => /^([A-Z]\w+ [A-Z]\w+)/.exec(fact)![1]);
    const result = await ask('Which people in the town facts work for a Northwind supplier?');
    expect(result.plan?.kind).toBe('follow');
    expect(result.answer?.sources).toEqual(['northwind', 'kestrelford']);
    // Everyone who works for one is found; the second column says which supplier.
    expect(column(result.answer)).toEqual(expect.arrayContaining(expected));
    for (const row of result.answer!.rows) expect(suppliers).toContain(row[1]);
  });
});
