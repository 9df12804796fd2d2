/**
 * The install works offline and stays quiet under npm's install-script policy (npm 11.16+:
 * package.json `allowScripts`, enforced from npm 12): every installed package with an install
 * script is approved or denied by name, so none is "not yet covered" (a warning now, skipped in npm
 * 12), and onnxruntime-node's script, which downloads CUDA libraries, is denied. No `.npmrc` key
 * npm does not know (npm warns on each command that those stop working in its next major).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { allowScripts?: Record<string, boolean> };

/** Names of installed packages that run a script when installed (npm's rule: these scripts, or a binding.gyp). */
function withInstallScripts(dir: string, out = new Set<string>()): Set<string> {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir)) {
    if (entry.startsWith('.')) continue;
    const path = join(dir, entry);
    if (entry.startsWith('@')) {
      withInstallScripts(path, out);
      continue;
    }
    const manifest = join(path, 'package.json');
    if (existsSync(manifest)) {
      const { name, scripts = {} } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; scripts?: Record<string, string> };
      const gyp = existsSync(join(path, 'binding.gyp')) && !scripts.install && !scripts.preinstall;
      if (name && (scripts.preinstall || scripts.install || scripts.postinstall || gyp)) out.add(name);
    }
    withInstallScripts(join(path, 'node_modules'), out);
  }
  return out;
}

describe('install scripts', () => {
  it('are each approved or denied in package.json', () => {
    const allowed = pkg.allowScripts ?? {};
    const uncovered = [...withInstallScripts(join(root, 'node_modules'))].filter((name) => !(name in allowed)).sort();
    expect(uncovered).toEqual([]);
  });

  it("deny onnxruntime-node's CUDA download", () => {
    expect(pkg.allowScripts?.['onnxruntime-node']).toBe(false);
  });

  it('need no .npmrc key npm does not know', () => {
    const npmrc = join(root, '.npmrc');
    const keys = existsSync(npmrc) ? readFileSync(npmrc, 'utf8').split('\n').map((line) => line.split('=')[0]!.trim()).filter(Boolean) : [];
    expect(keys.filter((key) => key.includes('onnxruntime'))).toEqual([]);
  });
});
