/**
 * Lingui (decision 024): the storefront's messages are written in English in the code (the
 * spec's texts, character for character) with Lingui's macros; `npm run i18n:extract` collects them
 * into one .po catalogue per language under apps/web/src/locales/, where the translations live. The
 * Vite plugin compiles the catalogue of the language a page needs when it is imported, and fails the
 * build when a message has no translation (apps/web/vite.config.ts).
 */
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/** The storefront's first-screen code: its words make the `shell` catalogue. */
const SHELL_PAGES = [
  '<rootDir>/apps/web/src/components',
  '<rootDir>/apps/web/src/i18n',
  '<rootDir>/apps/web/src/features/home',
];
const SHELL = [...SHELL_PAGES, '<rootDir>/packages/contract/src'];

/**
 * The contract's refusals and the words of the calls only other pages make (ticket page, checkout,
 * accounts, tickets): shown by the pages' errorMessage (apps/web/src/api/client.ts), so they travel
 * with the `pages` catalogue and the home page's first load does not carry them.
 */
const REFUSALS = [
  'auth',
  'checkout',
  'claim',
  'inventory',
  'order',
  'privacy',
  'promo',
  'gift-card',
  'invoice',
  'disruption',
  // A ticket's change of time (decision 067).
  'reschedule',
  'second-factor',
  'refusal',
  'tickets',
  'waitlist',
  // The offers and operator pages' headings (the site's words the home page does not show).
  'page-heading-words',
  // The ticket page's booking words, which its HTML frame shows too (decision 043).
  'ticket-frame',
  // The booking widget's refusals (decision 060): its page is not the home page.
  'widget',
  // The price categories' names, proofs and refusals (decision 070): the ticket page's, not the home page's.
  'price-categories',
  // Combos' refusals (decision 071): the ticket page's and the ticket link's.
  'combo',
].map((name) => `<rootDir>/packages/contract/src/${name}.ts`);

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'it', 'es', 'fr', 'de'],
  catalogs: [
    {
      // What every first screen needs (navigation, footer, shared components, the home page, the
      // contract's shared texts): loaded before the first render. The rest of the storefront's words
      // come with the first other page (apps/web/src/i18n/locale.ts), so the home page's first load
      // carries only these (the first-load budget in every language, docs/performance.md).
      path: '<rootDir>/apps/web/src/locales/{locale}/shell',
      include: SHELL,
      // The pages' descriptions are only the server's (the HTML head): in its catalogue below.
      exclude: [
        '**/node_modules/**',
        '**/*.test.*',
        '<rootDir>/packages/contract/src/page-descriptions.ts',
        ...REFUSALS,
      ],
    },
    {
      path: '<rootDir>/apps/web/src/locales/{locale}/pages',
      include: ['<rootDir>/apps/web/src', ...REFUSALS],
      // Staff screens stay in English (the agents' app, the editors' tools, the superusers' dashboard).
      exclude: [
        '**/node_modules/**',
        '**/*.test.*',
        ...SHELL_PAGES.map((dir) => `${dir}/**`),
        '<rootDir>/apps/web/src/agent/**',
        '<rootDir>/apps/web/src/editor/**',
        '<rootDir>/apps/web/src/features/analytics/**',
        '<rootDir>/apps/web/src/features/test/**',
      ],
    },
    {
      // The server's own words (e-mails, heads drawn from the catalogue): apps/server/src/i18n/catalog.ts.
      path: '<rootDir>/apps/server/src/i18n/locales/{locale}/messages',
      include: ['<rootDir>/apps/server/src', '<rootDir>/packages/contract/src/page-descriptions.ts'],
      exclude: ['**/node_modules/**', '**/*.test.*'],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
