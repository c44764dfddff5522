/**
 * Preloads a page's own code with its HTML. Each page of the web app is a lazy chunk that the router
 * asks for only after the main bundle ran; listing the page's chunk (its module in the contract's page
 * table, pages.ts, and the chunks it imports) as <link rel="modulepreload"> lets the browser fetch them
 * in parallel with the main bundle, which takes one round trip off the time to first paint. The data of
 * the page's first screen (the table's `firstScreen`) is preloaded too. Chunks are read from Vite's build
 * manifest (build.manifest in apps/web/vite.config.ts); without a manifest only the data is preloaded.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  findPage,
  firstScreenApiPath,
  firstScreenData,
  type Locale,
  NOT_FOUND_PAGE,
  needsPageWords,
  type PageModule,
} from '@rome/contract';

/** The key of a page module in Vite's manifest: its source file under apps/web. */
export const manifestKey = (module: PageModule) => `src/${module}.tsx`;

/** Vite's build manifest (dist/.vite/manifest.json): each source's chunk and what the chunk imports. */
export type Manifest = Record<
  string,
  { file: string; imports?: string[]; css?: string[]; isEntry?: boolean; isDynamicEntry?: boolean }
>;

/**
 * Returns (pathname, locale) -> the <link> tags preloading that page's data (in the page's language)
 * and chunks (empty for other pages).
 */
export function pagePreloader(distDir: string): (pathname: string, locale?: Locale) => string {
  const chunks = chunkPreloader(distDir);
  return (pathname, locale) => {
    const found = findPage(pathname);
    if (!found) return '';
    // The data the page's first screen is drawn from starts loading with the HTML instead of after the
    // page's code ran (same URL, mode and credentials as the app's fetch, so the browser reuses it).
    // The path's parts are URI-encoded by the contract, so they cannot break out of the attribute.
    const data = firstScreenData(pathname).map(
      (d) => `<link rel="preload" as="fetch" crossorigin href="/api/${firstScreenApiPath(d, locale)}">`,
    );
    return [...data, chunks(found.page.module)].filter(Boolean).join('\n    ');
  };
}

/** Page module -> the <link> tags preloading its chunks (nothing without a build manifest). */
function chunkPreloader(distDir: string): (module: PageModule) => string {
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
  const linksFor = (module: PageModule): string => {
    const cached = cache.get(module);
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
    visit(manifestKey(module));
    const links = [
      ...js.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
      // Preloaded, not a stylesheet: the chunk's loader inserts it, so it never blocks the first paint.
      ...css.map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
    ].join('\n    ');
    cache.set(module, links);
    return links;
  };
  return linksFor;
}

/**
 * Locale -> the <link> preloading its message catalogue (decision 024): the app's first render waits for
 * it (apps/web/src/i18n/locale.ts), so it starts with the HTML. Nothing without a build manifest.
 */
export function cataloguePreloader(distDir: string): (locale: Locale, pathname: string) => string {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return () => '';
  const manifest: Manifest = JSON.parse(readFileSync(file, 'utf8'));
  const link = (key: string) => {
    const chunk = manifest[key];
    return chunk ? `<link rel="modulepreload" crossorigin href="/${chunk.file}">` : '';
  };
  return (locale, pathname) => {
    // The first-screen words always; the pages' words for every page but home (contract locales.ts).
    const module = findPage(pathname)?.page.module ?? NOT_FOUND_PAGE.module;
    return [
      link(`src/locales/${locale}/shell.po`),
      needsPageWords(module) ? link(`src/locales/${locale}/pages.po`) : '',
    ]
      .filter(Boolean)
      .join('\n    ');
  };
}
