import { defineConfig } from 'vitest/config';

const serverTests = (name: string, kind: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['apps/server/src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    env: { DB_KIND: kind },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default outside watch mode is one worker fewer than the cores: one file at a time on
    // CI's 2 cores. Two at a time: most of a server test file's time is waiting (PostgreSQL, SMTP, the
    // Stripe stand-in, PGlite's start), so two files share the cores well (CI: 542 -> 357 s, all passing;
    // docs/performance-history.md, 'Session 2026-11-26, second').
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/contract/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      serverTests('api-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverTests('api-postgres', 'postgres')] : []),
    ],
  },
});
