import { defineConfig } from 'vitest/config';

/**
 * `npm run test:cluster`: real shop processes on PostgreSQL behind nginx, and the fault tests
 * (SIGKILL, a PostgreSQL restart, SMTP down, graceful shutdown). Needs TEST_DATABASE_URL; files run
 * one after another because one of them restarts PostgreSQL.
 */
export default defineConfig({
  test: {
    name: 'cluster',
    include: ['apps/server/src/cluster/**/*.cluster.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    // A beforeAll starts two instances, each up to 180 s on a busy machine (harness.ts).
    hookTimeout: 420_000,
  },
});
