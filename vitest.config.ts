import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', '**/*.test.ts'],
    exclude: ['node_modules/**', 'dist/**'],
    // Database-backed tests share local PostgreSQL/MariaDB servers; keep files sequential on 2 cores.
    fileParallelism: false,
    globalSetup: ['test/global-setup.ts'],
    reporters: ['default', './test/summary-reporter.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
