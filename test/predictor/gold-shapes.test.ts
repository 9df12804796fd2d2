/**
 * Gold shapes (engines/predictor/generator/gold-shapes.ts): SQL people wrote for a database, read
 * into query graphs, become generated questions of the same shapes with values drawn again from
 * the database's data; SQL the reader refuses is counted per shape and skipped.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlClient } from '../../engines/sql/prisma-client.js';
import { SqlQueryEngine } from '../../engines/sql/sql-engine.js';
import { ValueMemory } from '../../engines/predictor/values/value-memory.js';
import { QuestionGenerator, type Example } from '../../engines/predictor/generator/generator.js';
import { parseGoldFile, readGoldShapes, readingCheck, sqlShape, type GoldShapes } from '../../engines/predictor/generator/gold-shapes.js';
import { mentionSlots, TargetGrammar } from '../../engines/predictor/model/grammar.js';
import { EOS } from '../../engines/predictor/model/target.js';
import { findMentions } from '../../engines/predictor/values/mentions.js';
import { formatQueryGraph } from '../../engines/query-graph/canonical.js';
import type { QueryGraph } from '../../engines/query-graph/types.js';

const GOLD = [
  "SELECT name ,  city FROM shops WHERE city  =  'Lyon'\tbikes",
  'SELECT count(*) FROM bikes WHERE size  >  30\tbikes',
  'SELECT T1.name ,  count(*) FROM shops AS T1 JOIN bikes AS T2 ON T1.id  =  T2.shop_id GROUP BY T1.id ORDER BY count(*) DESC LIMIT 3\tbikes',
  "SELECT name FROM bikes WHERE kind = 'road' INTERSECT SELECT name FROM bikes WHERE size > 50\tbikes",
  // "road": a double-quoted string, as people write them for SQLite (the check runs it as 'road').
  'SELECT name FROM shops WHERE id NOT IN (SELECT shop_id FROM bikes WHERE kind = "road")\tbikes',
  // INTERSECT of cities: shop A's and shop D's city is the same, yet no one shop is named both; the reading (one shop) gives no row, and is dropped.
  "SELECT city FROM shops WHERE name = 'shop Aster' INTERSECT SELECT city FROM shops WHERE name = 'shop Dster'\tbikes",
  'SELECT name FROM shops WHERE id IN (SELECT shop_id FROM bikes WHERE size > 20 AND size < (SELECT avg(size) FROM bikes))\tbikes',
  // A union (some of two branches) beside a none: two patterns that are no intersection.
  "SELECT name FROM bikes WHERE kind = 'road' OR size > 80 EXCEPT SELECT name FROM bikes WHERE shop_id = 2\tbikes",
  'SELECT name FROM other_table\tanother_db',
].join('\n');

let dir: string;
let engine: SqlQueryEngine;
let client: ReturnType<typeof openSqlClient>;
let shapes: GoldShapes;
let examples: Example[];
let memory: ValueMemory;
const cities = ['Lyon', 'Porto', 'Graz'];
const kinds = ['road', 'mountain', 'city'];

/** The graph with every condition value left out: what "the same shape" means. */
function shape(graph: QueryGraph): string {
  const blank = (where: QueryGraph['where']) => where.map((c) => ({ ...c, values: [] }));
  return formatQueryGraph({ ...graph, where: blank(graph.where), ...(graph.patterns ? { patterns: graph.patterns.map((p) => ({ ...p, branches: p.branches.map((b) => ({ ...b, where: blank(b.where) })) })) } : {}) });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nlq-gold-shapes-'));
  const file = join(dir, 'bikes.sqlite');
  const db = new Database(file);
  db.exec(`CREATE TABLE shops (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT);
           CREATE TABLE bikes (id INTEGER PRIMARY KEY, name TEXT NOT NULL, kind TEXT, size INTEGER, shop_id INTEGER REFERENCES shops(id));`);
  for (let i = 1; i <= 6; i += 1) db.prepare('INSERT INTO shops VALUES (?, ?, ?)').run(i, `shop ${String.fromCharCode(64 + i)}ster`, cities[i % 3]);
  for (let i = 1; i <= 30; i += 1) db.prepare('INSERT INTO bikes VALUES (?, ?, ?, ?, ?)').run(i, `bike number ${i}`, kinds[i % 3], 10 + ((i * 7) % 90), 1 + (i % 6));
  db.close();
  const url = `file:${file}`;
  client = openSqlClient(url, { readonly: true });
  engine = await SqlQueryEngine.open({ sourceId: 'bikes', provider: 'sqlite', client, url });
  memory = await ValueMemory.read(engine);
  const queries = parseGoldFile(GOLD).filter((q) => q.database === 'bikes');
  shapes = await readGoldShapes(queries, engine.schema(), readingCheck(engine, engine.schema()));
  examples = new QuestionGenerator(engine.schema(), memory, { seed: 3, typo: 0, goldShapes: shapes.graphs, goldShapeShare: 1 }).generate(60);
}, 60_000);

afterAll(async () => {
  await engine?.close();
  await client?.$disconnect();
  rmSync(dir, { recursive: true, force: true });
});

describe('gold shapes', () => {
  it('read the gold SQL of their database and count what the reader refuses, per shape', () => {
    expect(parseGoldFile(GOLD).map((q) => q.database)).toEqual(['bikes', 'bikes', 'bikes', 'bikes', 'bikes', 'bikes', 'bikes', 'bikes', 'another_db']);
    expect(shapes.graphs).toHaveLength(6);
    expect(shapes.rate['set operation']).toEqual({ seen: 3, read: 3, differ: 1, kept: 2 });
    // The scalar nested query (< (SELECT avg ...)) is refused; NOT IN is read and gives the SQL's rows.
    expect(shapes.rate.nested).toEqual({ seen: 2, read: 1, differ: 0, kept: 1 });
    expect(shapes.rate.grouped).toEqual({ seen: 1, read: 1, differ: 0, kept: 1 });
    expect(shapes.rate.plain).toEqual({ seen: 1, read: 1, differ: 0, kept: 1 });
    expect(sqlShape('SELECT a FROM t WHERE b IN (SELECT c FROM u)')).toBe('nested');
  });

  it('group by the name a grouped query shows instead of the key it grouped by', () => {
    const grouped = shapes.graphs.find((g) => g.groupBy.length > 0);
    expect(grouped?.groupBy).toEqual([{ classId: 'shops', attributeId: 'name' }]);
  });

  it('become questions of exactly those shapes, every one of them', () => {
    const gold = new Set(shapes.graphs.map(shape));
    expect(examples.length).toBeGreaterThanOrEqual(50);
    for (const e of examples) expect(gold.has(shape(e.graph)), `${e.question}: ${formatQueryGraph(e.graph)}`).toBe(true);
    expect(new Set(examples.map((e) => shape(e.graph))).size).toBe(6);
  });

  it('say none and some patterns in words, as targets the decoding grammar allows token by token', () => {
    const negated = examples.filter((e) => e.graph.patterns?.[0]?.quantifier === 'none');
    const intersected = examples.filter((e) => e.graph.patterns?.[0]?.quantifier === 'some');
    expect(negated.length).toBeGreaterThan(3);
    expect(intersected.length).toBeGreaterThan(3);
    for (const e of negated) expect(e.question, e.question).toMatch(/\b(no|without|never|don't|not)\b/);
    for (const e of [...negated, ...intersected]) {
      const grammar = new TargetGrammar(engine.schema(), mentionSlots(findMentions(e.question, memory)));
      [...e.target, EOS].forEach((token, i) => expect(grammar.allowed(e.target.slice(0, i)), `${e.question}: ${e.target.join(' ')} at ${i}`).toContain(token));
    }
  });

  it('draw their values again from the data, and name them in the question', () => {
    const drawn = new Set<string>();
    for (const e of examples) {
      for (const c of e.graph.where) {
        const v = c.values[0];
        if (c.target.attributeId === 'city' && v?.kind === 'string') {
          expect(cities).toContain(v.value);
          expect(e.question.toLowerCase()).toContain(v.value.toLowerCase());
          drawn.add(v.value);
        }
        if (c.target.attributeId === 'size' && v?.kind === 'number') drawn.add(String(v.value));
      }
    }
    // Not the gold query's one value: several cities and several sizes.
    expect([...drawn].filter((v) => cities.includes(v)).length).toBeGreaterThan(1);
    expect([...drawn].filter((v) => /^\d+$/.test(v)).length).toBeGreaterThan(1);
  });

  it('leave a database without gold shapes with the questions it had', () => {
    const without = new QuestionGenerator(engine.schema(), memory, { seed: 3, typo: 0 }).generate(20).map((e) => e.question);
    const none = new QuestionGenerator(engine.schema(), memory, { seed: 3, typo: 0, goldShapes: [] }).generate(20).map((e) => e.question);
    expect(none).toEqual(without);
  });
});
