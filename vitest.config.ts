import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Server test files that need a module graph of their own: startup.test.ts replaces node:fs and needs the
 * catalogues' module as never loaded before. Every other server file shares its worker's modules. They
 * run on the embedded database only: what they test does not depend on the database.
 */
const ISOLATED = ['apps/server/src/i18n/startup.test.ts'];

/**
 * Bounds, not waits: a passing test takes what it takes. Vitest's own 5 s let a wallet test that signs
 * and verifies passes with openssl (1-2 s alone) fail beside the browser tests (6.2 s, load average 11).
 */
const BOUNDS = { testTimeout: 60_000, hookTimeout: 120_000 };

const serverTests = (name: string, kind: 'pglite' | 'postgres', isolated: boolean) => ({
  test: {
    name: isolated ? `${name}-isolated` : name,
    include: isolated ? ISOLATED : ['apps/server/src/**/*.test.ts'],
    // Server tests that touch no database run once, in the unit project.
    exclude: ['**/node_modules/**', 'apps/server/src/**/*.unit.test.ts', ...(isolated ? [] : ISOLATED)],
    // Each file builds its own app on its own copy of the database, so the modules themselves can be
    // shared: importing the app (Fastify, drizzle, the contract, PGlite) again for every file was more
    // than half of the server tests' CPU (docs/performance.md, CI).
    isolate: isolated,
    environment: 'node',
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    env: { DB_KIND: kind },
    // Beside a second `npm test` on 2 cores (load average 17-21) tests that take 3-8 s alone ran past
    // 20 s (decision 055, third part).
    ...BOUNDS,
  },
});

/**
 * Files of the unit project that mock a module for the files they import (vi.doMock): a module graph of
 * their own, so no mock reaches another file.
 */
const UNIT_ISOLATED = ['apps/web/src/api/queries.test.tsx'];

/**
 * Tests that need no database or server. Their modules are shared by the files of a worker (47.4 ->
 * 35.2 s of CPU for the 60 files, all passing): a file that needs modules as never loaded before
 * resets them itself (vi.resetModules), and the few that mock a module run apart (UNIT_ISOLATED).
 */
const unitTests = (isolated: boolean) => ({
  test: {
    name: isolated ? 'unit-isolated' : 'unit',
    include: isolated
      ? UNIT_ISOLATED
      : [
          'packages/contract/src/**/*.test.ts',
          'apps/web/src/**/*.test.{ts,tsx}',
          // A server test named *.unit.test.ts needs no database: it runs once, not once per database.
          'apps/server/src/**/*.unit.test.ts',
        ],
    // Component tests need React's and Lingui's transforms: their own project below.
    exclude: ['**/node_modules/**', '**/*.component.test.tsx', ...(isolated ? [] : UNIT_ISOLATED)],
    isolate: isolated,
    environment: 'node',
    ...BOUNDS,
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
      unitTests(false),
      unitTests(true),
      {
        // Component tests: the web app's components rendered in jsdom with React, Lingui's macros
        // compiled as in the build (apps/web/vite.config.ts): UI rules that need no server or browser.
        plugins: [
          babel({
            presets: [
              {
                preset: () => ({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
                rolldown: { filter: { code: /@lingui\/(react|core)\/macro/ } },
              },
            ],
          }),
          react(),
        ],
        test: {
          name: 'components',
          include: ['apps/web/src/**/*.component.test.tsx'],
          environment: 'jsdom',
          // The files of a worker share its modules (React, Lingui, the app's) and its jsdom, as the
          // server projects share theirs: 26.7 -> 10.9 s of CPU for the 9 files, all passing. Each test
          // renders into a new host element, and the app's query cache is emptied after it
          // (lib/component-host.tsx).
          isolate: false,
          ...BOUNDS,
        },
      },
      serverTests('api-pglite', 'pglite', false),
      serverTests('api-pglite', 'pglite', true),
      ...(process.env.TEST_DATABASE_URL ? [serverTests('api-postgres', 'postgres', false)] : []),
    ],
  },
});
