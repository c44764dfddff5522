/** Pure display helpers of the ticket page, kept apart so they are unit-tested. */
import { DEFAULT_LOCALE, INTL_LOCALE, type Locale } from '@rome/contract';

/** Each language's day format, made when first asked for (English: 'en-GB', as the spec shows it). */
const dateFormats = new Map<Locale, Intl.DateTimeFormat>();
function dateFormat(locale: Locale): Intl.DateTimeFormat {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[locale], {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    dateFormats.set(locale, format);
  }
  return format;
}

/**
 * A bookable day 'YYYY-MM-DD' as 'Mon, 23 Nov 2026' ('lun 23 nov 2026' in Italian). The date is a calendar day in Rome, not an
 * instant, so it is read and formatted in UTC: no visitor's time zone can shift it by a day.
 * Anything that is not a real calendar day is returned as it came.
 */
export function formatTicketDate(isoDay: string, locale: Locale = DEFAULT_LOCALE): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  if (!m) return isoDay;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (date.getUTCMonth() !== Number(m[2]) - 1 || date.getUTCDate() !== Number(m[3])) return isoDay;
  return dateFormat(locale).format(date);
}

/** The package's pictures for the gallery, in order, without empty slots or repeats. */
export function galleryImages(pkg: {
  image_big?: unknown;
  second_image?: unknown;
  third_image?: unknown;
  fourth_image?: unknown;
}): string[] {
  const urls = [pkg.image_big, pkg.second_image, pkg.third_image, pkg.fourth_image].filter(
    (u): u is string => typeof u === 'string' && u.trim() !== '',
  );
  return [...new Set(urls)];
}

/** A count after one step of a counter: never below 0, no upper bound (spec §5). */
export function stepCount(count: number, step: 1 | -1): number {
  return Math.max(0, count + step);
}

/** The view-more page of a package: its duration and company, each one encoded path segment. */
export function viewMorePath(pkg: { duration: string; company: string }): string | null {
  if (!pkg.duration.trim() || !pkg.company.trim()) return null;
  return `/viewsimilar/${encodeURIComponent(pkg.duration)}/${encodeURIComponent(pkg.company)}`;
}
