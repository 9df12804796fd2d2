/**
 * The royals genealogy (3,010 European royals from the public royal92 GEDCOM) as a property graph
 * (Person and 12 family relationships) and as SQL tables (people, marriages, relations) in SQLite,
 * PostgreSQL or MariaDB.
 * relations.tsv's row `father I1 I9` says I9 is a father of I1; in the graph that is
 * (I1)-[:FATHER]->(I9), read "I1's father is I9".
 */
import { parseCsvRecords } from '../engines/csv.js';
import {
  buildGraphStore,
  graphStoreExists,
  type GraphPropertySpec,
  type GraphScalar,
  type GraphSpec,
  type RelTableSpec,
} from '../engines/cypher/bulk-load.js';
import { placeholders } from '../engines/sql/dialect.js';
import type { SqlClient } from '../engines/sql/prisma-client.js';
import type { Progress } from '../engines/progress.js';
import { readDataFile } from './data-dir.js';
import { graphTarget, isSqlSeedLoaded, loadSqlSeed } from './northwind.js';
import type { Seed } from './seed.js';

const RELATIONS = ['husband', 'wife', 'father', 'mother', 'son', 'daughter', 'brother', 'sister', 'uncle', 'aunt', 'nephew', 'niece'];
const YEAR_COLUMNS = new Set(['birth_year', 'death_year', 'marriage_year']);

interface RoyalsData {
  readonly people: Record<string, string>[];
  readonly marriages: Record<string, string>[];
  readonly relations: { relation: string; head: string; tail: string }[];
}

function readRoyals(): RoyalsData {
  const people = parseCsvRecords(readDataFile('royals', 'people.csv'));
  const marriages = parseCsvRecords(readDataFile('royals', 'marriages.csv'));
  const relations = readDataFile('royals', 'relations.tsv')
    .split('\n')
    .slice(1)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [relation = '', head = '', tail = ''] = line.split('\t');
      return { relation, head, tail };
    });
  return { people, marriages, relations };
}

/** Empty fields are unknown (NULL); year columns are integers. */
function cell(column: string, value: string | undefined): GraphScalar {
  if (value === undefined || value === '') return null;
  if (YEAR_COLUMNS.has(column)) {
    const year = Number.parseInt(value, 10);
    return Number.isFinite(year) ? year : null;
  }
  return value;
}

/** The royals as a property graph: Person nodes and one relationship type per relation. */
export function royalsGraphSpec(): GraphSpec {
  const data = readRoyals();
  const personColumns = Object.keys(data.people[0] ?? {});
  const personProperties: GraphPropertySpec[] = personColumns.map((name) => ({
    name,
    type: YEAR_COLUMNS.has(name) ? 'INT64' : 'STRING',
  }));
  // Husband and wife relationships carry the marriage's date, year and place.
  const marriageOf = new Map(data.marriages.map((m) => [`${m.husband_id}|${m.wife_id}`, m]));
  const marriageProperties: GraphPropertySpec[] = [
    { name: 'marriage_date', type: 'STRING' },
    { name: 'marriage_year', type: 'INT64' },
    { name: 'marriage_place', type: 'STRING' },
  ];
  return {
      nodes: [
        {
          label: 'Person',
          key: 'id',
          properties: personProperties,
          rows: data.people.map((person) => Object.fromEntries(personColumns.map((c) => [c, cell(c, person[c])]))),
        },
      ],
      relationships: RELATIONS.map((relation): RelTableSpec => {
        const married = relation === 'husband' || relation === 'wife';
        return {
          type: relation.toUpperCase(),
          from: 'Person',
          to: 'Person',
          properties: married ? marriageProperties : [],
          rows: data.relations
            .filter((r) => r.relation === relation)
            .map((r): Record<string, GraphScalar> => {
              if (!married) return { from: r.head, to: r.tail };
              const key = relation === 'husband' ? `${r.tail}|${r.head}` : `${r.head}|${r.tail}`;
              const marriage = marriageOf.get(key);
              return {
                from: r.head,
                to: r.tail,
                marriage_date: cell('marriage_date', marriage?.marriage_date),
                marriage_year: cell('marriage_year', marriage?.marriage_year),
                marriage_place: cell('marriage_place', marriage?.marriage_place),
              };
            }),
        };
      }),
  };
}

export const royalsGraph: Seed = {
  name: 'royals',
  kind: 'cypher',
  summary: 'European royal genealogy: Person and 12 family relationships (embedded graph store)',
  async isLoaded(source) {
    return graphStoreExists(graphTarget(source));
  },
  async load(source, progress) {
    const path = graphTarget(source);
    await buildGraphStore(path, royalsGraphSpec(), progress);
    return `royals graph loaded into ${path}`;
  },
};

export const royalsSql: Seed = {
  name: 'royals',
  kind: 'sql',
  summary: 'European royal genealogy as SQL tables people, marriages, relations (SQLite, PostgreSQL or MariaDB)',
  isLoaded(source) {
    return isSqlSeedLoaded(source, 'royals');
  },
  load(source, progress) {
    return loadSqlSeed(source, 'royals', progress, fillRoyalsSql);
  },
};

/** Writes the royals tables into a fresh SQLite database. */
async function fillRoyalsSql(client: SqlClient, progress: Progress): Promise<string> {
  const data = readRoyals();
  const tables: { name: string; ddl: string; rows: Record<string, string>[]; columns: string[] }[] = [
    {
      name: 'people',
      ddl: `CREATE TABLE people (id TEXT PRIMARY KEY, name TEXT, given_name TEXT, house TEXT, sex TEXT, title TEXT,
              birth_date TEXT, birth_year INTEGER, birth_place TEXT, death_date TEXT, death_year INTEGER,
              death_place TEXT, burial_place TEXT)`,
      rows: data.people,
      columns: Object.keys(data.people[0] ?? {}),
    },
    {
      name: 'marriages',
      ddl: `CREATE TABLE marriages (family_id TEXT PRIMARY KEY, husband_id TEXT REFERENCES people(id),
              wife_id TEXT REFERENCES people(id), marriage_date TEXT, marriage_year INTEGER, marriage_place TEXT)`,
      rows: data.marriages,
      columns: Object.keys(data.marriages[0] ?? {}),
    },
    {
      name: 'relations',
      ddl: `CREATE TABLE relations (relation TEXT NOT NULL, head_id TEXT NOT NULL REFERENCES people(id),
              tail_id TEXT NOT NULL REFERENCES people(id))`,
      rows: data.relations.map((r) => ({ relation: r.relation, head_id: r.head, tail_id: r.tail })),
      columns: ['relation', 'head_id', 'tail_id'],
    },
  ];
  await insertTables(client, tables, progress);
  await client.$executeRawUnsafe('CREATE INDEX relations_by_head ON relations (relation, head_id)');
  await client.$executeRawUnsafe('CREATE INDEX relations_by_tail ON relations (relation, tail_id)');
  // Chains start from a person named in the question.
  await client.$executeRawUnsafe('CREATE INDEX people_by_name ON people (name)');
  return `${data.people.length} people, ${data.marriages.length} marriages, ${data.relations.length} relations`;
}

async function insertTables(
  client: SqlClient,
  tables: { name: string; ddl: string; rows: Record<string, string>[]; columns: string[] }[],
  progress: Progress,
): Promise<void> {
  progress.phase('royals tables', tables.reduce((sum, t) => sum + t.rows.length, 0));
  for (const table of tables) {
    await client.$executeRawUnsafe(table.ddl);
    const insert = `INSERT INTO ${table.name} (${table.columns.join(', ')}) VALUES (${placeholders('sqlite', table.columns.length)})`;
    for (const row of table.rows) {
      await client.$executeRawUnsafe(insert, ...table.columns.map((column) => cell(column, row[column])));
      progress.advance();
    }
  }
}
