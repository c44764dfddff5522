import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { TICKET_PAGES_CACHE, TICKET_WORKER_FILE } from '../../packages/contract/src/tickets';

/**
 * Writes .br and .gz beside every compressible built file, once at build time, so the server sends
 * them as they are (@fastify/static `preCompressed`) without compressing on each request.
 * index.html is left alone: the server fills in its <head> per page and compresses that answer itself.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'rome-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string) => {
        for (const name of readdirSync(dir)) {
          const file = path.join(dir, name);
          if (statSync(file).isDirectory()) {
            if (!name.startsWith('.')) walk(file);
          } else if (
            /\.(js|mjs|css|svg|json|webmanifest|xml|txt)$/.test(name) &&
            statSync(file).size >= 1024
          ) {
            const body = readFileSync(file);
            writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
            writeFileSync(
              `${file}.br`,
              brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            );
          }
        }
      };
      walk(outDir);
    },
  };
}

const LINGUI_CONFIG = path.resolve(import.meta.dirname, '../../lingui.config.ts');

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    // Lingui's macros (<Trans>, t`...`) become catalogue look-ups before React's transform sees them;
    // the plugin compiles each language's .po catalogue when imported and fails the build when a
    // message has no translation (decision 024: a missing key fails the build).
    babel({
      presets: [
        {
          preset: () => ({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
          // Only the files that use a macro go through Babel (the rest stay on the fast path).
          rolldown: { filter: { code: /@lingui\/(react|core)\/macro/ } },
        },
      ],
    }),
    react(),
    lingui({ configPath: LINGUI_CONFIG, failOnMissing: true, failOnCompileError: true }),
    tailwindcss(),
    // The ticket link's service worker (decision 019): registered only by a ticket link's page, for its
    // /t/ scope, so that the page reloads with no network (pull-to-refresh at the bus stop). Nothing is
    // precached (a visitor who never opens a ticket downloads nothing more): the link's page is kept
    // when it loads and answered from the cache when the network fails; the immutable scripts it
    // loads are kept as they come. API answers are not cached: the page keeps its own saved copy.
    VitePWA({
      injectRegister: false,
      manifest: false,
      filename: TICKET_WORKER_FILE,
      strategies: 'generateSW',
      workbox: {
        globPatterns: [],
        navigateFallback: null,
        inlineWorkboxRuntime: true,
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        runtimeCaching: [
          {
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' && /^\/(?:[a-z]{2}\/)?t\/[\w-]{43}$/.test(url.pathname),
            handler: 'NetworkFirst',
            options: {
              cacheName: TICKET_PAGES_CACHE,
              networkTimeoutSeconds: 6,
              expiration: { maxEntries: 30, maxAgeSeconds: 90 * 24 * 3600 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            urlPattern: ({ sameOrigin, url }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'ticket-assets',
              expiration: { maxEntries: 80, maxAgeSeconds: 90 * 24 * 3600 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 2048,
    // dist/.vite/manifest.json: the server preloads a landing page's chunks with its HTML.
    manifest: true,
    rolldownOptions: {
      output: {
        // Fewer, larger chunks for what every visit needs. Left to itself the bundler split the code
        // that the entry and the pages share into ten small chunks (jsx-runtime, useQuery, the router,
        // the contract's routes, ...), so a landing page asked for 12-15 scripts at once. Over HTTP/1.1
        // (six connections) each extra round of requests costs a round trip on a phone. Now:
        //  - shell: React, the router, the contract (but its analytics, agent-admin and statement parts,
        //    which only the dashboard uses) and the app's own api/, lib/ (but lib/statement, the
        //    operators' statements, decision 068) and components/, which the entry and
        //    nearly every page use anyway (but the forms, the frame of the pages outside the layout, the
        //    notice one page leaves for the next (components/PageNotice.tsx, loaded when there is one), account
        //    and ticket calls, signed-in downloads, the checkout/inventory/gift card rules,
        //    the refusals' catalogue messages (contract refusal.ts, lib/contractText.ts), the waiting list's
        //    rules (contract waitlist.ts), the booking widget's words and rules (contract widget.ts, decision
        //    060), the claim
        //    page's and cancellation's words (contract claim.ts),
        //    Rome time, banners, a package's facts for buyers, the not-found block and the sign-in state, which the home page
        //    does not use: 'pages', 5 KB gzip, with the first page that needs them; a module the shell
        //    imports stays in the shell all the same, as a group takes its modules' imports along; and
        //    lib/ticketDate.ts, which Rome time would follow into the shell: left to the bundler, a small
        //    chunk of the ticket and confirmation pages; lib/InvoiceFields.tsx likewise, the invoice
        //    form's fields that the after-payment form and the checkout's lazy part share, decision 069),
        //    and the content layer's light part
        //    (components/content: text blocks, banners, the editable slot, the logo), which draws no HTML;
        //  - content: the HTML content block and its sanitiser (DOMPurify, 11 KB gzip) with the content
        //    barrel (index.ts), for the pages that show editors' HTML (static pages, agent points, ticket
        //    details), not the home page: home, company and view-more import the light part's own files,
        //    never the barrel (a group takes its modules' imports along, so the barrel in the shell
        //    pulled DOMPurify into every first load).
        // The contract's files for staff screens only (agents' app, error codes, invoices, operators' console),
        // combos' (decision 071: the ticket page's) and the staff's shared components (the frame, tables, the
        // password prompt, the closures' console, lib/step-up) stay out of the shell: a group takes in its
        // modules even when only lazy chunks import them.
        // Pages, the editor, media library and analytics stay their own lazy chunks. Measured in
        // docs/architecture.md (Web budgets).
        codeSplitting: {
          groups: [
            {
              name: 'shell',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|node_modules[\\/]@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/](QueryClientProvider|queryOptions)\.|packages[\\/]contract[\\/]src[\\/](?!analytics|agent-admin\.|statement|agent-app\.|error-codes\.|invoice\.|(auth|validation|checkout|claim|inventory|html-policy|order|tickets|privacy|refusal|rome-time|banner|package-facts|gift-card|second-factor|waitlist|widget|operator|combo)\.|(package-similar|page-heading-words|word-defaults|ticket-frame|ticket-picture)\.)|apps[\\/]web[\\/]src[\\/](api[\\/](?!account\.|tickets\.|download\.|queryClient\.|second-factor\.)|lib[\\/](?!toast\.|step-up\.|AppToaster\.|download\.|signInState\.|contractText\.|ticketDate\.|InvoiceFields\.|statement[\\/])|components[\\/](?!form\.|PasswordField\.|ScrollTable\.|StaffFrame\.|StepUpDialog\.|DisruptionConsole\.|NotFound\.|PageFrame\.|PageNotice\.|content[\\/](html|ContentHtml|ContentBanner|ContentImage|index)\.))/,
            },
            {
              // TanStack Query and the shop's query client (api/queryClient.ts, 10 KB gzip): with the first
              // page other than home, the editor's tools, or a read the first screen's store cannot answer
              // (api/queries.ts), never with the home page's first load (decision 026). The shell keeps only
              // its context and the queryOptions helper, a few bytes.
              name: 'queries',
              test: /node_modules[\\/]@tanstack[\\/](?!react-query[\\/]build[\\/]modern[\\/](QueryClientProvider|queryOptions)\.)|apps[\\/]web[\\/]src[\\/]api[\\/]queryClient\./,
            },
            {
              // Code the pages share that the home page's first screen does not use (forms, account and
              // ticket calls, checkout and inventory rules, Rome time, banners, the not-found block, the sign-in
              // state, the content banner and image): one chunk with the first page that needs it.
              name: 'pages',
              test: /apps[\\/]web[\\/]src[\\/](components[\\/](form|PasswordField|NotFound|PageFrame)|api[\\/](account|tickets|download)|lib[\\/](download|signInState|contractText)|components[\\/]content[\\/](ContentBanner|ContentImage))\.|packages[\\/]contract[\\/]src[\\/](auth|validation|checkout|claim|inventory|html-policy|order|tickets|privacy|refusal|rome-time|banner|package-facts|gift-card|second-factor|waitlist|widget)\./,
            },
            {
              // The toasts (react-hot-toast and goober, 4.6 KB gzip) and the app's Toaster: with the first
              // toast shown (lib/toast.ts, which stays out of this chunk: pages import it), never with a
              // first load.
              name: 'toasts',
              test: /node_modules[\\/](react-hot-toast|goober)[\\/]|apps[\\/]web[\\/]src[\\/]lib[\\/]AppToaster\./,
            },
            {
              name: 'content',
              test: /node_modules[\\/]dompurify[\\/]|apps[\\/]web[\\/]src[\\/](components[\\/]content[\\/](html|ContentHtml|index)\.|features[\\/]pages[\\/]StaticPage)/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/media': 'http://localhost:3000',
      '/bus.json': 'http://localhost:3000',
    },
  },
});
