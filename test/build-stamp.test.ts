/**
 * `npm start` builds only when the sources changed since the last build (scripts/build-stamp.mjs,
 * run by `prestart`): a finished build leaves a stamp, and a source newer than it means build again.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const script = join(import.meta.dirname, '..', 'scripts', 'build-stamp.mjs');

function stamp(mode: 'check' | 'write', root: string): { status: number | null; said: string } {
  const run = spawnSync(process.execPath, [script, mode, '--root', root], { encoding: 'utf8' });
  return { status: run.status, said: run.stderr };
}

/** A project folder with one source, one test and a dist/ folder, all dated `seconds` after 2020. */
function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'nlq-stamp-'));
  for (const dir of ['dist', 'lib', 'test']) mkdirSync(join(root, dir));
  writeFileSync(join(root, 'lib', 'a.ts'), 'export const a = 1;\n');
  writeFileSync(join(root, 'test', 'a.test.ts'), '\n');
  return root;
}

const at = (seconds: number) => new Date(Date.UTC(2020, 0, 1) + seconds * 1000);

describe('the build stamp', () => {
  it('asks for a build when none finished', () => {
    expect(stamp('check', project())).toMatchObject({ status: 1, said: expect.stringMatching(/no finished build/) });
  });

  it('skips the build when no source is newer than the last one', () => {
    const root = project();
    utimesSync(join(root, 'lib', 'a.ts'), at(0), at(0));
    expect(stamp('write', root).status).toBe(0);
    utimesSync(join(root, 'dist', '.build-stamp'), at(10), at(10));
    expect(stamp('check', root)).toMatchObject({ status: 0, said: expect.stringMatching(/up to date/) });
  });

  it('builds again when a source changed after it, naming the source', () => {
    const root = project();
    stamp('write', root);
    utimesSync(join(root, 'dist', '.build-stamp'), at(10), at(10));
    utimesSync(join(root, 'lib', 'a.ts'), at(20), at(20));
    expect(stamp('check', root)).toMatchObject({ status: 1, said: expect.stringContaining(join('lib', 'a.ts')) });
  });

  it('ignores tests, which the build does not read', () => {
    const root = project();
    utimesSync(join(root, 'lib', 'a.ts'), at(0), at(0));
    stamp('write', root);
    utimesSync(join(root, 'dist', '.build-stamp'), at(10), at(10));
    utimesSync(join(root, 'test', 'a.test.ts'), at(20), at(20));
    expect(stamp('check', root).status).toBe(0);
  });
});
