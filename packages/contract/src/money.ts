import { DEFAULT_LOCALE, INTL_LOCALE, type Locale } from './locales';

/** Money is integer cents everywhere; it becomes "19.00" only at the edge (spec §9: amounts with 2 decimals). */

/** Cents to the API's decimal string, e.g. 1900 -> "19.00". */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A decimal string or number ("19", "19.5", 19.99) to cents; null when it is not a price. */
export function decimalToCents(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const m = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

/** The other languages' euro formats (decision 024): "19,00 €" in Italian, Spanish, French and German. */
const euroFormats = new Map<Locale, Intl.NumberFormat>();

/** "€19.00" for display (the spec's English); "19,00 €" in the other languages. */
export function formatEuro(cents: number, locale: Locale = DEFAULT_LOCALE): string {
  if (locale === DEFAULT_LOCALE) return `€${centsToDecimal(cents)}`;
  let format = euroFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'currency', currency: 'EUR' });
    euroFormats.set(locale, format);
  }
  // Exact: the cents are an integer, so cents / 100 has at most two decimals to show.
  return format.format(cents / 100);
}

/**
 * Sums that can run into thousands (the analytics dashboard's amounts and KPIs), with thousands grouped:
 * 123456 -> "€1,234.56", -150 -> "-€1.50" (what Intl's en-IE euro format writes, without depending on
 * the ICU data of the browser or Node).
 */
export function formatEuroAmount(cents: number): string {
  const [whole, fraction] = centsToDecimal(Math.abs(cents)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 && Math.round(cents) !== 0 ? '-' : ''}€${grouped}.${fraction}`;
}

/** Spec §9: Save percent = round((original - price) / original * 100). Null when there is no saving. */
export function savePercent(priceCents: number, originalCents: number | null | undefined): number | null {
  if (!originalCents || originalCents <= priceCents) return null;
  return Math.round(((originalCents - priceCents) / originalCents) * 100);
}

/** Spec §9: Total = count times price for adults plus youths; infants travel free. */
export function orderTotalCents(
  counts: { adults: number; youths: number },
  prices: { adultCents: number; youthCents: number },
): number {
  return counts.adults * prices.adultCents + counts.youths * prices.youthCents;
}

/** "€19.00" from the API's decimal string ("19.00", "19.5"); a value that is no price is shown as sent. */
export function formatEuroDecimal(value: string, locale: Locale = DEFAULT_LOCALE): string {
  const cents = decimalToCents(value);
  return cents === null ? `€${value}` : formatEuro(cents, locale);
}
