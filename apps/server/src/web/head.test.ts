import { HOME_HERO_CLASSES, homeHeroFrameHtml } from '@rome/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaItems, pageImages } from '../db/schema';
import { type DistHarness, distHarness } from '../test/dist';
import { createUser } from '../test/users';

let t: DistHarness;
beforeAll(async () => {
  t = await distHarness({ root: '<div class="frame"><!--app-first-screen--></div>' });
});
afterAll(() => t.close());

describe('page HTML', () => {
  it('puts a package page title, description and Product JSON-LD in the head', async () => {
    const res = await t.app.inject({ url: '/manageBookings/E9/BB-24' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<title>Big Bus Rome Classic 24h | Rome Bus Tickets</title>');
    expect(res.body).toMatch(/<meta name="description" content="[^"]*Big Bus[^"]*">/);
    expect(res.body).toContain('"@type":"Product"');
    expect(res.body).toContain('"priceCurrency":"EUR"');
  });

  it('titles a company page after the spec pattern', async () => {
    const res = await t.app.inject({ url: '/bus/big-bus/big%20bus' });
    expect(res.body).toContain('<title>Explore Rome with Big Bus | Book Tickets at Rome Bus Tickets</title>');
  });

  it('answers 404 for unknown pages and unknown packages, still with the app', async () => {
    for (const url of ['/no/such/page', '/manageBookings/E9/NOPE', '/bus/nobody/nobody']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('Page Not Found');
    }
  });

  it('escapes what it echoes from the URL', async () => {
    const res = await t.app.inject({ url: '/viewsimilar/24%20hours/%3Cscript%3Ealert(1)%3C%2Fscript%3E' });
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).toContain('&lt;script&gt;');
  });
});

describe('what a page sends with its HTML (preloads, banner frame, content)', () => {
  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="preload" as="(image|fetch)"[^>]*href="([^"]+)"/g)].map(
      (m) => `${m[1]} ${m[2]}`,
    );
  const bannerOf = async (pageTag: string, imageTag: string) => {
    const content = (await t.app.inject({ url: `/api/static-content/${pageTag}/` })).json();
    return content.page_images.find((i: { unique_tag: string }) => i.unique_tag === imageTag)?.image?.file;
  };

  it('a company page: the banner picture it shows, painted from the HTML, and its content', async () => {
    const html = (await t.app.inject({ url: '/bus/big-bus/big%20bus' })).body;
    const banner = await bannerOf('company-big-bus', 'big-bus-banner');
    expect(banner).toMatch(/^\/media\//);
    expect(preloads(html)).toContain(`image ${banner}`);
    // The banner frame inside #root, with the same picture.
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toMatch(new RegExp(`<main><section class="[^"]*h-\\[350px\\][^"]*"><img src="${banner}"`));
    // The content the app starts with: exactly what GET static-content/{page}/ answers.
    const json = html.match(/<script[^>]*id="initial-content">([^<]*)<\/script>/)?.[1];
    const api = (await t.app.inject({ url: '/api/static-content/company-big-bus/' })).json();
    expect(JSON.parse(json!)).toEqual({ page: 'company-big-bus', content: api });
  });

  it("the home page: its hero's words painted from the HTML; no frame on other pages without a banner", async () => {
    const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'));
    const home = rootOf((await t.app.inject({ url: '/' })).body);
    expect(home).toContain(homeHeroFrameHtml());
    expect(home).toContain(`<h1 class="${HOME_HERO_CLASSES.title}">See Rome from the top deck</h1>`);
    for (const url of ['/search?ticketType=24%20hours', '/login', '/no-such-page']) {
      const root = rootOf((await t.app.inject({ url })).body);
      expect(root, url).not.toContain('<main>');
    }
  });

  it('content sent with the HTML cannot close its script element', async () => {
    const editor = await createUser(t.app, t.db, { isEditor: true });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/edit-content/refund-title/',
      headers: editor.auth,
      payload: { content: 'Refunds </script><script>alert(1)</script>' },
    });
    expect(res.statusCode).toBe(200);
    const html = (await t.app.inject({ url: '/refund' })).body;
    const json = html.match(/<script[^>]*id="initial-content">([^<]*)<\/script>/)?.[1];
    expect(json).toBeDefined();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(
      JSON.parse(json!).content.content_blocks.find((b: any) => b.unique_tag === 'refund-title'),
    ).toBeDefined();
  });

  it("every page's HTML carries the site's words in its language, and an edit shows on the next page", async () => {
    const footerOf = async (url: string) => {
      const html = (await t.app.inject({ url })).body;
      const json = html.match(/<script[^>]*id="initial-site-words">([^<]*)<\/script>/)?.[1];
      expect(json, url).toBeTruthy();
      return JSON.parse(json ?? '{}') as {
        page: string;
        content: { content_blocks: { unique_tag: string; block_content: string }[] };
      };
    };
    expect((await footerOf('/aboutus')).page).toBe('site-words');
    const save = await t.app.inject({
      method: 'POST',
      url: '/api/edit-content/site-footer-about-title/?lang=it',
      headers: (await createUser(t.app, t.db, { isEditor: true })).auth,
      // Never written in English: the Italian is the first word of the block (its English default).
      payload: { content: 'Chi siamo', page: 'site-words' },
    });
    expect(save.statusCode).toBe(200);
    const it = await footerOf('/it/');
    expect(
      it.content.content_blocks.find((b) => b.unique_tag === 'site-footer-about-title')?.block_content,
    ).toBe('Chi siamo');
    // The Italian words are Italian only: English pages keep their own.
    const en = await footerOf('/offer');
    expect(
      en.content.content_blocks.find((b) => b.unique_tag === 'site-footer-about-title')?.block_content,
    ).not.toBe('Chi siamo');
  });

  it('a content page without an attached banner preloads the bundled default', async () => {
    // Roma Musei without the picture the seed attached to its banner tag.
    await t.db.delete(pageImages).where(eq(pageImages.uniqueTag, 'roma-musei-banner'));
    t.app.siteCache.invalidate();
    const html = (await t.app.inject({ url: '/bus/roma-musei/roma%20musei' })).body;
    expect(await bannerOf('company-roma-musei', 'roma-musei-banner')).toBeUndefined();
    expect(preloads(html)).toContain('image /banners/default.webp');
    expect(html).toContain('<img src="/banners/default.webp"');
  });

  it("an editor's new banner is what the next page load preloads", async () => {
    const editor = await createUser(t.app, t.db, { isEditor: true });
    const before = await bannerOf('about-us', 'about-us-banner');
    expect(preloads((await t.app.inject({ url: '/aboutus' })).body)).toContain(`image ${before}`);
    const images = await t.db.select().from(mediaItems).where(eq(mediaItems.mediaType, 'image'));
    const other = images.find((m) => `/media/${m.fileKey}` !== before)!;
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/page-image/about-us-banner/update/',
      headers: editor.auth,
      payload: { image_id: other.id },
    });
    expect(res.statusCode).toBe(200);
    const after = preloads((await t.app.inject({ url: '/aboutus' })).body);
    expect(after).toContain(`image /media/${other.fileKey}`);
    expect(after).not.toContain(`image ${before}`);
  });

  it('the home page and pages without a banner preload no banner', async () => {
    for (const url of ['/', '/login', '/no/such/page']) {
      const html = (await t.app.inject({ url })).body;
      expect(preloads(html).filter((p) => p.includes('/banners/') || p.includes('static-content'))).toEqual(
        [],
      );
    }
  });

  it("a landing page starts loading its first-screen data with the HTML, each request as the app's", async () => {
    const fetches = async (url: string) =>
      preloads((await t.app.inject({ url })).body)
        .filter((p) => p.startsWith('fetch '))
        .map((p) => p.slice(6));
    expect(await fetches('/')).toEqual(['/api/packages/', '/api/partner-logos', '/api/website-settings/']);
    expect(await fetches('/manageBookings/E9/BB-24')).toEqual([
      '/api/package/E9/BB-24/',
      '/api/packages/',
      '/api/website-settings/',
    ]);
    // Every preloaded URL answers 200: a preload the app does not use would be a wasted request.
    for (const url of [...(await fetches('/')), ...(await fetches('/manageBookings/E9/BB-24'))]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(200);
    }
    // Nothing for a page without such data, and nothing for a page that is not there.
    for (const url of ['/login', '/aboutus', '/manageBookings/E9/NOPE', '/no/such/page']) {
      expect(await fetches(url), url).toEqual([]);
    }
  });

  it('search results preload the first card picture: small below 768 px, large from there', async () => {
    const { bus_data } = (await t.app.inject({ url: '/api/packages/' })).json();
    const first = bus_data.find((p: { duration: string }) => p.duration.toLowerCase() === '24 hours');
    const html = (await t.app.inject({ url: '/search?ticketType=24%20hours' })).body;
    expect(html).toContain(
      `<link rel="preload" as="image" href="${first.thumbnail_small}" media="not all and (min-width: 768px)" fetchpriority="high">`,
    );
    expect(html).toContain(
      `<link rel="preload" as="image" href="${first.thumbnail_large}" media="(min-width: 768px)" fetchpriority="high">`,
    );
    for (const url of ['/search?ticketType=no%20such%20type', '/search']) {
      expect(preloads((await t.app.inject({ url })).body).filter((p) => p.startsWith('image'))).toEqual([]);
    }
  });
});
