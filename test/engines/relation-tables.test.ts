/**
 * Relations stored as rows (engines/sql/relation-tables.ts): a table with two foreign keys to one
 * class relates that class to itself, one relation per value of a column that names relations
 * ("father", "husband"). Only a column whose values repeat and read as words names relations; an
 * entity table that happens to hold two keys to one class (a student's current and permanent
 * address) keeps its data as data, and a key a catalog declares twice is no pair.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlClient } from '../../engines/sql/prisma-client.js';
import { SqlQueryEngine } from '../../engines/sql/sql-engine.js';

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'nlq-relation-tables-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The relations (id and how they are stored) of a SQLite file made by `sql`. */
async function relationsOf(name: string, sql: string): Promise<{ id: string; through: string | null; discriminator: string | null }[]> {
  const file = join(dir, `${name}.sqlite`);
  const db = new Database(file);
  db.exec(sql);
  db.close();
  const url = `file:${file}`;
  const client = openSqlClient(url, { readonly: true });
  const engine = await SqlQueryEngine.open({ sourceId: name, provider: 'sqlite', client, url });
  try {
    return engine.schema().relations.map((r) => ({ id: r.id, through: r.through?.classId ?? null, discriminator: r.through?.discriminator?.value ?? null }));
  } finally {
    await engine.close();
    await client.$disconnect();
  }
}

describe('relation tables', () => {
  it('reads one relation per repeated relation name of a people-to-people table', async () => {
    const relations = await relationsOf(
      'family',
      `CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT);
       CREATE TABLE relations (relation TEXT, head_id INTEGER REFERENCES person(id), tail_id INTEGER REFERENCES person(id));
       INSERT INTO person VALUES (1, 'Ann'), (2, 'Bob'), (3, 'Cid'), (4, 'Dee');
       INSERT INTO relations VALUES ('father', 3, 2), ('father', 4, 2), ('mother', 3, 1), ('mother', 4, 1), ('husband', 1, 2), ('husband', 2, 1);`,
    );
    expect(relations.filter((r) => r.discriminator).map((r) => r.id).sort()).toEqual(['father', 'husband', 'mother']);
  });

  it('keeps names as data when every row has its own (two address keys beside a first name)', async () => {
    const relations = await relationsOf(
      'students',
      `CREATE TABLE addresses (address_id INTEGER PRIMARY KEY, city TEXT);
       CREATE TABLE students (student_id INTEGER PRIMARY KEY, current_address_id INTEGER REFERENCES addresses(address_id),
         permanent_address_id INTEGER REFERENCES addresses(address_id), first_name TEXT);
       INSERT INTO addresses VALUES (1, 'Lyon'), (2, 'Oslo'), (3, 'Kyiv');
       INSERT INTO students VALUES (1, 1, 2, 'Timmothy'), (2, 2, 3, 'Delaney'), (3, 3, 1, 'Frida'), (4, 1, 3, 'Deon');`,
    );
    expect(relations.some((r) => r.discriminator !== null)).toBe(false);
    expect(relations.map((r) => r.id)).not.toContain('Timmothy');
  });

  it('takes no flag, code or date for a relation name', async () => {
    const relations = await relationsOf(
      'flags',
      `CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT);
       CREATE TABLE link (a INTEGER REFERENCES person(id), b INTEGER REFERENCES person(id), flag TEXT);
       INSERT INTO person VALUES (1, 'Ann'), (2, 'Bob');
       INSERT INTO link VALUES (1, 2, 'Y'), (2, 1, 'Y'), (1, 1, 'N'), (2, 2, 'N');`,
    );
    expect(relations.filter((r) => r.discriminator !== null)).toEqual([]);
    expect(relations.filter((r) => r.through === 'link').map((r) => r.id)).toEqual(['link']);
  });

  it('takes a foreign key a catalog declares twice for one relation, not a pair', async () => {
    const relations = await relationsOf(
      'dogs',
      `CREATE TABLE owners (owner_id INTEGER PRIMARY KEY, name TEXT);
       CREATE TABLE dogs (dog_id INTEGER PRIMARY KEY, owner_id INTEGER, abandoned_yn TEXT,
         FOREIGN KEY (owner_id) REFERENCES owners(owner_id), FOREIGN KEY (owner_id) REFERENCES owners(owner_id));
       INSERT INTO owners VALUES (1, 'Ann'), (2, 'Bob');
       INSERT INTO dogs VALUES (1, 1, '0'), (2, 1, '1'), (3, 2, '0'), (4, 2, '1');`,
    );
    expect(relations.filter((r) => r.through !== null)).toEqual([]);
  });
});
