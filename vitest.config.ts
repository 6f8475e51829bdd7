import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '~': new URL('./src', import.meta.url).pathname } },
  test: {
    include: ['*.test.ts', 'src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/server/testing/global-setup.server.ts'],
    // Vitest's default is one worker fewer than the cores: a single one on CI's two, which left a
    // core idle while a file waited on PostgreSQL, scrypt's thread pool or its own set-up. Files
    // share nothing (each has its own site and database, decision 031), so two run at once
    // (decision 043).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // Bounds, not waits (as in playwright.config.ts): a passing test takes no longer for them. Two
    // files at once on a machine shared with other work may take several times as long as one
    // on a quiet machine (a test of hundreds of concurrent requests took 36 s; decision 043).
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
