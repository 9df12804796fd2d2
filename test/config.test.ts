import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config/config.js';
import { DEFAULT_LIMITS } from '../config/limits.js';

const file = '/srv/app/nlq.config.json';

describe('config files', () => {
  it('resolve file URLs and store paths against their own directory', () => {
    const config = parseConfig(
      {
        sources: [
          { id: 'a', kind: 'sql', url: 'file:./data/a.sqlite', description: 'A' },
          { id: 'g', kind: 'cypher', url: 'stores/g.lbug' },
          { id: 'pg', kind: 'sql', url: 'postgresql://u@h:5432/db' },
          { id: 'neo', kind: 'cypher', url: 'bolt://h:7687' },
        ],
      },
      file,
    );
    expect(config.sources.map((source) => source.url)).toEqual([
      'file:/srv/app/data/a.sqlite',
      join('/srv/app', 'stores/g.lbug'),
      'postgresql://u@h:5432/db',
      'bolt://h:7687',
    ]);
    expect(config.factStore).toBe('file:/srv/app/.nlq/facts.sqlite');
    expect(config.limits).toEqual(DEFAULT_LIMITS);
  });

  it('take limits, refusing unknown or non-positive ones', () => {
    expect(parseConfig({ sources: [], limits: { maxRows: 50 } }, file).limits.maxRows).toBe(50);
    expect(() => parseConfig({ sources: [], limits: { maxRowz: 50 } }, file)).toThrow(/unknown limit 'maxRowz'/);
    expect(() => parseConfig({ sources: [], limits: { maxRows: 0 } }, file)).toThrow(/positive integer/);
  });

  it.each([
    [{}, /"sources" must be an array/],
    [{ sources: [{ kind: 'sql', url: 'file:x' }] }, /"id" must be a non-empty string/],
    [{ sources: [{ id: 'a b', kind: 'sql', url: 'file:x' }] }, /must start with a letter/],
    [{ sources: [{ id: 'a', kind: 'sql', url: 'file:x' }, { id: 'a', kind: 'sql', url: 'file:y' }] }, /duplicate source id 'a'/],
    [{ sources: [{ id: 'a', kind: 'sql' }] }, /"url" must be a non-empty string/],
  ])('refuse %j', (raw, message) => {
    expect(() => parseConfig(raw, file)).toThrow(message);
  });
});
