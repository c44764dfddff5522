/**
 * The shop's languages (decision 024): English at the spec's paths, the other four under their own
 * prefix (`/it/...`, `/es/...`, `/fr/...`, `/de/...`), so each language has addresses search engines
 * index. The web app's router takes the prefix as its basename; the server reads it for the page's
 * <html lang>, head, canonical and hreflang alternates; the order keeps the buyer's language for the
 * e-mails and the ticket link.
 *
 * Plain data and pure functions: the web app imports this at run time.
 */
export const LOCALES = ['en', 'it', 'es', 'fr', 'de'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language by its own name, as the language switcher lists it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  it: 'Italiano',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
};

/** The cookie that keeps a visitor's choice of language (set by the switcher and the first redirect). */
export const LOCALE_COOKIE = 'lang';

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The prefix a language's pages live under: '' for English, '/it' for Italian. */
export const localePrefix = (locale: Locale): string => (locale === DEFAULT_LOCALE ? '' : `/${locale}`);

/**
 * A path's language and the spec path under it: '/it/search' -> it, '/search'; '/it' -> it, '/';
 * '/search' -> en, '/search'. '/en/...' is not a language prefix (English lives at the spec's paths).
 */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const m = /^\/([a-z]{2})(?=\/|$)(.*)$/.exec(pathname);
  if (m && m[1] !== DEFAULT_LOCALE && isLocale(m[1])) return { locale: m[1], path: m[2] || '/' };
  return { locale: DEFAULT_LOCALE, path: pathname };
}

/** The address of spec path `path` in `locale`: '/search' in it -> '/it/search'; '/' in it -> '/it/'. */
export const localizedPath = (locale: Locale, path: string): string =>
  locale === DEFAULT_LOCALE ? path : `${localePrefix(locale)}${path.startsWith('/') ? path : `/${path}`}`;

/**
 * The language an `Accept-Language` header asks for first among ours (q-values honoured, 'it-IT'
 * counts as 'it'), or null when it names none of them.
 */
export function localeFromAcceptLanguage(header: string | undefined | null): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
      return { lang: tag.trim().toLowerCase().split('-')[0], q: q ? Number(q[1]) : 1, i };
    })
    .filter((r) => r.q > 0 && !Number.isNaN(r.q))
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return ranked.map((r) => r.lang).find(isLocale) ?? null;
}

/** BCP 47 tags for Intl formatting (dates, prices) in each language. */
export const INTL_LOCALE: Record<Locale, string> = {
  en: 'en-GB',
  it: 'it-IT',
  es: 'es-ES',
  fr: 'fr-FR',
  de: 'de-DE',
};
