/**
 * The server answers every page of the contract's page table as the table says: status 200, the
 * table's head, the preload of the page's own module (from a build manifest listing every page module),
 * the first-screen data, and the sitemap and robots.txt built from it. A page added to the table that
 * the server does not cover, or a module the manifest key rule misses, fails here.
 */
import {
  BANNER_CLASSES,
  firstScreenApiPath,
  firstScreenData,
  homeHeroFrameHtml,
  NOT_FOUND_PAGE,
  PAGES,
  type PageEntry,
  pageText,
  TICKET_FRAME_FORM_ID,
  TICKET_PAGE_CLASSES,
} from '@rome/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DistHarness, distHarness } from '../test/dist';
import { type Manifest, manifestKey } from './preload';

/** A path of the seeded shop for each page: its company and package where the head needs them. */
const SAMPLES: Record<string, string> = {
  '/bus/:companySlug/:companyName': '/bus/big-bus/big%20bus',
  '/manageBookings/:status/:id': '/manageBookings/E9/BB-24',
};
const sample = (p: PageEntry) =>
  SAMPLES[p.pattern] ?? p.pattern.replace(/:(\w+)/g, (_, name) => `sample-${name}`);
const chunkOf = (module: string) => `assets/${module.replaceAll('/', '-')}.js`;

let t: DistHarness;
beforeAll(async () => {
  // A build manifest as Vite writes it: the entry, and each page module its own lazy chunk.
  const manifest: Manifest = { 'index.html': { file: 'assets/index.js', isEntry: true } };
  for (const module of [...PAGES.map((p) => p.module), NOT_FOUND_PAGE.module])
    manifest[manifestKey(module)] = { file: chunkOf(module), isDynamicEntry: true };
  t = await distHarness({ manifest });
});
afterAll(() => t.close());

describe('every page of the page table', () => {
  it('answers 200 with its head, its own module preloaded and its first-screen data', async () => {
    // A ticket link's page answers 404 for a token that opens nothing (ticket-links.test.ts covers it).
    for (const page of PAGES.filter((p) => p.pattern !== '/t/:token')) {
      const url = sample(page);
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      const html = res.body;
      expect(html, url).toContain(`<link rel="modulepreload" nonce=`);
      expect(html, url).toMatch(
        new RegExp(`<link rel="modulepreload"[^>]* href="/${chunkOf(page.module)}">`),
      );
      // No other page's chunk.
      expect(html.match(/rel="modulepreload"/g)?.length, url).toBe(1);
      const canonical = page.canonical ?? url;
      expect(html, url).toContain(`<link rel="canonical" href="http://localhost:3000${canonical}">`);
      const rule = page.head;
      if (!('catalog' in rule)) {
        const title = pageText(rule.title, {
          hours: 'sample-hours',
          company: 'sample-company',
        });
        // A stored page's editor metadata may replace the table's title.
        if (!page.storedPage) expect(html, url).toContain(`<title>${title.replace(/&/g, '&amp;')}</title>`);
        expect(html.includes('<meta name="robots" content="noindex">'), url).toBe(rule.noindex === true);
      }
      const fetches = [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map(
        (m) => m[1],
      );
      expect(fetches, url).toEqual(firstScreenData(url).map((d) => `/api/${firstScreenApiPath(d)}`));
      expect(fetches.length, url).toBe(page.firstScreen?.length ?? 0);
      // The frame painted before the app runs.
      const root = html.slice(html.indexOf('<div id="root">'));
      expect(root.includes(`<main><section class="${BANNER_CLASSES.section}"><img`), url).toBe(
        page.frame === 'banner',
      );
      // A page drawn from a stored page starts with its content (home: the hero's words).
      expect(html.includes('id="initial-content"'), url).toBe(page.frame !== undefined);
      expect(root.includes(homeHeroFrameHtml()), url).toBe(page.frame === 'home-hero');
      // A ticket page paints its large picture (the preloaded one, in the app's own box), its heading
      // and its booking form (decision 043).
      const preloadedImage = /<link rel="preload" as="image" href="([^"]+)"/.exec(html)?.[1];
      const ticketPage = page.pattern === '/manageBookings/:status/:id';
      if (ticketPage) expect(preloadedImage, url).toMatch(/^\/media\//);
      expect(
        root.includes(`<main class="${TICKET_PAGE_CLASSES.main}"><div class="${TICKET_PAGE_CLASSES.grid}">`),
        url,
      ).toBe(ticketPage);
      if (ticketPage) {
        expect(root, url).toContain(`<img src="${preloadedImage}" alt=""`);
        expect(root, url).toMatch(/<h1 [^>]*>[^<]+<\/h1>/);
        expect(root, url).toContain(`<form id="${TICKET_FRAME_FORM_ID}" method="get"`);
      }
    }
  });

  it('an unknown page: 404, the not-found head, nothing preloaded', async () => {
    const res = await t.app.inject({ url: '/no/such/page' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain(`<title>${pageText(NOT_FOUND_PAGE.head.title, {})}</title>`);
    expect(res.body).not.toContain('modulepreload');
  });

  it('the sitemap lists the pages the table lists, robots.txt disallows what it keeps from crawlers', async () => {
    const map = (await t.app.inject({ url: '/sitemap.xml' })).body;
    const locs = [...map.matchAll(/<loc>http:\/\/localhost:3000([^<]*)<\/loc>/g)].map((m) => m[1]);
    for (const page of PAGES) {
      if (page.sitemap === 'page') expect(locs).toContain(page.pattern);
      else if (!page.sitemap) expect(locs.filter((l) => l === sample(page))).toEqual([]);
    }
    expect(locs).toContain('/bus/big-bus/big%20bus');
    expect(locs).toContain('/manageBookings/E9/BB-24');
    expect(locs).not.toContain('/agentPoints');
    const robots = (await t.app.inject({ url: '/robots.txt' })).body;
    // The English block as the spec's paths; the same pages under each language's prefix (decision 024).
    expect(robots).toMatch(
      /^User-agent: \*\nAllow: \/\nDisallow: \/api\/\nDisallow: \/yourticket\nDisallow: \/verify\/\nDisallow: \/profile\nDisallow: \/analytics\nDisallow: \/operator\nDisallow: \/t\/\nDisallow: \/gift-card\/\nDisallow: \/pay\/\nDisallow: \/widget\/\n/,
    );
    for (const prefix of ['/it', '/es', '/fr', '/de'])
      for (const p of [
        '/yourticket',
        '/verify/',
        '/profile',
        '/analytics',
        '/operator',
        '/t/',
        '/gift-card/',
        '/pay/',
        '/widget/',
      ])
        expect(robots).toContain(`\nDisallow: ${prefix}${p}\n`);
    expect(robots).toMatch(/Disallow: \/agent\/\n\nSitemap: http:\/\/localhost:3000\/sitemap.xml\n$/);
  });
});
