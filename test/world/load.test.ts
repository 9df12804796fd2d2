/**
 * Loading the embedded default world: what lands in each store, idempotence, and recovery from a
 * load that died half-way.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig, type GatewayConfig } from '../../config/config.js';
import { EmbeddedGraphStore } from '../../engines/cypher/embedded-store.js';
import { FactStore } from '../../engines/nldb/fact-store.js';
import { silentProgress } from '../../engines/progress.js';
import { openSqlClient } from '../../engines/sql/prisma-client.js';
import { loadSeeds } from '../../world/seeds.js';
import { worldConfig } from '../helpers/world.js';

function sourceUrl(config: GatewayConfig, id: string): string {
  const source = config.sources.find((candidate) => candidate.id === id);
  if (!source) throw new Error(`no source ${id}`);
  return source.url;
}

/** Non-blank lines of a shipped data file, counted independently of the loaders. */
function dataLines(file: string): number {
  return readFileSync(new URL(`../../data/${file}`, import.meta.url), 'utf8').split('\n').filter((line) => line.trim()).length;
}

describe('the loaded default world', () => {
  it('has Northwind in SQLite, readable through Prisma', async () => {
    const client = openSqlClient(sourceUrl(await worldConfig(), 'northwind'), { readonly: true });
    try {
      const rows = await client.$queryRawUnsafe<{ orders: bigint; details: bigint; germany: bigint }[]>(
        `SELECT (SELECT COUNT(*) FROM Orders) AS orders, (SELECT COUNT(*) FROM "Order Details") AS details,
                (SELECT COUNT(*) FROM Customers WHERE Country = ?) AS germany`,
        'Germany',
      );
      expect(rows[0]).toEqual({ orders: 830n, details: 2155n, germany: 11n });
    } finally {
      await client.$disconnect();
    }
  });

  it('has the royals as a graph with every relation of relations.tsv', async () => {
    const store = await EmbeddedGraphStore.open(sourceUrl(await worldConfig(), 'royals'));
    try {
      const [people] = await store.run('MATCH (p:Person) RETURN count(*) AS n');
      expect(people?.n).toBe(3010);
      let relationships = 0;
      for (const type of (await store.catalog()).relationshipTypes) {
        const [row] = await store.run(`MATCH ()-[r:${type}]->() RETURN count(*) AS n`);
        relationships += Number(row?.n);
      }
      expect(relationships).toBe(dataLines('royals/relations.tsv') - 1); // minus the header
      const fathers = await store.run(
        "MATCH (p:Person {name: $name})-[:FATHER]->(f:Person) RETURN f.name AS father",
        { name: 'Victoria of house of Hanover' },
      );
      expect(fathers).toEqual([{ father: 'Edward Augustus of house of Hanover' }]);
      const [marriage] = await store.run(
        'MATCH (w:Person {name: $name})-[h:HUSBAND]->(m:Person) RETURN m.given_name AS husband, h.marriage_year AS year',
        { name: 'Victoria of house of Hanover' },
      );
      expect(marriage).toEqual({ husband: 'Albert Augustus Charles', year: 1840 });
    } finally {
      await store.close();
    }
  });

  it('has Northwind as a graph with orders, their lines and their people', async () => {
    const store = await EmbeddedGraphStore.open(sourceUrl(await worldConfig(), 'northwind-graph'));
    try {
      const catalog = await store.catalog();
      expect(Object.fromEntries(catalog.nodeLabels.map((n) => [n.label, n.count]))).toEqual({
        Category: 8,
        Supplier: 29,
        Product: 77,
        Customer: 93,
        Employee: 9,
        Shipper: 3,
        Order: 830,
      });
      expect([...catalog.relationshipTypes].sort()).toEqual(
        ['CONTAINS', 'PART_OF', 'PURCHASED', 'REPORTS_TO', 'SHIPPED_BY', 'SOLD_BY', 'SUPPLIES'],
      );
      const [lines] = await store.run('MATCH (:`Order`)-[c:CONTAINS]->(:Product) RETURN count(*) AS n, sum(c.quantity) AS units');
      expect(lines?.n).toBe(2155);
      const [germany] = await store.run('MATCH (c:Customer) WHERE c.country = $country RETURN count(*) AS n', { country: 'Germany' });
      expect(germany?.n).toBe(11);
      const [first] = await store.run('MATCH (o:`Order` {orderID: 10248}) RETURN o.orderDate AS d');
      expect(String(first?.d)).toMatch(/^1996-07-04/);
    } finally {
      await store.close();
    }
  });

  it('has the Kestrelford facts in the fact store', async () => {
    const store = await FactStore.open(sourceUrl(await worldConfig(), 'kestrelford'));
    try {
      expect(await store.countFacts('kestrelford')).toBe(dataLines('kestrelford/facts.txt') + dataLines('kestrelford/links.txt'));
      // The seed is stamped with a digest of its facts, so changed data is loaded again.
      expect((await store.getCollection('kestrelford'))?.seed).toMatch(/^kestrelford:[0-9a-f]{12}$/);
    } finally {
      await store.close();
    }
  });

  it('is not loaded twice', async () => {
    const reports = await loadSeeds(await worldConfig(), silentProgress);
    expect(reports.map((report) => report.status)).toEqual(['already loaded', 'already loaded', 'already loaded', 'already loaded']);
  });
});

describe('loading', () => {
  it('redoes a load that died half-way and leaves no partial files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nlq-partial-'));
    const config = parseConfig(
      {
        sources: [
          { id: 'nw', kind: 'sql', url: 'file:./nw.sqlite', seed: 'northwind' },
          { id: 'ro', kind: 'cypher', url: './ro.lbug', seed: 'royals' },
        ],
      },
      join(dir, 'nlq.config.json'),
    );
    // What a killed loader leaves behind: partial files that must not count as loaded.
    writeFileSync(join(dir, 'nw.sqlite.partial'), 'half a database');
    writeFileSync(join(dir, 'ro.lbug.partial'), 'half a graph');
    const reports = await loadSeeds(config, silentProgress);
    expect(reports.map((report) => report.status)).toEqual(['loaded', 'loaded']);
    expect(existsSync(join(dir, 'nw.sqlite'))).toBe(true);
    expect(existsSync(join(dir, 'nw.sqlite.partial'))).toBe(false);
    expect(existsSync(join(dir, 'ro.lbug.partial'))).toBe(false);
    const store = await EmbeddedGraphStore.open(join(dir, 'ro.lbug'));
    expect((await store.catalog()).nodeLabels).toEqual([{ label: 'Person', count: 3010 }]);
    await store.close();
  });

  it('reports a seed that does not fit its source instead of loading it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nlq-badseed-'));
    const config = parseConfig(
      {
        sources: [
          { id: 'neo', kind: 'cypher', url: 'bolt://127.0.0.1:7687', seed: 'northwind' },
          { id: 'x', kind: 'nldb', url: 'file:./f.sqlite', seed: 'no-such-dataset' },
        ],
      },
      join(dir, 'nlq.config.json'),
    );
    const reports = await loadSeeds(config, silentProgress);
    expect(reports.map((report) => report.status)).toEqual(['failed', 'failed']);
    expect(reports[0]?.message).toMatch(/embedded graph store only/);
    expect(reports[1]?.message).toMatch(/no nldb seed named 'no-such-dataset'/);
  });
});
