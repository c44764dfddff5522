/**
 * The storefront's languages on the server (issue #20): each page under /it, /es, /fr, /de answers in
 * its language (<html lang>, title, description, canonical under the prefix, og:locale), names its
 * alternates in every language (hreflang), preloads only its own language's catalogue; the sitemap
 * lists every language; a first visit follows Accept-Language once, then the visitor's choice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DistHarness, distHarness } from '../test/dist';

let t: DistHarness;
beforeAll(async () => {
  // Vite's manifest of the catalogues: one chunk per language.
  const manifest = Object.fromEntries(
    ['en', 'it', 'es', 'fr', 'de'].flatMap((l) => [
      [`src/locales/${l}/shell.po`, { file: `assets/shell-${l}.js`, isDynamicEntry: true }],
      [`src/locales/${l}/pages.po`, { file: `assets/pages-${l}.js`, isDynamicEntry: true }],
    ]),
  );
  t = await distHarness({ manifest });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const canonical = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];

describe('pages in each language', () => {
  it('Italian home: lang, Italian title and description, canonical under /it, alternates, its catalogue', async () => {
    const res = await get('/it/', { cookie: 'lang=it' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="it">');
    expect(title(res.body)).toBe(
      'Tour in autobus hop-on hop-off e biglietti musei a Roma | Rome Bus Tickets',
    );
    expect(res.body).toContain('<meta name="description" content="Tour in autobus hop-on hop-off');
    expect(canonical(res.body)).toBe('http://localhost:3000/it/');
    expect(res.body).toContain('<meta property="og:locale" content="it_IT">');
    for (const [lang, href] of [
      ['en', '/'],
      ['it', '/it/'],
      ['es', '/es/'],
      ['fr', '/fr/'],
      ['de', '/de/'],
      ['x-default', '/'],
    ])
      expect(res.body).toContain(
        `<link rel="alternate" hreflang="${lang}" href="http://localhost:3000${href}">`,
      );
    // Only the page language's first-screen catalogue: the home page needs no other page's words.
    expect(res.body).toMatch(/<link rel="modulepreload"[^>]* href="\/assets\/shell-it\.js">/);
    expect(res.body).not.toContain('pages-it.js');
    expect(res.body).not.toContain('shell-en.js');
    expect(res.body).not.toContain('shell-de.js');
    // The hero painted before the app runs is in Italian too (the seed's English, no editor's words).
    expect(res.body).toContain('<h1 class="');
    expect(res.body).toContain('>Scopri Roma dal piano panoramico</h1>');
    expect(/<main>.*<\/main>/s.exec(res.body)?.[0]).not.toContain('See Rome from the top deck');
  });

  it('English stays at the spec paths with the spec texts', async () => {
    const res = await get('/aboutus', { cookie: 'lang=en' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="en">');
    expect(title(res.body)).toBe('About Us | Rome Bus Tickets');
    expect(canonical(res.body)).toBe('http://localhost:3000/aboutus');
    expect(res.body).toContain(
      '<link rel="alternate" hreflang="de" href="http://localhost:3000/de/aboutus">',
    );
    // Another page: both of its language's catalogues.
    expect(res.body).toContain('shell-en.js');
    expect(res.body).toContain('pages-en.js');
    expect(res.body).not.toContain('pages-it.js');
  });

  it('a page with params and a page drawn from the catalogue, in German and French', async () => {
    const company = await get('/de/bus/big-bus/big%20bus');
    expect(company.statusCode).toBe(200);
    expect(title(company.body)).toBe('Rom entdecken mit Big Bus | Tickets buchen bei Rome Bus Tickets');
    expect(canonical(company.body)).toBe('http://localhost:3000/de/bus/big-bus/big%20bus');
    const similar = await get('/fr/viewsimilar/24%20hours/Big%20Bus');
    expect(title(similar.body)).toBe('Big Bus et billets similaires de 24 hours | Rome Bus Tickets');
  });

  it('a page kept from search engines has no alternates; an unknown page is 404 in the language', async () => {
    const login = await get('/es/login');
    expect(title(login.body)).toBe('Iniciar sesión | Rome Bus Tickets');
    expect(login.body).toContain('<meta name="robots" content="noindex">');
    expect(login.body).not.toContain('hreflang');
    const missing = await get('/fr/no/such/page');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<html lang="fr">');
    expect(title(missing.body)).toBe('Page introuvable | Rome Bus Tickets');
  });

  it('/en/ is no prefix (English lives at the spec paths): the not-found page', async () => {
    const res = await get('/en/aboutus', { cookie: 'lang=en' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<html lang="en">');
  });
});

describe('the first visit follows Accept-Language once', () => {
  it('no choice yet and Italian asked first: the same page in Italian, and the choice kept', async () => {
    const res = await get('/search?ticketType=24%20hours', { 'accept-language': 'it-IT,it;q=0.9,en;q=0.8' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/it/search?ticketType=24%20hours');
    expect(String(res.headers['set-cookie'])).toMatch(/^lang=it; Path=\/; Max-Age=31536000; SameSite=Lax/);
    expect(String(res.headers.vary)).toContain('accept-language');
  });

  it('a language we do not have, or English: English, and no cookie (the shop sets none it needs not)', async () => {
    for (const accept of ['ja-JP,ja;q=0.9', 'en-US,en;q=0.9,it;q=0.8', '']) {
      const res = await get('/aboutus', accept ? { 'accept-language': accept } : {});
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['set-cookie'], accept).toBeUndefined();
    }
  });

  it('a visitor who chose (cookie) is left alone, whatever the browser asks for', async () => {
    const res = await get('/aboutus', { cookie: 'lang=en', 'accept-language': 'de-DE,de;q=0.9' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    const it = await get('/it/aboutus', { 'accept-language': 'de-DE' });
    expect(it.statusCode).toBe(200);
    expect(it.body).toContain('<html lang="it">');
  });
});

describe('sitemap', () => {
  it('lists each page in every language with its alternates', async () => {
    const map = (await get('/sitemap.xml')).body;
    for (const loc of ['/aboutus', '/it/aboutus', '/es/aboutus', '/fr/aboutus', '/de/aboutus', '/it/'])
      expect(map).toContain(`<loc>http://localhost:3000${loc}</loc>`);
    expect(map).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(map).toMatch(
      /<loc>http:\/\/localhost:3000\/de\/aboutus<\/loc>[^\n]*<xhtml:link rel="alternate" hreflang="it" href="http:\/\/localhost:3000\/it\/aboutus"\/>/,
    );
  });
});
