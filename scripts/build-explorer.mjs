// Bundles the offline explorer (explorer/main.js: GraphiQL from npm, with Monaco's workers) into
// dist/explorer/ with esbuild; `npm run build` runs it, `nlq serve` serves the result at `/`.
// Nothing is downloaded: every file comes from node_modules.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist', 'explorer');
const common = { bundle: true, minify: true, logLevel: 'warning', absWorkingDir: root, define: { 'process.env.NODE_ENV': '"production"' } };

await build({
  ...common,
  entryPoints: { explorer: 'explorer/main.js' },
  outdir: out,
  format: 'esm',
  splitting: false,
  loader: { '.ttf': 'file', '.woff': 'file', '.woff2': 'file', '.svg': 'file' },
  assetNames: '[name]-[hash]',
  publicPath: '/explorer',
});
// Workers run apart from the page, each a classic script.
await build({
  ...common,
  entryPoints: {
    'editor.worker': 'monaco-editor/esm/vs/editor/editor.worker.js',
    'json.worker': 'monaco-editor/esm/vs/language/json/json.worker.js',
    'graphql.worker': 'monaco-graphql/esm/graphql.worker.js',
  },
  outdir: out,
  format: 'iife',
});
