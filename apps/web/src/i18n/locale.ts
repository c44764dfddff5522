/**
 * The page's language (decision 024): read once from the address, as the server did for the HTML
 * (`/it/...` is Italian, the spec's paths English). The router runs under the language's prefix
 * (its basename), so every link and navigation inside the app stays in the language; changing the
 * language is a new page load (LanguageSwitcher), which downloads only that language's catalogue.
 */

import { i18n } from '@lingui/core';
import {
  DEFAULT_LOCALE,
  LOCALE_COOKIE,
  type Locale,
  localePrefix,
  localizedPath,
  splitLocale,
  type Translate,
} from '@rome/contract';

// (No window in the unit tests that import the API client: English there.)
export const pageLocale: Locale =
  typeof window === 'undefined' ? DEFAULT_LOCALE : splitLocale(window.location.pathname).locale;

/** The router's basename: '' for English, '/it' for Italian. */
export const basename = localePrefix(pageLocale);

/** An address of this app in the page's language (for code outside the router: window.location). */
export const appPath = (path: string) => localizedPath(pageLocale, path);

/** window.location.pathname without the language prefix (the spec path the router matches). */
export const specPathname = () => splitLocale(window.location.pathname).path;

/**
 * Two catalogues per language, each its own chunk (compiled from the .po files by @lingui/vite-plugin):
 * `shell` (navigation, footer, shared components, the home page) and `pages` (every other page's
 * words). The home page's first load carries only the first (lingui.config.ts).
 */
type Catalogue = () => Promise<{ messages: Record<string, unknown> }>;
const shells = import.meta.glob<{ messages: Record<string, unknown> }>('../locales/*/shell.po');
const pages = import.meta.glob<{ messages: Record<string, unknown> }>('../locales/*/pages.po');
const shellOf: Catalogue = () => shells[`../locales/${pageLocale}/shell.po`]();

let pageWords: Promise<void> | null = null;

/** The words of the pages other than home, loaded once and added to the active catalogue. */
export function loadPageWords(): Promise<void> {
  pageWords ??= pages[`../locales/${pageLocale}/pages.po`]().then(({ messages }) =>
    i18n.load(pageLocale, messages as never),
  );
  return pageWords;
}

/**
 * Loads the page language's first-screen catalogue (and the pages' one when the page needs it) and
 * makes it active; the first render waits for it. The HTML preloads both as the page needs them.
 */
export async function activatePageLocale(withPageWords: boolean): Promise<void> {
  const [{ messages }] = await Promise.all([shellOf(), withPageWords ? loadPageWords() : null]);
  i18n.load(pageLocale, messages as never);
  i18n.activate(pageLocale);
  document.documentElement.lang = pageLocale;
}

/** Keeps the visitor's choice for a year; the server then stops following Accept-Language. */
export function rememberLocale(locale: Locale) {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie read by the server, no store needed
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
}

/** The contract's texts (page titles, ...) in the page's language: their English is the catalogue id. */
export const translate: Translate = (id, values) => i18n._(id, values);

/**
 * The `?lang=` of the content calls (decision 024): the page's language; none for English, so the
 * English pages make the spec's calls exactly as written.
 */
export const contentQuery: { lang?: Locale } = pageLocale === DEFAULT_LOCALE ? {} : { lang: pageLocale };
