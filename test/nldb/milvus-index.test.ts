/**
 * The Milvus vector index against a real server. No Milvus can run on the development machines:
 * these tests run when MILVUS_ADDRESS names a server (host:port) and are skipped otherwise.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FactIndex } from '../../engines/nldb/fact-index.js';
import { FactStore } from '../../engines/nldb/fact-store.js';
import { MilvusIndex } from '../../engines/nldb/milvus-index.js';
import { NldbModels } from '../../engines/nldb/models.js';
import { milvusAddress } from '../../engines/nldb/nldb-source.js';

const address = milvusAddress();
if (!address) console.log('skipped: set MILVUS_ADDRESS');

describe('the Milvus address', () => {
  it('is read from MILVUS_ADDRESS, with NLQ_MILVUS_ADDRESS as an older alias', () => {
    expect(milvusAddress({ MILVUS_ADDRESS: 'milvus:19530' })).toBe('milvus:19530');
    expect(milvusAddress({ NLQ_MILVUS_ADDRESS: 'old:19530' })).toBe('old:19530');
    expect(milvusAddress({ MILVUS_ADDRESS: 'new:1', NLQ_MILVUS_ADDRESS: 'old:2' })).toBe('new:1');
    expect(milvusAddress({ MILVUS_ADDRESS: ' ' })).toBeNull();
    expect(milvusAddress({})).toBeNull();
  });
});

describe.skipIf(!address)('Milvus vector index', () => {
  const name = `t${process.pid}_${Date.now()}`;
  let index: MilvusIndex;
  const dims = 8;
  const unit = (i: number) => Float32Array.from({ length: dims }, (_, j) => (j === i % dims ? 1 : 0));

  beforeAll(async () => {
    index = await MilvusIndex.open({ address: address as string, collection: name, dimensions: dims, model: 'testmodel' });
  });
  afterAll(async () => {
    await index?.drop();
    await index?.close();
  });

  it('finds by inner product, forgets removed ids, lists what it holds', async () => {
    const vectors = new Float32Array(3 * dims);
    [0, 1, 2].forEach((i) => vectors.set(unit(i), i * dims));
    await index.upsert(['11', '12', '13'], vectors);
    const [hits] = await index.search(unit(1), 2);
    expect(hits?.[0]).toEqual({ id: '12', score: expect.closeTo(1, 3) });
    await index.remove(['12']);
    expect([...(await index.ids())].sort()).toEqual(['11', '13']);
    const [after] = await index.search(unit(1), 3);
    expect(after?.map((h) => h.id)).not.toContain('12');
  });

  it('is rebuilt from the fact store after it was dropped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nlq-milvus-'));
    const store = await FactStore.open(`file:${join(dir, 'facts.sqlite')}`);
    const models = await NldbModels.load();
    try {
      await store.createCollection('m', 'milvus test');
      const written = await store.addFacts('m', ['Ada was born in Ashcombe.', 'Bo is a baker.']);
      const open = () => MilvusIndex.open({ address: address as string, collection: `${name}_f`, dimensions: models.dimensions, model: models.fingerprint });
      const first = await open();
      await first.drop();
      const vectors = await open();
      const facts = new FactIndex('m', store, models, vectors);
      expect((await facts.sync()).added).toBe(2);
      expect([...(await vectors.ids())].sort()).toEqual(written.map((f) => f.id).sort());
      await vectors.drop();
      await vectors.close();
    } finally {
      await models.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
