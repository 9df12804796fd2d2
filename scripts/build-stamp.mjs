// Whether dist/ is built from the current sources, so `npm start` builds only when they changed.
//   node scripts/build-stamp.mjs check [--root DIR]   exit 0 when dist/.build-stamp is newer than every
//                                                     source the build reads; 1 (naming one) otherwise
//   node scripts/build-stamp.mjs write [--root DIR]   record a finished build (the last step of `npm run build`)
// Sources: every .ts file outside node_modules, dist, test and models/train, the explorer, the build
// scripts, the tsconfig files and package-lock.json (new dependencies change the explorer bundle).
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const mode = args[0];
const rootFlag = args.indexOf('--root');
const root = rootFlag >= 0 ? args[rootFlag + 1] : join(dirname(fileURLToPath(import.meta.url)), '..');
const stamp = join(root, 'dist', '.build-stamp');
const SKIPPED = new Set(['node_modules', 'dist', 'test', '.nlq', '.git', 'coverage']);

/** The build's inputs under `dir`. */
function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const rel = relative(root, path);
    if (entry.isDirectory()) {
      if (!SKIPPED.has(entry.name) && rel !== join('models', 'train')) yield* sources(path);
    } else if (
      (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.tmp.ts')) ||
      rel.startsWith(`explorer${'/'}`) ||
      ['scripts/build-explorer.mjs', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'].includes(rel)
    ) {
      yield path;
    }
  }
}

if (mode === 'write') {
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
} else if (mode === 'check') {
  if (!existsSync(stamp)) {
    console.error('build-stamp: no finished build in dist/: building');
    process.exit(1);
  }
  const built = statSync(stamp).mtimeMs;
  for (const file of sources(root)) {
    if (statSync(file).mtimeMs > built) {
      console.error(`build-stamp: ${relative(root, file)} changed since the last build: building`);
      process.exit(1);
    }
  }
  console.error('build-stamp: dist/ is up to date with the sources: not building');
} else {
  console.error('usage: node scripts/build-stamp.mjs check|write [--root DIR]');
  process.exit(2);
}
