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
