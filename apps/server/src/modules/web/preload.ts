/**
 * Preloads a page's own code with its HTML. Each page of the web app is a lazy chunk that the router
 * asks for only after the main bundle ran; listing the landing pages' chunks (and the chunks they
 * import) as <link rel="modulepreload"> lets the browser fetch them in parallel with the main bundle,
 * which takes one round trip off the time to first paint. The data of the page's first screen (contract
 * first-screen.ts) is preloaded too. Chunks are read from Vite's build manifest
 * (build.manifest in apps/web/vite.config.ts); without a manifest only the data is preloaded.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { findRoute, firstScreenApiPath, firstScreenData } from '@rome/contract';

/** Route pattern -> the page module of apps/web/src/router.tsx (the pages visitors land on). */
const PAGE_MODULES: Record<string, string> = {
  '/': 'src/features/home/HomePage.tsx',
  '/search': 'src/features/search/SearchPage.tsx',
  '/bus/:companySlug/:companyName': 'src/features/company/CompanyPage.tsx',
  '/manageBookings/:status/:id': 'src/features/ticket/TicketDetailsPage.tsx',
  '/viewsimilar/:hours/:company': 'src/features/viewmore/ViewMorePage.tsx',
  '/aboutus': 'src/features/pages/AboutUsPage.tsx',
  '/terms': 'src/features/pages/TermsPage.tsx',
  '/returnPolicy': 'src/features/pages/ReturnPolicyPage.tsx',
  '/refund': 'src/features/pages/RefundPage.tsx',
  '/agentpoints': 'src/features/pages/AgentPointsPage.tsx',
  '/agentPoints': 'src/features/pages/AgentPointsPage.tsx',
  '/offer': 'src/features/offers/OffersPage.tsx',
  // Opened from an e-mail (issue #18): the page's code starts loading with its HTML.
  '/t/:token': 'src/features/tickets/TicketLinkPage.tsx',
  '/find-tickets': 'src/features/tickets/FindTicketsPage.tsx',
};

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

/** Returns pathname -> the <link> tags preloading that page's data and chunks (empty for other pages). */
export function pagePreloader(distDir: string): (pathname: string) => string {
  const chunks = chunkPreloader(distDir);
  return (pathname) => {
    const route = findRoute(pathname);
    if (!route) return '';
    // The data the page's first screen is drawn from starts loading with the HTML instead of after the
    // page's code ran (same URL, mode and credentials as the app's fetch, so the browser reuses it).
    // The path's parts are URI-encoded by the contract, so they cannot break out of the attribute.
    const data = firstScreenData(pathname).map(
      (d) => `<link rel="preload" as="fetch" crossorigin href="/api/${firstScreenApiPath(d)}">`,
    );
    return [...data, chunks(route.pattern)].filter(Boolean).join('\n    ');
  };
}

/** Route pattern -> the <link> tags preloading that page's chunks (nothing without a build manifest). */
function chunkPreloader(distDir: string): (pattern: string) => string {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return () => '';
  const manifest: Manifest = JSON.parse(readFileSync(file, 'utf8'));
  // Chunks the entry imports statically are already in index.html.
  const inIndex = new Set<string>();
  const addStatic = (key: string) => {
    if (inIndex.has(key) || !manifest[key]) return;
    inIndex.add(key);
    for (const k of manifest[key].imports ?? []) addStatic(k);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) addStatic(key);

  const cache = new Map<string, string>();
  const linksFor = (pattern: string): string => {
    const cached = cache.get(pattern);
    if (cached !== undefined) return cached;
    const js: string[] = [];
    const css: string[] = [];
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || inIndex.has(key) || !manifest[key]) return;
      seen.add(key);
      js.push(manifest[key].file);
      css.push(...(manifest[key].css ?? []));
      for (const k of manifest[key].imports ?? []) visit(k);
    };
    const module = PAGE_MODULES[pattern];
    if (module) visit(module);
    const links = [
      ...js.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
      // Preloaded, not a stylesheet: the chunk's loader inserts it, so it never blocks the first paint.
      ...css.map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
    ].join('\n    ');
    cache.set(pattern, links);
    return links;
  };
  return linksFor;
}
