/**
 * The page's language (issue #20): read once from the address, as the server did for the HTML
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

/** One catalogue per language, each its own chunk (compiled from the .po file by @lingui/vite-plugin). */
const catalogues = import.meta.glob<{ messages: Record<string, unknown> }>('../locales/*/messages.po');

/** Loads the page language's catalogue and makes it the active one; the first render waits for it. */
export async function activatePageLocale(): Promise<void> {
  const { messages } = await catalogues[`../locales/${pageLocale}/messages.po`]();
  i18n.loadAndActivate({ locale: pageLocale, messages: messages as never });
  document.documentElement.lang = pageLocale;
}

/** Keeps the visitor's choice for a year; the server then stops following Accept-Language. */
export function rememberLocale(locale: Locale) {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie read by the server, no store needed
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
}

/** The contract's texts (page titles, ...) in the page's language: their English is the catalogue id. */
export const translate: Translate = (id, values) => i18n._(id, values);
