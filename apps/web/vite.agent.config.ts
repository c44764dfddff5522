import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The agents' app (decision 023): its own build, so none of its code (the scanner, the
 * offline queue, IndexedDB, jsQR) can end up in the visitors' chunks, whose grouping
 * (vite.config.ts) would otherwise pull the contract's agent rules into the shared 'shell' chunk.
 * Written to dist/agent/ (after the storefront's build, which empties dist/), served under /agent/.
 * The service worker and manifest come from vite-plugin-pwa (Workbox): the app shell is precached so
 * the app opens with no network; API calls are never cached (the app queues its claims itself).
 */
export default defineConfig({
  root: path.join(import.meta.dirname, 'agent'),
  base: '/agent/',
  plugins: [
    react(),
    VitePWA({
      // Registered by the app itself (src/agent/main.tsx): no inline script under the page's CSP.
      injectRegister: false,
      registerType: 'autoUpdate',
      scope: '/agent/',
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      // The glob below already precaches the icons (public/) once.
      includeManifestIcons: false,
      manifest: {
        id: '/agent/',
        name: 'Rome Bus Tickets – Agents',
        short_name: 'RBT Agents',
        description: "Scan and claim the shop's tickets at the door, with or without a network.",
        start_url: '/agent/',
        scope: '/agent/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#1c1917',
        theme_color: '#7f1d1d',
        icons: [
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: 'icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        navigateFallback: '/agent/index.html',
        navigateFallbackAllowlist: [/^\/agent\//],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ],
  build: {
    outDir: path.join(import.meta.dirname, 'dist', 'agent'),
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
  },
});
