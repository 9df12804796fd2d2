/**
 * The Node range package.json promises is true: this process runs inside it (CI runs the suite on
 * the lowest major it names), and every installed package accepts the lowest version it names, or
 * is listed below with why the gateway never runs it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const range = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;

/**
 * Installed packages that declare a higher Node than the gateway's range, with the reason none of
 * their code runs in the gateway. Each one is said in the README's Limits.
 */
const NEVER_RUN: Readonly<Record<string, string>> = {
  '@prisma/streams-local': "part of `prisma dev` (Prisma's local development database), a command the gateway never runs",
  '@shanghaikid/parquetjs': "the Milvus SDK's Parquet bulk writer, which the gateway never calls",
  utilium: "used by @zenfs/core under that same Parquet bulk writer",
};

/** name@version -> engines.node of every package under node_modules, nested ones included. */
function installed(dir: string, out = new Map<string, { name: string; node: string }>()): Map<string, { name: string; node: string }> {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir)) {
    if (entry.startsWith('.')) continue;
    const path = join(dir, entry);
    if (entry.startsWith('@')) {
      installed(path, out);
      continue;
    }
    const manifest = join(path, 'package.json');
    if (existsSync(manifest)) {
      const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string; engines?: { node?: string } };
      if (pkg.name && typeof pkg.engines?.node === 'string') out.set(`${pkg.name}@${pkg.version}`, { name: pkg.name, node: pkg.engines.node });
    }
    installed(join(path, 'node_modules'), out);
  }
  return out;
}

describe('the supported Node range', () => {
  it('holds the Node running the tests', () => {
    expect(semver.satisfies(process.versions.node, range), `${process.versions.node} in ${range}`).toBe(true);
  });

  it('is accepted by every installed package, or the package is one the gateway never runs', () => {
    const lowest = semver.minVersion(range)!.version;
    const refusing = [...installed(join(root, 'node_modules')).entries()]
      .filter(([, pkg]) => semver.validRange(pkg.node) !== null && !semver.satisfies(lowest, pkg.node))
      .filter(([, pkg]) => !(pkg.name in NEVER_RUN))
      .map(([id, pkg]) => `${id} wants node ${pkg.node}`);
    expect(refusing).toEqual([]);
  });
});
