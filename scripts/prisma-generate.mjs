// Generates the three model-less Prisma clients (SQLite, PostgreSQL, MySQL/MariaDB) offline.
// `prisma generate` wants a schema-engine binary it would download; with no models it never runs
// it, so any existing file satisfies the check (see docs/ARCHITECTURE.md, "Prisma offline").
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const prismaCli = join(root, 'node_modules', 'prisma', 'build', 'index.js');
if (!existsSync(prismaCli)) {
  console.log('prisma-generate: prisma CLI not installed, skipping');
  process.exit(0);
}
for (const provider of ['sqlite', 'postgresql', 'mysql']) {
  const schema = join(root, 'engines', 'sql', 'prisma', `${provider}.prisma`);
  const result = spawnSync(process.execPath, [prismaCli, 'generate', '--schema', schema], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
      PRISMA_HIDE_UPDATE_MESSAGE: '1',
      CHECKPOINT_DISABLE: '1',
    },
  });
  if (result.status !== 0) {
    console.error(`prisma-generate: generating the ${provider} client failed`);
    process.exit(result.status ?? 1);
  }
}
