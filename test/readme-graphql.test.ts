/**
 * Every GraphQL example in README.md runs as written against the default world, served as
 * `nlq serve` serves it (with generated entity types): no errors, and every `ask` in it answers
 * with rows, so no example shows a question the world cannot answer. Blocks run in README order
 * (the mutation example creates the collection a later one may ask).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEntityServer, type EntityServer } from './entities/server.js';

const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
const MARKER = '<!-- example:graphql';
/** Every ```graphql block, with whether the marker line stands right before it. */
const blocks = [...readme.matchAll(/(<!--[^\n]*-->\n)?```graphql\n([\s\S]*?)```/g)].map((match) => ({ marked: (match[1] ?? '').startsWith(MARKER), text: match[2]! }));

let server: EntityServer;
beforeAll(async () => {
  server = await startEntityServer();
});
afterAll(() => server?.stop());

/** Every `ask { answer }` anywhere in a result. */
function answers(value: unknown, out: { kind: string; rows: unknown[] }[] = []): { kind: string; rows: unknown[] }[] {
  if (Array.isArray(value)) for (const item of value) answers(item, out);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'answer' && inner && typeof inner === 'object' && 'kind' in inner) out.push(inner as { kind: string; rows: unknown[] });
      else answers(inner, out);
    }
  }
  return out;
}

describe('README GraphQL examples', () => {
  it('are all marked as examples that run', () => {
    expect(blocks.length).toBeGreaterThan(0);
    expect(blocks.filter((block) => !block.marked).map((block) => block.text.slice(0, 60))).toEqual([]);
  });

  it('run as written, and every question in them is answered', async () => {
    for (const block of blocks) {
      const { data, errors } = await server.run(block.text);
      expect(errors, block.text).toBeUndefined();
      for (const answer of answers(data)) {
        expect(answer.kind, block.text).not.toBe('EMPTY');
        if ('rows' in answer) expect(answer.rows.length, block.text).toBeGreaterThan(0);
      }
    }
  });
});
