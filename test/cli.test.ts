/**
 * The `nlq` command as a user runs it (the built CLI in a child process), on the loaded test world.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { COMMANDS, commandNamed } from '../cli/commands-spec.js';
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

  it('train --source reads --minutes, its time budget, and refuses one that is not a positive whole number', () => {
    // Read, not ignored: a budget that is no number stops the command before any training starts.
    for (const bad of ['0', 'soon', '7.5']) {
      const refused = nlq('train', '--source', 'northwind', '--from-scratch', '--minutes', bad);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(new RegExp(`--minutes wants a positive whole number, not '${bad.replace('.', '\\.')}'`));
    }
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

describe('nlq <command> --help', () => {
  it.each(COMMANDS.map((command) => command.name))('%s --help prints every option the command takes', (name) => {
    const result = spawnSync(process.execPath, [cli, name, '--help'], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^usage: nlq ${name}`));
    for (const option of commandNamed(name)!.options) expect(result.stdout).toContain(`--${option.name}`);
  });

  it('serve --help names --no-load, --port and --host', () => {
    const { stdout } = spawnSync(process.execPath, [cli, 'serve', '--help'], { encoding: 'utf8' });
    for (const option of ['--no-load', '--port N', '--host H']) expect(stdout).toContain(option);
  });

  it('ask --help says what one call costs', () => {
    const { stdout } = spawnSync(process.execPath, [cli, 'ask', '--help'], { encoding: 'utf8' });
    expect(stdout).toMatch(/loads their models before answering/);
  });
});

describe('nlq errors', () => {
  it('name the CLI option, not the GraphQL argument', () => {
    const { code, stderr } = nlq('ask', 'How many products are there?', '--source', 'nowhere');
    expect(code).toBe(2);
    expect(stderr).toMatch(/unknown source 'nowhere' in --source/);
    expect(stderr).not.toMatch(/options\./);
  });

  it('refuse an option the command does not take, naming it', () => {
    const { code, stderr } = nlq('serve', '--force');
    expect(code).toBe(2);
    expect(stderr).toMatch(/nlq serve has no option --force/);
  });

  it('name the option whose value is wrong', () => {
    const { code, stderr } = nlq('serve', '--no-load', '--port', 'abc');
    expect(code).toBe(2);
    expect(stderr).toMatch(/^nlq: --port wants a whole number from 0 to 65535, not 'abc'/);
  });
});

describe('nlq serve', () => {
  it('serves GraphQL with the offline explorer at / and stops cleanly on SIGTERM', async () => {
    const { url, child: server } = await startServeProcess(cli, ['--port', '0', '--config', inject('worldConfig')], {
      env: { ...process.env, NODE_ENV: 'development' },
    });
    try {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const landing = await fetch(url, { headers: { accept: 'text/html' } });
      const page = await landing.text();
      expect(page).toContain('/explorer/explorer.js');
      expect(page).not.toMatch(/https?:\/\//);
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
