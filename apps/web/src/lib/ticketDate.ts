/** A ticket's day as pages show it: the ticket page's booking panel and the confirmation after payment. */
import { DEFAULT_LOCALE, formatRomeDate, isRomeDate, type Locale } from '@rome/contract';

/**
 * A bookable day 'YYYY-MM-DD' as 'Mon, 23 Nov 2026' ('lun 23 nov 2026' in Italian): a calendar day in
 * Rome, formatted by the contract's formatRomeDate (no visitor's time zone can shift it by a day).
 * Anything that is not a real calendar day is returned as it came.
 */
export function formatTicketDate(isoDay: string, locale: Locale = DEFAULT_LOCALE): string {
  return isRomeDate(isoDay) ? formatRomeDate(isoDay, locale) : isoDay;
}
