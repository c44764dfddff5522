/**
 * Serves the built React app: hashed assets with a long cache, and for every page path index.html
 * with that page's own <head> and the global head code, under a strict nonce-based CSP. Unknown /api/
 * paths answer JSON 404, never the app. Also /sitemap.xml and /robots.txt.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  bannerFrameHtml,
  bookingPath,
  companyPath,
  escapeHtml,
  findPage,
  HEAD_CODE_META,
  HOME_HERO,
  HOME_HERO_TAGS,
  type HomeHeroText,
  homeHeroFrameHtml,
  isLocale,
  LOCALE_COOKIE,
  LOCALES,
  type Locale,
  localeFromAcceptLanguage,
  localizedPath,
  matchRoute,
  PAGE_KEY_META,
  PAGES,
  type PageEntry,
  SITE_PAGE_TAG,
  splitLocale,
  TICKET_WORKER_FILE,
  uncrawledPaths,
  WIDGET_SCRIPT_PATH,
} from '@rome/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { serverI18n } from '../i18n/catalog';
import { compressText } from '../lib/compress';
import { limitAddress } from '../lib/ip';
import { pageKeyFor, signedInId } from '../modules/auth/page-key';
import type { CatalogSnapshot } from '../modules/catalog/service';
import { getStaticContent } from '../modules/content/service';
import type { SiteSnapshot } from '../modules/content/site-cache';
import { guestTokenOf } from '../modules/orders/guest';
import { linkExists } from '../modules/orders/ticket-link';
import { pageHead, renderHead, safeJson } from './head';
import { inlineStylesheets } from './inline-css';
import { cataloguePreloader, pagePreloader } from './preload';
import { ticketFrame } from './ticket-frame';
import { WIDGET_STORAGE_FALLBACK, widgetLoader } from './widget-loader';

/**
 * The booking widget's pages (decision 060) are framed by partners' sites, which the shop does not
 * list: any http(s) origin. They hold no session (no cookie works in a third-party frame) and payment
 * opens in a tab of its own, so a frame can neither act for a signed-in visitor nor hide a payment.
 */
export const WIDGET_FRAME_ANCESTORS = 'https: http:';
export const isWidgetPage = (pathname: string): boolean => matchRoute('/widget/:id', pathname) !== null;

/**
 * The request's address as a URL. Prefixed, not resolved against a base: a request line of '//' or
 * '//host/x' is a path here, where `new URL('//', base)` reads it as another host (or throws).
 */
const requestUrl = (raw: string): URL => new URL(`http://x${raw.startsWith('/') ? '' : '/'}${raw}`);

const FALLBACK_INDEX = `<!doctype html><html lang="en"><head><meta charset="utf-8"><!--app-head--></head>
<body><p>The web app is not built. Run <code>npm run build</code>.</p></body></html>`;

/** Every <script> of ours and of the head code carries this response's nonce; nothing else may run. */
export const addNonce = (html: string, nonce: string) =>
  html
    .replace(/<script\b(?![^>]*\bnonce=)/gi, `<script nonce="${nonce}"`)
    // Module preloads are fetched under script-src too: with 'strict-dynamic' they need the nonce.
    .replace(/<link rel="modulepreload"(?![^>]*\bnonce=)/gi, `<link rel="modulepreload" nonce="${nonce}"`);

/**
 * The page's policy. connect-src is the shop itself plus the origins the operator lists for the head
 * code's analytics (HEAD_CODE_CONNECT_SRC): a script in the page cannot post what it reads anywhere else
 * with fetch, XHR or a beacon (decision 018).
 */
export function pageCsp(
  nonce: string,
  connectSrc: readonly string[] = [],
  ticketWorker = false,
  /** Who may frame the page: the shop itself, or any site for the booking widget (decision 060). */
  frameAncestors = "'self'",
): string {
  return [
    "default-src 'self'",
    // 'strict-dynamic': a tag manager loaded by the (nonced) head code may load its own scripts.
    `script-src 'nonce-${nonce}' 'strict-dynamic' 'self'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "media-src 'self' blob:",
    ["connect-src 'self'", ...connectSrc].join(' '),
    "frame-src 'self' https://www.google.com https://maps.google.com",
    "object-src 'none'",
    "base-uri 'none'",
    `frame-ancestors ${frameAncestors}`,
    // No page registers a service worker (the agents' app has its own policy): head code cannot put one
    // between the shop and a signed-in page (decision 032). The one exception is a ticket link's page,
    // which never runs head code: it registers the shop's own ticket worker for its /t/ scope, so the
    // ticket reloads offline (decision 019).
    ticketWorker ? "worker-src 'self'" : "worker-src 'none'",
    "form-action 'self' https://checkout.stripe.com",
  ].join('; ');
}

/** The URLs of /sitemap.xml, by the page table's `sitemap` of each page. */
export function sitemapPaths(catalog: CatalogSnapshot): string[] {
  const expand: Record<NonNullable<PageEntry['sitemap']>, (page: PageEntry) => string[]> = {
    page: (page) => [page.pattern],
    'each-company': () => catalog.folders.filter((f) => f.active).map((f) => companyPath(f)),
    'each-package': () => catalog.packages.map((p) => bookingPath(p)),
  };
  return PAGES.flatMap((page) => (page.sitemap ? expand[page.sitemap](page) : []));
}

/** robots.txt: the API and the pages the table keeps from crawlers (in every language), and the sitemap. */
export const robotsTxt = (publicUrl: string) =>
  `User-agent: *\nAllow: /\n${[
    '/api/',
    ...LOCALES.flatMap((locale) => uncrawledPaths().map((p) => localizedPath(locale, p))),
    '/agent/',
  ]
    .map((p) => `Disallow: ${p}\n`)
    .join('')}\nSitemap: ${publicUrl}/sitemap.xml\n`;

/** /sitemap.xml: each page in each language, with its alternates in the others (decision 024). */
export function sitemapXml(paths: string[], publicUrl: string): string {
  const url = (locale: Locale, p: string) => escapeHtml(publicUrl + localizedPath(locale, p));
  const entries = paths.flatMap((p) =>
    LOCALES.map(
      (locale) =>
        `  <url><loc>${url(locale, p)}</loc>${LOCALES.map(
          (other) => `<xhtml:link rel="alternate" hreflang="${other}" href="${url(other, p)}"/>`,
        ).join('')}</url>`,
    ),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
}

/**
 * The first visit follows the browser's languages once (decision 024): a visitor with no choice yet
 * (no language cookie) who opens an English address while asking for one of our other languages first
 * is sent to the same page in it, and that is kept in the language cookie, so later visits, and
 * English links opened after choosing English in the switcher, are left alone. A visitor asking for
 * English (or none of ours) gets the page and no cookie: the shop sets none it does not need.
 */
export function firstVisitLocale(
  cookieHeader: string | undefined,
  acceptLanguage: string | undefined,
): Locale | null {
  const cookie = /(?:^|;\s*)lang=([a-z]{2})(?:;|$)/.exec(cookieHeader ?? '');
  if (cookie && isLocale(cookie[1])) return null;
  const asked = localeFromAcceptLanguage(acceptLanguage);
  return asked && asked !== 'en' ? asked : null;
}

/** Whether the editors' global head code runs on the page at `pathname` (the page table's `headCode`). */
export const runsHeadCode = (pathname: string): boolean => findPage(pathname)?.page.headCode !== false;

/**
 * The agents' app's policy (decision 023): its own build's scripts and styles only, the camera's
 * frames (blob:/media), the service worker and manifest of /agent/, and calls to the shop itself.
 * The page has no inline script (so no nonce) and never runs the global head code.
 */
export const AGENT_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

const AGENT_FALLBACK = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Agents</title></head>
<body><p>The agents' app is not built. Run <code>npm run build</code>.</p></body></html>`;

/** The text of a stored (sanitised) HTML block: tags dropped, the common entities read, spaces collapsed. */
export function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

export const webRoutes: FastifyPluginAsync = async (app) => {
  const dist = app.config.webDistDir;
  const indexFile = path.join(dist, 'index.html');
  const template = existsSync(indexFile)
    ? inlineStylesheets(readFileSync(indexFile, 'utf8'), dist)
    : FALLBACK_INDEX;
  const preloads = pagePreloader(dist);
  const catalogues = cataloguePreloader(dist);

  if (existsSync(dist)) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      // The build writes .br/.gz beside each asset (apps/web/vite.config.ts); send those as they are.
      preCompressed: true,
      // wildcard: false gives each built file its own route, so unknown paths reach the page handler.
      globIgnore: ['index.html', 'robots.txt', 'agent/index.html'],
      setHeaders(res, file) {
        // The service workers (the agents' app's, the ticket link's) are looked at on every start, so an
        // update reaches devices.
        if (file.endsWith(`${path.sep}agent${path.sep}sw.js`) || file === path.join(dist, TICKET_WORKER_FILE))
          res.header('cache-control', 'no-cache');
        else if (file.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'public, max-age=3600');
      },
    });
  }

  // The widget's loader (decision 060): any site loads it (CORS and CORP open), cached five minutes
  // (it is not content-hashed, and a release must reach partners' pages soon), revalidated by ETag.
  const loader = widgetLoader();
  app.get(WIDGET_SCRIPT_PATH, async (req, reply) => {
    reply
      .header('cache-control', 'public, max-age=300')
      .header('etag', loader.etag)
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('vary', 'accept-encoding');
    if (req.headers['if-none-match'] === loader.etag) return reply.code(304).send();
    const { body, encoding } = compressText(loader.body, req.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return reply.type('text/javascript; charset=utf-8').send(body);
  });

  app.get('/robots.txt', async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').send(robotsTxt(app.config.publicUrl)),
  );

  /**
   * The agents' app (decision 023): its own page, built apart from the storefront
   * (apps/web/vite.agent.config.ts), with no head code, no first screen and its own CSP. Any path under
   * /agent/ is the app (its service worker answers them offline from its precache).
   */
  const agentFile = path.join(dist, 'agent', 'index.html');
  const agentHtml = existsSync(agentFile) ? readFileSync(agentFile, 'utf8') : AGENT_FALLBACK;
  const sendAgentApp = async (req: FastifyRequest, reply: FastifyReply) => {
    // '/agent' (the same route here: ignoreTrailingSlash) goes to '/agent/', the service worker's scope.
    const url = requestUrl(req.url);
    if (url.pathname === '/agent') return reply.redirect(`/agent/${url.search}`, 301);
    const { body, encoding } = compressText(agentHtml, req.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .header('content-security-policy', AGENT_CSP)
      .header('referrer-policy', 'no-referrer')
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(body);
  };
  app.get('/agent/', sendAgentApp);
  app.get('/agent/index.html', sendAgentApp);

  app.get('/sitemap.xml', async (_req, reply) => {
    const catalog = await app.catalog.get();
    const base = app.config.publicUrl;
    const body = sitemapXml(sitemapPaths(catalog), base);
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(body);
  });

  /**
   * The page's static content, as GET static-content/{page}/ answers it, for the app to start with
   * (main.tsx): its first render then has the banner, titles and text without a request.
   */
  const initialContent = async (
    pageTag: string,
    locale: Locale,
    read: () => Promise<Awaited<ReturnType<typeof getStaticContent>>> = () =>
      getStaticContent(app.db, pageTag, locale),
    id = 'initial-content',
  ): Promise<{ html: string; content: Awaited<ReturnType<typeof getStaticContent>> | null }> => {
    try {
      const content = await read();
      return {
        html: `\n    <script type="application/json" id="${id}">${safeJson({ page: pageTag, content })}</script>`,
        content,
      };
    } catch (err) {
      // The app then loads it itself, as on any later page.
      app.log.warn({ err, pageTag }, 'static content for the page HTML failed');
      return { html: '', content: null };
    }
  };

  /**
   * The site's words (the footer's, other pages' headings: contract home-words.ts), read once per
   * language and site snapshot: an edit of a content block reloads the snapshot (content/routes.ts), so
   * page loads cost no query for them.
   */
  const siteWordReads = new WeakMap<SiteSnapshot, Map<Locale, ReturnType<typeof getStaticContent>>>();
  const siteWords = (site: SiteSnapshot, locale: Locale) => {
    const byLocale = siteWordReads.get(site) ?? new Map<Locale, ReturnType<typeof getStaticContent>>();
    siteWordReads.set(site, byLocale);
    let read = byLocale.get(locale);
    if (!read) {
      read = getStaticContent(app.db, SITE_PAGE_TAG, locale);
      byLocale.set(locale, read);
      // A failed read is tried again on the next page.
      read.catch(() => byLocale.delete(locale));
    }
    return read;
  };

  /** The home hero's words from its content blocks, as the app's ContentText shows them (plain text). */
  const heroText = (
    content: Awaited<ReturnType<typeof getStaticContent>> | null,
    tr: (id: string) => string,
  ): Partial<HomeHeroText> => {
    const text: Partial<HomeHeroText> = {};
    for (const key of Object.keys(HOME_HERO_TAGS) as (keyof HomeHeroText)[]) {
      const block = content?.content_blocks.find((b) => b.unique_tag === HOME_HERO_TAGS[key] && b.is_active);
      const words = block ? htmlText(block.block_content) : '';
      // As the app's ContentText: the seed's English default, unchanged by any editor, shows in the
      // page's language (decision 024), and so does a block never written in it (an editor's English
      // is not shown to Italian visitors), so the frame and the app's first render say the same.
      const untranslated = block !== undefined && 'translated' in block && block.translated === false;
      text[key] = !words || untranslated || words === HOME_HERO[key] ? tr(HOME_HERO[key]) : words;
    }
    return text;
  };

  app.setNotFoundHandler(async (req, reply) => {
    const url = requestUrl(req.url);
    if (
      url.pathname.startsWith('/api/') ||
      url.pathname === '/api' ||
      (req.method !== 'GET' && req.method !== 'HEAD')
    ) {
      return reply.code(404).send({ detail: 'Not found.' });
    }
    if (
      url.pathname.startsWith('/assets/') ||
      url.pathname.startsWith('/media/') ||
      url.pathname.startsWith('/agent/assets/')
    ) {
      return reply.code(404).send({ detail: 'Not found.' });
    }
    if (url.pathname.startsWith('/agent/')) return sendAgentApp(req, reply);
    // The page's language from its prefix (/it/...); the rest is the spec's path (decision 024).
    const { locale, path: pathname } = splitLocale(url.pathname);
    // A ticket link is the buyer's own page, sent in the order's language: never redirected, and kept
    // by the browser for offline use whatever the visitor's cookies (decision 019).
    // The widget's language is its loader's choice, and its frame has no cookie to remember one in.
    const widget = isWidgetPage(pathname);
    const followsBrowser =
      locale === 'en' && req.method === 'GET' && !matchRoute('/t/:token', pathname) && !widget;
    if (followsBrowser) {
      const choice = firstVisitLocale(req.headers.cookie, req.headers['accept-language']);
      if (choice) {
        return reply
          .header('set-cookie', `${LOCALE_COOKIE}=${choice}; Path=/; Max-Age=31536000; SameSite=Lax`)
          .header('vary', 'accept-language, cookie')
          .header('cache-control', 'no-store')
          .redirect(`${localizedPath(choice, pathname)}${url.search}`, 302);
      }
    }
    const [catalog, site] = await Promise.all([app.catalog.get(locale), app.siteCache.get()]);
    const i18n = serverI18n(locale);
    const head = pageHead(pathname, catalog, site, url.searchParams, {
      locale,
      tr: (id, values) => i18n._(id, values),
    });
    // A ticket link: 404 when its token opens nothing. A good one is kept by the browser
    // for a week, privately, so the link opens again with no network (decision 019); neither is ever
    // named in a Referer.
    const link = matchRoute('/t/:token', pathname);
    const status = link && !(await linkExists(app.db, link.token, limitAddress(req.ip))) ? 404 : head.status;
    const cacheControl = link ? (status === 200 ? 'private, max-age=604800' : 'no-store') : 'no-cache';
    if (link) reply.header('referrer-policy', 'no-referrer').header('x-robots-tag', 'noindex');
    // Framable by partners' sites: helmet's X-Frame-Options (set on every answer) goes, the CSP says who.
    if (widget) {
      reply.raw.removeHeader('x-frame-options');
      reply.header('x-robots-tag', 'noindex');
    }
    const nonce = randomBytes(16).toString('base64');
    const pagePreloads = [head.status === 200 ? preloads(pathname, locale) : '', catalogues(locale, pathname)]
      .filter(Boolean)
      .join('\n    ');
    const [initial, words] = await Promise.all([
      head.contentPage ? initialContent(head.contentPage, locale) : { html: '', content: null },
      initialContent(SITE_PAGE_TAG, locale, () => siteWords(site, locale), 'initial-site-words'),
    ]);
    // Head code never shares a page with a sign-in (decision 032) nor with a guest's order (decision
    // 035): a browser that signed in or bought as a guest gets pages without it, and a top-level load
    // of such a page carries the key its session calls need.
    const signedIn = signedInId(req) !== null;
    const guest = guestTokenOf(req) !== null;
    const headCode =
      site.globalHeadCode && runsHeadCode(pathname) && !signedIn && !guest ? site.globalHeadCode : '';
    const pageKey = link ? null : pageKeyFor(req);
    const headHtml = `${widget ? `${WIDGET_STORAGE_FALLBACK}\n    ` : ''}${renderHead(head, app.config.publicUrl)}${pagePreloads ? `\n    ${pagePreloads}` : ''}${initial.html}${words.html}${pageKey ? `\n    <meta name="${PAGE_KEY_META}" content="${pageKey}">` : ''}${headCode ? `\n    <meta name="${HEAD_CODE_META}" content="1">\n    ${headCode}` : ''}`;
    // A page with a banner paints it from the HTML (contract banner.ts), the home page its hero's words
    // (home-hero.ts), a ticket page its picture, price and a booking form (ticket-frame.ts); the app's
    // first render, which has the same content at hand, takes its place.
    const firstScreen =
      head.frame === 'banner' && head.lcpImage
        ? bannerFrameHtml(head.lcpImage)
        : head.frame === 'home-hero'
          ? homeHeroFrameHtml(heroText(initial.content, (id) => i18n._(id)))
          : head.frame === 'ticket' && head.ticket
            ? ticketFrame(head.ticket, locale, i18n, url.searchParams)
            : '';
    const html = addNonce(
      template
        .replace('<html lang="en">', `<html lang="${locale}">`)
        .replace('<!--app-head-->', () => headHtml)
        .replace('<!--app-first-screen-->', () => firstScreen),
      nonce,
    );
    // Built per request, so compressed here (the assets are compressed at build time).
    const { body, encoding } = compressText(html, req.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return (
      reply
        .code(status)
        // A page with a key is never stored: a script asking the cache for it would find the key.
        .header('cache-control', pageKey ? 'private, no-store' : cacheControl)
        // An English address may be answered by a redirect for a first visit asking another language;
        // a signed-in browser's pages differ (no head code).
        .header(
          'vary',
          followsBrowser ? 'accept-encoding, accept-language, cookie' : 'accept-encoding, cookie',
        )
        // No page, even one this shop's own head code opened, keeps a handle on a page it opens: a page
        // with head code cannot read a signed-in page it opened (decision 032).
        .header('cross-origin-opener-policy', 'noopener-allow-popups')
        .header(
          'content-security-policy',
          pageCsp(
            nonce,
            app.config.connectSrc,
            link !== null && status === 200,
            widget ? WIDGET_FRAME_ANCESTORS : "'self'",
          ),
        )
        .type('text/html; charset=utf-8')
        .send(body)
    );
  });
};
