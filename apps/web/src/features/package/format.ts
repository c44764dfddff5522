/** Pure display helpers of the ticket page, kept apart so they are unit-tested. */
import { DEFAULT_LOCALE, INTL_LOCALE, type Locale, pagePath } from '@rome/contract';

/** A count after one step of a counter: never below 0, no upper bound (spec §5). */
export function stepCount(count: number, step: 1 | -1): number {
  return Math.max(0, count + step);
}

/** The view-more page of a package: its duration and company, each one encoded path segment. */
export function viewMorePath(pkg: { duration: string; company: string }): string | null {
  if (!pkg.duration.trim() || !pkg.company.trim()) return null;
  return pagePath('/viewsimilar/:hours/:company', { hours: pkg.duration, company: pkg.company });
}

const shortEuros = new Map<string, Intl.NumberFormat>();

/**
 * A price as short as it can be read in a calendar day's box: '€24' for whole euros, '€24.50'
 * otherwise (exact: the cents are an integer), in the page's language.
 */
export function shortEuro(cents: number, locale: Locale = DEFAULT_LOCALE): string {
  const whole = cents % 100 === 0;
  const key = `${locale}:${whole}`;
  let format = shortEuros.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale], {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: whole ? 0 : 2,
    });
    shortEuros.set(key, format);
  }
  return format.format(cents / 100);
}
