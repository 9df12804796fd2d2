/**
 * Relation chains on the royals, one query graph shape per case run on the embedded graph store
 * (Person, FATHER, ...) and on SQL (people + relations, a relation table), with expected answers
 * computed here, independently, from relations.tsv: 1 to 3 hops, inverses, intersections, counts.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { loadConfig, parseConfig } from '../../config/config.js';
import { parseCsvRecords } from '../../engines/csv.js';
import { CypherQueryEngine } from '../../engines/cypher/cypher-engine.js';
import { EmbeddedGraphStore } from '../../engines/cypher/embedded-store.js';
import { silentProgress } from '../../engines/progress.js';
import { attr, follow, queryGraph, rows, show, where } from '../../engines/query-graph/build.js';
import type { QueryGraphEngine } from '../../engines/query-graph/engine.js';
import type { Constraint, Follow, QueryGraph } from '../../engines/query-graph/types.js';
import { openSqlClient, type SqlClient } from '../../engines/sql/prisma-client.js';
import { SqlQueryEngine } from '../../engines/sql/sql-engine.js';
import { loadSeeds } from '../../world/seeds.js';
import type { Neo4jGraphStore } from '../../engines/cypher/neo4j-store.js';
import { NEO4J_SKIPPED, NEO4J_URI, neo4jWorld } from '../helpers/neo4j.js';

/** One hop: `relation` of the previous person, or (inverse) the people whose `relation` it is. */
interface Hop {
  readonly relation: string;
  readonly inverse?: boolean;
}

interface Branch {
  readonly anchor: string;
  readonly hops: readonly Hop[];
}

interface ChainCase {
  readonly name: string;
  /** One branch is a chain; two branches ending in the same person are an intersection. */
  readonly branches: readonly Branch[];
  readonly count?: boolean;
}

const VICTORIA = 'Victoria of house of Hanover';
const ALBERT = 'Albert Augustus Charles';
const GEORGE_V = 'George_V of house of Windsor';
const ELIZABETH = 'Elizabeth_II Alexandra Mary of house of Windsor';
const HENRY = 'Henry_VIII of house of Tudor';
const NICHOLAS = 'Nicholas_II Alexandrovich of house of Romanov';
const CHARLES = 'Charles Philip Arthur of house of Windsor';
const GEORGE_III = 'George_III of house of Hanover';
const hop = (relation: string, inverse = false): Hop => ({ relation, inverse });
const chain = (name: string, anchor: string, ...hops: Hop[]): ChainCase => ({ name, branches: [{ anchor, hops }] });

const CASES: readonly ChainCase[] = [
  chain("Victoria's father", VICTORIA, hop('father')),
  chain("Victoria's husband", VICTORIA, hop('husband')),
  chain("Albert's wife", ALBERT, hop('wife')),
  chain("Henry VIII's wives", HENRY, hop('wife')),
  chain("George V's sons", GEORGE_V, hop('son')),
  chain("Nicholas II's daughters", NICHOLAS, hop('daughter')),
  chain("Elizabeth II's uncles", ELIZABETH, hop('uncle')),
  chain("Nicholas II's nephews", NICHOLAS, hop('nephew')),
  chain("Charles's aunts", CHARLES, hop('aunt')),
  chain("George V's sisters", GEORGE_V, hop('sister')),
  chain("the father of Victoria's husband", VICTORIA, hop('husband'), hop('father')),
  chain("the mother of Elizabeth II's father", ELIZABETH, hop('father'), hop('mother')),
  chain("the wives of George V's sons", GEORGE_V, hop('son'), hop('wife')),
  chain("the brothers of Albert's father", ALBERT, hop('father'), hop('brother')),
  chain("the sisters of Henry VIII's mother", HENRY, hop('mother'), hop('sister')),
  chain("Victoria's grandchildren through her sons", VICTORIA, hop('son'), hop('daughter')),
  chain("the father of the father of Victoria's husband", VICTORIA, hop('husband'), hop('father'), hop('father')),
  chain("the daughters of the sons of George III's sons", GEORGE_III, hop('son'), hop('son'), hop('daughter')),
  chain("the husbands of Victoria's daughters' daughters", VICTORIA, hop('daughter'), hop('daughter'), hop('husband')),
  chain('people whose father is Albert (inverse)', ALBERT, hop('father', true)),
  chain('people whose mother is Victoria (inverse)', VICTORIA, hop('mother', true)),
  chain("people whose uncle is Nicholas II's brother (inverse after a hop)", NICHOLAS, hop('brother'), hop('uncle', true)),
  chain('nobody: Victoria has no brother', VICTORIA, hop('brother')),
  { name: "how many children Victoria's husband had", branches: [{ anchor: VICTORIA, hops: [hop('husband'), hop('son')] }], count: true },
  { name: 'how many grandchildren George III had through his sons', branches: [{ anchor: GEORGE_III, hops: [hop('son'), hop('son')] }], count: true },
  {
    name: "sons of Victoria who are also brothers of Victoria's eldest daughter (intersection)",
    branches: [
      { anchor: VICTORIA, hops: [hop('son')] },
      { anchor: 'Victoria Adelaide Mary', hops: [hop('brother')] },
    ],
  },
  {
    name: "children of Albert who are also children of Victoria (intersection of inverses)",
    branches: [
      { anchor: ALBERT, hops: [hop('father', true)] },
      { anchor: VICTORIA, hops: [hop('mother', true)] },
    ],
  },
  {
    name: "George V's sons who are nephews of his sister (two-hop branch)",
    branches: [
      { anchor: GEORGE_V, hops: [hop('son')] },
      { anchor: GEORGE_V, hops: [hop('sister'), hop('nephew')] },
    ],
  },
];

// -- the expected answers, from the data files alone ----------------------------------------------

const dataFile = (name: string) => readFileSync(new URL(`../../data/royals/${name}`, import.meta.url), 'utf8');
const people = parseCsvRecords(dataFile('people.csv'));
const nameOf = new Map(people.map((p) => [p.id!, p.name!]));
const relations = new Map<string, Map<string, Set<string>>>();
for (const line of dataFile('relations.tsv').split('\n').slice(1)) {
  const [relation, head, tail] = line.split('\t');
  if (!relation || !head || !tail) continue;
  const byHead = relations.get(relation) ?? new Map<string, Set<string>>();
  relations.set(relation, byHead);
  byHead.set(head, (byHead.get(head) ?? new Set()).add(tail));
}

function walk(branch: Branch): Set<string> {
  let current = new Set(people.filter((p) => p.name === branch.anchor).map((p) => p.id!));
  for (const { relation, inverse } of branch.hops) {
    const byHead = relations.get(relation) ?? new Map<string, Set<string>>();
    const next = new Set<string>();
    if (!inverse) for (const id of current) for (const tail of byHead.get(id) ?? []) next.add(tail);
    else for (const [head, tails] of byHead) if ([...tails].some((t) => current.has(t))) next.add(head);
    current = next;
  }
  return current;
}

function expected(c: ChainCase): unknown[][] {
  const sets = c.branches.map(walk);
  const ids = [...sets[0]!].filter((id) => sets.every((set) => set.has(id)));
  if (c.count) return [[ids.length]];
  return ids.map((id) => [nameOf.get(id)!]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
}

// -- the same case as a query graph, in each engine's names ----------------------------------------

interface Vocabulary {
  readonly person: string;
  relation(name: string): string;
}

/** Person#1 is the answer; each branch starts at its own anchor instance and walks to Person#1. */
function toQueryGraph(c: ChainCase, v: Vocabulary): QueryGraph {
  let next = 2;
  const whereItems: Constraint[] = [];
  const follows: Follow[] = [];
  for (const branch of c.branches) {
    let current = next++;
    whereItems.push(where(attr(v.person, 'name', current), '=', branch.anchor));
    branch.hops.forEach((h, i) => {
      const target = i === branch.hops.length - 1 ? 1 : next++;
      const relation = v.relation(h.relation);
      follows.push(h.inverse ? follow([v.person, target], relation, [v.person, current]) : follow([v.person, current], relation, [v.person, target]));
      current = target;
    });
  }
  return queryGraph({
    select: [c.count ? show(rows(v.person), 'count') : show(attr(v.person, 'name'))],
    where: whereItems,
    follows,
    distinct: !c.count,
  });
}

function answerRows(result: readonly (readonly unknown[])[], count: boolean): unknown[][] {
  return count ? result.map((row) => [...row]) : result.map((row) => [row[0]]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
}

const engines = new Map<string, { engine: QueryGraphEngine; vocabulary: Vocabulary }>();
let graphStore: EmbeddedGraphStore;
let neo4jStore: Neo4jGraphStore | undefined;
let sqlClient: SqlClient;
let sqlEngine: SqlQueryEngine;

beforeAll(async () => {
  const world = await loadConfig(inject('worldConfig'));
  graphStore = await EmbeddedGraphStore.open(world.sources.find((s) => s.id === 'royals')!.url);
  engines.set('embedded graph store', {
    engine: await CypherQueryEngine.open('royals', graphStore),
    vocabulary: { person: 'Person', relation: (name) => name.toUpperCase() },
  });
  const dir = mkdtempSync(join(tmpdir(), 'nlq-royals-sql-'));
  const config = parseConfig({ sources: [{ id: 'royals-sql', kind: 'sql', url: 'file:./royals.sqlite', seed: 'royals' }] }, join(dir, 'nlq.config.json'));
  await loadSeeds(config, silentProgress);
  const url = config.sources[0]!.url;
  sqlClient = openSqlClient(url, { readonly: true });
  sqlEngine = await SqlQueryEngine.open({ sourceId: 'royals-sql', provider: 'sqlite', client: sqlClient, url });
  engines.set('SQLite', { engine: sqlEngine, vocabulary: { person: 'people', relation: (name) => name } });
  if (NEO4J_URI) {
    neo4jStore = await neo4jWorld();
    engines.set('Neo4j', { engine: await CypherQueryEngine.open('royals-neo4j', neo4jStore), vocabulary: { person: 'Person', relation: (name) => name.toUpperCase() } });
  }
});

if (!NEO4J_URI) console.log(NEO4J_SKIPPED);

afterAll(async () => {
  await neo4jStore?.close();
  await graphStore?.close();
  await sqlEngine?.close();
  await sqlClient?.$disconnect();
});

describe('the chain cases', () => {
  it('number at least 25, with non-empty answers for most', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(25);
    expect(CASES.filter((c) => expected(c).length > 0 && !(c.count && expected(c)[0]![0] === 0)).length).toBeGreaterThanOrEqual(24);
  });
});

describe.each(['embedded graph store', 'SQLite', ...(NEO4J_URI ? ['Neo4j'] : [])])('relation chains on %s', (name) => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_, c) => {
    const { engine, vocabulary } = engines.get(name)!;
    const run = await engine.run(toQueryGraph(c, vocabulary), { limit: 1000, timeoutMs: 20_000 });
    expect(answerRows(run.result.rows, c.count ?? false)).toEqual(expected(c));
  });
});

describe('chain explanations', () => {
  it('read from the anchor outwards', async () => {
    const { engine, vocabulary } = engines.get('embedded graph store')!;
    const run = await engine.run(toQueryGraph(CASES.find((c) => c.name === "the father of Victoria's husband")!, vocabulary), { limit: 10, timeoutMs: 20_000 });
    expect(run.explanation).toBe('the name of the father of the husband of the person whose name is Victoria of house of Hanover, without repeats');
  });

  it('say an inverse step as "whose … is"', async () => {
    const { engine, vocabulary } = engines.get('SQLite')!;
    const run = await engine.run(toQueryGraph(CASES.find((c) => c.name === 'people whose father is Albert (inverse)')!, vocabulary), { limit: 10, timeoutMs: 20_000 });
    expect(run.explanation).toBe('the name of the person whose father is the person whose name is Albert Augustus Charles, without repeats');
  });
});

describe('a cycle closed before the last join', () => {
  // Victoria's sons whose father is her husband and has a brother. Joined from the son, the husband
  // condition closes a cycle before the brother join: positional parameters must still line up.
  const graph = (v: Vocabulary) =>
    queryGraph({
      select: [show(attr(v.person, 'name'))],
      where: [where(attr(v.person, 'name', 2), '=', VICTORIA)],
      follows: [
        follow([v.person, 2], v.relation('son'), [v.person, 1]),
        follow([v.person, 1], v.relation('father'), [v.person, 3]),
        follow([v.person, 2], v.relation('husband'), [v.person, 3]),
        follow([v.person, 3], v.relation('brother'), [v.person, 4]),
      ],
      distinct: true,
    });

  it.each(['embedded graph store', 'SQLite'])('gives her sons on %s', async (name) => {
    const { engine, vocabulary } = engines.get(name)!;
    const run = await engine.run(graph(vocabulary), { limit: 100, timeoutMs: 20_000 });
    const husbands = walk({ anchor: VICTORIA, hops: [hop('husband')] });
    const sons = [...walk({ anchor: VICTORIA, hops: [hop('son')] })].filter((son) =>
      [...(relations.get('father')?.get(son) ?? [])].some((father) => husbands.has(father) && (relations.get('brother')?.get(father)?.size ?? 0) > 0),
    );
    expect(sons.length).toBeGreaterThan(0);
    expect(answerRows(run.result.rows, false)).toEqual(sons.map((id) => [nameOf.get(id)!]).sort((a, b) => a[0]!.localeCompare(b[0]!)));
  });
});
