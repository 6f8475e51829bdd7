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
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
