/**
 * `NLQ_DEVICE=cuda` on a machine whose onnxruntime-node has no CUDA execution provider (the
 * project's package.json `allowScripts` denies the CUDA download, so every machine without a CUDA
 * rebuild): the models run on the CPU with a warning, the collection keeps answering, and
 * `sources` says so.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NldbModels } from '../../engines/nldb/models.js';
import { startTestServer, type TestServer } from '../helpers/graphql.js';

// the CUDA provider library onnxruntime-node loads for 'cuda' (present only after a CUDA rebuild)
const ortBin = join(dirname(createRequire(import.meta.url).resolve('onnxruntime-node')), '..', 'bin', 'napi-v6', process.platform, process.arch);
const cudaInstalled = existsSync(join(ortBin, 'libonnxruntime_providers_cuda.so'));

describe.skipIf(cudaInstalled)('NLQ_DEVICE=cuda without the CUDA execution provider', () => {
  it('loads the models on the CPU and warns once', async () => {
    const warnings: string[] = [];
    const models = await NldbModels.load({ device: 'cuda', warn: (m) => warnings.push(m) });
    try {
      expect(models.device).toBe('cpu');
      expect(models.deviceNote).toMatch(/CUDA execution provider is missing.*running on the CPU/);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/^NLQ_DEVICE=cuda: /);
      const vectors = await models.encodeFacts([[5, 6, 7]]);
      expect(vectors.length).toBe(models.dimensions);
    } finally {
      await models.close();
    }
  });

  describe('a collection served through GraphQL', () => {
    let dir: string;
    let server: TestServer;
    const before = process.env.NLQ_DEVICE;

    beforeAll(async () => {
      process.env.NLQ_DEVICE = 'cuda';
      dir = mkdtempSync(join(tmpdir(), 'nlq-nldb-cuda-'));
      server = await startTestServer({ factStore: `file:${join(dir, 'facts.sqlite')}`, sources: [] });
      expect((await server.run('mutation { createFactCollection(id: "people") { id } }')).errors).toBeUndefined();
      const added = await server.run('mutation ($f: [String!]!) { addFacts(collection: "people", facts: $f) { ids } }', {
        f: ['Marlo Venn was born in Ashcombe in 1961.', 'Tessa Quill was born in Ashcombe in 1984.', 'Ivo Brandt was born in Dunholt in 1972.'],
      });
      expect(added.errors).toBeUndefined();
    });

    afterAll(async () => {
      if (before === undefined) delete process.env.NLQ_DEVICE;
      else process.env.NLQ_DEVICE = before;
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    });

    it('keeps answering, and its status says it runs on the CPU', async () => {
      const sources = await server.run<{ sources: { id: string; ready: boolean; status: string }[] }>('{ sources { id ready status } }');
      const people = sources.data!.sources.find((s) => s.id === 'people');
      expect(people?.ready).toBe(true);
      expect(people?.status).toMatch(/^3 facts; the CUDA execution provider is missing .*running on the CPU$/);
      const asked = await server.run<{ ask: { answer: { rows: unknown[][] } | null; sources: { source: string; status: string }[] } }>(
        'query ($q: String!) { ask(question: $q, options: { sources: ["people"] }) { answer { rows } sources { source status } } }',
        { q: 'Who is the oldest person?' },
      );
      expect(asked.errors).toBeUndefined();
      expect(asked.data!.ask.sources.find((s) => s.source === 'people')?.status).toBe('ANSWERED');
      expect(asked.data!.ask.answer?.rows).toEqual([['Marlo Venn', 1961]]);
    });
  });
});
