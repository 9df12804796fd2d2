/**
 * The `nlq` command as a user runs it (the built CLI in a child process), on the loaded test world.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { startServeProcess } from '../cli/serve-process.js';

const cli = new URL('../dist/cli/nlq.js', import.meta.url).pathname;

function nlq(...args: string[]) {
  const result = spawnSync(process.execPath, [cli, ...args, '--config', inject('worldConfig')], { encoding: 'utf8', timeout: 60_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('nlq', () => {
  it('sources --json lists every source with its readiness', () => {
    const { code, stdout } = nlq('sources', '--json');
    expect(code).toBe(0);
    const sources = JSON.parse(stdout) as { id: string; kind: string; ready: boolean }[];
    expect(sources.map((s) => [s.id, s.kind, s.ready])).toEqual([
      ['northwind', 'sql', true],
      ['royals', 'cypher', true],
      ['northwind-graph', 'cypher', true],
      ['kestrelford', 'nldb', true],
    ]);
  });

  it('ask --json gives the full result: answer, interpretations, sources', () => {
    const { code, stdout } = nlq('ask', 'Who was Queen Victoria’s father?', '--source', 'royals', '--json');
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    expect(result.answer).toMatchObject({ source: 'royals', rows: [['Edward Augustus of house of Hanover']] });
    expect(result.interpretations.length).toBeGreaterThan(0);
    expect(result.sources).toEqual([expect.objectContaining({ source: 'royals', status: 'ANSWERED' })]);
  });

  it('ask reports bad input as an error with a non-zero exit code', () => {
    const { code, stderr } = nlq('ask', 'x', '--source', 'nowhere');
    expect(code).toBe(2);
    expect(stderr).toMatch(/unknown source 'nowhere'/);
  });

  it('train needs a source, and refuses one the config does not have', () => {
    const missing = nlq('train');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--source <id> is required/);
    const unknown = nlq('train', '--source', 'nowhere');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown source 'nowhere'/);
  });

  it('load leaves loaded sources alone', () => {
    const { code, stderr } = nlq('load');
    expect(code).toBe(0);
    expect(stderr.match(/already loaded/g)).toHaveLength(4);
  });

  it('rejects a broken config file with its location', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'nlq-badconfig-')), 'nlq.config.json');
    writeFileSync(file, JSON.stringify({ sources: [{ id: 'x', kind: 'mongodb', url: 'mongodb://x' }] }));
    const result = spawnSync(process.execPath, [cli, 'sources', '--config', file], { encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/sources\[0\]: kind must be one of sql, cypher, nldb/);
  });
});

describe('nlq serve', () => {
  it('serves GraphQL with the Sandbox landing page and stops cleanly on SIGTERM', async () => {
    const { url, child: server } = await startServeProcess(cli, ['--port', '0', '--config', inject('worldConfig')], {
      env: { ...process.env, NODE_ENV: 'development' },
    });
    try {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const landing = await fetch(url, { headers: { accept: 'text/html' } });
      expect(await landing.text()).toMatch(/sandbox/i);
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ sources { id ready } }' }),
      });
      const body = (await response.json()) as { data: { sources: { id: string; ready: boolean }[] } };
      expect(body.data.sources.every((source) => source.ready)).toBe(true);
    } finally {
      const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));
      server.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  });
});
