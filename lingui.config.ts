/**
 * Lingui (issue #20, decision 024): the storefront's messages are written in English in the code (the
 * spec's texts, character for character) with Lingui's macros; `npm run i18n:extract` collects them
 * into one .po catalogue per language under apps/web/src/locales/, where the translations live. The
 * Vite plugin compiles the catalogue of the language a page needs when it is imported, and fails the
 * build when a message has no translation (apps/web/vite.config.ts).
 */
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'it', 'es', 'fr', 'de'],
  catalogs: [
    {
      path: '<rootDir>/apps/web/src/locales/{locale}/messages',
      include: ['<rootDir>/apps/web/src', '<rootDir>/packages/contract/src'],
      // Staff screens stay in English (the agents' app, the editors' tools, the superusers' dashboard).
      exclude: [
        '**/node_modules/**',
        '**/*.test.*',
        '<rootDir>/apps/web/src/agent/**',
        '<rootDir>/apps/web/src/editor/**',
        '<rootDir>/apps/web/src/features/analytics/**',
        '<rootDir>/apps/web/src/features/test/**',
      ],
    },
    {
      // The server's own words (e-mails, heads drawn from the catalogue): apps/server/src/i18n/catalog.ts.
      path: '<rootDir>/apps/server/src/i18n/locales/{locale}/messages',
      include: ['<rootDir>/apps/server/src'],
      exclude: ['**/node_modules/**', '**/*.test.*'],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
