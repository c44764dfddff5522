/**
 * The ticket page's first paint in the page's language (contract ticket-frame.ts, decision 043): the
 * package's picture, heading and price, and a booking form that works before the app's code has come.
 */
import type { I18n } from '@lingui/core';
import {
  decimalToCents,
  formatEuro,
  formatRomeDate,
  frameChoiceFromQuery,
  galleryImages,
  type Locale,
  type Package,
  TICKET_PANEL_WORDS,
  ticketFrameHtml,
} from '@rome/contract';

export function ticketFrame(pkg: Package, locale: Locale, i18n: I18n, query: URLSearchParams): string {
  const euro = (price: string) => formatEuro(decimalToCents(price) ?? 0, locale);
  return ticketFrameHtml({
    pictures: galleryImages(pkg),
    company: pkg.company,
    title: pkg.title,
    type: pkg.type,
    priceText: euro(pkg.adult_price),
    adultPriceText: euro(pkg.adult_price),
    youthPriceText: euro(pkg.youth_price),
    dates: pkg.dates.map((value) => ({ value, label: formatRomeDate(value, locale) })),
    childrenFree: pkg.ticket_type === 'bus_tour',
    chosen: frameChoiceFromQuery(query, pkg.dates),
    word: (key, values) => i18n._(TICKET_PANEL_WORDS[key], values),
  });
}
